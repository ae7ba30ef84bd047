import { Link } from "react-router";
import type { EvidencePack } from "#core/contract/evidence-packs.ts";
import { formatCalendarDay, formatInstant, formatKilobytes } from "#core/domain/format.ts";
import { IntentForm, type FormViewOf } from "~/components/admin/intent-form";
import { TextField } from "~/components/ui/form-fields";
import { useTranslation } from "~/i18n/react";
import { useRootData } from "~/lib/use-root-data";

/** What a pack is of, in words: its session, or its training and period. */
export function packScope(pack: EvidencePack, t: (key: string, values?: Record<string, unknown>) => string, locale: string): string {
  if (pack.sessionName !== null) return t("scope.session", { name: pack.sessionName, training: pack.trainingName });
  return t("scope.period", {
    training: pack.trainingName,
    from: pack.periodStart ? formatCalendarDay(pack.periodStart, locale, "medium") : "",
    to: pack.periodEnd ? formatCalendarDay(pack.periodEnd, locale, "medium") : "",
  });
}

/** The packs of a scope: when built, what of, its state and size, each a link to its page. */
export function EvidencePackList({
  packs,
  packPath,
  testId = "evidence-pack-list",
}: {
  packs: EvidencePack[];
  packPath: (id: number) => string;
  testId?: string;
}) {
  const { t } = useTranslation("evidence-pack");
  const locale = useRootData()?.locale ?? "fr-FR";
  if (packs.length === 0) return <p data-testid={`${testId}-empty`}>{t("list.empty")}</p>;
  return (
    <table className="w-full text-left text-sm" data-testid={testId}>
      <thead>
        <tr>
          <th scope="col" className="py-1 pr-3">
            {t("list.built")}
          </th>
          <th scope="col" className="py-1 pr-3">
            {t("list.scope")}
          </th>
          <th scope="col" className="py-1 pr-3">
            {t("list.state")}
          </th>
          <th scope="col" className="py-1 pr-3">
            {t("list.size")}
          </th>
        </tr>
      </thead>
      <tbody>
        {packs.map((pack) => (
          <tr key={pack.id} className="border-t border-slate-200" data-testid="evidence-pack-row" data-state={pack.state}>
            <td className="py-1 pr-3">
              <Link to={packPath(pack.id)} className="font-semibold underline">
                {formatInstant(pack.finishedAt ?? pack.createdAt, locale, { dateStyle: "medium", timeStyle: "short" })}
              </Link>
            </td>
            <td className="py-1 pr-3">{packScope(pack, t, locale)}</td>
            <td className="py-1 pr-3">{t(`state.${pack.state}`)}</td>
            <td className="py-1 pr-3">{pack.size === null ? "" : formatKilobytes(pack.size, locale)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The "build the evidence pack" form (a POST with the intent `evidencePack`, working without JavaScript) of a session
 * (`sessionId`) or of a training over a period (`trainingId`, with from and to dates), and the packs already built.
 */
export function EvidencePackPanel({
  sessionId,
  trainingId,
  packs,
  packPath,
  allPath,
  formKey = "evidencePack",
}: {
  sessionId?: number;
  trainingId?: number;
  packs: EvidencePack[];
  packPath: (id: number) => string;
  allPath?: string;
  formKey?: string;
}) {
  const { t } = useTranslation("evidence-pack");
  const headingId = `evidence-pack-${formKey}`;
  const hidden: Record<string, number> = sessionId !== undefined ? { sessionId } : { trainingId: trainingId ?? 0 };
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-md border border-slate-300 bg-white p-4" data-testid="evidence-pack-panel">
      <h2 id={headingId} className="text-xl font-bold">
        {t("build.heading")}
      </h2>
      <p>{t("build.lead")}</p>
      <IntentForm
        intent="evidencePack"
        formKey={formKey}
        schema={() => import("#core/contract/evidence-packs.ts").then((m) => m.StartEvidencePackSchema)}
        hidden={hidden}
        submitLabel={t("build.submit")}
        className="flex flex-wrap items-end gap-3"
        testId={`form-${formKey}`}
      >
        {(view) => (sessionId !== undefined ? null : <PeriodFields view={view} hint={t("build.periodHint")} />)}
      </IntentForm>
      <h3 className="text-lg font-bold">{t("list.heading")}</h3>
      <EvidencePackList packs={packs} packPath={packPath} />
      {allPath && packs.length > 0 ? (
        <p>
          <Link to={allPath} className="font-semibold underline">
            {t("list.all")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/** The e-learning pack's period, from and to (both days included), in a build form. */
export function PeriodFields({ view, hint }: { view: FormViewOf; hint?: string }) {
  const { t } = useTranslation("evidence-pack");
  return (
    <>
      <TextField
        name="periodStart"
        type="date"
        label={t("build.periodStart")}
        hint={hint}
        defaultValue={view.value("periodStart")}
        errors={view.errors.periodStart}
        required
      />
      <TextField name="periodEnd" type="date" label={t("build.periodEnd")} defaultValue={view.value("periodEnd")} errors={view.errors.periodEnd} required />
    </>
  );
}
