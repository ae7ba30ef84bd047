import { BRAND_KEYS, type BrandKey } from "#core/branding/brands.ts";
import { LOGIN_IMAGE_MAX_BYTES } from "#core/contract/editorial.ts";
import type { ServiceContext } from "../../service-context.ts";
import { looksLikeSvg, sniffImageType } from "../../../storage/image-checks.ts";
import { AppError } from "../../http/app-error.ts";
import { recordAdminChange } from "../audit/audit.service.ts";
import * as repo from "./editorial.repository.ts";

/**
 * The login page's image per brand (ADR 0067): PNG, JPEG or WebP, recognised by their first bytes, at most 2 MB; an
 * SVG is refused with its own message (ADR 0105). Stored under /uploads/login/ with a random name; the previous file
 * is removed after the change commits.
 */

const CONTENT_TYPES = { png: "image/png", jpg: "image/jpeg", webp: "image/webp" } as const;
type ImageKind = keyof typeof CONTENT_TYPES;

/** The kind of an uploaded image, or the message key of the refusal. */
export function checkLoginImage(
  bytes: Uint8Array,
): { kind: ImageKind } | { refused: "adminImageType" | "adminImageTooLarge" | "adminImageSvgRefused" | "adminImageMissing" } {
  if (bytes.length === 0) return { refused: "adminImageMissing" };
  if (bytes.length > LOGIN_IMAGE_MAX_BYTES) return { refused: "adminImageTooLarge" };
  const kind = sniffImageType(bytes);
  if (kind) return { kind };
  return { refused: looksLikeSvg(bytes) ? "adminImageSvgRefused" : "adminImageType" };
}

export async function listLoginImages(ctx: ServiceContext) {
  const rows = await repo.listLoginImages(ctx.db);
  return BRAND_KEYS.map((brand) => {
    const row = rows.find((r) => r.brand === brand);
    return { brand, url: row?.path ?? null, contentType: row?.contentType ?? null, bytes: row?.bytes ?? null, updatedAt: row?.updatedAt.toISOString() ?? null };
  });
}

/** The login image of the request's brand. */
export async function loginImageUrl(ctx: ServiceContext): Promise<string | null> {
  return (await repo.findLoginImage(ctx.db, ctx.brand.key))?.path ?? null;
}

export async function replaceLoginImage(ctx: ServiceContext, actorId: number, brand: BrandKey, bytes: Uint8Array): Promise<string> {
  const checked = checkLoginImage(bytes);
  if ("refused" in checked) {
    throw new AppError(checked.refused === "adminImageTooLarge" ? "PAYLOAD_TOO_LARGE" : "VALIDATION", checked.refused, {
      values: { max: LOGIN_IMAGE_MAX_BYTES / 1024 / 1024 },
      fields: { image: [checked.refused] },
    });
  }
  const now = ctx.now();
  const path = await ctx.files.put({ area: "uploads", folder: "login", extension: checked.kind, bytes, ownerId: actorId });
  let previous: string | null = null;
  try {
    await ctx.db.transaction(async (tx) => {
      const before = await repo.findLoginImage(tx, brand);
      previous = before?.path ?? null;
      await repo.upsertLoginImage(tx, { brand, path, contentType: CONTENT_TYPES[checked.kind], bytes: bytes.length, updatedBy: actorId, updatedAt: now });
      await recordAdminChange(
        { ...ctx, db: tx },
        {
          actorId,
          action: "loginImage.replaced",
          entityType: "loginImage",
          entityId: brand,
          before: before ?? null,
          after: { path, contentType: CONTENT_TYPES[checked.kind], bytes: bytes.length },
        },
      );
    });
  } catch (error) {
    await ctx.files.remove(path);
    throw error;
  }
  await ctx.files.remove(previous);
  return path;
}

export async function resetLoginImage(ctx: ServiceContext, actorId: number, brand: BrandKey): Promise<void> {
  const previous = await ctx.db.transaction(async (tx) => {
    const before = await repo.findLoginImage(tx, brand);
    if (!before) return null;
    await repo.deleteLoginImage(tx, brand);
    await recordAdminChange({ ...ctx, db: tx }, { actorId, action: "loginImage.reset", entityType: "loginImage", entityId: brand, before, after: null });
    return before.path;
  });
  await ctx.files.remove(previous);
}
