import { Link } from "react-router";
import type { Route } from "./+types/profile-plan";
import { ProfileLayout } from "~/components/account/profile-layout";
import { PlanGrid, PlanList } from "~/components/records/plan-grid";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { serverT } from "~/lib/translate.server";
import { formatDate } from "#core/domain/format.ts";
import { pageMeta } from "~/lib/meta";
import { recordsEndpoints } from "#core/contract/endpoints/records.ts";
import { trainingPlansEndpoints } from "#core/contract/endpoints/training-plans.ts";

/** The learner's personal training plan. A TrainingPlanUpdate event revalidates it (app/realtime). */
export async function loader({ context }: Route.LoaderArgs) {
  const { back, locale } = context.get(requestStateContext);
  const [plan, collective] = await Promise.all([back.call(recordsEndpoints.trainingPlan), back.call(trainingPlansEndpoints.learnerPlan)]);
  return { title: serverT(context, "records")("plan.title"), locale, plan, collective };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export default function ProfilePlan({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("records");
  const { t: tAccount } = useTranslation("account");
  const path = usePagePath();
  const { locale, plan, collective } = loaderData;
  return (
    <ProfileLayout title={tAccount("profile.title")}>
      <h2 className="mb-4 text-2xl font-bold">{t("plan.title")}</h2>
      {plan.activities.length === 0 ? (
        <div data-testid="plan-empty" className="rounded-lg border border-slate-300 p-6">
          <p className="mb-3">{t("plan.empty")}</p>
          <Link to={path("catalogue")} className="font-semibold text-[var(--color-primary-dark)] underline">
            {t("plan.browseCatalogue")}
          </Link>
        </div>
      ) : (
        <>
          <PlanGrid plan={plan} locale={locale} />
          <PlanList plan={plan} locale={locale} />
        </>
      )}
      {collective ? (
        <section aria-labelledby="collective-plan-title" className="mt-8" data-testid="learner-collective-plan">
          <h3 id="collective-plan-title" className="mb-2 text-xl font-bold">
            {t("collectivePlan.title")}
          </h3>
          <p className="mb-3">{t("collectivePlan.intro", { name: collective.name })}</p>
          {collective.activities.length === 0 ? (
            <p>{t("collectivePlan.empty")}</p>
          ) : (
            <ul className="grid gap-2">
              {collective.activities.map((a) => (
                <li key={a.id} className="rounded-md border-l-4 border-sky-700 bg-slate-50 p-3" data-testid="learner-collective-activity">
                  <span className="font-semibold">{a.name}</span> ·{" "}
                  {a.finishDate && a.finishDate !== a.startDate
                    ? t("plan.fromTo", { start: formatDate(a.startDate, locale), end: formatDate(a.finishDate, locale) })
                    : t("plan.from", { start: formatDate(a.startDate, locale) })}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </ProfileLayout>
  );
}
