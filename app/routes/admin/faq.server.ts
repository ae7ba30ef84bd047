import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { isBrandKey } from "#core/branding/brands.ts";
import { FaqQuestionFieldsSchema, FaqSectionFieldsSchema, MoveSchema, NewFaqSectionSchema } from "#core/contract/editorial.ts";
import { editorialEndpoints as endpoints } from "#core/contract/endpoints/editorial.ts";
import { IdParam } from "#core/contract/ids.ts";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { notFound } from "~/lib/errors.server";
import { requireIdParam } from "~/lib/id-param.server";
import { backErrorReply, errorReply, invalidReply, parseSubmission, readFormData } from "~/lib/forms.server";
import { intentAction } from "~/lib/intent-action.server";
import { pathOf } from "~/lib/paths.server";
import { redirectWithToast } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";

type Context = Readonly<RouterContextProvider>;

/** FAQ back office: the sections list (/admin/faq), a section (/admin/faq/section/{id}/{type}), a question (/admin/faq/question/{sectionId}/{questionId|new}). */

const TargetSchema = z.strictObject({ targetId: IdParam });
const MoveFormSchema = MoveSchema.extend({ targetId: IdParam });
/** A form whose fields are not read (a confirmation that only posts its intent). */
const AnyFields = z.object({});

function on404(path: string) {
  return (error: unknown): never => {
    if (error instanceof BackError && error.status === 404) notFound(path);
    throw error;
  };
}

export async function loadFaqList(url: URL, context: Context) {
  const { back } = context.get(requestStateContext);
  const asked = url.searchParams.get("brand");
  const brand = isBrandKey(asked) ? asked : undefined;
  const faq = await back.call(endpoints.faq, { query: { brand } });
  const confirm = Number(url.searchParams.get("confirm")) || null;
  return {
    title: serverT(context, "admin-tools")("faq.title"),
    sections: faq.sections,
    brand: brand ?? "",
    confirm: faq.sections.some((s) => s.id === confirm) ? confirm : null,
  };
}

/**
 * The section of /admin/faq/section/{id}/{sectionType}: the path names it by id and type (ADR 0066), so a type that
 * is not the section's (an old link after a type change, a typed address) is a 404, as an unknown id is.
 */
async function requireSection(params: { id?: string; sectionType?: string }, url: URL, context: Context) {
  const id = requireIdParam(params.id, url);
  const { back } = context.get(requestStateContext);
  const section = await back.call(endpoints.faqSection, { params: { id } }).catch(on404(url.pathname));
  if (section.type !== params.sectionType) notFound(url.pathname);
  return section;
}

export async function loadFaqSection(params: { id?: string; sectionType?: string }, url: URL, context: Context) {
  const section = await requireSection(params, url, context);
  const confirm = Number(url.searchParams.get("confirm")) || null;
  return {
    title: section.title,
    section,
    confirm: section.questions.some((q) => q.id === confirm) ? confirm : null,
    confirmSection: url.searchParams.get("confirm") === "section",
  };
}

export async function loadFaqQuestion(params: { id?: string; questionId?: string }, url: URL, context: Context) {
  const sectionId = requireIdParam(params.id, url);
  const { back } = context.get(requestStateContext);
  const section = await back.call(endpoints.faqSection, { params: { id: sectionId } }).catch(on404(url.pathname));
  if (params.questionId === "new") return { title: serverT(context, "admin-tools")("faq.newQuestion"), section, question: null };
  const questionId = requireIdParam(params.questionId, url);
  const question = await back.call(endpoints.faqQuestion, { params: { id: questionId } }).catch(on404(url.pathname));
  if (question.sectionId !== section.id) notFound(url.pathname);
  return { title: question.question, section, question };
}

export function sectionPath(context: Context, section: { id: number; type: string }): string {
  return pathOf(context, "admin-faq-section", { id: String(section.id), sectionType: section.type });
}

/** The list page's intents: create a section, move one, delete one (confirmed). */
export async function faqListAction(request: Request, context: Context) {
  const t = serverT(context, "admin-tools");
  const { back } = context.get(requestStateContext);
  const list = pathOf(context, "admin-faq");
  return intentAction(
    request,
    context,
    {
      "create-section": {
        schema: NewFaqSectionSchema,
        run: async ({ submission, form }) => {
          try {
            const section = await back.call(endpoints.createFaqSection, { body: submission.value });
            return redirectWithToast(sectionPath(context, section), { type: "success", message: t("faq.saved") });
          } catch (error) {
            return backErrorReply(submission, error, { form });
          }
        },
      },
      "move-section": {
        schema: MoveFormSchema,
        run: async ({ submission }) => {
          await back
            .call(endpoints.moveFaqSection, { params: { id: submission.value.targetId }, body: { direction: submission.value.direction } })
            .catch(on404(list));
          return redirectWithToast(list, { type: "success", message: t("faq.moved") });
        },
      },
      "delete-section": {
        schema: TargetSchema,
        run: async ({ submission }) => {
          await back.call(endpoints.deleteFaqSection, { params: { id: submission.value.targetId }, body: {} }).catch(on404(list));
          return redirectWithToast(list, { type: "success", message: t("faq.deleted") });
        },
      },
    },
    { unknownIntent: () => errorReply({ message: serverT(context, "common")("validation.invalidInput"), status: 400 }) },
  );
}

/** The section page's intents: edit it, move or delete a question (confirmed), delete the section (confirmed). */
export async function faqSectionAction(request: Request, params: { id?: string; sectionType?: string }, url: URL, context: Context) {
  const id = (await requireSection(params, url, context)).id;
  const t = serverT(context, "admin-tools");
  const { back } = context.get(requestStateContext);
  const here = url.pathname;
  return intentAction(
    request,
    context,
    {
      "update-section": {
        schema: FaqSectionFieldsSchema,
        run: async ({ submission, form }) => {
          try {
            const section = await back.call(endpoints.updateFaqSection, { params: { id }, body: submission.value });
            return redirectWithToast(sectionPath(context, section), { type: "success", message: t("faq.saved") });
          } catch (error) {
            return backErrorReply(submission, error, { form });
          }
        },
      },
      // The confirmation posts nothing but its intent (and fields no schema reads: a strict schema would refuse them).
      "delete-section": {
        schema: AnyFields,
        run: async () => {
          await back.call(endpoints.deleteFaqSection, { params: { id }, body: {} }).catch(on404(url.pathname));
          return redirectWithToast(pathOf(context, "admin-faq"), { type: "success", message: t("faq.deleted") });
        },
      },
      "move-question": {
        schema: MoveFormSchema,
        run: async ({ submission }) => {
          await back
            .call(endpoints.moveFaqQuestion, { params: { id: submission.value.targetId }, body: { direction: submission.value.direction } })
            .catch(on404(here));
          return redirectWithToast(here, { type: "success", message: t("faq.moved") });
        },
      },
      "delete-question": {
        schema: TargetSchema,
        run: async ({ submission }) => {
          await back.call(endpoints.deleteFaqQuestion, { params: { id: submission.value.targetId }, body: {} }).catch(on404(here));
          return redirectWithToast(here, { type: "success", message: t("faq.deleted") });
        },
      },
    },
    { unknownIntent: () => errorReply({ message: serverT(context, "common")("validation.invalidInput"), status: 400 }) },
  );
}

/** The question page: create (questionId "new") or update the question, back to its section. */
export async function faqQuestionAction(request: Request, params: { id?: string; questionId?: string }, url: URL, context: Context) {
  const sectionId = requireIdParam(params.id, url);
  const { back } = context.get(requestStateContext);
  const formData = await readFormData(request, context);
  const submission = parseSubmission(formData, context, FaqQuestionFieldsSchema);
  if (submission.status !== "success") return invalidReply(submission);
  try {
    if (params.questionId === "new") await back.call(endpoints.createFaqQuestion, { params: { id: sectionId }, body: submission.value });
    else {
      const questionId = requireIdParam(params.questionId, url);
      await back.call(endpoints.updateFaqQuestion, { params: { id: questionId }, body: submission.value });
    }
  } catch (error) {
    if (error instanceof BackError && error.status === 404) notFound(url.pathname);
    return backErrorReply(submission, error);
  }
  const section = await back.call(endpoints.faqSection, { params: { id: sectionId } }).catch(on404(url.pathname));
  return redirectWithToast(sectionPath(context, section), { type: "success", message: serverT(context, "admin-tools")("faq.saved") });
}
