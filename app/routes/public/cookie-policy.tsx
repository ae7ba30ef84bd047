import type { Route } from "./+types/cookie-policy";
import { CookiePolicyContent } from "~/components/cookies/cookie-policy-content";
import type { LanguageSwitchHandle } from "~/components/layout/language-switcher";
import { pageMeta } from "~/lib/meta";
import { useRootData } from "~/lib/use-root-data";

/** /politica-cookies exists in Spanish only: switching language goes through /cookiespolicy. */
export const handle: LanguageSwitchHandle = { switchLanguageVia: "cookies-policy-link" };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: "cookies:policy.title", descriptionKey: "cookies:policy.description" });

export default function CookiePolicy() {
  const data = useRootData();
  if (!data) return null;
  return <CookiePolicyContent brandTitle={data.brand.title} contactEmail={data.brand.contactEmail} />;
}
