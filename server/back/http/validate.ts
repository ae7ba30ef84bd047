import type { Context } from "hono";
import { z } from "zod";
import { AppError, type FieldErrors } from "./app-error.ts";
import { isMessageKey, type Translate } from "../i18n/messages.ts";

/** Reads a JSON, urlencoded or multipart body into a plain object; never throws a 500. */
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
    const result: Record<string, unknown> = {};
    for (const [key, value] of new URLSearchParams(raw)) result[key] = value;
    return result;
  }
  throw new AppError("UNSUPPORTED_MEDIA_TYPE", "unsupportedMediaType");
}

/** Validates input with a zod schema; failures become a 422 with translated field errors. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, t: Translate): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new AppError("VALIDATION", "invalidInput", { fields: fieldErrors(result.error, t) });
}

export async function parseBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  return parseInput(schema, await readBody(c), c.get("t"));
}

export function fieldErrors(error: z.ZodError, t: Translate): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const keys = issue.code === "unrecognized_keys" ? issue.keys : [issue.path.join(".") || "_"];
    for (const key of keys) {
      (fields[key] ??= []).push(translateIssue(issue, t));
    }
  }
  return fields;
}

function translateIssue(issue: z.core.$ZodIssue, t: Translate): string {
  switch (issue.code) {
    case "unrecognized_keys":
      return t("unknownField");
    case "invalid_type":
      // zod 4 leaves the input out of issues; its default message says what was received.
      return /received undefined/.test(issue.message) ? t("required") : t("invalidType");
    case "invalid_format":
      return issue.format === "email" ? t("invalidEmail") : t("invalidType");
    case "too_small":
      if (issue.origin === "string") return Number(issue.minimum) <= 1 ? t("required") : t("tooShort", { min: Number(issue.minimum) });
      return t("tooSmall", { min: Number(issue.minimum) });
    case "too_big":
      if (issue.origin === "string") return t("tooLong", { max: Number(issue.maximum) });
      return t("tooBig", { max: Number(issue.maximum) });
    case "custom":
      return isMessageKey(issue.message) ? t(issue.message) : t("invalidType");
    default:
      return t("invalidType");
  }
}
