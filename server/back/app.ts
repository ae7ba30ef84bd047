import { randomUUID } from "node:crypto";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { BRANDS } from "#core/branding/brands.ts";
import { CAMPUS_COOKIE, resolveBrand } from "#core/branding/resolve-brand.ts";
import type { BackDeps, BackEnv } from "./context.ts";
import { AppError } from "./http/app-error.ts";
import { browserErrorPage, isBrowserDocument } from "./http/brand-page.ts";
import { parseCookies } from "#core/http/cookies.ts";
import { serializeCookie } from "./http/cookies.ts";
import { createCsrfToken, CSRF_COOKIE, CSRF_HEADER, isCsrfTokenValid } from "./http/csrf.ts";
import { failure } from "./http/envelope.ts";
import { isDatabaseUnavailable } from "../db/connection-errors.ts";
import { trustedRequestHost } from "./http/request-host.ts";
import { clearReadScope, readScopeFor, scopedSession, type ReadScope } from "./http/read-scope.ts";
import { isSecureRequest, loadRequestSession, SESSION_COOKIE } from "./http/session.ts";
import { isMessageKey, negotiateLocale, translator, type ServerLocale, type Translate } from "./i18n/messages.ts";
import { LOGIN_IMAGE_MAX_BYTES } from "#core/contract/editorial.ts";
import { MAX_IMAGE_BYTES } from "../storage/image-checks.ts";
import { MAX_ILLUSTRATION_BYTES } from "./modules/admin-catalog/illustration.ts";
import { MAX_CERTIFICATE_BYTES } from "./modules/attestations/practice-certificates.ts";
import { accountRoutes } from "./modules/account/account.routes.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { broadcastingRoutes } from "./modules/broadcasting/broadcasting.routes.ts";
import { catalogueRoutes } from "./modules/catalogue/catalogue.routes.ts";
import { contentRoutes } from "./modules/content/content.routes.ts";
import { adminRealtimeRoutes } from "./modules/admin/admin-realtime.routes.ts";
import { auditRoutes } from "./modules/audit/audit.routes.ts";
import { adminCatalogRoutes } from "./modules/admin-catalog/admin-catalog.routes.ts";
import { adminSessionsRoutes } from "./modules/admin-sessions/admin-sessions.routes.ts";
import { adminDashboardRoutes } from "./modules/admin/admin-dashboard.routes.ts";
import { requireAccess } from "./http/guards.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { notificationsRoutes } from "./modules/notifications/notifications.routes.ts";
import { homeRoutes } from "./modules/home/home.routes.ts";
import { profileRoutes } from "./modules/profile/profile.routes.ts";
import { userRoutes } from "./modules/user/user.routes.ts";
import { attestationsRoutes } from "./modules/attestations/attestations.routes.ts";
import { feedbackTrainerRoutes } from "./modules/attestations/feedback-trainer.routes.ts";
import { enrolmentRoutes } from "./modules/enrolment/enrolment.routes.ts";
import { flowRoutes } from "./modules/flow/flow.routes.ts";
import { recordsRoutes } from "./modules/records/records.routes.ts";
import { sandboxPagesRoutes } from "./modules/shop/sandbox-pages.routes.ts";
import { shopRoutes } from "./modules/shop/shop.routes.ts";
import { billingRoutes } from "./modules/billing/billing.routes.ts";
import { signUpRoutes } from "./modules/signup/signup.routes.ts";
import { referentRoutes } from "./modules/referent/referent.routes.ts";
import { evidencePacksRoutes } from "./modules/evidence-packs/evidence-packs.routes.ts";
import { teamComplianceRoutes } from "./modules/compliance/team-compliance.routes.ts";
import { accountingRoutes } from "./modules/accounting/accounting.routes.ts";
import { editorialRoutes } from "./modules/editorial/editorial.routes.ts";
import { adminUsersRoutes } from "./modules/admin-users/admin-users.routes.ts";
import { fundingRequestsRoutes } from "./modules/funding-requests/funding-requests.routes.ts";
import { trainingPlansRoutes } from "./modules/training-plans/training-plans.routes.ts";
import { trackerRoutes } from "./modules/compliance/tracker.routes.ts";
import { serviceContext } from "./service-context.ts";

export const MAX_BODY_BYTES = 1024 * 1024;
/** Uploads get more room; each upload route checks its own file size. */
const MAX_UPLOAD_BODY_BYTES = 6 * 1024 * 1024; // a 5 MB practice certificate plus the multipart envelope
/** The upload paths and the largest file each takes: what a body over the upload limit is told (in MB). */
const UPLOAD_PATHS: { path: RegExp; maxFileBytes: number }[] = [
  { path: /^\/back\/api\/user\/updateProfilePic$/, maxFileBytes: MAX_IMAGE_BYTES },
  { path: /^\/back\/api\/user\/dpc\/practiceCertificate\/[^/]+$/, maxFileBytes: MAX_CERTIFICATE_BYTES },
  { path: /^\/back\/api\/user\/compliance\/declared-actions$/, maxFileBytes: MAX_CERTIFICATE_BYTES },
  { path: /^\/back\/api\/admin\/catalog\/trainings\/[^/]+\/illustration$/, maxFileBytes: MAX_ILLUSTRATION_BYTES },
  { path: /^\/back\/api\/admin\/loginImage\/[^/]+$/, maxFileBytes: LOGIN_IMAGE_MAX_BYTES },
];
const uploadPathOf = (path: string) => UPLOAD_PATHS.find((upload) => upload.path.test(path));
const megabytes = (bytes: number) => bytes / 1024 / 1024;
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/**
 * Posts that cannot carry the CSRF header and check something else instead: payment notifications (the provider's
 * signature) and the sandbox payment form (its `_csrf` field, double-submitted against the cookie). ADR 0031.
 */
const isCsrfExempt = (path: string) => /^\/back\/api\/shop\/payments\/notify\/[^/]+$/.test(path) || /^\/back\/payments\/sandbox\/[^/]+$/.test(path);

/** The back API: every reply is the envelope {status, message, data} with an honest HTTP status. */
export function createBackApp(deps: BackDeps) {
  const app = new Hono<BackEnv>().basePath("/back");

  app.use(async (c, next) => {
    const requestId = c.req.header("x-request-id")?.slice(0, 100) || randomUUID();
    const locale: ServerLocale = negotiateLocale(c.req.header("accept-language"));
    const cookies = parseCookies(c.req.header("cookie"));
    c.set("deps", deps);
    c.set("requestId", requestId);
    c.set("locale", locale);
    c.set("t", translator(locale));
    c.set("logger", deps.logger.child({ requestId }));
    c.set("session", null);
    c.set("brand", resolveBrand(trustedRequestHost(c)?.hostname, deps.brandHosts, cookies[CAMPUS_COOKIE]).brand ?? BRANDS.fr);
    c.header("x-request-id", requestId);
    c.header("cache-control", "no-store");
    await next();
  });

  /** A body over `maxSize` is a 413 whose message states the limit the sender can act on. */
  const limitFor = (maxSize: number, message: (t: Translate) => string) =>
    bodyLimit({
      maxSize,
      onError: (c) => {
        // The rest of the body is never read: close the connection so no client reuses it mid-upload.
        c.header("Connection", "close");
        return failure(c, 413, message((c as Context<BackEnv>).get("t")));
      },
    });
  const defaultLimit = limitFor(MAX_BODY_BYTES, (t) => t("bodyTooLarge", { max: megabytes(MAX_BODY_BYTES) }));
  const uploadLimits = new Map(
    UPLOAD_PATHS.map((upload) => [upload, limitFor(MAX_UPLOAD_BODY_BYTES, (t) => t("uploadTooLarge", { max: megabytes(upload.maxFileBytes) }))]),
  );
  app.use((c, next) => {
    const upload = uploadPathOf(c.req.path);
    return (upload ? uploadLimits.get(upload)! : defaultLimit)(c, next);
  });

  app.get("/sanctum/csrf-cookie", (c) => {
    const token = createCsrfToken(deps.env.APP_SECRET);
    c.header("Set-Cookie", serializeCookie(CSRF_COOKIE, token, { sameSite: "Lax", secure: isSecureRequest(c), maxAge: 2 * 3600 }), {
      append: true,
    });
    return c.body(null, 204);
  });

  app.use(async (c, next) => {
    if (MUTATING.has(c.req.method) && !isCsrfExempt(c.req.path)) {
      const cookie = parseCookies(c.req.header("cookie"))[CSRF_COOKIE];
      if (!isCsrfTokenValid(cookie, c.req.header(CSRF_HEADER), deps.env.APP_SECRET)) {
        return failure(c, 419 as ContentfulStatusCode, c.get("t")("csrfMismatch"));
      }
    }
    // One session lookup per web request for its in-process reads; a write empties the request's scope (ADR 0040).
    const reads = readScopeFor(c);
    const sid = parseCookies(c.req.header("cookie"))[SESSION_COOKIE] ?? "";
    c.set(
      "session",
      await scopedSession(reads, `${sid}|${c.get("brand").key}`, () =>
        loadRequestSession(deps.db, c.req.header("cookie"), deps.now(), c.get("brand").key, reads),
      ),
    );
    c.set("ctx", serviceContext(deps, { brand: c.get("brand"), locale: c.get("locale"), t: c.get("t"), user: c.get("session"), logger: c.get("logger") }));
    await next();
    const scope = (c.env as { reads?: ReadScope } | undefined)?.reads;
    if (scope && !reads) clearReadScope(scope);
  });

  const api = new Hono<BackEnv>();
  // The admin-auth guard (spec section 6), once for the whole back office: every /back/api/admin/* call needs a
  // logged-in administrator (401 for guests, 403 for others), before its route reads anything (ADR 0060).
  api.use("/admin/*", async (c, next) => {
    await requireAccess(c, "admin");
    await next();
  });
  api.route("/", healthRoutes);
  api.route("/", authRoutes);
  api.route("/", userRoutes);
  api.route("/", homeRoutes);
  api.route("/", catalogueRoutes);
  api.route("/", accountRoutes);
  api.route("/", signUpRoutes);
  api.route("/", profileRoutes);
  api.route("/", broadcastingRoutes);
  api.route("/", contentRoutes);
  api.route("/", notificationsRoutes);
  api.route("/", adminRealtimeRoutes);
  api.route("/", auditRoutes);
  api.route("/", adminCatalogRoutes);
  api.route("/", adminSessionsRoutes);
  api.route("/", adminDashboardRoutes);
  api.route("/", enrolmentRoutes);
  api.route("/", flowRoutes);
  api.route("/", recordsRoutes);
  api.route("/", attestationsRoutes);
  api.route("/", feedbackTrainerRoutes);
  api.route("/", shopRoutes);
  api.route("/", billingRoutes);
  api.route("/", referentRoutes);
  api.route("/", evidencePacksRoutes);
  api.route("/", teamComplianceRoutes);
  api.route("/", accountingRoutes);
  api.route("/", editorialRoutes);
  api.route("/", adminUsersRoutes);
  api.route("/", fundingRequestsRoutes);
  api.route("/", trainingPlansRoutes);
  api.route("/", trackerRoutes);
  app.route("/api", api);
  app.route("/payments", sandboxPagesRoutes);

  app.notFound((c) => failure(c, 404, (c as Context<BackEnv>).get("t")("routeNotFound", { path: c.req.path })));

  app.onError((caught, c) => {
    const ctx = c as Context<BackEnv>;
    const logger = ctx.get("logger") ?? deps.logger;
    // The database out of reach (a restart, a failover): 503, try again in a moment, never a 500 (ADR 0122).
    const error =
      !(caught instanceof AppError) && isDatabaseUnavailable(caught) ? new AppError("SERVICE_UNAVAILABLE", "serviceUnavailable", { cause: caught }) : caught;
    if (!(error instanceof AppError)) logger.error({ err: error, path: c.req.path }, "unhandled error in back API");
    else if (error.status >= 500) logger.warn({ err: error.cause, path: c.req.path, status: error.status }, "service unavailable");
    if (error instanceof AppError && error.status === 503) c.header("Retry-After", "5");
    // A link the browser opens itself (the sandbox page, an invoice): the error is a page in the buyer's language.
    if (ctx.get("brand") && isBrowserDocument(ctx)) return browserErrorPage(ctx, error);
    const t = ctx.get("t") ?? translator("en-US");
    if (error instanceof AppError) {
      const fields = error.options.fields
        ? Object.fromEntries(Object.entries(error.options.fields).map(([k, list]) => [k, list.map((m) => (isMessageKey(m) ? t(m) : m))]))
        : null;
      const data = fields ? { errors: fields, ...((error.options.data as object | undefined) ?? {}) } : (error.options.data ?? null);
      return failure(c, error.status as ContentfulStatusCode, t(error.messageKey, error.options.values), data);
    }
    return failure(c, 500, t("internalError", { requestId: ctx.get("requestId") ?? "unknown" }));
  });

  return app;
}
