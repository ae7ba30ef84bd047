import type { DeclaredActionInput, DeclaredActionItem, PendingDeclaredActions, Tracker } from "#core/contract/compliance.ts";
import { pathLangOf } from "#core/locales.ts";
import { pagePath } from "#core/page-links.ts";
import { userChannelName } from "../../../realtime/app-channels.ts";
import { serverLocale } from "../../../i18n/i18n.ts";
import { AppError } from "../../http/app-error.ts";
import { translator } from "../../i18n/messages.ts";
import type { ServiceContext } from "../../service-context.ts";
import { MAX_CERTIFICATE_BYTES, sniffCertificateType } from "../attestations/practice-certificates.ts";
import { insertUserNotification } from "../notifications/notifications.repository.ts";
import type { ReferentScope } from "../referent/referent-scope.ts";
import { findUserById } from "../user/user.repository.ts";
import { complianceOfUsers, complianceToday } from "./compliance.service.ts";
import * as repo from "./declared-actions.repository.ts";

const PENDING_PAGE_SIZE = 20;

const countsFor = (row: Pick<repo.DeclaredActionRow, "dpcActionTypes" | "priorityOrientation" | "certificationAxes" | "belgianCategory" | "rcfCredits">) => ({
  dpcActionTypes: row.dpcActionTypes,
  priorityOrientation: row.priorityOrientation,
  certificationAxes: row.certificationAxes,
  belgianCategory: row.belgianCategory,
  rcfCredits: row.rcfCredits,
});

export function proofPathOf(id: number): string {
  return `/back/api/user/compliance/declared-actions/${id}/proof`;
}

function toItem(row: repo.DeclaredActionRow): DeclaredActionItem {
  return {
    id: row.id,
    title: row.title,
    organisation: row.organisation,
    startDate: row.startDate,
    endDate: row.endDate,
    hours: row.hours,
    elearning: row.elearning,
    state: row.state as DeclaredActionItem["state"],
    reviewNote: row.reviewNote,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    proofName: row.proofName,
    proofPath: proofPathOf(row.id),
    countsFor: countsFor(row),
  };
}

/** The caller's tracker: their statuses, the actions that count (attestations, confirmed declarations), all they declared. */
export async function trackerOf(ctx: ServiceContext, userId: number, today?: string): Promise<Tracker> {
  const [[standing], declared] = await Promise.all([complianceOfUsers(ctx, [userId], today), repo.listUserDeclaredActions(ctx.db, userId)]);
  if (!standing) throw new AppError("UNAUTHENTICATED", "unauthenticated");
  const declaredById = new Map(declared.map((row) => [row.id, row]));
  return {
    country: standing.country,
    profession: standing.profession,
    registeredOn: standing.registeredOn,
    today: today ?? complianceToday(ctx),
    statuses: standing.statuses,
    counted: standing.actions
      .filter((action) => action.source !== "declared" && action.outcome !== "failed")
      .map((action) => ({
        title: action.title,
        startDate: action.startDate,
        endDate: action.endDate,
        hours: action.hours,
        origin: action.origin.kind === "attestation" ? ("attestation" as const) : ("confirmed" as const),
        trainingSlug: action.origin.kind === "attestation" ? action.origin.trainingSlug : null,
        countsFor: {
          dpcActionTypes: action.dpcTypes ?? [],
          priorityOrientation: action.priorityOrientation ?? false,
          certificationAxes: action.axes ?? [],
          belgianCategory: action.belgianCategory ?? null,
          rcfCredits: action.rcfCredits ?? (action.origin.kind === "declared" ? (declaredById.get(action.origin.declaredActionId)?.rcfCredits ?? null) : null),
        },
      })),
    declared: declared.map(toItem),
  };
}

type ProofRefusal = "complianceProofMissing" | "complianceProofInvalidType" | "complianceProofTooLarge";
const refuseProof = (key: ProofRefusal) => new AppError("VALIDATION", key, { fields: { proof: [key] } });

/**
 * Declares an action followed elsewhere with its proof (a private file). The checks come first, so a refused
 * declaration stores nothing; it counts only once a referent confirms it.
 */
export async function declareAction(ctx: ServiceContext, userId: number, input: DeclaredActionInput, proof: unknown): Promise<repo.DeclaredActionRow> {
  // An action is declared once followed: one that ends after today is refused (the schema has no clock).
  if (input.endDate > complianceToday(ctx)) throw new AppError("VALIDATION", "dateInFuture", { fields: { endDate: ["dateInFuture"] } });
  if (!(proof instanceof File) || proof.size === 0) throw refuseProof("complianceProofMissing");
  if (proof.size > MAX_CERTIFICATE_BYTES) throw refuseProof("complianceProofTooLarge");
  const bytes = new Uint8Array(await proof.arrayBuffer());
  const kind = sniffCertificateType(bytes);
  if (!kind) throw refuseProof("complianceProofInvalidType");
  const proofPath = await ctx.files.put({ area: "private", folder: "declared-actions", extension: kind.extension, bytes, ownerId: userId });
  try {
    return await repo.insertDeclaredAction(ctx.db, {
      userId,
      title: input.title,
      organisation: input.organisation,
      startDate: input.startDate,
      endDate: input.endDate,
      hours: input.hours,
      elearning: input.elearning,
      dpcActionTypes: [...new Set(input.dpcActionTypes)],
      priorityOrientation: input.priorityOrientation,
      certificationAxes: [...new Set(input.certificationAxes)].sort(),
      belgianCategory: input.belgianCategory ?? null,
      rcfCredits: input.rcfCredits ?? null,
      proofPath,
      proofName: proof.name.slice(0, 200) || `proof.${kind.extension}`,
      createdAt: ctx.now(),
    });
  } catch (error) {
    await ctx.files.remove(proofPath);
    throw error;
  }
}

/** Deletes one of the caller's declared actions and its proof while it is not confirmed; another's is a 404. */
export async function deleteDeclaredAction(ctx: ServiceContext, userId: number, id: number): Promise<repo.DeclaredActionRow> {
  const row = await repo.findDeclaredAction(ctx.db, id);
  if (!row || row.userId !== userId) throw new AppError("NOT_FOUND", "complianceActionNotFound");
  if (row.state === "confirmed") throw new AppError("CONFLICT", "complianceConfirmedKept");
  const deleted = await repo.deleteUnconfirmedDeclaredAction(ctx.db, userId, id);
  if (!deleted) throw new AppError("CONFLICT", "complianceConfirmedKept");
  await ctx.files.remove(deleted.proofPath);
  return deleted;
}

/**
 * The proof of a declared action, read whole (5 MB at most): for its owner, a holder or referent of one of the
 * owner's pharmacies, or an administrator. Anyone else gets a 404, as for an unknown id.
 */
export async function readProof(ctx: ServiceContext, viewerId: number, id: number) {
  const row = await repo.findDeclaredAction(ctx.db, id);
  const allowed =
    row !== undefined &&
    (row.userId === viewerId || (await repo.isReferentOf(ctx.db, viewerId, row.userId)) || Boolean((await findUserById(ctx.db, viewerId))?.isAdmin));
  const file = row && allowed ? await ctx.files.read(row.proofPath) : null;
  if (!row || !file) throw new AppError("NOT_FOUND", "complianceActionNotFound");
  const parts: Uint8Array[] = [];
  for await (const part of file.body()) parts.push(part);
  const extension = row.proofPath.split(".").pop();
  const contentType = extension === "pdf" ? "application/pdf" : extension === "png" ? "image/png" : "image/jpeg";
  return { bytes: new Uint8Array(Buffer.concat(parts)), contentType, name: row.proofName };
}

/** The account's members' declared actions awaiting confirmation, a page of them. */
export async function listPending(ctx: ServiceContext, scope: ReferentScope, page: number): Promise<PendingDeclaredActions> {
  const { rows, total } = await repo.listPendingForAccount(ctx.db, scope.accountId, scope.userId, PENDING_PAGE_SIZE, (page - 1) * PENDING_PAGE_SIZE);
  return {
    items: rows.map((row) => ({ ...toItem(row.action), learner: row.learner })),
    total,
    page,
    pageSize: PENDING_PAGE_SIZE,
    pageCount: Math.max(1, Math.ceil(total / PENDING_PAGE_SIZE)),
    readOnly: scope.readOnly,
  };
}

/**
 * Confirms or rejects a member's declared action, once: in one transaction the row (locked) changes state with who
 * and when, and the professional's notification is stored; the same decision again changes nothing and answers the
 * same, the other decision is a 409. Another account's id is a 404; one's own declaration a 403.
 */
export async function reviewAction(
  ctx: ServiceContext,
  scope: ReferentScope,
  id: number,
  decision: "confirm" | "reject",
  note: string | undefined,
): Promise<{ id: number; state: "confirmed" | "rejected"; changed: boolean }> {
  const state = decision === "confirm" ? "confirmed" : "rejected";
  const result = await ctx.db.transaction(async (tx) => {
    const row = await repo.findAccountDeclaredActionForUpdate(tx, scope.accountId, id);
    if (!row) throw new AppError("NOT_FOUND", "complianceActionNotFound");
    if (row.userId === scope.userId) throw new AppError("FORBIDDEN", "complianceOwnAction");
    if (row.state !== "declared") {
      if (row.state !== state) throw new AppError("CONFLICT", "complianceAlreadyReviewed");
      return { row, notification: null };
    }
    const reviewed = await repo.reviewDeclaredAction(tx, id, {
      state,
      reviewedBy: scope.userId,
      reviewedAt: ctx.now(),
      reviewNote: state === "rejected" ? (note ?? null) : null,
    });
    if (!reviewed) return { row, notification: null };
    const owner = await findUserById(tx, row.userId);
    const locale = serverLocale(owner?.locale);
    const t = translator(locale);
    const link = pagePath("compliance-tracker", pathLangOf(locale));
    const title = t(state === "confirmed" ? "complianceNotifyConfirmed" : "complianceNotifyRejected", { title: row.title });
    const notification = await insertUserNotification(tx, row.userId, { title, body: reviewed.reviewNote ?? "", link, createdAt: ctx.now() });
    return { row: reviewed, notification };
  });
  if (result.notification) {
    const n = result.notification;
    await ctx.broadcaster.broadcast(userChannelName(n.userId), "NotificationUpdate", {
      notification: { id: n.id, title: n.title, body: n.body, link: n.link, readedDate: null, createdAt: n.createdAt.toISOString() },
    });
  }
  return { id, state, changed: result.notification !== null };
}
