import { useTranslation } from "~/i18n/react";
import { useLocation } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { pathLangOf } from "#core/locales.ts";
import { pagePath } from "#core/page-links.ts";
import { useRootData, type RootData } from "~/lib/use-root-data";

/** What each error status says, in plain words, and where it leads on (issue 30 item 3; ADR 0110). */
type Way = "home" | "login" | "reload";
const STATUS_TEXTS: Record<number, { title: string; message: string; ways: Way[] }> = {
  401: { title: "errors.sessionExpiredTitle", message: "errors.sessionExpiredMessage", ways: ["login", "home"] },
  403: { title: "errors.forbiddenTitle", message: "errors.forbiddenMessage", ways: ["home", "login"] },
  405: { title: "errors.methodNotAllowedTitle", message: "errors.methodNotAllowedMessage", ways: ["reload", "home"] },
  419: { title: "errors.formExpiredTitle", message: "errors.csrf", ways: ["reload", "home"] },
  500: { title: "errors.serverErrorTitle", message: "errors.serverErrorMessage", ways: ["reload", "home"] },
  503: { title: "errors.unavailableTitle", message: "errors.unavailableMessage", ways: ["reload", "home"] },
};
const OTHER_ERROR = { title: "errors.otherErrorTitle", message: "errors.anErrorOccurred", ways: ["reload", "home"] as Way[] };

/** The text of a status: its own, or the one of other errors (400, 409, 422, 502...). */
export function errorTexts(status: number) {
  return STATUS_TEXTS[status] ?? OTHER_ERROR;
}

/**
 * Every error page of the site, inside the site's layout (the callers wrap it in PageChrome).
 * 404: intro title, message, image, back-home button, and the detail ("Page not found: /x" for an unmatched path,
 * "Page Not Found: /x" for a route whose parameters are invalid).
 * Other errors: what happened in plain words as the title, the status code beside it, a message (the route's own
 * translated message when it gave one, as the 419 of a forged form token does, else the status's), one or two ways
 * on (log in, reload the page, home), and the stack only in development.
 */
export function ErrorPage({ status, message, detail, stack }: { status: number; message?: string; detail?: string; stack?: string }) {
  const { t } = useTranslation("common");
  const { pathname, search } = useLocation();
  const data = useRootData();
  if (status === 404) {
    return (
      <main id="main" tabIndex={-1} className="mx-auto flex max-w-2xl flex-col items-center gap-5 px-4 py-16 text-center" data-testid="not-found-page">
        <p className="text-lg font-semibold text-primary-dark">{t("errors.notFoundIntro")}</p>
        <h1 className="text-3xl font-bold">{t("errors.notFoundTitle")}</h1>
        <img src="/images/not-found.svg" alt="" width={280} height={187} className="h-auto max-w-full" />
        <p className="text-lg">{t("errors.notFoundMessage")}</p>
        <p className="break-all rounded bg-slate-100 px-3 py-2 font-mono text-sm text-slate-800" data-testid="not-found-detail">
          {detail || t("errors.pageNotFound", { path: pathname })}
        </p>
        <ButtonLink to="/" icon="home">
          {t("errors.backHome")}
        </ButtonLink>
      </main>
    );
  }
  const texts = errorTexts(status);
  const ways = texts.ways.filter((way) => way !== "login" || !data?.user.loggedIn);
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-2xl px-4 py-16" data-testid="error-page" data-status={status}>
      <p className="text-sm font-semibold uppercase tracking-wide text-primary-dark" data-testid="error-status">
        {t("errors.statusLabel", { status })}
      </p>
      <h1 className="mt-2 text-3xl font-bold">{t(texts.title)}</h1>
      <p className="mt-4 text-lg" data-testid="error-message">
        {message || t(texts.message)}
      </p>
      <nav aria-label={t("errors.wayOn")} className="mt-8 flex flex-wrap gap-3">
        {ways.map((way, index) => (
          <WayOn key={way} way={way} primary={index === 0} data={data} current={pathname + search} />
        ))}
      </nav>
      {stack ? (
        <details className="mt-6">
          <summary className="cursor-pointer font-medium">{t("errors.details")}</summary>
          <pre className="mt-2 overflow-auto rounded bg-slate-100 p-3 text-xs">{stack}</pre>
        </details>
      ) : null}
    </main>
  );
}

function WayOn({ way, primary, data, current }: { way: Way; primary: boolean; data: RootData | undefined; current: string }) {
  const { t } = useTranslation("common");
  const variant = primary ? "primary" : "secondary";
  if (way === "login") {
    const login = pagePath("login", pathLangOf(data?.locale ?? "fr-FR")) ?? "/";
    return (
      <ButtonLink to={`${login}?${new URLSearchParams({ redirect: current })}`} icon="user" variant={variant} reloadDocument>
        {t("errors.logIn")}
      </ButtonLink>
    );
  }
  if (way === "reload") {
    return (
      <ButtonLink to={current} variant={variant} reloadDocument>
        {t("errors.reloadPage")}
      </ButtonLink>
    );
  }
  return (
    <ButtonLink to="/" icon="home" variant={variant}>
      {t("errors.backHome")}
    </ButtonLink>
  );
}

/**
 * Status, message, detail and stack of whatever a route threw. `message` is a route's own translated message
 * (`data({ message }, { status })`); `detail` the text of a 404 ("Page not found: /x"); the stack only in development
 * and never for a 404. An error thrown before the loaders ran carries the root's data (`refuse`, app/lib/errors.server.ts).
 */
export function describeRouteError(error: unknown, isDevelopment: boolean): { status: number; message?: string; detail?: string; stack?: string } {
  if (error && typeof error === "object" && "status" in error && "data" in error && "statusText" in error) {
    const response = error as { status: number; statusText: string; data: unknown };
    const data = response.data;
    if (typeof data === "string") return { status: response.status, detail: data };
    const message = data && typeof data === "object" && "message" in data && typeof data.message === "string" ? data.message : undefined;
    return { status: response.status, message };
  }
  if (!isDevelopment) return { status: 500 };
  return { status: 500, stack: error instanceof Error ? error.stack : String(error) };
}
