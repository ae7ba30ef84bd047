import { lazy, Suspense } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/catalog-training";
import type { AdminTraining } from "#core/contract/admin-catalog.ts";
import { ON_FAIL } from "#core/domain/catalogue-choices.ts";

import { adminCatalogEndpoints } from "#core/contract/endpoints/admin-catalog.ts";
import { ATTESTS, COUNTED_ATTEMPTS } from "#core/domain/pass-rules.ts";
import { AdminPage } from "~/components/admin/admin-nav";
import { IntentForm } from "~/components/admin/intent-form";
import { TrainingFields } from "~/components/admin/training-form";
import { Section, shown } from "~/components/admin/training-editor-kit";
import { Checkbox } from "~/components/ui/checkbox";
import { SelectField, TextAreaField, TextField } from "~/components/ui/form-fields";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { notFound } from "~/lib/errors.server";
import { pageMeta } from "~/lib/meta";
import { useRootData } from "~/lib/use-root-data";
import { trainingAction } from "./catalog-training.server";
import { evidencePacksEndpoints } from "#core/contract/endpoints/evidence-packs.ts";
import { requireIdParam } from "~/lib/id-param.server";

/** /admin/catalog/{id}: one training, everything that makes it (ADR 0062). */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = requireIdParam(params.trainingId, url);
  const { back } = context.get(requestStateContext);
  const [training, packs] = await Promise.all([
    back.call(adminCatalogEndpoints.training, { params: { id } }).catch((error: unknown) => {
      if (error instanceof BackError && error.status === 404) notFound(url.pathname);
      throw error;
    }),
    back.call(evidencePacksEndpoints.adminList, { query: { trainingId: id } }),
  ]);
  return { training, packs };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.training.name });

export async function action({ request, params, url, context }: Route.ActionArgs) {
  return trainingAction(request, context, requireIdParam(params.trainingId, url));
}

/** Modules, sessions, programmes, quizzes, evidence packs: off the first load (ADR 0138). */
const TrainingEditorContent = lazy(() => import("~/components/admin/training-editor-content"));

export default function TrainingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const path = usePagePath();
  const locale = useRootData()?.locale ?? "fr-FR";
  const { training, packs } = loaderData;
  const publicPath = path("training", { trainingType: training.type, slug: training.slug });
  return (
    <AdminPage
      title={training.name}
      lead={`${t(`brands.${training.brand}`)} · ${t(`types.${training.type}`)} · ${training.slug}`}
      testId="admin-catalog-training"
      actions={
        <>
          <Link to={`${path("admin-audit")}?entityType=training&entityId=${training.id}`} className="self-center font-semibold underline">
            {t("catalog.history")}
          </Link>
          {training.isPublished ? (
            <a href={publicPath} className="self-center font-semibold underline" data-testid="public-link">
              {t("catalog.seePublic")}
            </a>
          ) : null}
        </>
      }
    >
      <div
        className="flex flex-wrap items-center gap-3 rounded-md border-2 border-slate-400 p-3"
        data-testid="publication"
        data-published={training.isPublished}
      >
        <p className="font-semibold">{training.isPublished ? t("catalog.statusPublished") : t("catalog.statusDraft")}</p>
        <IntentForm
          intent={training.isPublished ? "unpublish" : "publish"}
          schema={null}
          submitLabel={training.isPublished ? t("catalog.unpublish") : t("catalog.publish")}
          className="flex items-center gap-2"
        >
          {() => null}
        </IntentForm>
      </div>

      <Section id="training-main" title={t("catalog.main")}>
        <IntentForm
          intent="save"
          schema={() => import("#core/contract/admin-catalog.ts").then((m) => m.TrainingInputSchema)}
          submitLabel={t("catalog.save")}
          className="flex flex-col gap-4"
        >
          {(view) => <TrainingFields view={view} training={training} />}
        </IntentForm>
      </Section>

      <DetailsSection training={training} />
      <PassRulesSection training={training} />

      <Section id="training-illustration" title={t("catalog.illustration")}>
        {training.mainIllustration ? (
          <img src={training.mainIllustration} alt="" className="max-h-40 w-auto self-start rounded border" />
        ) : (
          <p>{t("catalog.noIllustration")}</p>
        )}
        <IntentForm intent="illustration" schema={null} encType="multipart/form-data" submitLabel={t("catalog.upload")}>
          {(view) => (
            <TextField
              name="illustration"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              label={t("catalog.illustrationFile")}
              hint={t("catalog.illustrationHint")}
              errors={view.errors.illustration}
            />
          )}
        </IntentForm>
      </Section>

      <Suspense fallback={null}>
        <TrainingEditorContent training={training} locale={locale} packs={packs.items.slice(0, 5)} />
      </Suspense>
    </AdminPage>
  );
}

/** Objectives, tags and trainers (ADR 0082): each list replaces the stored one. */
function DetailsSection({ training }: { training: AdminTraining }) {
  const { t } = useTranslation("admin");
  return (
    <Section id="training-details" title={t("catalog.details")}>
      <IntentForm
        intent="details"
        schema={() => import("#core/contract/admin-catalog.ts").then((m) => m.TrainingDetailsInputSchema)}
        submitLabel={t("catalog.save")}
        className="grid gap-3 md:grid-cols-2"
      >
        {(view) => {
          const trainers = view.submitted ? view.list("trainers") : training.trainers.map(String);
          return (
            <>
              <TextAreaField
                name="skills"
                label={t("catalog.skills")}
                defaultValue={shown(view, "skills", training.skills.join("\n"))}
                errors={view.errors.skills}
                rows={4}
              />
              <TextAreaField
                name="knowledge"
                label={t("catalog.knowledge")}
                defaultValue={shown(view, "knowledge", training.knowledge.join("\n"))}
                errors={view.errors.knowledge}
                rows={4}
              />
              <TextField
                name="tags"
                label={t("catalog.tags")}
                defaultValue={shown(view, "tags", training.tags.join(", "))}
                errors={view.errors.tags}
                className="md:col-span-2"
              />
              <fieldset className="flex flex-col gap-1 md:col-span-2" aria-describedby={view.errors.trainers ? "trainers-error" : undefined}>
                <legend className="font-semibold">{t("catalog.trainers")}</legend>
                {training.people.length === 0 ? <p>{t("catalog.noPeople")}</p> : null}
                <div className="flex flex-wrap gap-4">
                  {training.people.map((person) => (
                    <Checkbox
                      key={person.id}
                      name="trainers"
                      value={String(person.id)}
                      label={person.name}
                      defaultChecked={trainers.includes(String(person.id))}
                    />
                  ))}
                </div>
                {view.errors.trainers ? (
                  <p id="trainers-error" className="font-semibold text-red-800">
                    {view.errors.trainers[0]}
                  </p>
                ) : null}
              </fieldset>
            </>
          );
        }}
      </IntentForm>
    </Section>
  );
}

/**
 * The pass rules (ADR 0107): what the attestation attests, what a failed attempt at a graded quiz (a post-test or a
 * stand-alone quiz with a passing score) leads to, which attempt counts, whether the right answers are shown.
 */
function PassRulesSection({ training }: { training: AdminTraining }) {
  const { t } = useTranslation("admin");
  const rules = training.passRules;
  return (
    <Section id="training-pass-rules" title={t("catalog.passRules.title")}>
      <p className="text-slate-700" data-testid="pass-rules-status">
        {rules.custom ? t("catalog.passRules.custom") : t("catalog.passRules.defaults")} {t("catalog.passRules.hint")}
      </p>
      <IntentForm
        intent="passRules"
        schema={() => import("#core/contract/admin-catalog.ts").then((m) => m.PassRulesInputSchema)}
        submitLabel={t("catalog.save")}
        className="grid gap-3 md:grid-cols-2"
        testId="form-pass-rules"
      >
        {(view) => (
          <>
            <SelectField
              name="attests"
              label={t("catalog.passRules.attests")}
              defaultValue={shown(view, "attests", rules.attests)}
              errors={view.errors.attests}
              options={ATTESTS.map((value) => ({ value, label: t(`catalog.passRules.attestsOptions.${value}`) }))}
            />
            <SelectField
              name="onFail"
              label={t("catalog.passRules.onFail")}
              defaultValue={shown(view, "onFail", rules.maxAttempts === 1 ? "end" : "retry")}
              errors={view.errors.onFail}
              options={ON_FAIL.map((value) => ({ value, label: t(`catalog.passRules.onFailOptions.${value}`) }))}
            />
            <TextField
              name="maxAttempts"
              inputMode="numeric"
              label={t("catalog.passRules.maxAttempts")}
              hint={t("catalog.passRules.maxAttemptsHint")}
              defaultValue={shown(view, "maxAttempts", rules.maxAttempts === null || rules.maxAttempts === 1 ? null : rules.maxAttempts)}
              errors={view.errors.maxAttempts}
            />
            <TextField
              name="retryWaitMinutes"
              inputMode="numeric"
              label={t("catalog.passRules.retryWaitMinutes")}
              hint={t("catalog.passRules.retryWaitHint")}
              defaultValue={shown(view, "retryWaitMinutes", rules.retryWaitMinutes)}
              errors={view.errors.retryWaitMinutes}
            />
            <SelectField
              name="countedAttempt"
              label={t("catalog.passRules.countedAttempt")}
              defaultValue={shown(view, "countedAttempt", rules.countedAttempt)}
              errors={view.errors.countedAttempt}
              options={COUNTED_ATTEMPTS.map((value) => ({ value, label: t(`catalog.passRules.countedOptions.${value}`) }))}
            />
            <Checkbox
              name="revealAnswers"
              label={t("catalog.passRules.revealAnswers")}
              assistiveText={t("catalog.passRules.revealAnswersHint")}
              defaultChecked={view.submitted ? view.value("revealAnswers") === "on" : rules.revealAnswers}
            />
          </>
        )}
      </IntentForm>
    </Section>
  );
}
