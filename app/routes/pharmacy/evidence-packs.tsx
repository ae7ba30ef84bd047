import type { Route } from "./+types/evidence-packs";
import { evidencePacksEndpoints as endpoints } from "#core/contract/endpoints/evidence-packs.ts";
import { EvidencePackListQuerySchema } from "#core/contract/evidence-packs.ts";
import { formatCalendarDay } from "#core/domain/format.ts";
import { IntentForm } from "~/components/admin/intent-form";
import { EvidencePackList, PeriodFields } from "~/components/evidence-packs/evidence-pack-panel";
import { PharmacyPage } from "~/components/pharmacy/pharmacy-tabs";
import { SelectField } from "~/components/ui/form-fields";
import { Pager } from "~/components/ui/pager";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { evidencePackBranch } from "~/lib/evidence-packs.server";
import { intentAction } from "~/lib/intent-action.server";
import { pageMeta } from "~/lib/meta";
import { pathOf } from "~/lib/paths.server";
import { serverT } from "~/lib/translate.server";
import { useRootData } from "~/lib/use-root-data";

/**
 * The pharmacy's evidence packs (issue 33, ADR 0127): a session or an e-learning training its learners followed, the
 * pack limited to them, and the packs already built (paged).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const query = EvidencePackListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const { back } = context.get(requestStateContext);
  const [choices, list] = await Promise.all([back.call(endpoints.referentChoices), back.call(endpoints.referentList, { query: { page: query.page } })]);
  return { title: serverT(context, "evidence-pack")("title"), choices, list };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

/** The session form and the training form answer apart. */
const formKeyOf = (formData: FormData) => (formData.has("sessionId") ? "evidencePackSession" : "evidencePackTraining");

export async function action({ request, context }: Route.ActionArgs) {
  const { back } = context.get(requestStateContext);
  return intentAction(request, context, {
    evidencePack: evidencePackBranch(
      context,
      (body) => back.call(endpoints.referentStart, { body }),
      (id) => pathOf(context, "pharmacy-evidence-pack", { packId: String(id) }),
      formKeyOf,
    ),
  });
}

export default function PharmacyEvidencePacksPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("evidence-pack");
  const path = usePagePath();
  const locale = useRootData()?.locale ?? "fr-FR";
  const { choices, list, title } = loaderData;
  return (
    <PharmacyPage title={title}>
      <div className="flex flex-col gap-5" data-testid="pharmacy-evidence-packs">
        <p>{t("pharmacy.lead")}</p>
        <section aria-labelledby="evidence-sessions" className="flex flex-col gap-3 rounded-md border border-slate-300 bg-white p-4">
          <h3 id="evidence-sessions" className="text-xl font-bold">
            {t("pharmacy.sessions")}
          </h3>
          {choices.sessions.length === 0 ? (
            <p>{t("pharmacy.noSessions")}</p>
          ) : (
            <IntentForm
              intent="evidencePack"
              formKey="evidencePackSession"
              schema={() => import("#core/contract/evidence-packs.ts").then((m) => m.StartEvidencePackSchema)}
              submitLabel={t("build.submit")}
              className="flex flex-wrap items-end gap-3"
            >
              {(view) => (
                <SelectField
                  name="sessionId"
                  label={t("pharmacy.session")}
                  defaultValue={view.value("sessionId")}
                  errors={view.errors.sessionId}
                  options={choices.sessions.map((s) => ({
                    value: String(s.id),
                    label: `${s.trainingName} · ${s.name} · ${formatCalendarDay(s.startDate, locale, "medium")}`,
                  }))}
                />
              )}
            </IntentForm>
          )}
        </section>
        <section aria-labelledby="evidence-trainings" className="flex flex-col gap-3 rounded-md border border-slate-300 bg-white p-4">
          <h3 id="evidence-trainings" className="text-xl font-bold">
            {t("pharmacy.trainings")}
          </h3>
          {choices.trainings.length === 0 ? (
            <p>{t("pharmacy.noTrainings")}</p>
          ) : (
            <IntentForm
              intent="evidencePack"
              formKey="evidencePackTraining"
              schema={() => import("#core/contract/evidence-packs.ts").then((m) => m.StartEvidencePackSchema)}
              submitLabel={t("build.submit")}
              className="flex flex-wrap items-end gap-3"
            >
              {(view) => (
                <>
                  <SelectField
                    name="trainingId"
                    label={t("pharmacy.training")}
                    defaultValue={view.value("trainingId")}
                    errors={view.errors.trainingId}
                    options={choices.trainings.map((training) => ({ value: String(training.id), label: training.name }))}
                  />
                  <PeriodFields view={view} />
                </>
              )}
            </IntentForm>
          )}
          <p className="text-sm text-slate-700">{t("build.periodHint")}</p>
        </section>
        <section aria-labelledby="evidence-list" className="flex flex-col gap-3">
          <h3 id="evidence-list" className="text-xl font-bold">
            {t("list.heading")}
          </h3>
          <EvidencePackList packs={list.items} packPath={(id) => path("pharmacy-evidence-pack", { packId: id })} />
          <Pager
            paging={list.paging}
            hrefFor={(page) => `${path("pharmacy-evidence-packs")}?page=${page}`}
            labels={{
              nav: t("list.heading"),
              previous: t("list.previous"),
              next: t("list.next"),
              page: (page) => t("list.page", { page, count: list.paging.pageCount }),
            }}
          />
        </section>
      </div>
    </PharmacyPage>
  );
}
