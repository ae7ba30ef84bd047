import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import type { EvidencePack } from "#core/contract/evidence-packs.ts";
import { formatInstant, formatKilobytes } from "#core/domain/format.ts";
import { useTranslation } from "~/i18n/react";
import { useRootData } from "~/lib/use-root-data";
import { packScope } from "./evidence-pack-panel";

/** Seconds between two looks at a pack being built (a meta refresh without JavaScript, a revalidation with it). */
const REFRESH_SECONDS = 2;

/**
 * A pack's page (ADR 0127): its progress while it is built, then its download link with the build date, size and
 * SHA-256. Without JavaScript the page reloads itself (a refresh in <noscript>, and an "Actualiser" link); with it,
 * the loader is read again in place.
 */
export function EvidencePackProgress({ pack, selfPath, downloadPath }: { pack: EvidencePack; selfPath: string; downloadPath: string }) {
  const { t } = useTranslation("evidence-pack");
  const locale = useRootData()?.locale ?? "fr-FR";
  const revalidator = useRevalidator();
  const running = pack.state === "running";

  useEffect(() => {
    if (!running || revalidator.state !== "idle") return;
    const timer = window.setTimeout(() => void revalidator.revalidate(), REFRESH_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, [running, pack.done, revalidator]);

  return (
    <section
      aria-labelledby="evidence-pack-progress"
      className="flex flex-col gap-3 rounded-md border border-slate-300 bg-white p-4"
      data-testid="evidence-pack"
      data-state={pack.state}
    >
      <h2 id="evidence-pack-progress" className="text-xl font-bold">
        {t("progress.heading")}
      </h2>
      <p>{packScope(pack, t, locale)}</p>
      {running ? (
        <>
          <noscript dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="${REFRESH_SECONDS}">` }} />
          <p role="status" aria-live="polite">
            {t("progress.running", { done: pack.done, total: pack.total, percent: pack.percent })}
          </p>
          <progress max={100} value={pack.percent} aria-label={t("progress.heading")} className="h-4 w-full max-w-md">
            {pack.percent} %
          </progress>
          <p>
            <Link to={selfPath} reloadDocument className="font-semibold underline" data-testid="evidence-pack-refresh">
              {t("progress.refresh")}
            </Link>
          </p>
        </>
      ) : pack.state === "done" && pack.size !== null ? (
        <>
          <p role="status">
            {t("progress.done", { date: formatInstant(pack.finishedAt ?? pack.createdAt, locale, { dateStyle: "long", timeStyle: "short" }) })}
          </p>
          <p>
            <a href={downloadPath} download className="font-semibold text-[var(--color-primary-dark)] underline" data-testid="evidence-pack-download">
              {t("progress.download", { size: formatKilobytes(pack.size, locale) })}
            </a>
          </p>
          <p>
            {t("progress.sha256")}{" "}
            <code className="break-all" data-testid="evidence-pack-sha256">
              {pack.sha256}
            </code>
          </p>
          <p className="text-sm text-slate-700">{t("progress.audit")}</p>
        </>
      ) : (
        <p role="alert">{t("progress.failed")}</p>
      )}
    </section>
  );
}
