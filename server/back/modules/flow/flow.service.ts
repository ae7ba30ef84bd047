/**
 * The learner's flow in a training (ADR 0012, 0107): the access checks, the steps built from the training's
 * structure, its pass rules, and the state the step records give under those rules (loadFlow, stateOf); the module
 * endpoints' lookups and small writes (position, opened). What the learning view shows is flow-view.service.ts's;
 * completing a step and starting over are flow-advance.service.ts's.
 */
import type { Db } from "../../../db/client.ts";
import { buildFlowSteps, flowFamilyServes, flowState, UnsupportedFlowTypeError, type FlowState, type FlowStep } from "#core/domain/flow-steps.ts";
import { isGraded, outcomeFrom, passRulesFrom, stepsDone, type Outcome, type PassRules, type StepRecords } from "#core/domain/pass-rules.ts";
import { effectiveTrainingType, type TrainingType } from "#core/domain/training-types.ts";
import type { ServiceContext } from "../../service-context.ts";
import { AppError } from "../../http/app-error.ts";
import { findActiveEnrolment, type EnrolmentRow } from "../enrolment/enrolment.service.ts";
import {
  findFlowTraining,
  findHistoryEntry,
  findModuleWithTraining,
  findPassRules,
  loadFlowStructure,
  loadStepRecords,
  saveModulePosition,
  startModuleProgress,
  type FlowTraining,
} from "./flow.repository.ts";

export type LoadedFlow = {
  training: FlowTraining;
  type: TrainingType;
  enrolment: EnrolmentRow;
  structure: Awaited<ReturnType<typeof loadFlowStructure>>;
  steps: FlowStep[];
  rules: PassRules;
  /** How the training ended, as the history recorded it (null while under way, or finished before the rules). */
  outcome: Outcome | null;
  state: FlowState;
};

/** The training's pass rules (ADR 0107): its own, or the defaults of its effective type. */
async function rulesOf(db: Db, trainingId: number, type: TrainingType): Promise<PassRules> {
  return passRulesFrom(await findPassRules(db, trainingId), type);
}

/**
 * The flow's state from the step records under the pass rules (the seed, which writes step records, uses it too). A
 * finished enrolment that did not fail keeps its records as they were written (it may predate the rules); any other
 * is read under the rules, so a graded quiz is done only once passed, and one failed with no attempt left ends the
 * flow.
 */
export function stateOf(flow: Pick<LoadedFlow, "steps" | "structure" | "rules" | "enrolment" | "outcome">, records: StepRecords, now: Date): FlowState {
  const closed = flow.enrolment.status === "finished" && flow.outcome !== "failed";
  const { doneIds, failedStepId } = stepsDone({ steps: flow.steps, records, quizzes: flow.structure.quizzes, rules: flow.rules, now, closed });
  return flowState(flow.steps, doneIds, failedStepId);
}

/** The learner's flow in a training, after the access checks (404 unknown training, 403 not enrolled). */
export async function loadFlow(ctx: ServiceContext, userId: number, trainingId: number, now: Date, family = "course"): Promise<LoadedFlow> {
  const { db } = ctx;
  const training = await findFlowTraining(db, trainingId);
  if (!training) throw new AppError("NOT_FOUND", "flowTrainingNotFound");
  const type = effectiveTrainingType({ type: training.type as TrainingType, isVirtual: training.isVirtual, hasDpcData: training.hasDpcData });
  let serves: boolean;
  try {
    serves = flowFamilyServes(family, type);
  } catch (error) {
    if (error instanceof UnsupportedFlowTypeError) throw new AppError("NOT_IMPLEMENTED", "flowTypeNotImplemented", { values: { type: family } });
    throw error;
  }
  if (!serves) throw new AppError("NOT_FOUND", "flowWrongType", { values: { type: family } });
  const enrolment = await findActiveEnrolment(db, userId, trainingId);
  if (!enrolment) throw new AppError("FORBIDDEN", "flowNotEnrolled", { data: { trainingId, slug: training.slug, type } });
  if (enrolment.status === "waiting_list") throw new AppError("FORBIDDEN", "flowWaitingList", { data: { trainingId, slug: training.slug, type } });
  const structure = await loadFlowStructure(db, trainingId, type);
  const steps = buildFlowSteps(structure.input);
  const [rules, records, history] = await Promise.all([
    rulesOf(db, trainingId, type),
    loadStepRecords(db, enrolment.id),
    findHistoryEntry(db, userId, trainingId, enrolment.createdAt),
  ]);
  const outcome = outcomeFrom(history?.outcome);
  const flow = { training, type, enrolment, structure, steps, rules, outcome };
  return { ...flow, state: stateOf(flow, records, now) };
}

/** The number of graded quiz steps (a training that attests achievement but grades nothing gives a participation). */
export function gradedStepCount(flow: Pick<LoadedFlow, "steps" | "structure" | "rules">): number {
  return flow.steps.filter((s) => {
    const quiz = s.quizId !== null ? flow.structure.quizzes.get(s.quizId) : undefined;
    return quiz !== undefined && isGraded(quiz, flow.rules);
  }).length;
}
// ---------------------------------------------------------------------------------------------------------------
// Module endpoints (id = module id)

export async function loadModuleFlow(ctx: ServiceContext, userId: number, moduleId: number, kinds: readonly string[], now: Date) {
  const found = await findModuleWithTraining(ctx.db, moduleId);
  if (!found) throw new AppError("NOT_FOUND", "flowModuleNotFound");
  const flow = await loadFlow(ctx, userId, found.trainingId, now);
  const step = flow.state.steps.find((s) => s.moduleId === moduleId);
  if (!step || !step.moduleKind || !kinds.includes(step.moduleKind)) throw new AppError("NOT_FOUND", "flowModuleNotFound");
  return { flow, step, module: found.module };
}

/** Saves the playback position of a video or podcast module the learner has reached. */
export async function savePosition(ctx: ServiceContext, userId: number, moduleId: number, positionSeconds: number) {
  const now = ctx.now();
  const { flow, step } = await loadModuleFlow(ctx, userId, moduleId, ["video", "podcast"], now);
  if (step.status === "locked") throw new AppError("CONFLICT", "flowStepLocked");
  await saveModulePosition(ctx.db, flow.enrolment.id, moduleId, positionSeconds, now);
  return { moduleId, positionSeconds };
}

/** Records that the learner opened a module (no change when it is already started or completed). */
export async function markStarted(ctx: ServiceContext, enrolmentId: number, moduleId: number) {
  const now = ctx.now();
  await startModuleProgress(ctx.db, enrolmentId, moduleId, now);
}
