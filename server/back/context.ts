import type { Db } from "../db/client.ts";
import type { Env } from "../env.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { FileStore } from "../storage/file-store.ts";
import type { LoginFailureStore } from "./modules/auth/rate-limit.ts";
import type { Brand, BrandKey } from "#core/branding/brands.ts";
import type { ServerLocale, Translate } from "./i18n/messages.ts";
import type { ServiceContext } from "./service-context.ts";

/** A minimal publishing seam; the realtime module provides the real implementation. */
export type Broadcaster = {
  broadcast(channel: string, event: string, payload: unknown, options?: { exceptSocketId?: string }): Promise<void>;
};

export type BackDeps = {
  db: Db;
  env: Env;
  logger: Logger;
  brandHosts: Map<string, BrandKey>;
  /** The port in public links (PUBLIC_PORT, or the listening port when no proxy is trusted); null: none/forwarded. */
  publicPort: () => number | null;
  broadcaster: Broadcaster;
  mailer: Mailer;
  /** Failed-login counts for the rate limit (database, or Redis when REDIS_URL is set). */
  loginFailures: LoginFailureStore;
  /** Uploaded files: the local folder or the database (ADR 0120). */
  files: FileStore;
  /** Injected so tests can move time; defaults to the real clock. */
  now: () => Date;
};

export type SessionState = { idHash: string; userId: number; accountId: number | null };

export type BackEnv = {
  Variables: {
    deps: BackDeps;
    requestId: string;
    locale: ServerLocale;
    t: Translate;
    brand: Brand;
    session: SessionState | null;
    logger: Logger;
    /** What the services receive: built once the session is known (service-context.ts). */
    ctx: ServiceContext;
  };
};
