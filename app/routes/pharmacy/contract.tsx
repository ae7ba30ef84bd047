import { Form, redirect, useActionData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import type { Route } from "./+types/contract";
import { PharmacyPage } from "~/components/pharmacy/pharmacy-tabs";
import { ProviderPaymentForm } from "~/components/shop/provider-payment-form";
import { SubmitButton } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { BackError } from "~/lib/back.server";
import { backErrorReply } from "~/lib/forms.server";
import { badRequest } from "~/lib/errors.server";
import { intentAction } from "~/lib/intent-action.server";
import { useTranslation } from "~/i18n/react";
import { requestStateContext } from "~/lib/context";
import { replyMessage, type FormReply } from "~/lib/form-reply";
import { pathOf } from "~/lib/paths.server";
import { serverT } from "~/lib/translate.server";
import { pharmacyBranch } from "./pharmacy.server";
import { referentEndpoints as referent } from "#core/contract/endpoints/referent.ts";
import { shopEndpoints } from "#core/contract/endpoints/shop.ts";
import { IdParam } from "#core/contract/ids.ts";
import { formatCalendarDay, formatInstant } from "#core/domain/format.ts";
import { formatMoney } from "#core/domain/money.ts";
import { pageMeta } from "~/lib/meta";
import { DataTable } from "~/components/ui/data-table";

/**
 * The contract: the product in force and its validity, the brand's products, moving to the next product
 * (updateToNextContractProduct), signing the offer (contract/sign/{id}) or signing it with a card payment
 * (contract/signContractSystemPay/{id}, ADR 0071). A read-only contract sees, without forms.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { back, locale } = context.get(requestStateContext);
  const view = await back.call(referent.contract);
  // Back from the provider (?order=&payment=): the stored status of the payment is the truth, not the query.
  const returned = IdParam.safeParse(url.searchParams.get("order") ?? "");
  const payment = returned.success && view.lastPayment?.orderId === returned.data ? view.lastPayment : null;
  // A POST provider (SystemPay): the browser posts the signed form (the shop's paymentForm, which writes nothing).
  const paymentForm =
    payment?.status === "pending" && url.searchParams.get("payment") === "post"
      ? await back.call(shopEndpoints.paymentForm, { params: { id: payment.orderId } }).catch((error: unknown) => {
          if (error instanceof BackError) return null;
          throw error;
        })
      : null;
  return { title: serverT(context, "pharmacy")("tabs.contract"), view, locale, payment, paymentForm: paymentForm?.method === "POST" ? paymentForm : null };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

const EmptyForm = z.strictObject({});
const SignForm = z.strictObject({ offerId: IdParam });

export async function action({ request, context }: Route.ActionArgs) {
  const { back } = context.get(requestStateContext);
  const t = serverT(context, "pharmacy");
  const contractPath = pathOf(context, "pharmacy-contract");
  return intentAction(
    request,
    context,
    {
      next: pharmacyBranch(contractPath, EmptyForm, async () => {
        const offer = await back.call(referent.offerNextProduct);
        return { message: t("contract.offerReady", { product: offer.productName }) };
      }),
      sign: pharmacyBranch(contractPath, SignForm, async (value) => {
        const offer = await back.call(referent.signOffer, { params: { id: value.offerId } });
        return { message: t("contract.signed", { product: offer.productName }) };
      }),
      /**
       * "Sign and pay" (contract/signContractSystemPay/{id}, ADR 0071): a pending contract order, then the provider: the
       * sandbox's page (a redirect), or SystemPay's hosted form, which this page renders for the browser to post.
       */
      pay: {
        schema: SignForm,
        run: async ({ value, submission, form }) => {
          try {
            const started = await back.call(referent.startContractPayment, { params: { id: value.offerId } });
            if (started.payment.method === "GET") return redirect(started.payment.url);
            return redirect(`${contractPath}?${new URLSearchParams({ order: String(started.orderId), payment: "post" })}`);
          } catch (error) {
            return backErrorReply(submission, error, { form });
          }
        },
      },
    },
    { unknownIntent: () => badRequest(context) },
  );
}

export default function Contract({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pharmacy");
  const { view, locale, payment, paymentForm } = loaderData;
  const result = useActionData<FormReply>();
  const { contract } = view;
  return (
    <PharmacyPage title={t("tabs.contract")}>
      {paymentForm ? <ProviderPaymentForm start={paymentForm} text={t("contract.toPayment")} button={t("contract.toPaymentButton")} /> : null}
      {payment && !paymentForm ? (
        <p
          role="status"
          data-testid="contract-payment"
          data-status={payment.status}
          className={`mb-6 rounded-md border-2 p-3 font-semibold ${payment.status === "paid" ? "border-green-700 bg-green-50 text-green-900" : payment.status === "pending" ? "border-amber-700 bg-amber-50 text-amber-900" : "border-red-700 bg-red-50 text-red-900"}`}
        >
          {t(`contract.payment.${payment.status}`, { amount: formatMoney(payment.amountCents, view.currency, locale) })}
        </p>
      ) : null}
      <FormMessage message={replyMessage(result)} />
      {contract ? (
        <section aria-labelledby="contract-current" className="mb-8 rounded-lg border border-slate-300 p-5" data-testid="contract-current">
          <h3 id="contract-current" className="mb-2 text-xl font-bold">
            {contract.productName}
          </h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
            <dt className="font-semibold">{t("contract.status")}</dt>
            <dd data-testid="contract-validity">{contract.valid ? t("contract.valid") : t("contract.invalid")}</dd>
            <dt className="font-semibold">{t("contract.validFrom")}</dt>
            <dd>{formatCalendarDay(contract.validFrom, locale)}</dd>
            <dt className="font-semibold">{t("contract.validUntil")}</dt>
            <dd>{contract.validUntil ? formatCalendarDay(contract.validUntil, locale) : t("contract.noEnd")}</dd>
            <dt className="font-semibold">{t("contract.signedAt")}</dt>
            <dd>{contract.signedAt ? formatInstant(contract.signedAt, locale, { dateStyle: "long" }) : t("contract.notSigned")}</dd>
          </dl>
        </section>
      ) : (
        <p className="mb-8">{t("contract.none")}</p>
      )}

      <section aria-labelledby="contract-products" className="mb-8">
        <h3 id="contract-products" className="mb-3 text-xl font-bold">
          {t("contract.products")}
        </h3>
        <DataTable columns={[{ label: t("contract.product") }, { label: t("contract.seats") }, { label: t("contract.yearlyPrice") }]} density="flush">
          {view.products.map((p) => (
            <tr key={p.name} className="border-b border-slate-200" aria-current={p.current ? "true" : undefined}>
              <td className="py-2 pr-4">
                {p.name}
                {p.current ? <strong className="ml-2">({t("contract.current")})</strong> : null}
              </td>
              <td className="py-2 pr-4">{p.seats}</td>
              <td className="py-2 pr-4">{formatMoney(p.yearlyPriceCents, view.currency, locale)}</td>
            </tr>
          ))}
        </DataTable>
      </section>

      {view.pendingOffer ? (
        <section aria-labelledby="contract-offer" className="rounded-lg border-2 border-[var(--color-primary)] p-5" data-testid="contract-offer">
          <h3 id="contract-offer" className="mb-2 text-xl font-bold">
            {t("contract.offerTitle", { product: view.pendingOffer.productName })}
          </h3>
          <p className="mb-4">{t("contract.offerText", { price: formatMoney(view.pendingOffer.priceCents, view.pendingOffer.currency, locale) })}</p>
          {view.readOnly ? null : (
            <div className="flex flex-wrap items-start gap-6">
              {view.pendingOffer.priceCents > 0 ? (
                <Form method="post" reloadDocument className="flex flex-col gap-2" data-testid="contract-pay-form">
                  <AuthenticityTokenInput name="csrf" />
                  <input type="hidden" name="offerId" value={view.pendingOffer.id} />
                  <SubmitButton intent="pay">{t("contract.signAndPay")}</SubmitButton>
                  <span className="text-sm text-slate-700">{t("contract.signAndPayText")}</span>
                </Form>
              ) : null}
              <Form method="post">
                <AuthenticityTokenInput name="csrf" />
                <input type="hidden" name="offerId" value={view.pendingOffer.id} />
                <SubmitButton intent="sign" variant={view.pendingOffer.priceCents > 0 ? "secondary" : "primary"}>
                  {t("contract.sign")}
                </SubmitButton>
              </Form>
            </div>
          )}
        </section>
      ) : view.nextProduct && !view.readOnly ? (
        <section aria-labelledby="contract-next" className="rounded-lg border border-slate-300 p-5">
          <h3 id="contract-next" className="mb-2 text-xl font-bold">
            {t("contract.nextTitle", { product: view.nextProduct.name })}
          </h3>
          <p className="mb-4">{t("contract.nextText", { seats: view.nextProduct.seats })}</p>
          <Form method="post">
            <AuthenticityTokenInput name="csrf" />
            <SubmitButton intent="next">{t("contract.moveUp")}</SubmitButton>
          </Form>
        </section>
      ) : null}
    </PharmacyPage>
  );
}
