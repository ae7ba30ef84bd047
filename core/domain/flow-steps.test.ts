import { describe, expect, it } from "vitest";
import {
  buildFlowSteps,
  checkAdvance,
  flowFamilyServes,
  flowState,
  isStepReachable,
  UnsupportedFlowTypeError,
  type AdvanceCheck,
  type FlowInput,
  type FlowModuleInput,
} from "./flow-steps.ts";
import type { TrainingType } from "./training-types.ts";

const mod = (id: number, position: number, type: number, quiz: FlowModuleInput["quiz"] = null): FlowModuleInput => ({
  id,
  position,
  type,
  title: `Module ${id}`,
  quiz,
});

/** An e-learning course (pre-test, two pages, post-test) then a video course with its evaluation, given out of order. */
const mixed: FlowInput = {
  trainingType: "mixt",
  courses: [
    { id: 2, position: 1, modules: [mod(20, 1, 7, { id: 3, kind: "evaluation", position: 1 }), mod(21, 0, 4)] },
    {
      id: 1,
      position: 0,
      modules: [
        mod(13, 3, 7, { id: 2, kind: "post_test", position: 1 }),
        mod(11, 1, 1),
        mod(10, 0, 7, { id: 1, kind: "pre_test", position: 0 }),
        mod(12, 2, 1),
      ],
    },
  ],
  trainingQuizzes: [],
};

describe("buildFlowSteps", () => {
  it.each<[string, FlowInput, string[]]>([
    ["pre-test, modules in order, post-test, evaluation, attestation", mixed, ["m10", "m11", "m12", "m21", "m13", "m20", "attestation"]],
    [
      "a live training with a training-level evaluation",
      {
        trainingType: "virtualClass",
        courses: [{ id: 1, position: 0, modules: [mod(1, 0, 3)] }],
        trainingQuizzes: [{ id: 9, kind: "evaluation", position: 0, title: "Évaluation" }],
      },
      ["m1", "q9", "attestation"],
    ],
    [
      "a standalone quiz is a module step",
      { trainingType: "quiz", courses: [{ id: 1, position: 0, modules: [mod(5, 0, 7, { id: 4, kind: "standalone", position: 0 })] }], trainingQuizzes: [] },
      ["m5", "attestation"],
    ],
    [
      "every module type keeps its place; unknown type codes and quiz modules without quiz are left out",
      {
        trainingType: "formation",
        courses: [
          { id: 1, position: 0, modules: [mod(1, 0, 1), mod(2, 1, 2), mod(3, 2, 3), mod(4, 3, 8), mod(5, 4, 5), mod(6, 5, 6)] },
          { id: 2, position: 1, modules: [mod(7, 0, 7), mod(8, 1, 9), mod(9, 2, 4)] },
        ],
        trainingQuizzes: [],
      },
      ["m1", "m2", "m3", "m5", "m6", "m8", "m9", "attestation"],
    ],
    ["no modules: only the attestation", { trainingType: "pdf", courses: [], trainingQuizzes: [] }, ["attestation"]],
  ])("%s", (_label, input, ids) => {
    expect(buildFlowSteps(input).map((s) => s.id)).toEqual(ids);
  });

  it("describes each step", () => {
    const steps = buildFlowSteps(mixed);
    expect(steps[0]).toEqual({ id: "m10", kind: "preTest", title: "Module 10", moduleId: 10, moduleKind: "quiz", quizId: 1, quizKind: "pre_test" });
    expect(steps[1]).toMatchObject({ kind: "module", moduleKind: "elearning", quizId: null });
    expect(steps[3]).toMatchObject({ kind: "module", moduleKind: "video" });
    expect(steps[4]).toMatchObject({ kind: "postTest", quizId: 2 });
    expect(steps[5]).toMatchObject({ kind: "evaluation", quizId: 3 });
    expect(steps[6]).toMatchObject({ kind: "attestation", moduleId: null, quizId: null });
  });

  it.each(["foo", "", "Formation", "elearning"])("an unknown training type %j is not implemented", (type) => {
    expect(() => buildFlowSteps({ ...mixed, trainingType: type })).toThrow(UnsupportedFlowTypeError);
  });
});

describe("flowState", () => {
  const steps = buildFlowSteps(mixed); // m10 m11 m12 m21 m13 m20 attestation

  it.each<[string, string[], string | null, number, boolean, string]>([
    ["nothing done", [], "m10", 0, false, "CLLLLLL"],
    ["pre-test done", ["m10"], "m11", 17, false, "DCLLLLL"],
    ["half way", ["m10", "m11", "m12"], "m21", 50, false, "DDDCLLL"],
    ["all but the evaluation", ["m10", "m11", "m12", "m21", "m13"], "m20", 83, false, "DDDDDCL"],
    ["everything done", ["m10", "m11", "m12", "m21", "m13", "m20"], "attestation", 100, true, "DDDDDDD"],
    ["order of the ids does not matter", ["m20", "m13", "m21", "m12", "m11", "m10"], "attestation", 100, true, "DDDDDDD"],
    ["unknown ids are ignored", ["m999", "q1", "attestation"], "m10", 0, false, "CLLLLLL"],
    ["a gap stops the flow at the gap", ["m10", "m12", "m21"], "m11", 17, false, "DCLLLLL"],
  ])("%s", (_label, completed, current, percent, finished, statuses) => {
    const state = flowState(steps, completed);
    expect(state.currentStepId).toBe(current);
    expect(state.progressPercent).toBe(percent);
    expect(state.finished).toBe(finished);
    expect(state.steps.map((s) => s.status[0]!.toUpperCase()).join("")).toBe(statuses);
  });

  it("a graded quiz failed for good ends the flow there: nothing after it is open, nothing is finished (ADR 0107)", () => {
    const state = flowState(steps, ["m10", "m11", "m12", "m21"], "m13");
    expect(state).toMatchObject({ currentStepId: "m13", failed: true, finished: false, progressPercent: 67 });
    expect(state.steps.map((s) => s.status[0]!.toUpperCase()).join("")).toBe("DDDDFLL");
    for (const id of ["m13", "m20", "attestation", "m10"]) expect(checkAdvance(state, id)).toBe("ended");
    expect(isStepReachable(state, "m13")).toBe(true);
    expect(isStepReachable(state, "m20")).toBe(false);
  });

  it("a failed step that is not where the learner stands changes nothing", () => {
    const state = flowState(steps, ["m10"], "m13");
    expect(state).toMatchObject({ currentStepId: "m11", failed: false });
  });

  it("a training without steps is never finished", () => {
    const state = flowState(buildFlowSteps({ trainingType: "pdf", courses: [], trainingQuizzes: [] }), []);
    expect(state).toMatchObject({ currentStepId: null, progressPercent: 0, finished: false });
    expect(state.steps.map((s) => s.status)).toEqual(["locked"]);
  });
});

describe("reachability and advancing", () => {
  const steps = buildFlowSteps(mixed);
  const midway = flowState(steps, ["m10", "m11"]);
  const done = flowState(steps, ["m10", "m11", "m12", "m21", "m13", "m20"]);

  it.each<[string, ReturnType<typeof flowState>, string, boolean, AdvanceCheck]>([
    ["a done step", midway, "m10", true, "done"],
    ["the current step", midway, "m12", true, "ok"],
    ["the next step", midway, "m21", false, "ahead"],
    ["the last step", midway, "m20", false, "ahead"],
    ["the attestation before the end", midway, "attestation", false, "ahead"],
    ["the attestation at the end", done, "attestation", true, "done"],
    ["an unknown step", midway, "m404", false, "unknown"],
  ])("%s", (_label, state, stepId, reachable, advance) => {
    expect(isStepReachable(state, stepId)).toBe(reachable);
    expect(checkAdvance(state, stepId)).toBe(advance);
  });
});

describe("flowFamilyServes", () => {
  it.each<[string, TrainingType, boolean]>([
    ["course", "podcast", true],
    ["course", "dpc", true],
    ["formation", "formation", true],
    ["formation", "dpc", false],
    ["dpc", "dpc", true],
    ["faceToFaceOnly", "faceToFaceOnly", true],
    ["faceToFaceOnly", "virtualClass", true],
    ["mixt", "mixt", true],
    ["mixt", "formation", false],
    ["video", "video", true],
    ["video", "pdf", false],
    ["quiz", "quiz", true],
    ["quiz", "formation", false],
  ])("%s serves %s: %s", (family, type, expected) => {
    expect(flowFamilyServes(family, type)).toBe(expected);
  });

  it.each(["podcast", "webinar", "pdf", "virtualClass", "foo", "constructor", "toString"])("the %s family is not implemented", (family) => {
    expect(() => flowFamilyServes(family, "formation")).toThrow(UnsupportedFlowTypeError);
  });
});
