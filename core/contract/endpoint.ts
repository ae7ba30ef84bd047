import { z } from "zod";

/**
 * One endpoint of the back API, as both tiers know it (issue 31): its method and path (under /back/api, with its
 * `:params`), the schemas of its params, query, body and reply, and who may call it. The Hono routes register from
 * it (server/back/http/register.ts) and the web tier calls it (`back.call`, app/lib/back.server.ts).
 */

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call an endpoint: the guard the back API applies before anything is read.
 * - `public`: anyone (the handler may still look at the session, e.g. to personalise a listing);
 * - `session`: a logged-in user (401 otherwise);
 * - `writable`: a logged-in user whose contract is not read-only (403 `readOnly`);
 * - `admin`: an administrator (401 for a guest, 403 for others);
 * - `referent`, `referentWrite`: a holder or referent of the account in use (403 `referentOnly`), the second with a
 *   writable contract;
 * - `signature`: no session, no CSRF header: a server-to-server call its handler authenticates by the sender's
 *   signature before anything changes (payment notifications, ADR 0100).
 * Each names one rule of core/domain/permissions.ts (ACCESS_RULES), which the API evaluates on the caller.
 */
export const ACCESS = ["public", "session", "writable", "admin", "referent", "referentWrite", "signature"] as const;
export type Access = (typeof ACCESS)[number];

/**
 * Replies without JSON data to check: a file (PDF, CSV, ZIP, calendar), an HTML page, a stream (audio), or an
 * endpoint that only ever answers errors.
 */
export const REPLY_KINDS = ["file", "page", "stream", "errorsOnly"] as const;
export type ReplyKind = (typeof REPLY_KINDS)[number];

/**
 * Bodies the handler reads itself: a multipart upload (it checks the file), the raw text a signature covers, or a
 * JSON body it parses with parseBody after a check of its own (`inHandler`: a schema that depends on the caller, a
 * token in the path that must be known before the body is judged).
 */
export type BodyKind = "multipart" | "raw" | "inHandler";

export type EndpointSpec = {
  method: Method;
  path: string;
  /** The path parameters, by the names the path gives them (required when the path has any). */
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType | BodyKind;
  reply: z.ZodType | ReplyKind;
  access: Access;
  /** A GET that changes state (the spec's subscribe, complete, join GETs): it needs the CSRF header like a POST. */
  changesState?: true;
};

/** The names of a path's parameters ("/a/:id/b/:day" -> ["id", "day"]). */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1]);
}

/** An endpoint object; its path parameters and its params schema must name the same keys (checked when defined). */
export function endpoint<const S extends EndpointSpec>(spec: S): S {
  const names = pathParamNames(spec.path).sort();
  const keys = spec.params ? Object.keys(spec.params.shape).sort() : [];
  if (names.join() !== keys.join()) {
    throw new Error(`endpoint ${spec.method} ${spec.path}: the params schema names [${keys.join(", ")}], the path [${names.join(", ")}]`);
  }
  if (spec.changesState && spec.method !== "GET") throw new Error(`endpoint ${spec.method} ${spec.path}: only a GET is marked changesState`);
  return spec;
}

export type Endpoint = EndpointSpec;

/** The empty object type: `NothingRequired extends T` holds when every property of T is optional. */
export type NothingRequired = Record<never, never>;

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What the back API's handler of an endpoint receives, parsed. */
export type ParsedInput<E extends Endpoint> = {
  params: Output<E["params"]>;
  query: Output<E["query"]>;
  body: Output<E["body"]>;
};

/** The data of an endpoint's success reply (as the server sends it: the schema's input). */
export type ReplyInput<E extends Endpoint> = E["reply"] extends z.ZodType ? z.input<E["reply"]> : never;
/** The data of an endpoint's success reply as the web tier gets it, parsed with its schema. */
export type ReplyOutput<E extends Endpoint> = E["reply"] extends z.ZodType ? z.output<E["reply"]> : never;

/** One part of a call's input: required when the schema needs something, optional when it takes nothing. */
type Part<K extends string, S> = S extends z.ZodType
  ? NothingRequired extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : S extends "multipart"
    ? { [P in K]: FormData }
    : S extends "raw" | "inHandler"
      ? { [P in K]: unknown }
      : { [P in K]?: never };

/** Path parameters and query values are text in the URL: a number or a boolean is written as its text. */
type Textual<T> = { [K in keyof T]: T[K] | number | boolean | null };
type UrlPart<K extends string, S> = S extends z.ZodType
  ? NothingRequired extends z.input<S>
    ? { [P in K]?: Partial<Textual<z.input<S>>> }
    : { [P in K]: Textual<z.input<S>> }
  : { [P in K]?: never };

/** What the web tier gives `back.call` for an endpoint: its params, query and body, typed by their schemas. */
export type CallInput<E extends Endpoint> = UrlPart<"params", E["params"]> & UrlPart<"query", E["query"]> & Part<"body", E["body"]>;

/** The path with its parameters filled in (each URL-encoded). */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`path ${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
