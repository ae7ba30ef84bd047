import { useTranslation } from "~/i18n/react";
import { useLocation } from "react-router";
import { ButtonLink } from "~/components/ui/button";

/**
 * 404: intro title, message, image, back-home button, and the detail ("Page not found: /x" for an
 * unmatched path, "Page Not Found: /x" for a route whose parameters are invalid).
 * Other errors: the status code as the title, the message as the text, the stack only in development.
 */
export function ErrorPage({ status, message, stack }: { status: number; message?: string; stack?: string }) {
  const { t } = useTranslation("common");
  const { pathname } = useLocation();
  if (status === 404) {
    return (
      <main id="main" tabIndex={-1} className="mx-auto flex max-w-2xl flex-col items-center gap-5 px-4 py-16 text-center" data-testid="not-found-page">
        <p className="text-lg font-semibold text-primary-dark">{t("errors.notFoundIntro")}</p>
        <h1 className="text-3xl font-bold">{t("errors.notFoundTitle")}</h1>
        <img src="/images/not-found.svg" alt="" width={280} height={187} className="h-auto max-w-full" />
        <p className="text-lg">{t("errors.notFoundMessage")}</p>
        <p className="break-all rounded bg-slate-100 px-3 py-2 font-mono text-sm text-slate-800" data-testid="not-found-detail">
          {message || t("errors.pageNotFound", { path: pathname })}
        </p>
        <ButtonLink to="/" icon="home">
          {t("errors.backHome")}
        </ButtonLink>
      </main>
    );
  }
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-2xl px-4 py-16" data-testid="error-page">
      <h1 className="text-4xl font-bold">{status}</h1>
      <p className="mt-4 text-lg">{message || t("errors.anErrorOccurred")}</p>
      {stack ? (
        <details className="mt-6">
          <summary className="cursor-pointer font-medium">{t("errors.details")}</summary>
          <pre className="mt-2 overflow-auto rounded bg-slate-100 p-3 text-xs">{stack}</pre>
        </details>
      ) : null}
      <ButtonLink to="/" icon="home" variant="secondary" className="mt-8">
        {t("errors.backHome")}
      </ButtonLink>
    </main>
  );
}

/** Status, message and stack of whatever a route threw; the stack only in development and never for a 404. */
export function describeRouteError(
  error: unknown,
  isDevelopment: boolean,
): { status: number; message?: string; stack?: string } {
  if (error && typeof error === "object" && "status" in error && "data" in error && "statusText" in error) {
    const response = error as { status: number; statusText: string; data: unknown };
    const data = response.data;
    const message =
      typeof data === "string" ? data : data && typeof data === "object" && "message" in data ? String((data as { message: unknown }).message) : response.statusText;
    return { status: response.status, message };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { status: 500, message, stack: isDevelopment && error instanceof Error ? error.stack : undefined };
}
