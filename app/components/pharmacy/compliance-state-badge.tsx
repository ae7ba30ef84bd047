import { cx } from "~/components/ui/cx";

/** Each state's colours; the badge always carries the state's name, so colour is never the only sign. */
const TONES: Record<string, string> = {
  late: "border-red-800 bg-red-50 text-red-900",
  at_risk: "border-amber-700 bg-amber-50 text-amber-900",
  in_progress: "border-sky-800 bg-sky-50 text-sky-900",
  met: "border-green-800 bg-green-50 text-green-900",
  voluntary: "border-slate-600 bg-slate-50 text-slate-800",
  none: "border-slate-500 bg-white text-slate-800",
};

/** A compliance state as a labelled badge (team compliance pages, ADR 0126). */
export function StateBadge({ state, label }: { state: string; label: string }) {
  return (
    <span
      className={cx("inline-block rounded border px-2 py-0.5 text-sm font-semibold", TONES[state] ?? TONES.none)}
      data-testid="state-badge"
      data-state={state}
    >
      {label}
    </span>
  );
}
