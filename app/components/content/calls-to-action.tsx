import { ButtonLink } from "~/components/ui/button";
import type { IconName } from "~/components/ui/icon";

export type CallToAction = { to: string; label: string; icon?: IconName; variant?: "primary" | "secondary" };

/** A titled row of links styled as buttons (the pages' next steps). */
export function CallsToAction({ title, items }: { title: string; items: (CallToAction | null)[] }) {
  const shown = items.filter((item): item is CallToAction => item !== null);
  if (!shown.length) return null;
  return (
    <section aria-labelledby="next-steps" className="mt-10 rounded-lg border border-slate-200 bg-slate-50 p-6" data-testid="next-steps">
      <h2 id="next-steps" className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <ul className="mt-4 flex flex-wrap gap-3">
        {shown.map((item) => (
          <li key={item.to}>
            <ButtonLink to={item.to} variant={item.variant ?? "secondary"} icon={item.icon ?? "arrow-right"} iconPosition="end">
              {item.label}
            </ButtonLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
