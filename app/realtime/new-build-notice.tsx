import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";

const POLL_MS = 5 * 60 * 1000;

/**
 * Polls the build manifest; when the deployed build differs from the one this page runs,
 * offers a reload (never forces one: the learner may be typing).
 */
export function NewBuildNotice({ buildId }: { buildId: string }) {
  const { t } = useTranslation("common");
  const [outdated, setOutdated] = useState(false);

  useEffect(() => {
    if (buildId === "dev") return;
    let stopped = false;
    const check = async () => {
      try {
        const response = await fetch("/build-manifest.json", { cache: "no-store" });
        const latest = ((await response.json()) as { buildId?: string }).buildId;
        if (!stopped && latest && latest !== buildId) setOutdated(true);
      } catch {
        // Offline or restarting: try again at the next tick.
      }
    };
    const timer = window.setInterval(check, POLL_MS);
    const onVisible = () => document.visibilityState === "visible" && void check();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [buildId]);

  if (!outdated) return null;
  return (
    <div role="status" className="fixed inset-x-0 top-0 z-50 flex justify-center p-2">
      <div className="flex items-center gap-3 rounded bg-slate-900 px-4 py-2 text-sm text-white shadow-lg">
        <span>{t("newVersion.message")}</span>
        <button type="button" className="rounded bg-white px-3 py-1 font-semibold text-slate-900" onClick={() => window.location.reload()}>
          {t("newVersion.reload")}
        </button>
      </div>
    </div>
  );
}

const CHUNK_ERROR = /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;
const CHUNK_RELOAD_KEY = "chunk-reload:";

/** A failed chunk load (after a deployment) reloads the path once. */
export function reloadOnceOnChunkError(error: unknown): boolean {
  if (typeof window === "undefined" || !(error instanceof Error) || !CHUNK_ERROR.test(error.message)) return false;
  const key = CHUNK_RELOAD_KEY + window.location.pathname;
  if (window.sessionStorage.getItem(key)) return false;
  window.sessionStorage.setItem(key, "1");
  window.location.assign(window.location.pathname + window.location.search);
  return true;
}
