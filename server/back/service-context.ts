import type { Context } from "hono";
import type { Db } from "../db/client.ts";
import type { Env } from "../env.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { FileStore } from "../storage/file-store.ts";
import type { Brand } from "#core/branding/brands.ts";
import type { BackDeps, BackEnv, Broadcaster, SessionState } from "./context.ts";
import { translator, type ServerLocale, type Translate } from "./i18n/messages.ts";

/**
 * The first argument of every service function: the database, the clock, the brand and language of the request, who
 * calls, and the outlets (realtime, mail, log). Built once per request by the back app (`c.get("ctx")`, kept in step
 * with the session when a request logs in, out or switches account) and handed to each handler as `input.ctx`.
 * Inside a transaction a service passes `{ ...ctx, db: tx }` on.
 */
export type ServiceContext = {
  db: Db;
  env: Env;
  /** Injected so tests can move time; the real clock otherwise. */
  now: () => Date;
  brand: Brand;
  locale: ServerLocale;
  t: Translate;
  /** The caller's session: null for a visitor. */
  user: SessionState | null;
  broadcaster: Broadcaster;
  mailer: Mailer;
  logger: Logger;
  /** Uploaded files (local folder or database, ADR 0120). */
  files: FileStore;
};

/** A context outside an HTTP request (the demo seed, tests, a command): the deps, a brand, a locale, maybe a user. */
export function serviceContext(
  deps: Pick<BackDeps, "db" | "env" | "now" | "broadcaster" | "mailer" | "logger" | "files">,
  request: { brand: Brand; locale: ServerLocale; t?: Translate; user?: SessionState | null; logger?: Logger },
): ServiceContext {
  return {
    db: deps.db,
    env: deps.env,
    now: deps.now,
    brand: request.brand,
    locale: request.locale,
    t: request.t ?? translator(request.locale),
    user: request.user ?? null,
    broadcaster: deps.broadcaster,
    mailer: deps.mailer,
    logger: request.logger ?? deps.logger,
    files: deps.files,
  };
}

/** The request's context with its session set anew (login, logout, account switch). */
export function setRequestSession(c: Context<BackEnv>, session: SessionState | null): void {
  c.set("session", session);
  if (c.get("ctx")) c.set("ctx", { ...c.get("ctx"), user: session });
}
