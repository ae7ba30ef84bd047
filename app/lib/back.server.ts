import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { z } from "zod";
import type { Locale } from "#core/branding/brands.ts";
import { parseCookies } from "#core/http/cookies.ts";
import { fillPath, type CallInput, type Endpoint, type NothingRequired, type ReplyOutput } from "#core/contract/endpoint.ts";
import type { BackAnswer, BackCall } from "#core/contract/web-host.ts";

export type Envelope<T> = { status: "Success" | "Error"; message: string; data: T };

/** A back API reply with status "Error": the server's message and HTTP status. */
export class BackError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = "BackError";
  }

  /** Field errors of a 422 (field -> messages). */
  get fieldErrors(): Record<string, string[]> {
    const errors = (this.data as { errors?: Record<string, string[]> } | null)?.errors;
    return errors ?? {};
  }
}

/** The errors `unavailable` made: a route's 503 (the page says so), recognised by the fallbacks that must not hide it. */
const unavailableErrors = new WeakSet<object>();

/**
 * The back API answered 503 (its database or file store out of reach, ADR 0122): thrown as the page's own 503 with
 * the API's translated message, never swallowed as a BackError into a guest or an empty list.
 */
export function unavailable(message: string) {
  const error = data({ message }, { status: 503 });
  unavailableErrors.add(error);
  return error;
}

/** Whether an error is a back API 503 (`unavailable`). */
export function isBackUnavailable(error: unknown): boolean {
  return typeof error === "object" && error !== null && unavailableErrors.has(error);
}

export type BackTransport = { kind: "in-process"; fetch: (call: BackCall, clientIp: string) => Promise<BackAnswer> } | { kind: "http"; baseUrl: string };

export type BackClientOptions = {
  transport: BackTransport;
  /** The browser's Cookie header. */
  cookieHeader: string | null;
  locale: Locale;
  host: string;
  clientIp: string;
  requestId?: string;
};

const CSRF_COOKIE = "XSRF-TOKEN";

type Query = Record<string, string | number | boolean | undefined | null>;

/**
 * Calls the back API for one browser request: forwards the browser's cookies, sends the
 * locale, does the CSRF dance for mutations, unwraps the envelope, parses its data with the
 * contract's schema (core/contract), and collects every Set-Cookie so the web response hands
 * them on to the browser.
 */
export class BackClient {
  private readonly jar = new Map<string, string>();
  readonly setCookieHeaders: string[] = [];

  constructor(private readonly options: BackClientOptions) {
    for (const [name, value] of Object.entries(parseCookies(options.cookieHeader, { raw: true }))) this.jar.set(name, value);
  }

  /**
   * Calls an endpoint of core/contract/endpoints: its path with `params` filled in, `query` as the query string, `body`
   * as JSON; the CSRF header for a write or a GET that changes state. Its `data` is parsed with the endpoint's reply
   * schema (typed and checked, ADR 0028).
   */
  call<E extends Endpoint>(endpoint: E, ...input: NothingRequired extends CallInput<E> ? [CallInput<E>?] : [CallInput<E>]): Promise<ReplyOutput<E>>;
  async call(endpoint: Endpoint, input: { params?: Record<string, unknown>; query?: Query; body?: unknown } = {}) {
    if (typeof endpoint.reply === "string") throw new Error(`${endpoint.method} ${endpoint.path} answers a ${endpoint.reply}: use back.file`);
    const target = withQuery(fillPath(endpoint.path, input.params), input.query);
    const data = await this.request(endpoint.method, target, input.body, { csrf: endpoint.method !== "GET" || endpoint.changesState === true });
    return checkReply(endpoint.reply, data, `${endpoint.method} ${endpoint.path}`);
  }

  /** Calls an endpoint whose success reply is a file (a PDF, an export): the raw Response; an error still throws BackError. */
  file<E extends Endpoint>(endpoint: E, ...input: NothingRequired extends CallInput<E> ? [CallInput<E>?] : [CallInput<E>]): Promise<Response>;
  async file(endpoint: Endpoint, input: { params?: Record<string, unknown>; query?: Query; body?: unknown } = {}) {
    const csrf = endpoint.method !== "GET" || endpoint.changesState === true;
    if (csrf) await this.xsrfHandshake();
    const answer = await this.send(endpoint.method, `/back/api${withQuery(fillPath(endpoint.path, input.params), input.query)}`, input.body, csrf);
    const { response } = answer;
    if (response.ok && !(response.headers.get("content-type") ?? "").includes("json")) return response;
    const envelope = await readEnvelope(answer);
    if (response.status === 503) throw unavailable(envelope.message);
    throw new BackError(response.ok ? 500 : response.status, envelope.message, envelope.data);
  }

  /** Whether the browser holds a cookie (as last set by the back API). */
  hasCookie(name: string): boolean {
    return this.jar.has(name);
  }

  /** The raw `data` of a reply (unknown: `call` parses it with the endpoint's schema). */
  private async request(method: string, path: string, body?: unknown, { csrf = method !== "GET" && method !== "HEAD" } = {}): Promise<unknown> {
    if (csrf) await this.xsrfHandshake();
    const answer = await this.send(method, `/back/api${path.startsWith("/") ? path : `/${path}`}`, body, csrf);
    const { response } = answer;
    const envelope = await readEnvelope(answer);
    if (envelope.status !== "Success" || !response.ok) {
      if (response.status === 503) throw unavailable(envelope.message);
      throw new BackError(response.status, envelope.message, envelope.data);
    }
    return envelope.data;
  }

  /**
   * The browser-free XSRF handshake: without an XSRF-TOKEN cookie yet, ask the back API for one (it lands in the
   * jar, and is handed on to the browser); `send` then echoes it in the X-XSRF-TOKEN header.
   */
  private async xsrfHandshake(): Promise<void> {
    if (!this.jar.has(CSRF_COOKIE)) await this.send("GET", "/back/sanctum/csrf-cookie");
  }

  private async send(method: string, path: string, body?: unknown, csrf = false): Promise<BackAnswer> {
    const headers = new Headers({
      accept: "application/json",
      "accept-language": this.options.locale,
      "x-forwarded-host": this.options.host,
      "x-forwarded-for": this.options.clientIp,
      "x-request-id": this.options.requestId ?? randomUUID(),
    });
    const cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
    if (cookie) headers.set("cookie", cookie);
    const xsrf = this.jar.get(CSRF_COOKIE);
    if (xsrf && csrf) headers.set("x-xsrf-token", decodeURIComponent(xsrf));
    let payload: string | FormData | undefined;
    if (body instanceof FormData) {
      // fetch sets the multipart content type with its boundary.
      payload = body;
    } else if (body !== undefined) {
      headers.set("content-type", "application/json");
      payload = JSON.stringify(body);
    }
    const { transport } = this.options;
    let answer: BackAnswer;
    if (transport.kind === "http") {
      const response = await fetch(new Request(transport.baseUrl.replace(/\/+$/, "") + path, { method, headers, body: payload }));
      answer = { response, envelopeText: null };
    } else {
      answer = await transport.fetch({ method, url: `http://in-process${path}`, headers, body: payload }, this.options.clientIp);
    }
    this.absorbCookies(answer.response);
    return answer;
  }

  private absorbCookies(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      this.setCookieHeaders.push(header);
      const [pair, ...attributes] = header.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }
}

/** The path with the query string of the values given (blank, null and undefined values left out). */
function withQuery(path: string, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

async function readEnvelope({ response, envelopeText }: BackAnswer): Promise<Envelope<unknown>> {
  const text = envelopeText ?? (await response.text());
  try {
    const parsed = JSON.parse(text) as Partial<Envelope<unknown>> | null;
    if (parsed && (parsed.status === "Success" || parsed.status === "Error")) {
      return { status: parsed.status, message: typeof parsed.message === "string" ? parsed.message : "", data: parsed.data ?? null };
    }
    // Other replies are wrapped as Success or Error (spec section 7).
    return { status: response.ok ? "Success" : "Error", message: response.statusText, data: parsed };
  } catch {
    return { status: response.ok ? "Success" : "Error", message: text.slice(0, 300) || response.statusText, data: null };
  }
}

/** A back API reply that does not match its contract schema: a bug on one side of the contract, never the user's. */
export class BackReplyMismatch extends Error {
  constructor(
    readonly call: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`${call}: the reply does not match its contract: ${z.prettifyError({ issues } as z.ZodError)}`);
    this.name = "BackReplyMismatch";
  }
}

/**
 * Every typed reply is parsed with its schema, in production too: about 10 µs per KB of JSON, under 0.1 ms for the
 * largest page's calls (ADR 0028). A mismatch is a bug on one side of the contract: it fails loudly.
 */
function checkReply(reply: z.ZodType | undefined, data: unknown, call: string): unknown {
  if (!reply) return data;
  const parsed = reply.safeParse(data);
  if (!parsed.success) throw new BackReplyMismatch(call, parsed.error.issues);
  return parsed.data;
}
