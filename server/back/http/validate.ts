import type { Context } from "hono";
import { z } from "zod";
import { AppError, type FieldErrors } from "./app-error.ts";
import { isMessageKey, type Translate } from "../i18n/messages.ts";
import { issueMessage } from "#core/contract/validation.ts";

/** Reads a JSON or urlencoded body into an object (no prototype: any key is plain data); never throws a 500. */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const method = c.req.method;
  if (method === "GET" || method === "HEAD") return {};
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  const raw = await c.req.text();
  if (raw.trim() === "") return {};
  if (type.startsWith("application/json") || type === "") {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
        throw new AppError("VALIDATION", "invalidJson");
      }
      return parsed as Record<string, unknown>;
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError("VALIDATION", "invalidJson");
    }
  }
  if (type.startsWith("application/x-www-form-urlencoded")) {
    const result: Record<string, unknown> = Object.create(null);
    for (const [key, value] of new URLSearchParams(raw)) result[key] = value;
    return result;
  }
  throw new AppError("UNSUPPORTED_MEDIA_TYPE", "unsupportedMediaType");
}

/**
 * Validates input with a zod schema; failures become a 422 with translated field errors. Text that cannot be
 * stored is refused here for every field at once, whatever its schema: see forbiddenTextPaths.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, t: Translate): z.infer<S> {
  const result = schema.safeParse(input);
  const badText = forbiddenTextPaths(input);
  if (result.success && badText.length === 0) return result.data;
  const fields = result.success ? (Object.create(null) as FieldErrors) : fieldErrors(result.error, t);
  for (const key of badText) fields[key] = [t("invalidCharacters")];
  throw new AppError("VALIDATION", "invalidInput", { fields });
}

/**
 * Validates a query string. As parseInput, except that stored-text checks look at what the schema keeps: the back
 * office's list queries drop a malformed value (a NUL included) and fall back to their defaults (ADR 0061), while a
 * value a schema keeps with a NUL is still a 422.
 */
export function parseQuery<S extends z.ZodType>(schema: S, input: unknown, t: Translate): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) return parseInput(schema, input, t);
  const badText = forbiddenTextPaths(result.data);
  if (badText.length === 0) return result.data;
  const fields = Object.create(null) as FieldErrors;
  for (const key of badText) fields[key] = [t("invalidCharacters")];
  throw new AppError("VALIDATION", "invalidInput", { fields });
}

/**
 * A NUL character (PostgreSQL text cannot hold it) or half of a UTF-16 surrogate pair (not a character: it has no
 * UTF-8 form and would be stored as a replacement character).
 */
// eslint-disable-next-line no-control-regex -- a NUL is what this refuses
const FORBIDDEN_TEXT = /[\u0000\p{Cs}]/u;

export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN_TEXT.test(value);
}

/** Paths name at most this many levels ("a.0.b..."): forms are shallow, and a deep path would cost its length per node. */
const MAX_PATH_DEPTH = 8;

/**
 * The field paths ("a", "a.0.b") of an input whose string values or keys have forbidden characters. A loop, not
 * recursion: a 1 MB body can nest arrays hundreds of thousands deep (the walk costs about what JSON.parse did).
 */
export function forbiddenTextPaths(input: unknown): string[] {
  const found = new Set<string>();
  if (typeof input === "string") return hasForbiddenCharacters(input) ? ["_"] : [];
  const pending: { value: object; path: string; depth: number }[] = [];
  if (input !== null && typeof input === "object") pending.push({ value: input, path: "", depth: 0 });
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path, depth } = next;
    for (const key of Object.keys(value)) {
      if (hasForbiddenCharacters(key)) {
        found.add(path || "_");
        continue;
      }
      const inner: unknown = (value as Record<string, unknown>)[key];
      const innerPath = depth >= MAX_PATH_DEPTH ? path : path ? `${path}.${key}` : key;
      if (typeof inner === "string") {
        if (hasForbiddenCharacters(inner)) found.add(innerPath);
      } else if (inner !== null && typeof inner === "object") {
        pending.push({ value: inner, path: innerPath, depth: Math.min(depth + 1, MAX_PATH_DEPTH) });
      }
    }
  }
  return [...found];
}

export async function parseBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  return parseInput(schema, await readBody(c), c.get("t"));
}

export function fieldErrors(error: z.ZodError, t: Translate): FieldErrors {
  // Keys come from the input ("constructor", "__proto__"): a map without prototype keeps them plain data.
  const fields: FieldErrors = Object.create(null);
  for (const issue of error.issues) {
    const keys = issue.code === "unrecognized_keys" ? issue.keys : [issue.path.join(".") || "_"];
    for (const key of keys) {
      (fields[key] ??= []).push(translateIssue(issue, t));
    }
  }
  return fields;
}

function translateIssue(issue: z.core.$ZodIssue, t: Translate): string {
  // A refinement may name any API message; everything else follows the one rule both tiers share.
  if (issue.code === "custom" && isMessageKey(issue.message)) return t(issue.message);
  const { key, values } = issueMessage(issue);
  return t(key, values);
}
