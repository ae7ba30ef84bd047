import { Form, Link, useActionData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/compliance-tracker";
import { ProfileLayout } from "~/components/account/profile-layout";
import { ConfirmLink, ConfirmPanel, useConfirming } from "~/components/ui/confirm";
import { DataTable } from "~/components/ui/data-table";
import { CheckboxGroupField, SelectField, SubmitButton, TextField, useFocusFirstError } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { backErrorReply, errorReply, invalidReply, parseSubmission, readFormData } from "~/lib/forms.server";
import { schemaFields } from "~/lib/form-validation";
import { replyErrors, replyMessage, replyValue, type FormReply } from "~/lib/form-reply";
import { pageMeta } from "~/lib/meta";
import { pathOf } from "~/lib/paths.server";
import { redirectWithToast } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";
import { DeclaredActionSchema, type DeclaredActionItem, type Tracker, type TrackerStatus } from "#core/contract/compliance.ts";
import { complianceEndpoints } from "#core/contract/endpoints/compliance.ts";
import { BELGIAN_CATEGORIES, COMPLIANCE_OBLIGATIONS, DPC_ACTION_TYPES } from "#core/domain/compliance-obligations.ts";
import { filterQuery, formatCredits, gapFilters, gapMessage, type ComplianceFilter } from "#core/domain/compliance-gaps.ts";
import { numericDay } from "#core/domain/compliance-words.ts";

/** The professional's compliance tracker (issue 33, ADR 0125): where they stand, what is missing, what counts, what they declared. */
export async function loader({ context }: Route.LoaderArgs) {
  const { back, locale } = context.get(requestStateContext);
  const tracker = await back.call(complianceEndpoints.tracker);
  return { title: serverT(context, "compliance")("tracker.title"), tracker, locale };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

const DECLARE_FORM = "declare";

/** Two forms: the declaration (multipart, intent "declare") and a declaration's deletion (intent "delete", confirmed first). */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request, context);
  const { back } = context.get(requestStateContext);
  const t = serverT(context, "compliance");
  const here = pathOf(context, "compliance-tracker");
  if (formData.get("intent") === "delete") {
    try {
      await back.call(complianceEndpoints.deleteDeclared, { params: { id: String(formData.get("id") ?? "") }, body: {} });
    } catch (error) {
      return backErrorReply(null, error, { form: "delete" });
    }
    return redirectWithToast(here, { type: "success", message: t("declared.deleted") });
  }
  const submission = parseSubmission(formData, context, DeclaredActionSchema, { omit: ["proof"] });
  if (submission.status !== "success") return invalidReply(submission, { form: DECLARE_FORM });
  const proof = formData.get("proof");
  // A file has no schema the browser could check the same way: checked here, then by the API from its bytes.
  if (!(proof instanceof File) || proof.size === 0) {
    return errorReply({ fieldErrors: { proof: [t("form.proofRequired")] }, form: DECLARE_FORM, status: 422 });
  }
  const upload = schemaFields(formData, ["proof"]);
  upload.set("proof", proof, proof.name || "proof");
  try {
    await back.call(complianceEndpoints.declare, { body: upload });
  } catch (error) {
    return backErrorReply(submission, error, { form: DECLARE_FORM });
  }
  return redirectWithToast(here, { type: "success", message: t("form.declared") });
}

export default function ComplianceTracker({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("compliance");
  const { t: tAccount } = useTranslation("account");
  const path = usePagePath();
  const { tracker, locale } = loaderData;
  const day = (value: string) => numericDay(value, locale);
  return (
    <ProfileLayout title={tAccount("profile.title")}>
      <h2 className="mb-2 text-2xl font-bold">{t("tracker.title")}</h2>
      <p className="mb-4 max-w-3xl text-slate-700">{t("tracker.intro")}</p>
      {tracker.country === "FR" && tracker.profession === "pharmacist" ? (
        <p className="mb-6" data-testid="registered-on">
          {tracker.registeredOn ? t("tracker.registeredOn", { date: day(tracker.registeredOn) }) : t("tracker.registeredOnMissing")}{" "}
          <Link to={path("profile-infos")} className="font-semibold text-[var(--color-primary-dark)] underline">
            {t("tracker.registeredOnEdit")}
          </Link>
        </p>
      ) : null}
      {tracker.statuses.some((status) => status.obligation === "dpcTriennial") ? (
        <p className="mb-6">
          {/* The ANDPC "document de traçabilité" (ADR 0126): a file in the professional's own language, straight from the API. */}
          <a
            href="/back/api/user/compliance/traceability.pdf"
            className="font-semibold text-[var(--color-primary-dark)] underline"
            data-testid="traceability-link"
          >
            {t("tracker.traceability")}
          </a>
        </p>
      ) : null}
      {tracker.statuses.length === 0 ? (
        <section aria-labelledby="no-obligation-title" className="mb-10 rounded-lg border border-slate-300 bg-slate-50 p-6" data-testid="compliance-empty">
          <h3 id="no-obligation-title" className="mb-2 text-lg font-bold">
            {t("empty.title")}
          </h3>
          <p className="mb-3">{t(`empty.${tracker.profession === "student" ? "student" : tracker.profession === "assistant" ? "assistant" : "other"}`)}</p>
          <Link to={path("profile-infos")} className="font-semibold text-[var(--color-primary-dark)] underline">
            {t("empty.editProfession")}
          </Link>
        </section>
      ) : (
        <ul className="mb-10 grid gap-4">
          {tracker.statuses.map((status) => (
            <li key={`${status.obligation}-${status.periodStart}`}>
              <StatusCard status={status} day={day} today={tracker.today} locale={locale} />
            </li>
          ))}
        </ul>
      )}
      <CountedActions tracker={tracker} day={day} />
      <DeclaredActions declared={tracker.declared} day={day} />
      <DeclareForm tracker={tracker} />
    </ProfileLayout>
  );
}

const STATE_STYLES: Record<TrackerStatus["state"], string> = {
  met: "border-green-700 bg-green-50",
  in_progress: "border-slate-400 bg-white",
  at_risk: "border-amber-600 bg-amber-50",
  late: "border-red-700 bg-red-50",
  voluntary: "border-slate-400 bg-white",
};

function filterLabel(t: (key: string, values?: Record<string, unknown>) => string, filter: ComplianceFilter): string {
  if ("dpcType" in filter) return t(`filters.dpcType.${filter.dpcType}`);
  if ("orientation" in filter) return t("filters.orientation");
  if ("axis" in filter) return t("filters.axis", { axis: filter.axis });
  if ("category" in filter) return t(`filters.category.${filter.category}`);
  return t("filters.rcf");
}

function Figures({ status, locale }: { status: TrackerStatus; locale: string }) {
  const { t } = useTranslation("compliance");
  const f = status.figures;
  if (status.obligation === "dpcTriennial") {
    const types = DPC_ACTION_TYPES.filter((type) => (f[type] ?? 0) > 0).length;
    return (
      <ul className="list-disc pl-6">
        <li>{t("figures.dpcTypes", { count: types })}</li>
        <li>
          {t("figures.dpcTypeCounts", { training: f.training ?? 0, practice_analysis: f.practice_analysis ?? 0, risk_management: f.risk_management ?? 0 })}
        </li>
        <li>{t("figures.priorityOrientation", { count: f.priorityOrientation ?? 0 })}</li>
      </ul>
    );
  }
  if (status.obligation === "certificationPeriodique") {
    return (
      <ul className="list-disc pl-6">
        {[1, 2, 3, 4].map((axis) => (
          <li key={axis}>{t("figures.axis", { axis, count: f[`axis${axis}`] ?? 0 })}</li>
        ))}
      </ul>
    );
  }
  if (status.obligation === "belgiumCf") {
    const rule = COMPLIANCE_OBLIGATIONS.belgiumCf;
    return (
      <p>
        {t("figures.belgiumCredits", {
          credits: formatCredits(f.credits ?? 0, locale),
          target: rule.creditsPerYear * rule.windowYears,
          pharmaceutical: formatCredits(f.pharmaceutical ?? 0, locale),
          pharmaceuticalTarget: rule.pharmaceuticalCreditsPerYear * rule.windowYears,
        })}
      </p>
    );
  }
  return <p>{t("figures.rcfCredits", { credits: formatCredits(f.credits ?? 0, locale), target: COMPLIANCE_OBLIGATIONS.spainRcf.yearlyAim })}</p>;
}

function StatusCard({ status, day, today, locale }: { status: TrackerStatus; day: (value: string) => string; today: string; locale: string }) {
  const { t } = useTranslation("compliance");
  const path = usePagePath();
  const titleId = `obligation-${status.obligation}-${status.periodStart}`;
  const deadline = day(status.deadline);
  return (
    <section
      aria-labelledby={titleId}
      className={`rounded-lg border-l-8 border p-5 ${STATE_STYLES[status.state]}`}
      data-testid="obligation"
      data-obligation={status.obligation}
      data-state={status.state}
    >
      <h3 id={titleId} className="text-xl font-bold">
        {t(`obligations.${status.obligation}`)}
        {status.deadline < today ? ` · ${t("previousLate")}` : ""}
      </h3>
      <p className="font-semibold" data-testid="obligation-state">
        {t(`states.${status.state}`)}
      </p>
      <p className="mb-3 text-slate-700">{t("period", { start: day(status.periodStart), deadline })}</p>
      <h4 className="font-semibold">{t("figures.title")}</h4>
      <Figures status={status} locale={locale} />
      <h4 className="mt-3 font-semibold">{t("gaps.title")}</h4>
      {status.gaps.length === 0 ? (
        <p>{t("gaps.none")}</p>
      ) : (
        <ul className="grid gap-2">
          {status.gaps.map((gap, index) => {
            const { key, values } = gapMessage(gap, locale);
            return (
              <li key={index} data-testid="gap" data-gap={gap.code}>
                <p>{t("gaps.before", { what: t(key, values), deadline })}</p>
                <ul className="flex flex-wrap gap-x-4">
                  {gapFilters(gap).map((filter) => (
                    <li key={filterQuery(filter)}>
                      <Link to={`${path("catalogue")}${filterQuery(filter)}`} className="text-[var(--color-primary-dark)] underline" data-testid="gap-link">
                        {filterLabel(t, filter)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function CountsFor({ countsFor }: { countsFor: DeclaredActionItem["countsFor"] }) {
  const { t } = useTranslation("compliance");
  const parts = [
    ...countsFor.dpcActionTypes.map((type) => t(`countsFor.dpc.${type}`)),
    ...(countsFor.priorityOrientation ? [t("countsFor.orientation")] : []),
    ...countsFor.certificationAxes.map((axis) => t("countsFor.axis", { axis })),
    ...(countsFor.belgianCategory ? [t(`countsFor.category.${countsFor.belgianCategory}`)] : []),
    ...(countsFor.rcfCredits ? [t("countsFor.rcf", { credits: countsFor.rcfCredits })] : []),
  ];
  return <>{parts.length ? parts.join(", ") : t("countsFor.nothing")}</>;
}

function CountedActions({ tracker, day }: { tracker: Tracker; day: (value: string) => string }) {
  const { t } = useTranslation("compliance");
  return (
    <section aria-labelledby="counted-title" className="mb-10">
      <h2 id="counted-title" className="mb-3 text-2xl font-bold">
        {t("counted.title")}
      </h2>
      {tracker.counted.length === 0 ? (
        <p className="rounded-md border border-slate-300 bg-slate-50 p-4" data-testid="counted-empty">
          {t("counted.empty")}
        </p>
      ) : (
        <DataTable
          caption={t("counted.caption")}
          captionHidden
          testId="counted-actions"
          columns={[{ label: t("counted.action") }, { label: t("counted.dates") }, { label: t("counted.countsFor") }, { label: t("counted.origin") }]}
        >
          {tracker.counted.map((action, index) => (
            <tr key={index} className="border-b border-slate-200 align-top" data-testid="counted-action">
              <th scope="row" className="px-3 py-3 text-left font-semibold">
                {action.title}
              </th>
              <td className="px-3 py-3">{t("counted.datesRange", { start: day(action.startDate), end: day(action.endDate) })}</td>
              <td className="px-3 py-3">
                <CountsFor countsFor={action.countsFor} />
              </td>
              <td className="px-3 py-3">{t(`counted.origins.${action.origin}`)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

function DeclaredActions({ declared, day }: { declared: DeclaredActionItem[]; day: (value: string) => string }) {
  const { t } = useTranslation("compliance");
  return (
    <section aria-labelledby="declared-title" className="mb-10">
      <h2 id="declared-title" className="mb-3 text-2xl font-bold">
        {t("declared.title")}
      </h2>
      {declared.length === 0 ? (
        <p data-testid="declared-empty">{t("declared.empty")}</p>
      ) : (
        <ul className="grid gap-3">
          {declared.map((item) => (
            <li key={item.id}>
              <DeclaredItem item={item} day={day} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DeclaredItem({ item, day }: { item: DeclaredActionItem; day: (value: string) => string }) {
  const { t } = useTranslation("compliance");
  const confirmKey = `delete-${item.id}`;
  const confirming = useConfirming(confirmKey);
  return (
    <article className="rounded-lg border border-slate-300 p-4" data-testid="declared-action" data-state={item.state} aria-labelledby={`declared-${item.id}`}>
      <h3 id={`declared-${item.id}`} className="font-bold">
        {item.title} · {item.organisation}
      </h3>
      <p>{t("counted.datesRange", { start: day(item.startDate), end: day(item.endDate) })}</p>
      <p>
        <CountsFor countsFor={item.countsFor} />
      </p>
      <p className="font-semibold" data-testid="declared-state">
        {t(`declared.states.${item.state}`)}
      </p>
      {item.state === "rejected" && item.reviewNote ? <p>{t("declared.reason", { note: item.reviewNote })}</p> : null}
      <p className="mt-2 flex flex-wrap gap-4">
        <a href={item.proofPath} className="text-[var(--color-primary-dark)] underline">
          {t("declared.proofLink")} <span className="sr-only">{item.proofName}</span>
        </a>
        {item.state !== "confirmed" && !confirming ? (
          <ConfirmLink confirmKey={confirmKey} look="danger" testId="declared-delete">
            {t("declared.delete")}
            <span className="sr-only"> {item.title}</span>
          </ConfirmLink>
        ) : null}
      </p>
      {confirming ? (
        <div className="mt-3">
          <ConfirmPanel
            confirmKey={confirmKey}
            title={t("declared.deleteTitle", { title: item.title })}
            intent="delete"
            fields={{ id: item.id }}
            submitLabel={t("declared.deleteSubmit")}
            formKey="delete"
            sendsConfirm={false}
            level={3}
          >
            <p>{t("declared.deleteText")}</p>
          </ConfirmPanel>
        </div>
      ) : null}
    </article>
  );
}

function DeclareForm({ tracker }: { tracker: Tracker }) {
  const { t } = useTranslation("compliance");
  const reply = useActionData<FormReply>();
  const result = reply?.form === DECLARE_FORM ? reply : undefined;
  const ref = useFocusFirstError(result);
  const errors = replyErrors(result);
  const value = (name: string) => replyValue(result, name);
  const listOf = (name: string) => {
    const raw = (result?.initialValue as Record<string, unknown> | undefined)?.[name];
    return new Set(Array.isArray(raw) ? raw.map(String) : typeof raw === "string" ? [raw] : []);
  };
  return (
    <section aria-labelledby="declare-title" className="rounded-lg border border-slate-300 p-5">
      <h2 id="declare-title" className="mb-2 text-2xl font-bold">
        {t("form.title")}
      </h2>
      <p className="mb-4 max-w-3xl text-slate-700">{t("form.intro")}</p>
      <Form method="post" encType="multipart/form-data" ref={ref} className="grid gap-4 md:grid-cols-2" noValidate data-testid="declare-form">
        <AuthenticityTokenInput name="csrf" />
        <div className="md:col-span-2">
          <FormMessage message={replyMessage(result)} />
        </div>
        <TextField
          name="title"
          label={t("form.titleField")}
          defaultValue={value("title")}
          errors={errors.title}
          required
          maxLength={200}
          className="md:col-span-2"
        />
        <TextField
          name="organisation"
          label={t("form.organisation")}
          defaultValue={value("organisation")}
          errors={errors.organisation}
          required
          maxLength={200}
        />
        <TextField
          name="hours"
          label={t("form.hours")}
          hint={t("form.hoursHint")}
          inputMode="decimal"
          defaultValue={value("hours")}
          errors={errors.hours}
          required
        />
        <TextField name="startDate" type="date" label={t("form.startDate")} defaultValue={value("startDate")} errors={errors.startDate} required />
        <TextField name="endDate" type="date" label={t("form.endDate")} defaultValue={value("endDate")} errors={errors.endDate} required />
        <label className="inline-flex items-center gap-2 md:col-span-2">
          <input type="checkbox" name="elearning" defaultChecked={value("elearning") === "on"} className="h-5 w-5" />
          {t("form.elearning")}
        </label>
        <fieldset className="grid gap-3 md:col-span-2">
          <legend className="mb-2 text-lg font-bold">{t("form.countsFor")}</legend>
          {tracker.country === "FR" ? (
            <>
              <CheckboxGroupField
                name="dpcActionTypes"
                legend={t("form.dpcTypes")}
                options={DPC_ACTION_TYPES.map((type) => ({ value: type, label: t(`countsFor.dpc.${type}`) }))}
                checked={listOf("dpcActionTypes")}
                errors={errors.dpcActionTypes}
              />
              <label className="inline-flex items-center gap-2">
                <input type="checkbox" name="priorityOrientation" defaultChecked={value("priorityOrientation") === "on"} className="h-5 w-5" />
                {t("form.priorityOrientation")}
              </label>
              <CheckboxGroupField
                name="certificationAxes"
                legend={t("form.axes")}
                options={[1, 2, 3, 4].map((axis) => ({ value: axis, label: t(`form.axisNames.${axis}`) }))}
                checked={listOf("certificationAxes")}
                errors={errors.certificationAxes}
              />
            </>
          ) : null}
          {tracker.country === "BE" ? (
            <SelectField
              name="belgianCategory"
              label={t("form.belgianCategory")}
              defaultValue={value("belgianCategory") ?? ""}
              errors={errors.belgianCategory}
              options={[
                { value: "", label: t("form.belgianCategoryNone") },
                ...BELGIAN_CATEGORIES.map((c) => ({ value: c, label: t(`countsFor.category.${c}`) })),
              ]}
            />
          ) : null}
          {tracker.country === "ES" ? (
            <TextField name="rcfCredits" label={t("form.rcfCredits")} inputMode="decimal" defaultValue={value("rcfCredits")} errors={errors.rcfCredits} />
          ) : null}
        </fieldset>
        <TextField
          name="proof"
          type="file"
          accept="application/pdf,image/jpeg,image/png"
          label={t("form.proof")}
          hint={t("form.proofHint")}
          errors={errors.proof}
          required
          className="md:col-span-2"
        />
        <div className="md:col-span-2">
          <SubmitButton intent={DECLARE_FORM}>{t("form.submit")}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
