import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";

/** "← All news": a link back to the list a detail page belongs to. */
export function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <p className="mb-4">
      <Link to={to} className="inline-flex items-center gap-1 font-semibold text-primary-dark underline underline-offset-2 hover:no-underline">
        <Icon name="arrow-left" size={20} />
        {children}
      </Link>
    </p>
  );
}
