import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import {
  ConfirmInputSchema,
  CourseInputSchema,
  DpcProgrammeInputSchema,
  FaceToFaceInputSchema,
  ModuleInputSchema,
  MovedSchema,
  MoveInputSchema,
  PassRulesInputSchema,
  QuestionInputSchema,
  QuizInputSchema,
  TrainingDetailsInputSchema,
  TrainingInputSchema,
} from "#core/contract/admin-catalog.ts";
import { NewSessionInputSchema } from "#core/contract/admin-sessions.ts";
import type { Access, Method } from "#core/contract/endpoint.ts";
import { adminCatalogEndpoints as endpoints } from "#core/contract/endpoints/admin-catalog.ts";
import { adminSessionsEndpoints } from "#core/contract/endpoints/admin-sessions.ts";
import type { IdParams } from "#core/contract/fields.ts";
import { IdParam } from "#core/contract/ids.ts";
import { requestStateContext } from "~/lib/context";
import { backErrorReply, errorReply, invalidReply, parseSubmission, readFormData } from "~/lib/forms.server";
import { pathOf } from "~/lib/paths.server";
import { redirectWithToast } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";

type Context = Readonly<RouterContextProvider>;

/** A catalogue endpoint that posts a form's values on one row (`:id`): the training, or one of its parts. */
type OnRow = { method: Method; path: string; params: typeof IdParams; body: z.ZodType; reply: z.ZodType; access: Access };
/** A move: its reply says whether the item moved. */
type Move = Omit<OnRow, "reply"> & { reply: typeof MovedSchema };
const isMove = (endpoint: OnRow): endpoint is Move => endpoint.reply === MovedSchema;
type Target = "courseId" | "moduleId" | "quizId" | "programmeId" | "questionId" | "targetId";

/**
 * The training page's forms, told apart by `intent` (ADR 0062). Each names the back API endpoint it posts to and that
 * endpoint's body schema (the form's), and the extra field that says which course or quiz it is for (then `:id` and part of
 * the form's key, so only that form shows the errors; without one, `:id` is the training). A session group's new
 * session goes to the sessions tool. Destructive intents need `confirm` (ADR 0061).
 */
type IntentDef = {
  schema: z.ZodType<Record<string, unknown>>;
  target?: Target;
  /** The catalogue endpoint; none: the sessions tool's POST /admin/sessions. */
  endpoint?: OnRow;
  /** The toast after success (default: saved). */
  done?: "deleted";
};

/** An intent that posts to a catalogue endpoint; the form's schema is that endpoint's body schema. */
function on<E extends OnRow>(endpoint: E, schema: E["body"], target?: Target, done?: "deleted"): IntentDef {
  return { schema: schema as z.ZodType<Record<string, unknown>>, endpoint, target, done };
}

const INTENTS: Record<string, IntentDef> = {
  save: on(endpoints.update, TrainingInputSchema),
  details: on(endpoints.details, TrainingDetailsInputSchema),
  passRules: on(endpoints.passRules, PassRulesInputSchema),
  addCourse: on(endpoints.addCourse, CourseInputSchema),
  deleteCourse: on(endpoints.removeCourse, ConfirmInputSchema, "courseId", "deleted"),
  editCourse: on(endpoints.updateCourse, CourseInputSchema, "courseId"),
  moveCourse: on(endpoints.moveCourse, MoveInputSchema, "targetId"),
  addModule: on(endpoints.addModule, ModuleInputSchema, "courseId"),
  deleteModule: on(endpoints.removeModule, ConfirmInputSchema, "moduleId", "deleted"),
  editModule: on(endpoints.updateModule, ModuleInputSchema, "moduleId"),
  moveModule: on(endpoints.moveModule, MoveInputSchema, "targetId"),
  addFaceToFace: on(endpoints.addFaceToFace, FaceToFaceInputSchema),
  addSession: { schema: NewSessionInputSchema as unknown as z.ZodType<Record<string, unknown>> },
  addProgramme: on(endpoints.addProgramme, DpcProgrammeInputSchema),
  editProgramme: on(endpoints.updateProgramme, DpcProgrammeInputSchema, "programmeId"),
  deleteProgramme: on(endpoints.removeProgramme, ConfirmInputSchema, "programmeId", "deleted"),
  addQuiz: on(endpoints.addQuiz, QuizInputSchema),
  editQuiz: on(endpoints.updateQuiz, QuizInputSchema, "quizId"),
  deleteQuiz: on(endpoints.removeQuiz, ConfirmInputSchema, "quizId", "deleted"),
  addQuestion: on(endpoints.addQuestion, QuestionInputSchema, "quizId"),
  editQuestion: on(endpoints.updateQuestion, QuestionInputSchema, "questionId"),
  moveQuestion: on(endpoints.moveQuestion, MoveInputSchema, "targetId"),
  deleteQuestion: on(endpoints.removeQuestion, ConfirmInputSchema, "questionId", "deleted"),
};

export async function trainingAction(request: Request, context: Context, trainingId: number) {
  const formData = await readFormData(request, context);
  const intent = String(formData.get("intent") ?? "");
  const { back } = context.get(requestStateContext);
  const t = serverT(context, "admin");
  const here = pathOf(context, "admin-catalog-training", { trainingId: String(trainingId) });
  const done = (message: string, anchor = "") => redirectWithToast(`${here}${anchor}`, { type: "success", message });

  if (intent === "publish" || intent === "unpublish") {
    try {
      await back.call(endpoints.publish, { params: { id: trainingId }, body: { published: intent === "publish" } });
    } catch (error) {
      return backErrorReply(null, error, { form: intent });
    }
    return done(t(intent === "publish" ? "catalog.publishedNow" : "catalog.unpublishedNow"));
  }
  if (intent === "illustration") {
    const file = formData.get("illustration");
    if (!(file instanceof File) || file.size === 0)
      return errorReply({ fieldErrors: { illustration: [t("catalog.illustrationRequired")] }, form: intent, status: 422 });
    const upload = new FormData();
    upload.set("illustration", file, file.name || "illustration");
    try {
      await back.call(endpoints.illustration, { params: { id: trainingId }, body: upload });
    } catch (error) {
      return backErrorReply(null, error, { form: intent });
    }
    return done(t("catalog.illustrationSaved"));
  }

  const def = INTENTS[intent];
  if (!def) return errorReply({ message: serverT(context, "common")("errors.anErrorOccurred"), status: 400 });
  let target = 0;
  let formKey = intent;
  if (def.target) {
    const parsed = IdParam.safeParse(String(formData.get(def.target) ?? ""));
    if (!parsed.success) return errorReply({ message: serverT(context, "common")("errors.anErrorOccurred"), status: 400 });
    target = parsed.data;
    formKey = `${intent}-${target}`;
  }
  if (intent === "addSession") formKey = `${intent}-${String(formData.get("faceToFaceId") ?? "")}`;
  const submission = parseSubmission(formData, context, def.schema, { omit: def.target ? [def.target] : [] });
  if (submission.status !== "success") return invalidReply(submission, { form: formKey });
  // After a move or an edit, the page opens at the item (`#course-3`), so a long list is not scrolled again.
  const anchor = /^(move|edit)(Course|Module|Programme|Quiz|Question)$/.exec(intent);
  const at = anchor ? `#${anchor[2].toLowerCase()}-${target}` : "";
  try {
    if (!def.endpoint) await back.call(adminSessionsEndpoints.create, { body: submission.value as z.input<typeof NewSessionInputSchema> });
    else if (isMove(def.endpoint)) {
      const moved = await back.call(def.endpoint, { params: { id: target }, body: submission.value });
      return done(t(moved.moved ? "catalog.moved" : "catalog.notMoved"), at);
    } else await back.call(def.endpoint, { params: { id: def.target ? target : trainingId }, body: submission.value });
  } catch (error) {
    return backErrorReply(submission, error, { form: formKey });
  }
  return done(t(def.done === "deleted" ? "catalog.deleted" : "catalog.saved"), at);
}
