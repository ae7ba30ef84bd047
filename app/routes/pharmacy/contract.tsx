import { Form, useActionData, useLoaderData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import type { Route } from "./+types/contract";
import { accountMeta } from "~/components/account/meta";
import { PharmacyPage } from "~/components/pharmacy/pharmacy-tabs";
import { FormMessage, SubmitButton } from "~/components/ui/form-fields";
import { useTranslation } from "~/i18n/react";
import { requestStateContext } from "~/lib/context";
import { replyMessage, type FormReply } from "~/lib/forms";
import { pathOf } from "~/lib/paths.server";
import { serverT } from "~/lib/translate.server";
import { pharmacyAction } from "./pharmacy.server";
import { ContractOfferSchema, ContractViewSchema } from "#core/contract/referent.ts";
import { IdParam } from "#core/contract/ids.ts";
import { formatCalendarDay, formatInstant } from "#core/domain/format.ts";
import { formatMoney } from "#core/domain/money.ts";

/**
 * The contract: the product in force and its validity, the brand's products, moving to the next product
 * (updateToNextContractProduct) and signing the offer (contract/sign/{id}). A read-only contract sees, without forms.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { back, locale } = context.get(requestStateContext);
  const view = await back.get("/referent/getContract", ContractViewSchema);
  return { title: serverT(context, "pharmacy")("tabs.contract"), view, locale };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => accountMeta(matches, loaderData);

const EmptyForm = z.strictObject({});
const SignForm = z.strictObject({ offerId: IdParam });

export async function action({ request, context }: Route.ActionArgs) {
  const { back } = context.get(requestStateContext);
  const t = serverT(context, "pharmacy");
  return pharmacyAction(
    request,
    context,
    {
      next: {
        schema: EmptyForm,
        run: async () => {
          const offer = await back.getWithCsrf("/referent/updateToNextContractProduct", ContractOfferSchema);
          return { message: t("contract.offerReady", { product: offer.productName }) };
        },
      },
      sign: {
        schema: SignForm,
        run: async (value: { offerId: number }) => {
          const offer = await back.getWithCsrf(`/referent/contract/sign/${value.offerId}`, ContractOfferSchema);
          return { message: t("contract.signed", { product: offer.productName }) };
        },
      },
    },
    pathOf(context, "pharmacy-contract"),
  );
}

export default function Contract() {
  const { t } = useTranslation("pharmacy");
  const { view, locale } = useLoaderData<typeof loader>();
  const result = useActionData<FormReply>();
  const { contract } = view;
  return (
    <PharmacyPage title={t("tabs.contract")}>
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
        <table className="w-full border-collapse text-left">
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-2 pr-4">{t("contract.product")}</th>
              <th scope="col" className="py-2 pr-4">{t("contract.seats")}</th>
              <th scope="col" className="py-2 pr-4">{t("contract.yearlyPrice")}</th>
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
      </section>

      {view.pendingOffer ? (
        <section aria-labelledby="contract-offer" className="rounded-lg border-2 border-[var(--color-primary)] p-5" data-testid="contract-offer">
          <h3 id="contract-offer" className="mb-2 text-xl font-bold">
            {t("contract.offerTitle", { product: view.pendingOffer.productName })}
          </h3>
          <p className="mb-4">{t("contract.offerText", { price: formatMoney(view.pendingOffer.priceCents, view.pendingOffer.currency, locale) })}</p>
          {view.readOnly ? null : (
            <Form method="post">
              <AuthenticityTokenInput name="csrf" />
              <input type="hidden" name="offerId" value={view.pendingOffer.id} />
              <SubmitButton intent="sign">{t("contract.sign")}</SubmitButton>
            </Form>
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
