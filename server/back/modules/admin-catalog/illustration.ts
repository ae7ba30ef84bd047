import { AppError } from "../../http/app-error.ts";
import { sniffImageType } from "../../../storage/uploads.ts";

/** Illustrations: at most 2 MB (ADR 0062). */
export const MAX_ILLUSTRATION_BYTES = 2 * 1024 * 1024;

/**
 * Active content an SVG must not carry: scripts, event handlers, links to script, embedded documents, external
 * references (an SVG shown through <img> runs none of these, but one opened directly would).
 */
const SVG_ACTIVE = [/<script/i, /\son[a-z]+\s*=/i, /javascript:/i, /<foreignObject/i, /<iframe/i, /<embed/i, /<object/i, /<!ENTITY/i, /(?:xlink:)?href\s*=\s*["']\s*(?:https?:|data:|\/\/)/i, /<\?xml-stylesheet/i];

/** The file's kind from its bytes (never its name or declared type), or an error for the form's field. */
export function checkIllustration(bytes: Uint8Array, field = "illustration"): "png" | "jpg" | "webp" | "svg" {
  if (bytes.length === 0) throw new AppError("VALIDATION", "adminIllustrationInvalid", { fields: { [field]: ["adminIllustrationInvalid"] } });
  if (bytes.length > MAX_ILLUSTRATION_BYTES) throw new AppError("VALIDATION", "adminIllustrationTooLarge", { fields: { [field]: ["adminIllustrationTooLarge"] } });
  const raster = sniffImageType(bytes);
  if (raster) return raster;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("VALIDATION", "adminIllustrationInvalid", { fields: { [field]: ["adminIllustrationInvalid"] } });
  }
  const head = text.replace(/^\uFEFF/, "").trimStart();
  const isSvg = /^(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head);
  if (!isSvg) throw new AppError("VALIDATION", "adminIllustrationInvalid", { fields: { [field]: ["adminIllustrationInvalid"] } });
  if (SVG_ACTIVE.some((pattern) => pattern.test(text))) throw new AppError("VALIDATION", "adminIllustrationScript", { fields: { [field]: ["adminIllustrationScript"] } });
  return "svg";
}
