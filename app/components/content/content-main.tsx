import type { ReactNode } from "react";
import { cx } from "~/components/ui/cx";

/** The frame of a content page: the main landmark (skip-link target), a title and an optional lead. */
export function ContentMain({
  title,
  lead,
  children,
  width = "narrow",
  before,
  testId,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  width?: "narrow" | "wide";
  /** Shown above the title (a back link). */
  before?: ReactNode;
  testId?: string;
}) {
  return (
    <main id="main" tabIndex={-1} className="outline-none" data-testid={testId}>
      <div className={cx("mx-auto w-full px-4 py-10", width === "wide" ? "max-w-6xl" : "max-w-3xl")}>
        {before}
        <h1 className="text-3xl font-extrabold leading-tight text-slate-900 md:text-4xl">{title}</h1>
        {lead ? <div className="mt-3 text-lg text-slate-800">{lead}</div> : null}
        <div className="mt-8">{children}</div>
      </div>
    </main>
  );
}
