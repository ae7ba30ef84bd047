/**
 * Audit evidence packs (issue 33, ADR 0127), built like the history export jobs (ADR 0076): POST records a running
 * pack (one per scope: the unique index refuses a second) and answers at once; the ZIP is built in the background,
 * each learner's records a step of progress; it is kept in the file store (area "private") with its size and SHA-256,
 * and served only to who may read it, each download written to the audit log.
 */
import type { EvidenceKind, EvidencePack, EvidencePackChoices, EvidencePackList, StartEvidencePack } from "#core/contract/evidence-packs.ts";
import { EVIDENCE_KINDS } from "#core/contract/evidence-packs.ts";
import { ADMIN_PAGE_SIZE, paging } from "#core/contract/admin-list.ts";
import { exportPercent, isStaleExport } from "#core/domain/export-progress.ts";
import { zipStream } from "../../../export/zip.ts";
import { fixedT } from "../../../i18n/i18n.ts";
import { renderEvidenceIndex } from "../../../pdf/evidence-index.ts";
import { sha256Hex } from "../../../storage/file-store.ts";
import { AppError } from "../../http/app-error.ts";
import type { ServiceContext } from "../../service-context.ts";
import { recordAdminChange } from "../audit/audit.service.ts";
import { buildContents, stepsOf } from "./pack-contents.ts";
import * as repo from "./evidence-packs.repository.ts";

/** Who asks: an administrator (every learner, `accountId` null) or a referent of the pharmacy in use. */
export type PackCaller = { userId: number; accountId: number | null };

function payload(row: repo.EvidencePackView): EvidencePack {
  const state = row.state === "done" || row.state === "failed" ? row.state : "running";
  return {
    id: row.id,
    trainingId: row.trainingId,
    trainingName: row.trainingName,
    sessionId: row.sessionId,
    sessionName: row.sessionName,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    accountId: row.accountId,
    state,
    done: row.done,
    total: row.total,
    percent: exportPercent(row.done, row.total, state === "done"),
    filename: row.filename,
    size: row.size,
    sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

/** The scope asked for, checked: an unknown session or training, or one the pharmacy enrolled nobody on, is a 404. */
async function resolveScope(ctx: ServiceContext, caller: PackCaller, input: StartEvidencePack) {
  if (input.sessionId !== undefined) {
    const session = await repo.findSession(ctx.db, input.sessionId);
    if (!session) throw new AppError("NOT_FOUND", "evidencePackSessionNotFound");
    if (caller.accountId !== null && !(await repo.accountHasEnrolment(ctx.db, caller.accountId, { trainingId: session.trainingId, sessionId: session.id }))) {
      throw new AppError("NOT_FOUND", "evidencePackSessionNotFound");
    }
    const training = (await repo.findTraining(ctx.db, session.trainingId))!;
    const scope: repo.PackScope = { trainingId: session.trainingId, sessionId: session.id, periodStart: null, periodEnd: null, accountId: caller.accountId };
    return { scope, session, training };
  }
  const training = input.trainingId === undefined ? undefined : await repo.findTraining(ctx.db, input.trainingId);
  if (!training) throw new AppError("NOT_FOUND", "evidencePackTrainingNotFound");
  if (caller.accountId !== null && !(await repo.accountHasEnrolment(ctx.db, caller.accountId, { trainingId: training.id, sessionId: null }))) {
    throw new AppError("NOT_FOUND", "evidencePackTrainingNotFound");
  }
  const scope: repo.PackScope = {
    trainingId: training.id,
    sessionId: null,
    periodStart: input.periodStart ?? null,
    periodEnd: input.periodEnd ?? null,
    accountId: caller.accountId,
  };
  return { scope, session: null, training };
}

/** "dossier-preuves-<training>-<session or period>-<day>.zip" in the caller's language. */
function filenameOf(t: ReturnType<typeof fixedT>, trainingId: number, scope: repo.PackScope, now: Date): string {
  const what = scope.sessionId !== null ? `s${scope.sessionId}` : `${scope.periodStart}-${scope.periodEnd}`;
  return `${t("packFilePrefix")}-${trainingId}-${what}-${now.toISOString().slice(0, 10)}.zip`;
}

/**
 * Starts a pack. A pack of the same scope still running is a 409 naming it; one whose instance died (it stopped
 * moving, ADR 0076) is marked failed first, so it never blocks its scope for good.
 */
export async function startPack(
  ctx: ServiceContext,
  caller: PackCaller,
  input: StartEvidencePack,
  verificationUrl: (brand: string, code: string) => string,
): Promise<EvidencePack> {
  const { scope, session, training } = await resolveScope(ctx, caller, input);
  const t = fixedT(ctx.locale, ["api-evidence-pack", "api-admin"]);
  const running = await repo.findRunningPack(ctx.db, scope);
  if (running && isStaleExport(running.updatedAt, ctx.now())) await repo.failPack(ctx.db, running.id, ctx.now(), "stalled");
  const now = ctx.now();
  const learners = await repo.listLearners(ctx.db, scope);
  const row = await repo.insertRunningPack(ctx.db, {
    ...scope,
    requestedBy: caller.userId,
    state: "running",
    done: 0,
    total: stepsOf(learners.length),
    filename: filenameOf(t, training.id, scope, now),
    createdAt: now,
    updatedAt: now,
  });
  if (!row) {
    const other = await repo.findRunningPack(ctx.db, scope);
    throw new AppError("CONFLICT", "evidencePackRunning", { values: { id: other?.id ?? "" }, data: { runningId: other?.id ?? null } });
  }
  void buildPack(ctx, row.id, { scope, session, trainingName: training.name, learners, verificationUrl, t });
  return payload({ ...row, trainingName: training.name, sessionName: session?.name ?? null });
}

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

async function buildPack(
  ctx: ServiceContext,
  packId: number,
  input: {
    scope: repo.PackScope;
    session: repo.SessionFacts | null;
    trainingName: string;
    learners: repo.Learner[];
    verificationUrl: (brand: string, code: string) => string;
    t: ReturnType<typeof fixedT>;
  },
): Promise<void> {
  const { t, scope } = input;
  let done = 0;
  try {
    await nextTick();
    const contents = await buildContents({
      ctx,
      t,
      scope,
      session: input.session,
      trainingName: input.trainingName,
      learners: input.learners,
      verificationUrl: input.verificationUrl,
      step: async () => {
        done += 1;
        await repo.updatePack(ctx.db, packId, { done, updatedAt: ctx.now() });
        await nextTick();
      },
    });
    const builtAt = ctx.now();
    const listed = contents.files.map((file) => ({ path: file.path, kind: file.kind, size: file.bytes.byteLength, sha256: sha256Hex(file.bytes) }));
    const kindTitle = (kind: EvidenceKind) => t(`kind${kind.charAt(0).toUpperCase()}${kind.slice(1)}`);
    const facts = [
      `${t("packTraining")} ${input.trainingName}`,
      input.session ? `${t("packSession")} ${input.session.name}` : `${t("packPeriod")} ${scope.periodStart} - ${scope.periodEnd}`,
      `${t("packLearners")} ${contents.learners}`,
      scope.accountId === null ? t("packAllLearners") : t("packPharmacy", { id: scope.accountId }),
      `${t("packBuiltOn")} ${builtAt.toISOString()}`,
    ];
    const index = {
      pack: {
        ...scope,
        trainingName: input.trainingName,
        sessionName: input.session?.name ?? null,
        builtAt: builtAt.toISOString(),
        learners: contents.learners,
      },
      files: listed,
      absent: contents.absent,
    };
    const indexPdf = await renderEvidenceIndex({
      title: t("packIndexTitle"),
      facts,
      groups: EVIDENCE_KINDS.map((kind) => ({
        title: kindTitle(kind),
        files: listed.filter((f) => f.kind === kind),
        absent: contents.absent.filter((a) => a.kind === kind).map((a) => a.reason),
      })),
      texts: { size: t("packSize"), absentTitle: t("packAbsent"), none: t("packNone"), page: t("adminSheetPage") },
    });
    const entries = [
      { name: "index.pdf", bytes: indexPdf },
      { name: "index.json", bytes: new TextEncoder().encode(JSON.stringify(index, null, 2)) },
      ...contents.files.map((file) => ({ name: file.path, bytes: file.bytes })),
    ];
    const zip = new Uint8Array(await new Response(zipStream(entries, builtAt)).arrayBuffer());
    const filePath = await ctx.files.put({ area: "private", folder: "evidence-packs", extension: "zip", bytes: zip, ownerId: null });
    const total = stepsOf(input.learners.length);
    await repo.updatePack(ctx.db, packId, {
      state: "done",
      done: total,
      filePath,
      size: zip.byteLength,
      sha256: sha256Hex(zip),
      updatedAt: builtAt,
      finishedAt: builtAt,
    });
  } catch (error) {
    ctx.logger.error({ err: error, packId }, "evidence pack failed");
    await repo.failPack(ctx.db, packId, ctx.now(), error instanceof Error ? error.message.slice(0, 500) : "failed").catch(() => undefined);
  }
}

async function requirePack(ctx: ServiceContext, caller: PackCaller, id: number): Promise<repo.EvidencePackView> {
  const row = await repo.findPack(ctx.db, id, caller.accountId);
  if (!row) throw new AppError("NOT_FOUND", "evidencePackNotFound");
  if (row.state === "running" && isStaleExport(row.updatedAt, ctx.now())) {
    await repo.failPack(ctx.db, row.id, ctx.now(), "stalled");
    return { ...row, state: "failed" };
  }
  return row;
}

/** One pack's state and progress (another pharmacy's, or an administrator's for a referent, is a 404). */
export async function getPack(ctx: ServiceContext, caller: PackCaller, id: number): Promise<EvidencePack> {
  return payload(await requirePack(ctx, caller, id));
}

export async function listPacks(
  ctx: ServiceContext,
  caller: PackCaller,
  query: { trainingId?: number; sessionId?: number; page: number },
): Promise<EvidencePackList> {
  const { total, rows } = await repo.listPacks(
    ctx.db,
    { accountId: caller.accountId, trainingId: query.trainingId, sessionId: query.sessionId },
    { limit: ADMIN_PAGE_SIZE, offset: (query.page - 1) * ADMIN_PAGE_SIZE },
  );
  return { items: rows.map(payload), paging: paging(total, query.page) };
}

/** What a referent may build a pack of. */
export async function referentChoices(ctx: ServiceContext, accountId: number): Promise<EvidencePackChoices> {
  const [sessions, trainings] = await Promise.all([repo.listAccountSessions(ctx.db, accountId), repo.listAccountElearningTrainings(ctx.db, accountId)]);
  return { sessions, trainings };
}

/**
 * The ZIP of a finished pack, read whole, its download written to the audit log (who, which pack, its checksum)
 * before it is handed over: a download that could not be recorded does not happen.
 */
export async function downloadPack(ctx: ServiceContext, caller: PackCaller, id: number): Promise<{ bytes: Uint8Array; filename: string }> {
  const row = await requirePack(ctx, caller, id);
  if (row.state !== "done" || !row.filePath) throw new AppError("CONFLICT", "evidencePackNotReady");
  const file = await ctx.files.read(row.filePath);
  if (!file) throw new AppError("NOT_FOUND", "evidencePackNotFound");
  const chunks: Uint8Array[] = [];
  for await (const chunk of file.body()) chunks.push(chunk);
  const bytes = new Uint8Array(Buffer.concat(chunks));
  await recordAdminChange(ctx, {
    actorId: caller.userId,
    action: "evidencePack.download",
    entityType: "evidencePack",
    entityId: row.id,
    before: null,
    after: { accountId: row.accountId, trainingId: row.trainingId, sessionId: row.sessionId, filename: row.filename, sha256: row.sha256 },
  });
  return { bytes, filename: row.filename };
}
