/**
 * The learning flow (ADR 0012): each training type's current flow (read with a session, moved on with a writable
 * contract), the modules a player completes, the podcast stream, a session's calendar and the final evaluation.
 * `:id` is the training id in a currentFlow path, the module id in a module path, the session id in a calendar path.
 */
import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { EmptyBody } from "../ids.ts";
import { IdParams } from "../fields.ts";
import {
  AdvancedFlowSchema,
  AdvanceSchema,
  DpcAdvanceSchema,
  EvaluationAnsweredSchema,
  EvaluationAnswerSchema,
  EvaluationLookupQuerySchema,
  EvaluationQuizSchema,
  FlowQuerySchema,
  FlowViewSchema,
  ModuleCompleteQuerySchema,
  ModuleLinkSchema,
  PositionSavedSchema,
  PositionSchema,
  VideoAdvanceSchema,
  VideoStepQuerySchema,
} from "../flow.ts";

const readFlow = <P extends string>(path: P) =>
  endpoint({ method: "GET", path, params: IdParams, query: FlowQuerySchema, reply: FlowViewSchema, access: "session" });

/** Any other training type: the path is not parsed (a word that is no training type is a 404, a type without flow a 501). */
const OtherTypeParams = z.strictObject({ type: z.string(), id: z.string() });
const otherType = <M extends "GET" | "POST" | "DELETE">(method: M) =>
  endpoint({ method, path: "/user/:type/currentFlow/:id", params: OtherTypeParams, reply: "errorsOnly", access: "session" });

export const flowEndpoints = {
  // The spec's currentFlow calls; they all read and move the same flow.
  courseFlow: readFlow("/course/currentFlow/:id"),
  formationFlow: readFlow("/user/formation/currentFlow/:id"),
  dpcFlow: readFlow("/user/dpc/currentFlow/:id"),
  faceToFaceFlow: readFlow("/user/faceToFaceOnly/currentFlow/:id"),
  mixtFlow: readFlow("/user/mixt/currentFlow/:id"),
  videoFlow: readFlow("/user/video/currentFlow/:id"),
  quizFlow: readFlow("/user/quiz/currentFlow/:id"),
  advanceCourse: endpoint({
    method: "POST",
    path: "/course/currentFlow/:id",
    params: IdParams,
    body: AdvanceSchema,
    reply: AdvancedFlowSchema,
    access: "writable",
  }),
  /** A quiz training's flow (the spec's "quiz get/post"): its questions are answered as the course flow's are. */
  advanceQuiz: endpoint({
    method: "POST",
    path: "/user/quiz/currentFlow/:id",
    params: IdParams,
    body: AdvanceSchema,
    reply: AdvancedFlowSchema,
    access: "writable",
  }),
  /** DPC posts its step in `data`. */
  advanceDpc: endpoint({
    method: "POST",
    path: "/user/dpc/currentFlow/:id",
    params: IdParams,
    body: DpcAdvanceSchema,
    reply: AdvancedFlowSchema,
    access: "writable",
  }),
  /** The step may come from the `step` query instead of the body. */
  advanceVideo: endpoint({
    method: "POST",
    path: "/user/video/currentFlow/:id",
    params: IdParams,
    query: VideoStepQuerySchema,
    body: VideoAdvanceSchema,
    reply: AdvancedFlowSchema,
    access: "writable",
  }),
  resetDpc: endpoint({ method: "DELETE", path: "/user/dpc/currentFlow/:id", params: IdParams, body: EmptyBody, reply: FlowViewSchema, access: "writable" }),
  otherTypeRead: otherType("GET"),
  otherTypeAdvance: otherType("POST"),
  otherTypeReset: otherType("DELETE"),

  // Modules: `:id` is the module id.
  savePosition: endpoint({
    method: "POST",
    path: "/user/video/module/currentFlow/:id",
    params: IdParams,
    body: PositionSchema,
    reply: PositionSavedSchema,
    access: "writable",
  }),
  /** GETs that change state (spec): a video's or an episode's player ended, a PDF was read. */
  completeVideo: endpoint({
    method: "GET",
    path: "/user/video/module/complete/:id",
    params: IdParams,
    query: ModuleCompleteQuerySchema,
    reply: FlowViewSchema,
    access: "writable",
    changesState: true,
  }),
  completePdf: endpoint({
    method: "GET",
    path: "/user/pdf/module/complete/:id",
    params: IdParams,
    query: ModuleCompleteQuerySchema,
    reply: FlowViewSchema,
    access: "writable",
    changesState: true,
  }),
  /** The PDF's link; marks the module started. */
  pdfLink: endpoint({ method: "GET", path: "/user/pdf/module/link/:id", params: IdParams, reply: ModuleLinkSchema, access: "writable", changesState: true }),
  /** Podcast audio with HTTP Range support (the <audio> element seeks with Range requests). */
  audioStream: endpoint({ method: "GET", path: "/getAudioStream/:id", params: IdParams, reply: "stream", access: "session" }),
  /** Calendar of a booked session (`:id` is the session id). */
  sessionCalendar: endpoint({ method: "GET", path: "/user/session/:id/calendar.ics", params: IdParams, reply: "file", access: "session" }),

  // Evaluation quiz (its own page, and the evaluation step of the flow).
  evaluationQuiz: endpoint({ method: "GET", path: "/user/evaluationQuiz", query: EvaluationLookupQuerySchema, reply: EvaluationQuizSchema, access: "session" }),
  answerEvaluation: endpoint({
    method: "POST",
    path: "/user/evaluationQuiz/answer",
    body: EvaluationAnswerSchema,
    reply: EvaluationAnsweredSchema,
    access: "writable",
  }),
};
