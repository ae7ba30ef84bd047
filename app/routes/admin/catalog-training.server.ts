import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import {
  ConfirmInputSchema,
  CourseInputSchema,
  DpcProgrammeInputSchema,
  FaceToFaceInputSchema,
  ModuleInputSchema,
  MoveInputSchema,
  MovedSchema,
  PassRulesInputSchema,
  QuestionInputSchema,
  QuizInputSchema,
  TrainingDetailsInputSchema,
  TrainingInputSchema,
} from "#core/contract/admin-catalog.ts";
import { NewSessionInputSchema } from "#core/contract/admin-sessions.ts";
import { IdParam } from "#core/contract/ids.ts";
import { requestStateContext } from "~/lib/context";
import { backErrorReply, errorReply, invalidReply, parseSubmission, readFormData } from "~/lib/forms.server";
import { pathOf } from "~/lib/paths.server";
import { redirectWithToast } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";

type Context = Readonly<RouterContextProvider>;

/**
 * The training page's forms, told apart by `intent` (ADR 0062). Each names the back API call, its schema, and the
 * extra field that says which course or quiz it is for (then part of the form's key, so only that form shows the
 * errors). Destructive intents need `confirm` (ADR 0061).
 */
type IntentDef = {
  schema: z.ZodType<Record<string, unknown>>;
  target?: "courseId" | "moduleId" | "quizId" | "programmeId" | "questionId" | "targetId";
  path(trainingId: number, target: number): string;
  /** The toast after success (default: saved). */
  done?: "deleted";
};

const INTENTS: Record<string, IntentDef> = {
  save: { schema: TrainingInputSchema as unknown as z.ZodType<Record<string, unknown>>, path: (id) => `/admin/catalog/trainings/${id}` },
  details: { schema: TrainingDetailsInputSchema as unknown as z.ZodType<Record<string, unknown>>, path: (id) => `/admin/catalog/trainings/${id}/details` },
  passRules: { schema: PassRulesInputSchema as unknown as z.ZodType<Record<string, unknown>>, path: (id) => `/admin/catalog/trainings/${id}/pass-rules` },
  addCourse: { schema: CourseInputSchema, path: (id) => `/admin/catalog/trainings/${id}/courses` },
  deleteCourse: { schema: ConfirmInputSchema, target: "courseId", path: (_id, target) => `/admin/catalog/courses/${target}/delete`, done: "deleted" },
  editCourse: { schema: CourseInputSchema, target: "courseId", path: (_id, target) => `/admin/catalog/courses/${target}` },
  moveCourse: { schema: MoveInputSchema, target: "targetId", path: (_id, target) => `/admin/catalog/courses/${target}/move` },
  addModule: { schema: ModuleInputSchema, target: "courseId", path: (_id, target) => `/admin/catalog/courses/${target}/modules` },
  deleteModule: { schema: ConfirmInputSchema, target: "moduleId", path: (_id, target) => `/admin/catalog/modules/${target}/delete`, done: "deleted" },
  editModule: { schema: ModuleInputSchema, target: "moduleId", path: (_id, target) => `/admin/catalog/modules/${target}` },
  moveModule: { schema: MoveInputSchema, target: "targetId", path: (_id, target) => `/admin/catalog/modules/${target}/move` },
  addFaceToFace: { schema: FaceToFaceInputSchema, path: (id) => `/admin/catalog/trainings/${id}/faceToFaces` },
  addSession: { schema: NewSessionInputSchema as unknown as z.ZodType<Record<string, unknown>>, path: () => `/admin/sessions` },
  addProgramme: { schema: DpcProgrammeInputSchema, path: (id) => `/admin/catalog/trainings/${id}/programmes` },
  editProgramme: { schema: DpcProgrammeInputSchema, target: "programmeId", path: (_id, target) => `/admin/catalog/programmes/${target}` },
  deleteProgramme: { schema: ConfirmInputSchema, target: "programmeId", path: (_id, target) => `/admin/catalog/programmes/${target}/delete`, done: "deleted" },
  addQuiz: { schema: QuizInputSchema, path: (id) => `/admin/catalog/trainings/${id}/quizzes` },
  editQuiz: { schema: QuizInputSchema, target: "quizId", path: (_id, target) => `/admin/catalog/quizzes/${target}` },
  deleteQuiz: { schema: ConfirmInputSchema, target: "quizId", path: (_id, target) => `/admin/catalog/quizzes/${target}/delete`, done: "deleted" },
  addQuestion: { schema: QuestionInputSchema, target: "quizId", path: (_id, target) => `/admin/catalog/quizzes/${target}/questions` },
  editQuestion: { schema: QuestionInputSchema, target: "questionId", path: (_id, target) => `/admin/catalog/questions/${target}` },
  moveQuestion: { schema: MoveInputSchema, target: "targetId", path: (_id, target) => `/admin/catalog/questions/${target}/move` },
  deleteQuestion: { schema: ConfirmInputSchema, target: "questionId", path: (_id, target) => `/admin/catalog/questions/${target}/delete`, done: "deleted" },
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
      await back.post(`/admin/catalog/trainings/${trainingId}/publish`, { published: intent === "publish" });
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
      await back.postForm(`/admin/catalog/trainings/${trainingId}/illustration`, upload);
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
    if (def.schema === MoveInputSchema) {
      const moved = await back.post(def.path(trainingId, target), submission.value, MovedSchema);
      return done(t(moved.moved ? "catalog.moved" : "catalog.notMoved"), at);
    }
    await back.post(def.path(trainingId, target), submission.value);
  } catch (error) {
    return backErrorReply(submission, error, { form: formKey });
  }
  return done(t(def.done === "deleted" ? "catalog.deleted" : "catalog.saved"), at);
}
