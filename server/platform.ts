import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { parseBrandHosts } from "#core/branding/resolve-brand.ts";
import { createBackApp } from "./back/app.ts";
import { createReadScope, type ReadScope } from "./back/http/read-scope.ts";
import { callInProcess } from "./back/in-process.ts";
import type { BackCall } from "#core/contract/web-host.ts";
import type { BackDeps, Broadcaster } from "./back/context.ts";
import { openDatabase, type Database } from "./db/client.ts";
import { AppError } from "./back/http/app-error.ts";
import { isDatabaseUnavailable } from "./db/connection-errors.ts";
import { createStatementCounter } from "./db/statement-counter.ts";
import { isDatabaseEmpty, seedDemo } from "./db/seed/demo.ts";
import { DEFAULT_PASSWORD_HASH_COST } from "./back/modules/auth/password.ts";
import { storeDemoProofs } from "./db/seed/compliance.ts";
import { cardPaymentProvider, type Env } from "./env.ts";
import type { Logger } from "./logger.ts";
import { createMailer } from "./mail/mailer.ts";
import { databaseFailureStore, failureStoreWithFallback, redisFailureStore, type LoginFailureStore } from "./back/modules/auth/rate-limit.ts";
import { Redis } from "ioredis";
import { sharePageCacheClears } from "./web/shared-page-cache-clears.ts";
import { platformJobs } from "./jobs/platform-jobs.ts";
import { startScheduler } from "./jobs/scheduler.ts";
import { createPusherBroadcaster } from "./realtime/broadcast.ts";
import { createRealtimeServer, refuseUpgrade, type RealtimeServer } from "./realtime/index.ts";
import { createPageCache } from "./web/page-cache.ts";
import { answerGzipSplicer } from "./web/gzip-splice.ts";
import { pageDataVersionFor, pageDataVersionWithSession, sharedPageDataVersion } from "./back/http/session.ts";
import { pageMethodGuard } from "./web/page-methods.ts";
import { precompressedAssets } from "./web/precompressed-assets.ts";
import { prepareTranslationFiles, translationFiles, type TranslationFiles } from "./web/translation-files.ts";
import { readBuildId } from "./web/build-id.ts";
import { brandFavicon } from "./web/brand-favicon.ts";
import { clientErrorOf, isClientAbort } from "./web/client-errors.ts";
import { rejectMalformedPaths } from "./web/malformed-paths.ts";
import { privatePagesForSessions } from "./web/private-pages.ts";
import { requestIdAndLog } from "./web/request-log.ts";
import { securityHeaders } from "./web/security-headers.ts";
import { webEntry } from "./web/web-entry.ts";
import { createFileStore } from "./storage/file-store.ts";
import { serveUploads } from "./storage/serve-files.ts";
import { upgradeClientAddress } from "./realtime/upgrade-client-address.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const BUILD_DIR = path.join(ROOT, "build");
/** How long a stopping server lets in-flight requests finish before it cuts their connections. */
const DRAIN_MS = 10_000;

export type Platform = {
  server: http.Server;
  database: Database;
  back: ReturnType<typeof createBackApp>;
  /** What the back app's services are built from (tests build a service context with it). */
  deps: BackDeps;
  realtime: RealtimeServer;
  url: string;
  close(): Promise<void>;
};

export type PlatformOptions = {
  env: Env;
  logger: Logger;
  /** Overrides the database (tests share one). */
  database?: Database;
  broadcaster?: Broadcaster;
};

/**
 * The composition root: one HTTP server for pages (React Router SSR), the back API under
 * /back (Hono), static files, and (with the realtime module) websockets.
 */
export async function startPlatform({ env, logger, ...overrides }: PlatformOptions): Promise<Platform> {
  logCardPayments(env, logger);
  logPasswordHashCost(env, logger);
  const statementCounter = env.BENCH_SQL_COUNT === "on" && !overrides.database ? createStatementCounter() : null;
  const database =
    overrides.database ??
    (await openDatabase({
      databaseUrl: env.DATABASE_URL,
      pgliteDir: env.PGLITE_DIR,
      pgliteProcess: env.PGLITE_PROCESS === "child",
      statementCounter: statementCounter ?? undefined,
    }));
  if (!overrides.database) {
    await database.withStartupLock(async () => {
      await database.migrate();
      if (env.SEED_DEMO === "always" || (env.SEED_DEMO === "auto" && (await isDatabaseEmpty(database.db)))) {
        const started = performance.now();
        await seedDemo(database.db, { passwordHashCost: env.PASSWORD_HASH_COST });
        logger.info({ ms: Math.round(performance.now() - started) }, "demo data loaded");
      }
    });
  }

  const realtime = await startRealtime(env, logger);
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 }) : null;
  // Redis away is not a fault of this process: ioredis reconnects by itself, the login counters fall back meanwhile.
  redis?.on("error", (error: Error) => logger.debug({ err: error }, "login rate limit: Redis connection error"));
  const broadcaster: Broadcaster =
    overrides.broadcaster ??
    (env.REALTIME_DRIVER === "pusher" && env.PUSHER_HOST
      ? createPusherBroadcaster({
          appId: env.PUSHER_APP_ID,
          key: env.PUSHER_APP_KEY,
          secret: env.PUSHER_APP_SECRET,
          host: env.PUSHER_HOST,
          port: env.PUSHER_PORT,
          useTLS: env.PUSHER_TLS === "true",
        })
      : realtime.broadcaster);
  let listeningPort: number | null = null;
  const deps: BackDeps = {
    db: database.db,
    env,
    logger,
    brandHosts: parseBrandHosts(env.BRAND_HOSTS),
    publicPort: () => env.PUBLIC_PORT ?? (env.TRUST_PROXY === "true" ? null : listeningPort),
    broadcaster,
    loginFailures: redis ? loginFailuresOnRedis(redis, database.db, logger) : databaseFailureStore(database.db),
    files: createFileStore(env, database.db),
    mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(env.DATA_DIR, "mail") }),
    now: () => new Date(),
  };
  // The demo's declared actions get their proof files once the file store exists (server/db/seed/compliance.ts).
  await storeDemoProofs(database.db, deps.files);
  const back = createBackApp(deps);
  const backListener = getRequestListener(back.fetch);

  const app = express();
  app.disable("x-powered-by");
  if (statementCounter) {
    app.get(
      "/__bench/sql-statements",
      (req, res) =>
        void res.json(
          req.query.recent ? { statements: statementCounter.statements, recent: statementCounter.recent } : { statements: statementCounter.statements },
        ),
    );
  }
  if (env.TRUST_PROXY === "true") app.set("trust proxy", true);
  app.use(requestIdAndLog(logger));
  // First, so that every answer carries them, even a 400 for a malformed URL or a Pusher HTTP API reply.
  app.use(securityHeaders(env));
  app.use(rejectMalformedPaths);
  // The Pusher HTTP API reads its own raw body: it goes before anything that touches bodies.
  app.use(realtime.httpApi);
  app.use(compression());

  const isDevelopment = env.NODE_ENV === "development";
  // Logged-in pages are cached only when this process's back renders them (no BACK_URL): the version is read from
  // the database that back reads.
  const cacheSessionPages = env.SESSION_PAGE_CACHE_TTL_MS > 0 && !env.BACK_URL;
  const pageCache =
    env.PAGE_CACHE === "on" && env.PAGE_CACHE_TTL_MS > 0 && !isDevelopment
      ? createPageCache({
          ttlMs: env.PAGE_CACHE_TTL_MS,
          maxEntries: 300,
          csrf: async () => webEntry(await getBuild()).webCsrf(env.APP_SECRET, env.PUBLIC_URL_SCHEME === "https"),
          sessionPageVersion: cacheSessionPages
            ? (sessionId, scope, rendering) =>
                rendering
                  ? pageDataVersionWithSession(database.db, sessionId, scope, deps.now(), requestReadScope(rendering.locals))
                  : pageDataVersionFor(database.db, sessionId, scope, deps.now())
            : undefined,
          sessionTtlMs: env.SESSION_PAGE_CACHE_TTL_MS,
          maxSessionEntries: env.SESSION_PAGE_CACHE_ENTRIES,
          // Read from the database that this process's back writes to (no BACK_URL).
          sharedPageVersion: env.BACK_URL ? undefined : () => sharedPageDataVersion(database.db),
          afterWriteClear: (emptied): Promise<void> | undefined => sharedClears?.publish(emptied),
        })
      : null;
  const sharedClears = pageCache && redis ? sharePageCacheClears(redis, (emptied) => pageCache.clearGuestPages(emptied), logger) : null;
  if (pageCache) app.use(pageCache.clearOnWrite);

  app.use((req, res, next) => {
    if (req.path === "/back" || req.path.startsWith("/back/")) return void backListener(req, res);
    next();
  });

  // Production hands React Router the build object itself: given a function, it re-derives the route tree
  // and its static handler on every request (about a tenth of the render time).
  let build: ServerBuild | (() => Promise<ServerBuild>);
  let getBuild: () => Promise<ServerBuild>;
  if (isDevelopment) {
    const vite = await import("vite").then((m) => m.createServer({ server: { middlewareMode: true } }));
    app.use(vite.middlewares);
    getBuild = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    build = getBuild;
  } else {
    const buildPath = path.join(BUILD_DIR, "server", "index.js");
    if (!fs.existsSync(buildPath)) throw new Error("No build found: run `npm run build` first (npm start does it).");
    const loaded = (await import(buildPath)) as ServerBuild;
    getBuild = async () => loaded;
    build = loaded;
    app.use("/assets", precompressedAssets(path.join(BUILD_DIR, "client", "assets")));
    app.use("/assets", express.static(path.join(BUILD_DIR, "client", "assets"), { immutable: true, maxAge: "1y", index: false }));
    app.use(filesOnly(express.static(path.join(BUILD_DIR, "client"), { maxAge: "1h", index: false })));
  }
  // The pages' translation files (ADR 0128), compressed once: at start in production, per build in development.
  const builtTranslations = isDevelopment ? null : prepareTranslationFiles(webEntry(await getBuild()).translationFileBodies());
  let developmentTranslations: { bodies: ReadonlyMap<string, string>; files: TranslationFiles } | null = null;
  app.use(
    translationFiles(async () => {
      if (builtTranslations) return builtTranslations;
      const bodies = webEntry(await getBuild()).translationFileBodies();
      if (developmentTranslations?.bodies !== bodies) developmentTranslations = { bodies, files: prepareTranslationFiles(bodies) };
      return developmentTranslations.files;
    }),
  );
  app.use(brandFavicon(env.BRAND_HOSTS, path.join(ROOT, "public")));
  app.use(filesOnly(express.static(path.join(ROOT, "public"), { maxAge: "1h", index: false })));
  app.use("/uploads", serveUploads(deps.files, logger));

  const buildId = readBuildId(BUILD_DIR);
  const inProcessBackFetch = (call: BackCall, clientIp: string, reads: ReadScope) =>
    // inProcess: the web tier's own call, whose X-Forwarded-Host is the browser's Host (see request-host.ts).
    // reads: the reads shared by the back calls of this one web request (server/back/http/read-scope.ts).
    callInProcess((request) => back.fetch(request, { incoming: { socket: { remoteAddress: clientIp } }, inProcess: true, reads }), call);

  app.use(pageMethodGuard(getBuild));
  // Before the cache, so that a logged-in page served from it is marked private too.
  app.use(privatePagesForSessions);
  if (pageCache) app.use(pageCache.middleware);
  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: isDevelopment ? "development" : "production",
      getLoadContext: async (req, res) => {
        const build = await getBuild();
        const entry = webEntry(build);
        const context = new RouterContextProvider();
        // One per web request: its back calls share their reads, never another request's (read-scope.ts).
        const reads = requestReadScope(res.locals);
        context.set(entry.serverConfigContext, {
          brandHosts: env.BRAND_HOSTS,
          backFetch: (request, clientIp) => inProcessBackFetch(request, clientIp, reads),
          backUrl: env.BACK_URL,
          appSecret: env.APP_SECRET,
          secureCookies: env.PUBLIC_URL_SCHEME === "https",
          isDevelopment,
          buildId,
          realtime: {
            key: env.PUSHER_APP_KEY,
            host: env.PUSHER_HOST ?? null,
            port: env.PUSHER_PORT ?? null,
            tls: env.PUSHER_TLS === "true",
          },
          clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
          sharedFragments: isDevelopment ? "off" : env.SHARED_FRAGMENTS,
          reusedDocuments: isDevelopment ? "off" : env.REUSED_DOCUMENTS,
          // The same negotiation as the page cache's replays: a browser that takes gzip, whatever it prefers. The
          // splicer keeps what it spliced in res.locals, where the page cache finds the answer's text.
          gzip: req.acceptsEncodings("gzip") === "gzip" ? answerGzipSplicer(res.locals) : null,
          nonce: String(res.locals.cspNonce ?? ""),
          refusedMethod: res.locals.refusedMethod === true,
        });
        return context;
      },
    }),
  );

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (isClientAbort(error)) {
      logger.debug({ path: req.path, requestId: res.locals.requestId }, "the client left before the answer ended");
      return;
    }
    const clientError = clientErrorOf(error);
    if (clientError) {
      // The static file middleware reports bad requests as errors (a range past the end, a malformed path):
      // they are the client's, answered with their own status and headers, never a 500.
      if (!res.headersSent) res.status(clientError.status).set(clientError.headers).type("text/plain").send(clientError.message);
      return;
    }
    if (isDatabaseUnavailable(error) || (error instanceof AppError && error.code === "SERVICE_UNAVAILABLE")) {
      // Outside the back API and the pages (the page cache's version read, a file served from the database or an S3
      // bucket): 503.
      logger.warn({ err: error, path: req.path, requestId: res.locals.requestId }, "database or file store unavailable");
      if (!res.headersSent)
        res.status(503).set("Retry-After", "5").type("text/plain").send(`Service unavailable, try again in a moment. Reference: ${res.locals.requestId}`);
      return;
    }
    logger.error({ err: error, path: req.path, requestId: res.locals.requestId }, "unhandled error");
    if (!res.headersSent) res.status(500).type("text/plain").send(`Internal error. Reference: ${res.locals.requestId}`);
  });

  const scheduler =
    env.SCHEDULER_TICK_MS > 0 ? startScheduler({ db: database.db, jobs: platformJobs(deps), logger, now: deps.now, tickMs: env.SCHEDULER_TICK_MS }) : null;
  const server = http.createServer(app);
  server.on("upgrade", (req, socket, head) => {
    // Node removes its own listeners from an upgraded socket: without this, a reset would be an uncaught error.
    socket.on("error", (error) => logger.debug({ err: error }, "upgrade socket error"));
    try {
      if (!realtime.handleUpgrade(req, socket, head)) refuseUpgrade(socket, 404);
    } catch (error) {
      logger.error({ err: error }, "upgrade failed");
      socket.destroy();
    }
  });
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    // Node's default answer, kept explicit: a request that cannot be parsed ends its own connection only.
    if (!socket.writable || (socket as { _httpMessage?: unknown })._httpMessage) {
      socket.destroy();
      return;
    }
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
    refuseUpgrade(socket, status);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  listeningPort = port;
  const url = `http://localhost:${port}`;

  let closing: Promise<void> | null = null;
  return {
    server,
    database,
    back,
    deps,
    realtime,
    url,
    close() {
      closing ??= (async () => {
        await realtime.close();
        sharedClears?.close();
        redis?.disconnect();
        // In-flight requests get DRAIN_MS to finish, then their connections are cut; the database is closed after
        // that whatever happened, and is never itself cut short: stopping it half-way is what a restart must not find.
        await new Promise<void>((resolve) => {
          const cut = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
          server.close(() => {
            clearTimeout(cut);
            resolve();
          });
          server.closeIdleConnections();
        });
        await scheduler?.stop();
        if (!overrides.database) await database.close();
      })();
      return closing;
    },
  };
}

/**
 * The read scope of one web request (read-scope.ts): made by the session page cache's version read when the page
 * renders anyway (it hands the session's row to the render, ADR 0146), else by the render. Never another request's.
 */
function requestReadScope(locals: Record<string, unknown>): ReadScope {
  return (locals.readScope ??= createReadScope()) as ReadScope;
}

/**
 * Who takes card payments, said at every start; the start fails first when production does not name them or
 * SystemPay lacks its keys (cardPaymentProvider). The sandbox is named plainly: it accepts a public test card.
 */
function logCardPayments(env: Env, logger: Logger): void {
  if (cardPaymentProvider(env) === "systempay") {
    logger.info({ shopId: env.SYSTEMPAY_SHOP_ID, mode: env.SYSTEMPAY_MODE }, "card payments: SystemPay");
    return;
  }
  logger.warn(
    { paymentProvider: "sandbox" },
    "card payments: the built-in SANDBOX. It accepts the public test card 4242 4242 4242 4242 and takes no money: a demo, not a shop",
  );
}

/** A production server whose passwords are cheaper to guess than by default says so at start (test servers set it lower). */
function logPasswordHashCost(env: Env, logger: Logger): void {
  if (env.NODE_ENV !== "production" || env.PASSWORD_HASH_COST >= DEFAULT_PASSWORD_HASH_COST) return;
  logger.warn(
    { passwordHashCost: env.PASSWORD_HASH_COST, default: DEFAULT_PASSWORD_HASH_COST },
    "passwords: hashed at a lower scrypt cost than the default (PASSWORD_HASH_COST), as for a test server",
  );
}

async function startRealtime(env: Env, logger: Logger): Promise<RealtimeServer> {
  const log = logger.child({ module: "realtime" });
  return createRealtimeServer({
    appId: env.PUSHER_APP_ID,
    key: env.PUSHER_APP_KEY,
    secret: env.PUSHER_APP_SECRET,
    redisUrl: env.REDIS_URL,
    maxConnectionsPerAddress: env.REALTIME_MAX_CONNECTIONS_PER_ADDRESS,
    clientAddress: (req) => upgradeClientAddress(req, env.TRUST_PROXY === "true"),
    logger: {
      info: (details, message) => log.info(details, message),
      warn: (details, message) => log.warn(details, message),
      error: (details, message) => log.error(details, message),
    },
  });
}

/** How often the log repeats that login counters are in PostgreSQL because Redis is away. */
const FALLBACK_LOG_INTERVAL_MS = 60_000;

/** The login counters in Redis, in PostgreSQL while Redis is away (failureStoreWithFallback, ADR 0122). */
function loginFailuresOnRedis(redis: Redis, db: Database["db"], logger: Logger): LoginFailureStore {
  let lastLog = 0;
  return failureStoreWithFallback(
    redisFailureStore(redis),
    databaseFailureStore(db),
    () => redis.status === "ready",
    (error) => {
      if (Date.now() - lastLog < FALLBACK_LOG_INTERVAL_MS) return;
      lastLog = Date.now();
      logger.warn({ err: error ?? undefined, redis: redis.status }, "login rate limit: Redis unavailable, counting in PostgreSQL meanwhile");
    },
  );
}

/**
 * Every file these folders serve has an extension and no page path has one (slugs are letters, digits and dashes):
 * a page request skips the file lookups, which cost a `stat` per folder on every page (8 % of a cached page's CPU).
 */
function filesOnly(serveStatic: express.RequestHandler): express.RequestHandler {
  return (req, res, next) => (path.extname(req.path) === "" ? next() : serveStatic(req, res, next));
}
