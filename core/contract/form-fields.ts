import { z } from "zod";

/**
 * Numbers that a form posts as text and the back API receives as JSON (ADR 0025). The web action parses the form
 * with the API's own schema and posts the parsed value; the API then parses that value again with the same schema.
 * So each field accepts both what the form posts ("12", "" for a blank field) and its own output (12, nothing):
 * parsing twice gives what parsing once gave.
 */

/** "12" -> 12 (spaces around allowed), "" -> undefined; anything else is left for the number check to refuse. */
function typedNumber(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (text === "") return undefined;
  return /^-?\d{1,12}$/.test(text) ? Number(text) : value;
}

/** A whole number from min to max, required. */
export function FormInt(min: number, max: number) {
  return z.preprocess(typedNumber, z.int().min(min).max(max));
}

/** A whole number from min to max, or nothing: a blank field or an absent key is undefined. */
export function OptionalFormInt(min: number, max: number) {
  return z.preprocess(typedNumber, z.int().min(min).max(max).optional());
}
