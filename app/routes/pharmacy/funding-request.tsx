import { Form, Link, useActionData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/funding-request";
import { FundingFrame } from "~/components/pharmacy-funding/frame";
import { SelectField, SubmitButton } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { notFoundOn404 } from "~/lib/errors.server";
import { requireIdParam } from "~/lib/id-param.server";
import { backErrorReply } from "~/lib/forms.server";
import { intentAction } from "~/lib/intent-action.server";
import { replyErrors, replyValue, replyMessage, type FormReply } from "~/lib/form-reply";
import { pathOf } from "~/lib/paths.server";
import { redirectWithToast } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";
import { FundingActionFormSchema, FundingSessionFormSchema } from "#core/contract/funding-requests.ts";
import { formatDate, formatDuration, formatInstant, formatMoney } from "#core/domain/format.ts";
import { FUNDING_STATES } from "#core/domain/funding-requests.ts";
import { usePharmacyArea } from "~/components/pharmacy/pharmacy-tabs";
import { pageMeta } from "~/lib/meta";
import { fundingRequestsEndpoints } from "#core/contract/endpoints/funding-requests.ts";

/** One funding request: its payers and invoices, its history, the actions its state allows, the session change. */
export async function loader({ request, params, url, context }: Route.LoaderArgs) {
  const { back, locale } = context.get(requestStateContext);
  const id = requireIdParam(params.id, url);
  const detail = await back.call(fundingRequestsEndpoints.detail, { params: { id } }).catch(notFoundOn404(new URL(request.url).pathname, [404, 422]));
  const t = serverT(context, "pharmacy-funding");
  return { title: t("detail.title", { name: `${detail.request.learner.firstName} ${detail.request.learner.lastName}` }), locale, ...detail };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

/** Two kinds of forms: `action` (one transition, dpec/action) and `session` (PUT dpec/action). */
export async function action({ request, params, url, context }: Route.ActionArgs) {
  const { back } = context.get(requestStateContext);
  const id = requireIdParam(params.id, url);
  const t = serverT(context, "pharmacy-funding");
  const here = pathOf(context, "pharmacy-funding-request", { id: String(id) });
  return intentAction(request, context, {
    action: {
      schema: FundingActionFormSchema,
      run: async ({ value, submission, form }) => {
        try {
          const current = await back.call(fundingRequestsEndpoints.detail, { params: { id } });
          const updated = await back.call(fundingRequestsEndpoints.act, { body: { id, action: value.step, isSpanish: current.request.isSpanish } });
          return redirectWithToast(here, { type: "success", message: t("detail.moved", { state: t(`states.${updated.state}`) }) });
        } catch (error) {
          return backErrorReply(submission, error, { form });
        }
      },
    },
    session: {
      schema: FundingSessionFormSchema,
      run: async ({ value, submission, form }) => {
        try {
          await back.call(fundingRequestsEndpoints.changeSession, { body: { dpecId: id, session: value.session } });
          return redirectWithToast(here, { type: "success", message: t("detail.sessionChanged") });
        } catch (error) {
          return backErrorReply(submission, error, { form });
        }
      },
    },
  });
}

export default function FundingRequestPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pharmacy-funding");
  const path = usePagePath();
  const { title, locale, request, history, sessions } = loaderData;
  const { readOnly } = usePharmacyArea();
  const result = useActionData<FormReply>();
  const stepIndex = FUNDING_STATES.indexOf(request.state);
  return (
    <FundingFrame title={title} states>
      <p className="mb-4">
        <Link to={path("pharmacy-funding-requests")} className="font-semibold text-[var(--color-primary-dark)] underline">
          {t("detail.back")}
        </Link>
      </p>
      <ol className="mb-6 flex flex-wrap gap-2" aria-label={t("detail.steps")} data-testid="funding-steps">
        {FUNDING_STATES.map((state, index) => (
          <li
            key={state}
            aria-current={index === stepIndex ? "step" : undefined}
            className={`rounded-full border-2 px-3 py-1 text-sm font-semibold ${index === stepIndex ? "border-[var(--color-primary-dark)] bg-[var(--color-primary-dark)] text-white" : index < stepIndex ? "border-emerald-700 text-emerald-800" : "border-slate-400 text-slate-700"}`}
          >
            {index < stepIndex ? `✓ ${t(`states.${state}`)}` : t(`states.${state}`)}
          </li>
        ))}
      </ol>
      <p className="mb-6 text-lg" data-testid="funding-state">
        {t("detail.state")}
        {t("common:colon")} <strong>{t(`states.${request.state}`)}</strong>
      </p>
      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="request-facts" className="rounded-lg border border-slate-300 p-4">
          <h2 id="request-facts" className="mb-3 text-xl font-bold">
            {t("detail.facts")}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-semibold">{t("list.learner")}</dt>
            <dd>
              {request.learner.firstName} {request.learner.lastName}
            </dd>
            <dt className="font-semibold">{t("list.training")}</dt>
            <dd>{request.training.name}</dd>
            <dt className="font-semibold">{t("detail.session")}</dt>
            <dd data-testid="funding-session">
              {request.session.name} · {formatDate(request.session.startDate, locale)}
            </dd>
            <dt className="font-semibold">{t("list.funder")}</dt>
            <dd>
              {request.agreement.name} ({t(`schemes.${request.scheme}`)})
            </dd>
            <dt className="font-semibold">{t("detail.hours")}</dt>
            <dd>{formatDuration(request.minutes)}</dd>
            <dt className="font-semibold">{t("list.amount")}</dt>
            <dd>{formatMoney(request.totalCents, request.currency, locale)}</dd>
          </dl>
        </section>
        <section aria-labelledby="request-payers" className="rounded-lg border border-slate-300 p-4">
          <h2 id="request-payers" className="mb-3 text-xl font-bold">
            {t("detail.payers")}
          </h2>
          <ul className="grid gap-2" data-testid="funding-payers">
            {request.payers.map((p) => (
              <li key={p.payer}>
                <strong>{t(`payers.${p.payer}`)}</strong>: {formatMoney(p.amountCents, request.currency, locale)}
                {p.invoiceNumber ? (
                  <>
                    {" · "}
                    <a
                      href={path("pharmacy-funding-invoice", { id: request.id, payer: p.payer })}
                      download
                      className="font-semibold text-[var(--color-primary-dark)] underline"
                    >
                      {t("detail.invoice", { number: p.invoiceNumber })}
                    </a>
                  </>
                ) : (
                  <span className="block text-sm text-slate-700">{t("detail.invoiceLater")}</span>
                )}
              </li>
            ))}
          </ul>
          {request.scheme === "fundae" ? (
            <p className="mt-3 text-sm text-slate-700" data-testid="fundae-bonification">
              {t("detail.fundaeBonification", { amount: formatMoney(request.fundedCents, request.currency, locale) })}
            </p>
          ) : null}
        </section>
      </div>
      {readOnly ? null : (
        <section aria-labelledby="request-actions" className="mt-6 rounded-lg border border-slate-300 p-4">
          <h2 id="request-actions" className="mb-3 text-xl font-bold">
            {t("detail.actions")}
          </h2>
          <FormMessage message={result?.form === "action" ? replyMessage(result) : undefined} />
          {request.actions.length === 0 ? (
            <p>{t("detail.final")}</p>
          ) : (
            <div className="flex flex-wrap gap-3">
              {request.actions.map((a) => (
                <Form method="post" key={a}>
                  <AuthenticityTokenInput name="csrf" />
                  <input type="hidden" name="step" value={a} />
                  <SubmitButton intent="action" variant={a === "reopen" ? "secondary" : "primary"}>
                    {t(`actions.${a}`)}
                  </SubmitButton>
                </Form>
              ))}
            </div>
          )}
          {request.canChangeSession && sessions.length > 1 ? (
            <Form method="post" className="mt-6 flex max-w-xl flex-col gap-3" data-testid="funding-session-form">
              <AuthenticityTokenInput name="csrf" />
              <FormMessage message={result?.form === "session" ? replyMessage(result) : undefined} />
              <SelectField
                name="session"
                label={t("detail.changeSession")}
                defaultValue={(result?.form === "session" ? replyValue(result, "session") : undefined) ?? String(request.session.id)}
                errors={result?.form === "session" ? replyErrors(result).session : undefined}
                options={sessions.map((s) => ({ value: String(s.id), label: [s.name, s.city, formatDate(s.startDate, locale)].filter(Boolean).join(" · ") }))}
              />
              <SubmitButton intent="session" variant="secondary">
                {t("detail.saveSession")}
              </SubmitButton>
            </Form>
          ) : null}
        </section>
      )}
      <section aria-labelledby="request-history" className="mt-6">
        <h2 id="request-history" className="mb-3 text-xl font-bold">
          {t("detail.history")}
        </h2>
        <ol className="grid gap-2" data-testid="funding-history">
          {history.map((e, index) => (
            <li key={index} className="rounded-md border-l-4 border-slate-500 bg-slate-50 px-3 py-2">
              <time dateTime={e.at}>{formatInstant(e.at, locale, { dateStyle: "medium", timeStyle: "short" })}</time> · {t(`history.${e.action}`)}
              {e.fromState && e.fromState !== e.toState ? ` (${t(`states.${e.fromState}`)} → ${t(`states.${e.toState}`)})` : ""}
              {e.detail ? `${t("common:colon")} ${e.detail}` : ""} · {e.by}
            </li>
          ))}
        </ol>
      </section>
    </FundingFrame>
  );
}
