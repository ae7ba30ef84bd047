import { AppError } from "../../http/app-error.ts";
import { looksLikeSvg, sniffImageType } from "../../../storage/image-checks.ts";

/** Illustrations: at most 2 MB (ADR 0062). */
export const MAX_ILLUSTRATION_BYTES = 2 * 1024 * 1024;

/**
 * The file's kind from its bytes (never its name or declared type), or an error for the form's field: PNG, JPEG or
 * WebP; an SVG is refused with its own message (ADR 0105).
 */
export function checkIllustration(bytes: Uint8Array, field = "illustration"): "png" | "jpg" | "webp" {
  const refuse = (key: "adminIllustrationInvalid" | "adminIllustrationTooLarge" | "adminIllustrationSvgRefused") =>
    new AppError("VALIDATION", key, { fields: { [field]: [key] } });
  if (bytes.length === 0) throw refuse("adminIllustrationInvalid");
  if (bytes.length > MAX_ILLUSTRATION_BYTES) throw refuse("adminIllustrationTooLarge");
  const kind = sniffImageType(bytes);
  if (kind) return kind;
  throw refuse(looksLikeSvg(bytes) ? "adminIllustrationSvgRefused" : "adminIllustrationInvalid");
}
