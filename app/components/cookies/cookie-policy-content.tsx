import { useTranslation } from "~/i18n/react";
import { CookieSettingsLink } from "./cookie-consent";
import { DataTable } from "~/components/ui/data-table";

/** The cookies the platform sets, in the order of the policy's table. */
export const POLICY_COOKIES = [
  { name: "sid", key: "sid", category: "mandatory" },
  { name: "XSRF-TOKEN", key: "xsrf", category: "mandatory" },
  { name: "csrf", key: "csrf", category: "mandatory" },
  { name: "lng", key: "lng", category: "mandatory" },
  { name: "campus", key: "campus", category: "mandatory" },
  { name: "cookie_consent", key: "consent", category: "mandatory" },
  { name: "toast", key: "toast", category: "mandatory" },
  { name: "catalogue_sort", key: "sort", category: "mandatory" },
] as const;

/** The cookie policy: what cookies are, the ones we set (name, purpose, duration), consent and control. */
export function CookiePolicyContent({ brandTitle, contactEmail }: { brandTitle: string; contactEmail: string }) {
  const { t } = useTranslation("cookies");
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-4xl px-4 py-12 outline-none" data-testid="cookie-policy">
      <h1 className="text-3xl font-bold md:text-4xl">{t("policy.title")}</h1>
      <p className="mt-2 text-sm text-slate-700">{t("policy.updated")}</p>
      <div className="prose-links mt-6 flex flex-col gap-8 text-base leading-relaxed text-slate-900">
        <p className="text-lg">{t("policy.intro", { brand: brandTitle })}</p>

        <section aria-labelledby="cookies-what">
          <h2 id="cookies-what" className="text-2xl font-bold">
            {t("policy.what.title")}
          </h2>
          <p className="mt-2">{t("policy.what.text")}</p>
        </section>

        <section aria-labelledby="cookies-list">
          <h2 id="cookies-list" className="text-2xl font-bold">
            {t("policy.list.title")}
          </h2>
          <p className="mt-2">{t("policy.list.text")}</p>
          <div className="mt-4 rounded border border-slate-300">
            <DataTable
              caption={t("policy.list.caption")}
              captionHidden
              columns={[
                { label: t("policy.columns.name") },
                { label: t("policy.columns.purpose") },
                { label: t("policy.columns.duration") },
                { label: t("policy.columns.category") },
              ]}
              className="text-sm"
              scrollRegion="cookies-list"
            >
              {POLICY_COOKIES.map((cookie) => (
                <tr key={cookie.name} className="border-t border-slate-200 align-top">
                  <th scope="row" className="px-2 py-2 font-mono font-semibold">
                    {cookie.name}
                  </th>
                  <td className="px-2 py-2">{t(`policy.cookies.${cookie.key}.purpose`)}</td>
                  <td className="px-2 py-2 whitespace-nowrap">{t(`policy.cookies.${cookie.key}.duration`)}</td>
                  <td className="px-2 py-2">{t(`policy.categories.${cookie.category}`)}</td>
                </tr>
              ))}
            </DataTable>
          </div>
        </section>

        <section aria-labelledby="cookies-optional">
          <h2 id="cookies-optional" className="text-2xl font-bold">
            {t("policy.optional.title")}
          </h2>
          <p className="mt-2">{t("policy.optional.text")}</p>
          <ul className="mt-2 list-disc pl-6">
            <li>{t("policy.optional.analytics")}</li>
            <li>{t("policy.optional.marketing")}</li>
          </ul>
        </section>

        <section aria-labelledby="cookies-control">
          <h2 id="cookies-control" className="text-2xl font-bold">
            {t("policy.control.title")}
          </h2>
          <p className="mt-2">{t("policy.control.text")}</p>
          <p className="mt-2">
            <CookieSettingsLink className="font-semibold">{t("policy.control.link")}</CookieSettingsLink>
          </p>
          <p className="mt-2">{t("policy.control.browser")}</p>
        </section>

        <section aria-labelledby="cookies-contact">
          <h2 id="cookies-contact" className="text-2xl font-bold">
            {t("policy.contact.title")}
          </h2>
          <p className="mt-2">
            {t("policy.contact.text")} <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
          </p>
        </section>
      </div>
    </main>
  );
}
