import type { BrandKey } from "#core/branding/brands.ts";
import type { FaqAdminSection, FaqType } from "#core/contract/editorial.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { ServiceContext } from "../../service-context.ts";
import { AppError } from "../../http/app-error.ts";
import { sanitizeContentHtml } from "../content/sanitize.ts";
import { recordAdminChange } from "../audit/audit.service.ts";
import * as repo from "./editorial.repository.ts";

/** FAQ sections and questions per brand and language, ordered by position (ADR 0066). Answers are sanitised HTML. */

type Lang = "fr" | "es";

function sectionOf(row: repo.FaqSectionRow, questions: repo.FaqQuestionRow[]): FaqAdminSection {
  return {
    id: row.id,
    brand: row.brand as BrandKey,
    lang: row.lang as Lang,
    type: row.type as FaqType,
    title: row.title,
    position: row.position,
    questions: questions.filter((q) => q.sectionId === row.id).map((q) => ({ id: q.id, position: q.position, question: q.question, answer: q.answer })),
  };
}

export async function listFaqAdmin(ctx: ServiceContext, brand: BrandKey | undefined): Promise<FaqAdminSection[]> {
  const sections = await repo.listFaqSections(ctx.db, brand);
  const questions = await repo.listFaqQuestionsOf(
    ctx.db,
    sections.map((s) => s.id),
  );
  return sections.map((s) => sectionOf(s, questions));
}

async function requireSection(db: DbOrTx, id: number, lock = false) {
  const section = await repo.findFaqSection(db, id, lock);
  if (!section) throw new AppError("NOT_FOUND", "adminFaqNotFound");
  return section;
}

async function requireQuestion(db: DbOrTx, id: number, lock = false) {
  const question = await repo.findFaqQuestion(db, id, lock);
  if (!question) throw new AppError("NOT_FOUND", "adminFaqNotFound");
  return question;
}

export async function getFaqSection(ctx: ServiceContext, id: number): Promise<FaqAdminSection> {
  const section = await requireSection(ctx.db, id);
  return sectionOf(section, await repo.listFaqQuestionsOf(ctx.db, [id]));
}

export async function getFaqQuestion(ctx: ServiceContext, id: number) {
  const q = await requireQuestion(ctx.db, id);
  return { id: q.id, sectionId: q.sectionId, position: q.position, question: q.question, answer: q.answer };
}

export async function createFaqSection(
  ctx: ServiceContext,
  actorId: number,
  input: { brand: BrandKey; lang: Lang; type: FaqType; title: string },
): Promise<FaqAdminSection> {
  return ctx.db.transaction(async (tx) => {
    const position = await repo.nextSectionPosition(tx, input.brand, input.lang, input.type);
    const row = await repo.insertFaqSection(tx, { ...input, position });
    await recordAdminChange(
      { ...ctx, db: tx },
      { actorId, action: "faq.sectionCreated", entityType: "faqSection", entityId: row.id, before: null, after: row },
    );
    return sectionOf(row, []);
  });
}

export async function updateFaqSection(ctx: ServiceContext, actorId: number, id: number, input: { title: string; type: FaqType }): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await requireSection(tx, id, true);
    const fields = before.type === input.type ? input : { ...input, position: await repo.nextSectionPosition(tx, before.brand, before.lang, input.type) };
    const after = await repo.updateFaqSection(tx, id, fields);
    await recordAdminChange({ ...ctx, db: tx }, { actorId, action: "faq.sectionUpdated", entityType: "faqSection", entityId: id, before, after });
  });
}

export async function deleteFaqSection(ctx: ServiceContext, actorId: number, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await requireSection(tx, id, true);
    const questions = await repo.listFaqQuestionsOf(tx, [id]);
    await repo.deleteFaqSection(tx, id);
    await recordAdminChange(
      { ...ctx, db: tx },
      { actorId, action: "faq.sectionDeleted", entityType: "faqSection", entityId: id, before: { ...before, questions }, after: null },
    );
  });
}

/** Swaps the section with its neighbour (same brand, language and type); at either end nothing moves. */
export async function moveFaqSection(ctx: ServiceContext, actorId: number, id: number, direction: "up" | "down"): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const section = await requireSection(tx, id, true);
    const other = await repo.neighbourSection(tx, section, direction);
    if (!other) return;
    const [a, b] =
      other.position === section.position
        ? direction === "up"
          ? [other.position, other.position + 1]
          : [other.position, other.position - 1]
        : [other.position, section.position];
    await repo.updateFaqSection(tx, section.id, { position: a });
    await repo.updateFaqSection(tx, other.id, { position: b });
    await recordAdminChange(
      { ...ctx, db: tx },
      {
        actorId,
        action: "faq.sectionMoved",
        entityType: "faqSection",
        entityId: id,
        before: { position: section.position },
        after: { position: a, direction },
      },
    );
  });
}

export async function createFaqQuestion(ctx: ServiceContext, actorId: number, sectionId: number, input: { question: string; answer: string }) {
  return ctx.db.transaction(async (tx) => {
    await requireSection(tx, sectionId, true);
    const position = await repo.nextQuestionPosition(tx, sectionId);
    const row = await repo.insertFaqQuestion(tx, { sectionId, position, question: input.question, answer: sanitizeContentHtml(input.answer) });
    await recordAdminChange(
      { ...ctx, db: tx },
      { actorId, action: "faq.questionCreated", entityType: "faqQuestion", entityId: row.id, before: null, after: row },
    );
    return { id: row.id, sectionId, position: row.position, question: row.question, answer: row.answer };
  });
}

export async function updateFaqQuestion(ctx: ServiceContext, actorId: number, id: number, input: { question: string; answer: string }): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await requireQuestion(tx, id, true);
    const after = await repo.updateFaqQuestion(tx, id, { question: input.question, answer: sanitizeContentHtml(input.answer) });
    await recordAdminChange({ ...ctx, db: tx }, { actorId, action: "faq.questionUpdated", entityType: "faqQuestion", entityId: id, before, after });
  });
}

export async function deleteFaqQuestion(ctx: ServiceContext, actorId: number, id: number): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const before = await requireQuestion(tx, id, true);
    await repo.deleteFaqQuestion(tx, id);
    await recordAdminChange({ ...ctx, db: tx }, { actorId, action: "faq.questionDeleted", entityType: "faqQuestion", entityId: id, before, after: null });
    return before.sectionId;
  });
}

export async function moveFaqQuestion(ctx: ServiceContext, actorId: number, id: number, direction: "up" | "down"): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const question = await requireQuestion(tx, id, true);
    const other = await repo.neighbourQuestion(tx, question, direction);
    if (!other) return;
    const [a, b] =
      other.position === question.position
        ? direction === "up"
          ? [other.position, other.position + 1]
          : [other.position, other.position - 1]
        : [other.position, question.position];
    await repo.updateFaqQuestion(tx, question.id, { position: a });
    await repo.updateFaqQuestion(tx, other.id, { position: b });
    await recordAdminChange(
      { ...ctx, db: tx },
      {
        actorId,
        action: "faq.questionMoved",
        entityType: "faqQuestion",
        entityId: id,
        before: { position: question.position },
        after: { position: a, direction },
      },
    );
  });
}
