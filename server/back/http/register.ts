import type { Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Access, Endpoint, ParsedInput, ReplyInput } from "#core/contract/endpoint.ts";
import type { BackEnv, SessionState } from "../context.ts";
import type { ServiceContext } from "../service-context.ts";
import { referentScope, type ReferentScope } from "../modules/referent/referent-scope.ts";
import type { CallerFacts } from "../modules/user/user.service.ts";
import { success } from "./envelope.ts";
import { requireAccess, requireCsrfOnGet } from "./guards.ts";
import { parseBody, parseInput, parseQuery } from "./validate.ts";

/** The caller each access hands the handler. */
type Callers = {
  public: SessionState | null;
  session: SessionState;
  writable: SessionState;
  admin: SessionState;
  referent: ReferentScope;
  referentWrite: ReferentScope;
  signature: null;
};

/** What each access hands the handler once its rule let the caller through (requireAccess): who is calling. */
const CALLERS: { [A in Access]: (facts: CallerFacts) => Callers[A] } = {
  public: (facts) => facts.session,
  session: loggedIn,
  writable: loggedIn,
  admin: loggedIn,
  referent: referentScope,
  referentWrite: referentScope,
  signature: () => null,
};

function loggedIn(facts: CallerFacts): SessionState {
  if (!facts.session) throw new Error("a session caller for a guest");
  return facts.session;
}

/** A success reply: the endpoint's data (typed by its reply schema), its message and status. */
export type Ok<T> = { readonly ok: typeof OK; readonly data: T; readonly message?: string; readonly status?: ContentfulStatusCode };
const OK = Symbol("ok");

export function ok<T>(data: T, message?: string, status?: ContentfulStatusCode): Ok<T> {
  return { ok: OK, data, message, status };
}

/** The parsed input, the caller the guard let through, and the service context of the request. */
export type HandlerInput<E extends Endpoint> = ParsedInput<E> & { caller: Callers[E["access"]]; ctx: ServiceContext };

/** A handler answers `ok(data)`, or a Response of its own (a file, a page, an error with data, a redirect). */
export type Handler<E extends Endpoint> = (c: Context<BackEnv>, input: HandlerInput<E>) => Promise<Response | Ok<ReplyInput<E>>>;

/** The endpoint objects mounted with `register` (the endpoint table's test reads it). */
export const REGISTERED = new Set<Endpoint>();

/**
 * Mounts an endpoint on `routes`: its method and path; the CSRF header for a GET that changes state (419); its access
 * rule (401/403, requireAccess); its params, query and body parsed with its schemas (422 with the field errors: parseInput,
 * parseQuery, parseBody);
 * then the handler with the typed input, whose data becomes the envelope's.
 */
export function register<E extends Endpoint>(routes: Hono<BackEnv>, endpoint: E, handler: Handler<E>): void {
  REGISTERED.add(endpoint);
  routes.on(endpoint.method, endpoint.path, async (c) => {
    if (endpoint.changesState) requireCsrfOnGet(c);
    const caller = CALLERS[endpoint.access](await requireAccess(c, endpoint.access));
    const t = c.get("t");
    const params = endpoint.params ? parseInput(endpoint.params, c.req.param(), t) : undefined;
    const query = endpoint.query ? parseQuery(endpoint.query, c.req.query(), t) : undefined;
    const body = endpoint.body && typeof endpoint.body !== "string" ? await parseBody(c, endpoint.body) : undefined;
    const input = { caller, ctx: c.get("ctx"), params, query, body } as HandlerInput<E>;
    const result = await handler(c, input);
    return result instanceof Response ? result : success(c, result.data, result.message, result.status);
  });
}
