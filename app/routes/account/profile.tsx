import { useTranslation } from "~/i18n/react";
import { formatCalendarDay } from "#core/domain/format.ts";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/profile";
import { ProfileLayout } from "~/components/account/profile-layout";
import { useAreaLinks } from "~/components/account/user-menu";
import { useRootData } from "~/lib/use-root-data";
import { contractState, loadProfile, pointsAccess } from "~/routes/account/profile.server";
import { BadgeList, CurrentTrainings, SuggestionList } from "~/components/records/profile-records";
import { loadProfileRecords } from "~/routes/account/profile-records.server";
import { isShopContext } from "#core/domain/user-state.ts";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { pathOf } from "~/lib/paths.server";
import { serverT } from "~/lib/translate.server";
import { pageMeta } from "~/lib/meta";

/**
 * Legacy `?userTab=N` links: 0 profile, 1 infos, 2 training plan, 3 history, 4 attestation.
 */
const LEGACY_TABS: Record<string, string> = {
  "0": "profile",
  "1": "profile-infos",
  "2": "profile-plan",
  "3": "profile-history",
  "4": "profile-attestations",
};

export async function loader({ url, context }: Route.LoaderArgs) {
  const tab = url.searchParams.get("userTab");
  if (tab !== null) {
    // Checked before the auth guard so the login `redirect` already points at the new address.
    throw redirect(pathOf(context, LEGACY_TABS[tab] ?? "profile"));
  }
  const [profile, records] = await Promise.all([loadProfile(context), loadProfileRecords(context)]);
  const { locale } = context.get(requestStateContext);
  const contract = contractState(profile);
  const validUntil = contract.validUntil ? formatCalendarDay(contract.validUntil, locale, "long") : null;
  return {
    title: serverT(context, "account")("profile.title"),
    profile,
    contract: { ...contract, validUntilLabel: validUntil },
    pointsAccess: pointsAccess(profile),
    locale,
    records,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const path = usePagePath();
  const { profile, contract, pointsAccess, locale, records } = loaderData;
  const advisor = profile.advisor;
  const areas = useAreaLinks(useRootData()?.user);
  return (
    <ProfileLayout title={t("profile.title")}>
      <div className="grid gap-6 md:grid-cols-2">
        {records.formations ? <CurrentTrainings formations={records.formations} locale={locale} showPoints={pointsAccess} /> : null}
        <section aria-labelledby="identity-title" className="rounded-lg border border-slate-300 p-5">
          <h2 id="identity-title" className="mb-3 text-xl font-bold">
            {t("profile.identity")}
          </h2>
          <div className="flex items-center gap-4">
            {profile.avatar ? <img src={profile.avatar} alt="" width={64} height={64} className="h-16 w-16 rounded-full object-cover" /> : null}
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="font-semibold">{t("fields.name")}</dt>
              <dd data-testid="profile-name">
                {profile.firstName} {profile.lastName}
              </dd>
              <dt className="font-semibold">{t("fields.email")}</dt>
              <dd>{profile.email}</dd>
              <dt className="font-semibold">{t("fields.profession")}</dt>
              <dd>{t(`professions.${profile.profession}`, { defaultValue: profile.profession })}</dd>
            </dl>
          </div>
        </section>

        <section aria-labelledby="establishment-title" className="rounded-lg border border-slate-300 p-5">
          <h2 id="establishment-title" className="mb-3 text-xl font-bold">
            {t("profile.establishment")}
          </h2>
          {profile.establishment ? (
            <p>
              <span className="font-semibold">{profile.establishment.name}</span>
              <br />
              {[profile.establishment.postalCode, profile.establishment.city].filter(Boolean).join(" ")}
            </p>
          ) : (
            <p data-testid="profile-no-establishment">
              {isShopContext({ loggedIn: true, contractType: profile.contractType }) ? t("profile.personalAccount") : t("profile.noEstablishment")}
            </p>
          )}
          {profile.accounts.length > 1 ? (
            <p className="mt-3">
              <Link to={path("account-choice")} className="font-semibold text-[var(--color-primary-dark)] underline">
                {t("profile.changeEstablishment")}
              </Link>
            </p>
          ) : null}
        </section>

        {areas.length > 0 ? (
          <section aria-labelledby="areas-title" className="rounded-lg border border-slate-300 p-5" data-testid="profile-areas">
            <h2 id="areas-title" className="mb-3 text-xl font-bold">
              {t("profile.areas")}
            </h2>
            <ul className="flex flex-col gap-2">
              {areas.map((area) => (
                <li key={area.area}>
                  <Link to={area.to} className="font-semibold text-[var(--color-primary-dark)] underline" data-testid={`profile-area-link-${area.area}`}>
                    {area.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="contract-title" className="rounded-lg border border-slate-300 p-5">
          <h2 id="contract-title" className="mb-3 text-xl font-bold">
            {t("profile.contract")}
          </h2>
          <p data-testid="contract-state">
            {contract.state === "valid" ? t("profile.contractValidUntil", { date: contract.validUntilLabel }) : t("profile.contractExpired")}
          </p>
          {contract.readOnly ? <p className="mt-2 font-semibold text-amber-900">{t("profile.contractReadOnly")}</p> : null}
          <p className="mt-2">{pointsAccess ? t("profile.pointsAccess") : t("profile.noPointsAccess")}</p>
        </section>

        <section aria-labelledby="advisor-title" className="rounded-lg border border-slate-300 p-5">
          <h2 id="advisor-title" className="mb-3 text-xl font-bold">
            {t("profile.advisor")}
          </h2>
          {advisor ? (
            <div className="flex items-center gap-4">
              <img src={advisor.avatar} alt="" width={64} height={64} className="h-16 w-16 rounded-full object-cover" />
              <div>
                <p className="font-semibold">
                  {advisor.firstName} {advisor.lastName}
                </p>
                <p>
                  <a href={`mailto:${advisor.email}`} className="underline">
                    {advisor.email}
                  </a>
                </p>
                {advisor.phone ? (
                  <p>
                    <a href={`tel:${advisor.phone.replace(/\s+/g, "")}`} className="underline">
                      {advisor.phone}
                    </a>
                  </p>
                ) : null}
                <p className="mt-2">
                  <Link to={path("advisor-contact")} className="font-semibold text-[var(--color-primary-dark)] underline">
                    {t("profile.contactAdvisor")}
                  </Link>
                </p>
              </div>
            </div>
          ) : (
            <p>{t("profile.noAdvisor")}</p>
          )}
        </section>

        {records.badges ? <BadgeList badges={records.badges} locale={locale} /> : null}
        {records.suggestions ? <SuggestionList suggestions={records.suggestions} /> : null}
      </div>
    </ProfileLayout>
  );
}
