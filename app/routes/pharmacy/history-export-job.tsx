import { useEffect } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/history-export-job";
import { PharmacyPage } from "~/components/pharmacy/pharmacy-tabs";
import { SubmitButton } from "~/components/ui/form-fields";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { notFoundOn404 } from "~/lib/errors.server";
import { requireIdParam } from "~/lib/id-param.server";
import { serverT } from "~/lib/translate.server";
import { referentEndpoints as referent } from "#core/contract/endpoints/referent.ts";
import { pageMeta } from "~/lib/meta";

/** Seconds between two looks at a running export (a meta refresh without JavaScript, a revalidation with it). */
const REFRESH_SECONDS = 2;

/**
 * A team history export being written (ADR 0076): its progress while it runs, then the file's link. Without
 * JavaScript the page reloads itself (a refresh in <noscript>); with it, the loader is read again in place.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  requireIdParam(params.jobId, url);
  const { back } = context.get(requestStateContext);
  const job = await back.call(referent.historyExportJob, { params: { id: params.jobId } }).catch(notFoundOn404(url.pathname, [404, 422]));
  return { title: serverT(context, "pharmacy")("dashboard.exportTitle"), job };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export default function HistoryExportJobPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pharmacy");
  const path = usePagePath();
  const { job } = loaderData;
  const revalidator = useRevalidator();
  const running = job.state === "running";

  useEffect(() => {
    if (!running || revalidator.state !== "idle") return;
    const timer = window.setTimeout(() => void revalidator.revalidate(), REFRESH_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, [running, job.done, revalidator]);

  return (
    <PharmacyPage title={t("dashboard.exportTitle")}>
      <p className="mb-4">
        <Link to={path("pharmacy-dashboard")} className="underline">
          {t("dashboard.exportBack")}
        </Link>
      </p>
      <section aria-labelledby="export-progress" data-testid="history-export-job" data-state={job.state}>
        <h3 id="export-progress" className="mb-2 text-xl font-bold">
          {t("dashboard.exportProgress")}
        </h3>
        {running ? (
          <>
            {/* Without JavaScript the page looks again by itself; with it, the effect above reads the loader again. */}
            <noscript dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="${REFRESH_SECONDS}">` }} />
            <p role="status" aria-live="polite" className="mb-2">
              {t("dashboard.exportRunning", { done: job.done, total: job.total, percent: job.percent })}
            </p>
            <progress max={100} value={job.percent} aria-label={t("dashboard.exportProgress")} className="mb-3 h-4 w-full max-w-md">
              {job.percent} %
            </progress>
            <p>
              <Link to={path("pharmacy-history-export-job", { jobId: job.id })} reloadDocument className="underline">
                {t("dashboard.exportRefresh")}
              </Link>
            </p>
          </>
        ) : job.state === "done" && job.downloadPath ? (
          <>
            <p role="status" className="mb-3">
              {t("dashboard.exportDone", { total: job.total })}
            </p>
            <a href={job.downloadPath} download className="font-semibold text-[var(--color-primary-dark)] underline">
              {t("dashboard.exportDownload")}
            </a>
          </>
        ) : (
          <>
            <p role="alert" className="mb-3">
              {t("dashboard.exportFailed")}
            </p>
            <Form method="post" action={path("pharmacy-history-export")} reloadDocument>
              <AuthenticityTokenInput name="csrf" />
              <SubmitButton intent="export">{t("dashboard.exportAgain")}</SubmitButton>
            </Form>
          </>
        )}
      </section>
    </PharmacyPage>
  );
}
