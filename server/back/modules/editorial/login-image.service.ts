import { BRAND_KEYS, type BrandKey } from "#core/branding/brands.ts";
import { LOGIN_IMAGE_MAX_BYTES } from "#core/contract/editorial.ts";
import type { Db } from "../../../db/client.ts";
import { removeUpload, sniffImageType, storeUpload } from "../../../storage/uploads.ts";
import { AppError } from "../../http/app-error.ts";
import { auditChange } from "./audit-trail.ts";
import * as repo from "./editorial.repository.ts";

/**
 * The login page's image per brand (ADR 0067): PNG, JPEG, WebP recognised by their first bytes, or an SVG that is
 * plain drawing (no script, event handler, javascript: or external reference, foreign object or entity); at most
 * 2 MB. Stored under /uploads/login/ with a random name; the previous file is removed after the change commits.
 */

const CONTENT_TYPES = { png: "image/png", jpg: "image/jpeg", webp: "image/webp", svg: "image/svg+xml" } as const;
type ImageKind = keyof typeof CONTENT_TYPES;

/** An SVG document (after an optional BOM, XML declaration, comments and doctype) whose root is <svg>. */
function looksLikeSvg(text: string): boolean {
  const head = text.replace(/^\uFEFF/, "").replace(/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>\s*)?(<!--[\s\S]*?-->\s*)*/i, "");
  return /^<svg[\s>]/i.test(head);
}

/** What an SVG must not hold to be shown as an image of our pages (and opened on its own at its URL). */
export function unsafeSvg(text: string): boolean {
  return (
    /<\s*script\b/i.test(text) ||
    /\son[a-z]+\s*=/i.test(text) ||
    /javascript\s*:/i.test(text) ||
    /<\s*foreignObject\b/i.test(text) ||
    /<!ENTITY/i.test(text) ||
    /<\s*(iframe|embed|object|use)\b[^>]*\bhref\s*=\s*["']\s*(https?:|\/\/|data:)/i.test(text) ||
    /\b(xlink:)?href\s*=\s*["']\s*(https?:|\/\/)/i.test(text) ||
    /@import|url\(\s*["']?\s*(https?:|\/\/|javascript:)/i.test(text)
  );
}

/** The kind of an uploaded image, or the message key of the refusal. */
export function checkLoginImage(bytes: Uint8Array): { kind: ImageKind } | { refused: "adminImageType" | "adminImageTooLarge" | "adminImageSvgUnsafe" | "adminImageMissing" } {
  if (bytes.length === 0) return { refused: "adminImageMissing" };
  if (bytes.length > LOGIN_IMAGE_MAX_BYTES) return { refused: "adminImageTooLarge" };
  const raster = sniffImageType(bytes);
  if (raster) return { kind: raster };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { refused: "adminImageType" };
  }
  if (!looksLikeSvg(text)) return { refused: "adminImageType" };
  if (unsafeSvg(text)) return { refused: "adminImageSvgUnsafe" };
  return { kind: "svg" };
}

export async function listLoginImages(db: Db) {
  const rows = await repo.listLoginImages(db);
  return BRAND_KEYS.map((brand) => {
    const row = rows.find((r) => r.brand === brand);
    return { brand, url: row?.path ?? null, contentType: row?.contentType ?? null, bytes: row?.bytes ?? null, updatedAt: row?.updatedAt.toISOString() ?? null };
  });
}

export async function loginImageUrl(db: Db, brand: BrandKey): Promise<string | null> {
  return (await repo.findLoginImage(db, brand))?.path ?? null;
}

export async function replaceLoginImage(deps: { db: Db; dataDir: string; now: Date }, actorId: number, brand: BrandKey, bytes: Uint8Array): Promise<string> {
  const checked = checkLoginImage(bytes);
  if ("refused" in checked) {
    throw new AppError(checked.refused === "adminImageTooLarge" ? "PAYLOAD_TOO_LARGE" : "VALIDATION", checked.refused, {
      values: { max: LOGIN_IMAGE_MAX_BYTES / 1024 / 1024 },
      fields: { image: [checked.refused] },
    });
  }
  const path = await storeUpload(deps.dataDir, "login", checked.kind, bytes);
  let previous: string | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      const before = await repo.findLoginImage(tx, brand);
      previous = before?.path ?? null;
      await repo.upsertLoginImage(tx, { brand, path, contentType: CONTENT_TYPES[checked.kind], bytes: bytes.length, updatedBy: actorId, updatedAt: deps.now });
      await auditChange(tx, { actorId, action: "loginImage.replaced", entityType: "loginImage", entityId: brand, before: before ?? null, after: { path, contentType: CONTENT_TYPES[checked.kind], bytes: bytes.length } });
    });
  } catch (error) {
    await removeUpload(deps.dataDir, path);
    throw error;
  }
  await removeUpload(deps.dataDir, previous);
  return path;
}

export async function resetLoginImage(deps: { db: Db; dataDir: string }, actorId: number, brand: BrandKey): Promise<void> {
  const previous = await deps.db.transaction(async (tx) => {
    const before = await repo.findLoginImage(tx, brand);
    if (!before) return null;
    await repo.deleteLoginImage(tx, brand);
    await auditChange(tx, { actorId, action: "loginImage.reset", entityType: "loginImage", entityId: brand, before, after: null });
    return before.path;
  });
  await removeUpload(deps.dataDir, previous);
}
