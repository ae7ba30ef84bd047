import { redirect } from "react-router";
import type { Route } from "./+types/cookies-policy-link";
import { CookiePolicyContent } from "~/components/cookies/cookie-policy-content";
import { existingPagePath } from "~/components/layout/nav-links";
import { requestStateContext } from "~/lib/context";
import { pageMeta } from "~/lib/meta";
import { useRootData } from "~/lib/use-root-data";

/**
 * /cookiespolicy, the cookie-policy link of every language: the policy itself, except in Spanish on
 * the Spanish brands, whose policy has its own path (/politica-cookies).
 */
export function loader({ url, context }: Route.LoaderArgs) {
  const { brand, locale } = context.get(requestStateContext);
  const spanish = locale === "es-ES" ? existingPagePath("cookie-policy", "es", brand.key) : null;
  if (spanish) throw redirect(spanish + url.search);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: "cookies:policy.title", descriptionKey: "cookies:policy.description" });

export default function CookiesPolicyLink() {
  const data = useRootData();
  if (!data) return null;
  return <CookiePolicyContent brandTitle={data.brand.title} contactEmail={data.brand.contactEmail} />;
}
