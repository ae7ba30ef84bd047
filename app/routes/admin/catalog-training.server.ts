import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { MovedSchema } from "#core/contract/admin-catalog.ts";
import { NewSessionInputSchema } from "#core/contract/admin-sessions.ts";
import type { Access, Method } from "#core/contract/endpoint.ts";
import { adminCatalogEndpoints as endpoints } from "#core/contract/endpoints/admin-catalog.ts";
import { adminSessionsEndpoints } from "#core/contract/endpoints/admin-sessions.ts";
import { evidencePacksEndpoints } from "#core/contract/endpoints/evidence-packs.ts";
import { evidencePackBranch } from "~/lib/evidence-packs.server";
import type { IdParams } from "#core/contract/fields.ts";
import { IdParam } from "#core/contract/ids.ts";
import { requestStateContext } from "~/lib/context";
import { backErrorReply, errorReply } from "~/lib/forms.server";
import { intentAction, intentBranch } from "~/lib/intent-action.server";
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

/** A form whose fields are not read (publish, unpublish) or are read apart (the illustration's file). */
const NoFields = z.object({});

/** What every branch of the page's action needs: the back API, the texts and the page's own address. */
function pageTools(context: Context, trainingId: number) {
  const t = serverT(context, "admin");
  const here = pathOf(context, "admin-catalog-training", { trainingId: String(trainingId) });
  return {
    back: context.get(requestStateContext).back,
    t,
    done: (message: string, anchor = "") => redirectWithToast(`${here}${anchor}`, { type: "success", message }),
    refused: () => errorReply({ message: serverT(context, "common")("errors.anErrorOccurred"), status: 400 }),
  };
}
type PageTools = ReturnType<typeof pageTools>;

/**
 * A form that posts its values to a catalogue endpoint; the form's schema is that endpoint's body schema. With a
 * `target`, the form is one row's (a course, a quiz...): that field names the row (the endpoint's `:id`, and part of
 * the form's key, so only that form shows the errors); without one, `:id` is the training. After a move or an edit,
 * the page opens at the item (`#course-3`), so a long list is not scrolled again.
 */
function on(tools: PageTools, trainingId: number, endpoint: OnRow, target?: Target, done?: "deleted") {
  return intentBranch({
    schema: endpoint.body as z.ZodType<Record<string, unknown>>,
    omit: target ? [target] : [],
    formKey: (formData, intent) => (target ? `${intent}-${String(formData.get(target) ?? "")}` : intent),
    run: async ({ value, intent, form, submission, formData }) => {
      const row = target ? IdParam.safeParse(String(formData.get(target) ?? "")) : null;
      if (row && !row.success) return tools.refused();
      const id = row ? row.data : trainingId;
      const anchor = /^(move|edit)(Course|Module|Programme|Quiz|Question)$/.exec(intent);
      const at = anchor ? `#${anchor[2].toLowerCase()}-${id}` : "";
      try {
        if (isMove(endpoint)) {
          const moved = await tools.back.call(endpoint, { params: { id }, body: value });
          return tools.done(tools.t(moved.moved ? "catalog.moved" : "catalog.notMoved"), at);
        }
        await tools.back.call(endpoint, { params: { id }, body: value });
      } catch (error) {
        return backErrorReply(submission, error, { form });
      }
      return tools.done(tools.t(done === "deleted" ? "catalog.deleted" : "catalog.saved"), at);
    },
  });
}

/** The training page's forms, told apart by `intent` (ADR 0062). Destructive intents need `confirm` (ADR 0061). */
export async function trainingAction(request: Request, context: Context, trainingId: number) {
  const tools = pageTools(context, trainingId);
  const { back, t, done } = tools;
  const row = (endpoint: OnRow, target?: Target, deleted?: "deleted") => on(tools, trainingId, endpoint, target, deleted);
  const publish = (published: boolean) =>
    intentBranch({
      schema: NoFields,
      run: async ({ intent }) => {
        try {
          await back.call(endpoints.publish, { params: { id: trainingId }, body: { published } });
        } catch (error) {
          return backErrorReply(null, error, { form: intent });
        }
        return done(t(published ? "catalog.publishedNow" : "catalog.unpublishedNow"));
      },
    });
  return intentAction(request, context, {
    evidencePack: evidencePackBranch(
      context,
      (body) => back.call(evidencePacksEndpoints.adminStart, { body: { trainingId, periodStart: body.periodStart, periodEnd: body.periodEnd } }),
      (packId) => pathOf(context, "admin-evidence-pack", { packId: String(packId) }),
    ),
    publish: publish(true),
    unpublish: publish(false),
    illustration: intentBranch({
      schema: NoFields,
      omit: ["illustration"],
      run: async ({ intent, formData }) => {
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
      },
    }),
    save: row(endpoints.update),
    details: row(endpoints.details),
    passRules: row(endpoints.passRules),
    addCourse: row(endpoints.addCourse),
    deleteCourse: row(endpoints.removeCourse, "courseId", "deleted"),
    editCourse: row(endpoints.updateCourse, "courseId"),
    moveCourse: row(endpoints.moveCourse, "targetId"),
    addModule: row(endpoints.addModule, "courseId"),
    deleteModule: row(endpoints.removeModule, "moduleId", "deleted"),
    editModule: row(endpoints.updateModule, "moduleId"),
    moveModule: row(endpoints.moveModule, "targetId"),
    addFaceToFace: row(endpoints.addFaceToFace),
    // A session group's new session goes to the sessions tool.
    addSession: intentBranch({
      schema: NewSessionInputSchema,
      formKey: (formData, intent) => `${intent}-${String(formData.get("faceToFaceId") ?? "")}`,
      run: async ({ value, form, submission }) => {
        try {
          await back.call(adminSessionsEndpoints.create, { body: value });
        } catch (error) {
          return backErrorReply(submission, error, { form });
        }
        return done(t("catalog.saved"));
      },
    }),
    addProgramme: row(endpoints.addProgramme),
    editProgramme: row(endpoints.updateProgramme, "programmeId"),
    deleteProgramme: row(endpoints.removeProgramme, "programmeId", "deleted"),
    addQuiz: row(endpoints.addQuiz),
    editQuiz: row(endpoints.updateQuiz, "quizId"),
    deleteQuiz: row(endpoints.removeQuiz, "quizId", "deleted"),
    addQuestion: row(endpoints.addQuestion, "quizId"),
    editQuestion: row(endpoints.updateQuestion, "questionId"),
    moveQuestion: row(endpoints.moveQuestion, "targetId"),
    deleteQuestion: row(endpoints.removeQuestion, "questionId", "deleted"),
  });
}
