import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { Hono, type Context } from "hono";
import { isTrainingType } from "#core/domain/training-types.ts";
import { flowEndpoints as endpoints } from "#core/contract/endpoints/flow.ts";
import type { BackEnv, SessionState } from "../../context.ts";
import type { ServiceContext } from "../../service-context.ts";
import { AppError } from "../../http/app-error.ts";
import { ok, register } from "../../http/register.ts";
import { parseInput } from "../../http/validate.ts";
import { issueAttestations } from "../attestations/attestations.service.ts";
import { createFeedbackRequest } from "../attestations/feedback.service.ts";
import { findActiveEnrolment } from "../enrolment/enrolment.service.ts";
import { awardBadges } from "../records/badges.ts";
import { parseByteRange } from "./byte-range.ts";
import { loadSession } from "./flow.repository.ts";
import { AdvanceSchema, EvaluationQuerySchema, type QuizResultView } from "#core/contract/flow.ts";
import { advanceFlow, resetFlow, type AdvanceInput, type FinishHooks } from "./flow-advance.service.ts";
import { flowView, publicFile, quizView } from "./flow-view.service.ts";
import { loadFlow, loadModuleFlow, markStarted, savePosition } from "./flow.service.ts";
import { buildIcs } from "./ics.ts";
import { brandHostname, trustedRequestHost } from "../../http/request-host.ts";

/** The flow endpoints of the learning journey (mounted under /back/api). ADR 0012. */
export const flowRoutes = new Hono<BackEnv>();

/**
 * Once a training is finished: its attestations, the badges the learner now deserves, and the mail asking for
 * a rating (a mail failure is logged: the training stays finished).
 */
function finishHooks(c: Context<BackEnv>, ctx: ServiceContext): FinishHooks {
  const requestHost = trustedRequestHost(c);
  return {
    onFinished: async (enrolmentId, userId) => {
      await issueAttestations(ctx, enrolmentId);
      await awardBadges(ctx, userId);
      await createFeedbackRequest(ctx, enrolmentId, { hosts: c.get("deps"), requestHost }).catch((error: unknown) =>
        ctx.logger.error({ err: error, enrolmentId }, "feedback request not sent"),
      );
    },
  };
}

const langOf = (c: Context<BackEnv>) => c.get("locale").slice(0, 2);

/** What an advance tells the learner: the training finished, a quiz's score and what it leads to, or the step done. */
function advanceMessage(c: Context<BackEnv>, finishedNow: boolean, result: QuizResultView | null): string {
  if (finishedNow) return c.get("t")("flowFinished");
  if (!result) return c.get("t")("flowStepCompleted");
  if (result.score === null) return c.get("t")("flowAnswersSaved");
  if (result.status === null || result.passScore === null) return c.get("t")("flowQuizScored", { score: result.score });
  const values = { score: result.score, pass: result.passScore };
  if (result.passed) return c.get("t")("flowQuizPassed", values);
  return c.get("t")(result.status === "failed" ? "flowQuizFailedEnd" : "flowQuizFailedRetry", values);
}

async function getFlow(
  c: Context<BackEnv>,
  ctx: ServiceContext,
  caller: SessionState,
  trainingId: number,
  query: { step?: string; retry?: string },
  family: string,
) {
  const { now } = ctx;
  const flow = await loadFlow(ctx, caller.userId, trainingId, now(), family);
  return ok(await flowView(ctx, flow, now(), { step: query.step || null, retry: query.retry === "1", lang: langOf(c) }));
}

async function postFlow(c: Context<BackEnv>, ctx: ServiceContext, caller: SessionState, trainingId: number, family: string, input: AdvanceInput) {
  const { now } = ctx;
  const { flow, result, finishedNow } = await advanceFlow(ctx, caller.userId, trainingId, input, { family, hooks: finishHooks(c, ctx) });
  const view = await flowView(ctx, flow, now(), { lang: langOf(c) });
  return ok({ ...view, result }, advanceMessage(c, finishedNow, result));
}

// The spec's currentFlow calls; {id} is the training id. They all read and move the same flow.
for (const [family, endpoint] of [
  ["course", endpoints.courseFlow],
  ["formation", endpoints.formationFlow],
  ["dpc", endpoints.dpcFlow],
  ["faceToFaceOnly", endpoints.faceToFaceFlow],
  ["mixt", endpoints.mixtFlow],
  ["video", endpoints.videoFlow],
  ["quiz", endpoints.quizFlow],
] as const) {
  register(flowRoutes, endpoint, async (c, { ctx, caller, params, query }) => getFlow(c, ctx, caller, params.id, query, family));
}

register(flowRoutes, endpoints.advanceCourse, async (c, { ctx, caller, params, body }) => postFlow(c, ctx, caller, params.id, "course", body));

// A quiz training's flow (the spec's "quiz get/post"): its questions are answered as the course flow's are.
register(flowRoutes, endpoints.advanceQuiz, async (c, { ctx, caller, params, body }) => postFlow(c, ctx, caller, params.id, "quiz", body));

register(flowRoutes, endpoints.advanceDpc, async (c, { ctx, caller, params, body }) => postFlow(c, ctx, caller, params.id, "dpc", body.data));

register(flowRoutes, endpoints.advanceVideo, async (c, { ctx, caller, params, query, body }) => {
  const stepId = body.stepId ?? query.step;
  const input = parseInput(AdvanceSchema, { stepId, ...(body.answers ? { answers: body.answers } : {}) }, c.get("t"));
  return postFlow(c, ctx, caller, params.id, "video", input);
});

register(flowRoutes, endpoints.resetDpc, async (c, { ctx, caller, params }) => {
  const flow = await resetFlow(ctx, caller.userId, params.id, "dpc");
  return ok(await flowView(ctx, flow, ctx.now(), { lang: langOf(c) }), c.get("t")("flowResetDone"));
});

// Any other training type in the path: spec section 8, "an unsupported current-flow type throws a not-implemented
// error". The six families above are matched first; a known family with another method is a plain 404, and so is
// a word that is not a training type at all (spec section 3: the route does not match).
for (const endpoint of [endpoints.otherTypeRead, endpoints.otherTypeAdvance, endpoints.otherTypeReset]) {
  register(flowRoutes, endpoint, async (c, { params }) => {
    const type = params.type;
    if (!isTrainingType(type)) throw new AppError("NOT_FOUND", "enrolmentUnknownType", { values: { type: type.slice(0, 40) } });
    if (["formation", "dpc", "faceToFaceOnly", "mixt", "video", "quiz"].includes(type)) return c.notFound();
    throw new AppError("NOT_IMPLEMENTED", "flowTypeNotImplemented", { values: { type } });
  });
}

// Module endpoints: {id} is the module id.
register(flowRoutes, endpoints.savePosition, async (c, { ctx, caller, params, body }) => {
  const saved = await savePosition(ctx, caller.userId, params.id, body.position);
  return ok(saved, c.get("t")("flowPositionSaved"));
});

async function completeModule(
  c: Context<BackEnv>,
  ctx: ServiceContext,
  caller: SessionState,
  moduleId: number,
  raw: string | undefined,
  kinds: readonly string[],
) {
  const { now } = ctx;
  const { flow, step } = await loadModuleFlow(ctx, caller.userId, moduleId, kinds, now());
  // A video's or an episode's player reports where it stopped (its `ended` event) in `position` (ADRs 0020, 0108).
  if (raw !== undefined && !/^\d{1,6}(\.\d{1,6})?$/.test(raw))
    throw new AppError("VALIDATION", "invalidInput", { fields: { position: ["flowVideoPosition"] } });
  const input = { stepId: step.id, ...(raw === undefined ? {} : { position: Number(raw) }) };
  const advanced = await advanceFlow(ctx, caller.userId, flow.training.id, input, { alreadyDoneIsOk: true, hooks: finishHooks(c, ctx) });
  const message = advanced.finishedNow ? c.get("t")("flowFinished") : c.get("t")("flowStepCompleted");
  return ok(await flowView(ctx, advanced.flow, now(), { lang: langOf(c) }), message);
}

register(flowRoutes, endpoints.completeVideo, async (c, { ctx, caller, params, query }) =>
  completeModule(c, ctx, caller, params.id, query.position, ["video", "podcast"]),
);
register(flowRoutes, endpoints.completePdf, async (c, { ctx, caller, params, query }) => completeModule(c, ctx, caller, params.id, query.position, ["pdf"]));

register(flowRoutes, endpoints.pdfLink, async (c, { ctx, caller, params }) => {
  const { flow, step, module } = await loadModuleFlow(ctx, caller.userId, params.id, ["pdf"], ctx.now());
  if (step.status === "locked") throw new AppError("CONFLICT", "flowStepLocked");
  const url = module.mediaPath;
  if (url === null || !publicFile(url)) throw new AppError("NOT_FOUND", "flowNoMedia");
  await markStarted(ctx, flow.enrolment.id, module.id);
  return ok({ moduleId: module.id, url, title: module.title });
});

// Podcast audio with HTTP Range support (the <audio> element seeks with Range requests).
const AUDIO_TYPES: Record<string, string> = { ".wav": "audio/wav", ".mp3": "audio/mpeg", ".ogg": "audio/ogg", ".m4a": "audio/mp4" };

register(flowRoutes, endpoints.audioStream, async (c, { ctx, caller, params }) => {
  const { step, module } = await loadModuleFlow(ctx, caller.userId, params.id, ["podcast"], ctx.now());
  if (step.status === "locked") throw new AppError("CONFLICT", "flowStepLocked");
  const file = publicFile(module.mediaPath);
  if (!file) throw new AppError("NOT_FOUND", "flowNoMedia");
  const size = (await fs.promises.stat(file)).size;
  const range = parseByteRange(c.req.header("range"), size);
  const headers: Record<string, string> = {
    "Accept-Ranges": "bytes",
    "Content-Type": AUDIO_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream",
    "Cache-Control": "private, max-age=3600",
  };
  if (range === "unsatisfiable") {
    return c.body(null, 416, { ...headers, "Content-Range": `bytes */${size}`, "Content-Type": "application/json" });
  }
  const { start, end } = range === "none" ? { start: 0, end: size - 1 } : range;
  const stream = Readable.toWeb(fs.createReadStream(file, { start, end })) as ReadableStream<Uint8Array>;
  headers["Content-Length"] = String(end - start + 1);
  if (range === "none") return c.body(stream, 200, headers);
  return c.body(stream, 206, { ...headers, "Content-Range": `bytes ${start}-${end}/${size}` });
});

// Calendar of a booked session (ADR 0012): {id} is the session id.
register(flowRoutes, endpoints.sessionCalendar, async (c, { caller, params }) => {
  const { db, now } = c.get("deps");
  const loaded = await loadSession(db, params.id);
  const enrolment = loaded ? await findActiveEnrolment(db, caller.userId, loaded.faceToFace.trainingId) : undefined;
  const booked = enrolment && enrolment.status !== "waiting_list" && (enrolment.sessionId === null || enrolment.sessionId === loaded!.session.id);
  if (!loaded || !booked) throw new AppError("NOT_FOUND", "flowSessionNotFound");
  const s = loaded.session;
  const days = loaded.dates.length ? loaded.dates : [{ id: 0, date: s.startDate, startTime: s.startTime, endTime: s.endTime }];
  const place = [s.address, [s.postalCode, s.city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const location = loaded.faceToFace.virtualClass ? (s.virtualClassUrl ?? loaded.faceToFace.name) : place || null;
  const host = brandHostname(c.get("brand").key, c.get("deps").brandHosts) ?? "formapharm";
  const ics = buildIcs(
    days.map((d, i) => ({
      uid: `session-${s.id}-${i + 1}@${host.replace(/:\d+$/, "")}`,
      day: d.date,
      startTime: d.startTime,
      endTime: d.endTime,
      summary: days.length > 1 ? `${loaded.faceToFace.name} (${i + 1}/${days.length})` : loaded.faceToFace.name,
      location,
      description: s.name,
      url: loaded.faceToFace.virtualClass ? s.virtualClassUrl : null,
    })),
    now(),
    c.get("brand").title,
  );
  return c.body(ics, 200, {
    "Content-Type": "text/calendar; charset=utf-8",
    "Content-Disposition": `attachment; filename="session-${s.id}.ics"`,
  });
});

// Evaluation quiz (its own page, and the evaluation step of the flow).
register(flowRoutes, endpoints.evaluationQuiz, async (c, { ctx, caller, query }) => {
  const { now } = ctx;
  const { trainingId } = parseInput(EvaluationQuerySchema, { trainingId: query.trainingId ?? query.id }, c.get("t"));
  const flow = await loadFlow(ctx, caller.userId, trainingId, now());
  const step = flow.state.steps.find((s) => s.kind === "evaluation");
  const quiz = step?.quizId ? flow.structure.quizzes.get(step.quizId) : undefined;
  if (!step || !quiz) throw new AppError("NOT_FOUND", "flowNoEvaluation");
  const view = await flowView(ctx, flow, now());
  return ok({ training: view.training, stepId: step.id, status: step.status, quiz: await quizView(ctx, flow, quiz, now()) });
});

register(flowRoutes, endpoints.answerEvaluation, async (c, { ctx, caller, body }) => {
  const { now } = ctx;
  const { trainingId, answers } = body;
  const flow = await loadFlow(ctx, caller.userId, trainingId, now());
  const step = flow.state.steps.find((s) => s.kind === "evaluation");
  const quiz = step?.quizId ? flow.structure.quizzes.get(step.quizId) : undefined;
  if (!step || !quiz) throw new AppError("NOT_FOUND", "flowNoEvaluation");
  const advanced = await advanceFlow(ctx, caller.userId, trainingId, { stepId: step.id, answers }, { hooks: finishHooks(c, ctx) });
  return ok(
    { result: advanced.result, finished: advanced.flow.state.finished, quiz: await quizView(ctx, advanced.flow, quiz, now()) },
    advanceMessage(c, advanced.finishedNow, advanced.result),
  );
});
