import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";

/** 404: intro title, message, image, back-home button. Other errors: status as title, message as text. */
export function ErrorPage({ status, message, stack }: { status: number; message?: string; stack?: string }) {
  const { t } = useTranslation("common");
  const { pathname } = useLocation();
  if (status === 404) {
    return (
      <main id="main" className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-16 text-center">
        <p className="text-lg font-semibold text-[var(--color-primary-dark)]">{t("errors.notFoundIntro")}</p>
        <h1 className="text-3xl font-bold">{t("errors.notFoundTitle")}</h1>
        <img src="/images/not-found.svg" alt="" width={240} height={160} />
        <p>{t("errors.notFoundMessage")}</p>
        <p className="text-sm text-slate-600" data-testid="not-found-detail">
          {message || t("errors.pageNotFound", { path: pathname })}
        </p>
        <Link
          to="/"
          className="rounded bg-[var(--color-primary)] px-4 py-2 font-semibold text-white hover:bg-[var(--color-primary-dark)]"
        >
          {t("errors.backHome")}
        </Link>
      </main>
    );
  }
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold">{status}</h1>
      <p className="mt-4">{message || t("errors.anErrorOccurred")}</p>
      {stack ? (
        <details className="mt-6">
          <summary>{t("errors.details")}</summary>
          <pre className="mt-2 overflow-auto bg-slate-100 p-3 text-xs">{stack}</pre>
        </details>
      ) : null}
    </main>
  );
}
