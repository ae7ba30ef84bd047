import { Link } from "react-router";
import { vatAmount } from "#core/domain/money.ts";
import { displayTypeTitle } from "#core/domain/training-types.ts";
import type { Route } from "./+types/cart";
import { Money, ShopForm, sessionLabel } from "~/components/shop/shop-forms";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { getUser } from "~/lib/current-user.server";
import { pageMeta } from "~/lib/meta";
import { pathOf, withRedirect } from "~/lib/paths.server";
import { useRootData } from "~/lib/use-root-data";
import { loadCart, shopBranches } from "./shop.server";
import { BILLING_INTENT, billingBranch, loadBillingDetails } from "./billing.server";
import { BillingForm } from "~/components/shop/billing-form";
import { resendConfirmationBranch } from "~/routes/auth/confirm-email.server";
import { badRequest } from "~/lib/errors.server";
import { intentAction } from "~/lib/intent-action.server";
import { RESEND_CONFIRMATION_INTENT } from "#core/domain/sign-up.ts";
import type { FormReply } from "~/lib/form-reply";
import type { BillingDetailsReply } from "#core/contract/billing.ts";
import type { CartProduct } from "#core/contract/shop.ts";

/**
 * /boutique/panier | /tienda/carrito: the lines with their choices, the discount code, the totals and the payment.
 * One back call: the cart carries each line's choices (functions, fundings, sessions with seats left).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [cart, user] = await Promise.all([loadCart(context), getUser(context)]);
  const cartPath = pathOf(context, "cart");
  // A logged-in buyer with something to pay: the billing details the invoice needs (ADR 0102).
  const billing = user.loggedIn && cart && cart.products.length > 0 ? await loadBillingDetails(context) : null;
  return {
    cart,
    billing,
    loggedIn: user.loggedIn,
    // A public sign-up pays once its address is confirmed (ADR 0109).
    emailToConfirm: user.loggedIn && !user.emailConfirmed ? user.email : null,
    loginPath: withRedirect(pathOf(context, "login"), cartPath),
    signUpPath: withRedirect(pathOf(context, "sign-up"), cartPath),
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const post = { context, returnTo: url.pathname };
  return intentAction(
    request,
    context,
    { ...shopBranches(post), [BILLING_INTENT]: billingBranch(post), [RESEND_CONFIRMATION_INTENT]: resendConfirmationBranch(post) },
    { unknownIntent: () => badRequest(context) },
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: "shop:cart.title" });

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("shop");
  const root = useRootData();
  const path = usePagePath();
  if (!root) return null;
  const { cart } = loaderData;
  const locale = root.locale;
  const contentLang = root.brand.contentLang;

  if (!cart || cart.products.length === 0) {
    return (
      <main id="main" tabIndex={-1} className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-8 outline-none" data-testid="cart-page">
        <h1 className="text-2xl font-extrabold sm:text-3xl">{t("cart.title")}</h1>
        <p data-testid="cart-empty">{t("cart.empty")}</p>
        <p>
          <Link to={path("shop")} className="font-semibold text-[var(--color-primary-dark)] underline" data-testid="cart-shop-link">
            {t("cart.toShop")}
          </Link>
        </p>
      </main>
    );
  }

  return (
    <main id="main" tabIndex={-1} className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 outline-none" data-testid="cart-page" data-cart-id={cart.id}>
      <h1 className="text-2xl font-extrabold sm:text-3xl">{t("cart.title")}</h1>
      <ul className="flex flex-col gap-4" aria-label={t("cart.lines")}>
        {cart.products.map((line) => {
          const typeTitle = displayTypeTitle(line.effectiveType, contentLang);
          return (
            <li key={line.id} className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm" data-testid="cart-line" data-product-id={line.productId}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-lg font-bold">
                  <Link to={path("training", { trainingType: line.effectiveType, slug: line.slug })} className="underline">
                    {line.name}
                  </Link>
                </h2>
                <p className="font-semibold">
                  <Money cents={line.price} currency={line.currency} locale={locale} testId="cart-line-price" /> {t("cart.ht")}
                </p>
              </div>
              <p className="text-sm text-slate-700" data-testid="cart-line-type">
                {typeTitle}
              </p>
              <LineChoicesForm line={line} locale={locale} />
              {line.needsSession || line.needsFunction ? (
                <p className="mt-2 text-sm font-semibold text-amber-900" data-testid="cart-line-incomplete">
                  {line.needsSession ? t("cart.needsSession") : t("cart.needsFunction")}
                </p>
              ) : null}
              <details className="mt-3" data-testid="cart-remove">
                <summary className="cursor-pointer text-sm font-semibold text-red-800">{t("cart.remove")}</summary>
                <ShopForm intent="remove" className="mt-2 flex flex-wrap items-center gap-2" testId="cart-remove-form">
                  <input type="hidden" name="productId" value={line.productId} />
                  <span className="text-sm">{t("cart.removeConfirm", { name: line.name })}</span>
                  <Button type="submit" size="small" variant="danger" data-testid="cart-remove-confirm">
                    {t("cart.removeYes")}
                  </Button>
                </ShopForm>
              </details>
            </li>
          );
        })}
      </ul>

      <ShopForm intent="discount" className="flex flex-wrap items-end gap-2" testId="cart-discount-form">
        <div className="flex flex-col gap-1">
          <label htmlFor="discount-code" className="text-sm font-semibold">
            {t("cart.discountCode")}
          </label>
          <input
            id="discount-code"
            name="code"
            required
            maxLength={40}
            defaultValue={cart.discountCode ?? ""}
            className="rounded border border-slate-500 px-2 py-1.5"
          />
        </div>
        <Button type="submit" size="small" variant="secondary" data-testid="cart-discount-submit">
          {t("cart.discountApply")}
        </Button>
      </ShopForm>

      <section aria-labelledby="cart-totals" className="rounded-lg border border-slate-300 bg-slate-50 p-4">
        <h2 id="cart-totals" className="mb-2 text-lg font-bold">
          {t("cart.totals")}
        </h2>
        <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1">
          <dt>{t("cart.subtotal")}</dt>
          <dd className="text-right">
            <Money cents={cart.subtotal} currency={cart.currency} locale={locale} testId="cart-subtotal" />
          </dd>
          {cart.totalDiscount > 0 ? (
            <>
              <dt>{cart.discountCode ? t("cart.discountWithCode", { code: cart.discountCode }) : t("cart.discount")}</dt>
              <dd className="text-right">
                −<Money cents={cart.totalDiscount} currency={cart.currency} locale={locale} testId="cart-discount" />
              </dd>
            </>
          ) : null}
          <dt>{t("cart.totalHt")}</dt>
          <dd className="text-right">
            <Money cents={cart.total} currency={cart.currency} locale={locale} testId="cart-total" />
          </dd>
          <dt>{t("cart.vat")}</dt>
          <dd className="text-right">
            <Money cents={vatAmount(cart)} currency={cart.currency} locale={locale} testId="cart-vat" />
          </dd>
          <dt className="font-bold">{t("cart.totalTtc")}</dt>
          <dd className="text-right font-bold">
            <Money cents={cart.totalWithVat} currency={cart.currency} locale={locale} testId="cart-total-ttc" />
          </dd>
        </dl>
        {cart.vatExemptionMention ? <p className="mt-2 text-sm text-slate-700">{cart.vatExemptionMention}</p> : null}
      </section>

      {loaderData.billing ? <BillingSection billing={loaderData.billing} result={(actionData as FormReply | undefined) ?? null} /> : null}

      <section aria-labelledby="cart-pay" className="flex flex-col gap-3">
        <h2 id="cart-pay" className="text-lg font-bold">
          {t("cart.pay")}
        </h2>
        {!cart.readyToPay ? (
          <p className="font-semibold text-amber-900" data-testid="cart-not-ready">
            {t("cart.notReady")}
          </p>
        ) : !loaderData.loggedIn ? (
          <div className="flex flex-col gap-2" data-testid="cart-login">
            <p>{t("cart.loginFirst")}</p>
            <p>
              <Link to={loaderData.loginPath} className="font-semibold text-[var(--color-primary-dark)] underline" data-testid="cart-login-link">
                {t("cart.loginLink")}
              </Link>
            </p>
            <p>
              {t("cart.newCustomer")}{" "}
              <Link to={loaderData.signUpPath} className="font-semibold text-[var(--color-primary-dark)] underline" data-testid="cart-sign-up-link">
                {t("cart.signUpLink")}
              </Link>
            </p>
          </div>
        ) : loaderData.emailToConfirm ? (
          <div className="flex flex-col gap-2" data-testid="cart-confirm-email-first">
            <p className="font-semibold text-amber-900">{t("cart.confirmEmailFirst", { email: loaderData.emailToConfirm })}</p>
            <ShopForm intent={RESEND_CONFIRMATION_INTENT} testId="cart-resend-confirmation-form">
              <Button type="submit" size="small" variant="secondary" data-testid="cart-resend-confirmation">
                {t("cart.resendConfirmation")}
              </Button>
            </ShopForm>
          </div>
        ) : loaderData.billing && loaderData.billing.missing.length > 0 ? (
          <p className="font-semibold text-amber-900" data-testid="cart-billing-first">
            {t("billing.first")}
          </p>
        ) : cart.totalWithVat === 0 ? (
          <ShopForm intent="payFree" testId="cart-pay-free-form">
            <Button type="submit" data-testid="cart-pay-free">
              {t("cart.payFree")}
            </Button>
          </ShopForm>
        ) : (
          <div className="flex flex-wrap gap-3">
            <ShopForm intent="payCard" testId="cart-pay-card-form">
              <Button type="submit" data-testid="cart-pay-card">
                {t("cart.payCard")}
              </Button>
            </ShopForm>
            <ShopForm intent="payCheck" testId="cart-pay-check-form">
              <Button type="submit" variant="secondary" data-testid="cart-pay-check">
                {t("cart.payCheck")}
              </Button>
            </ShopForm>
          </div>
        )}
      </section>
    </main>
  );
}

/**
 * The billing details the invoice will carry (ADR 0102): the form while something the seller's country requires is
 * missing (a message instead when the buyer may not change a pharmacy's details), else who is billed, with the form
 * behind "change".
 */
function BillingSection({ billing, result }: { billing: BillingDetailsReply; result: FormReply | null }) {
  const { t } = useTranslation("shop");
  const taxNote = t(`billing.taxNote.${billing.country}`);
  const intro = billing.buyer === "pharmacy" ? t("billing.introPharmacy", { name: billing.companyName ?? "", taxNote }) : t("billing.intro", { taxNote });
  const billedTo = [billing.companyName, billing.address, [billing.postalCode, billing.city].filter(Boolean).join(" "), billing.taxId]
    .filter(Boolean)
    .join(", ");
  return (
    <section aria-labelledby="cart-billing" className="flex flex-col gap-3 rounded-lg border border-slate-300 bg-white p-4" data-testid="cart-billing">
      <h2 id="cart-billing" className="text-lg font-bold">
        {t("billing.title")}
      </h2>
      {billing.missing.length === 0 ? (
        <>
          <p data-testid="billing-summary">{t("billing.billedTo", { details: billedTo })}</p>
          {billing.editable ? (
            <details open={result ? true : undefined}>
              <summary className="cursor-pointer font-semibold text-blue-800 underline">{t("billing.edit")}</summary>
              <div className="mt-3">
                <BillingForm billing={billing} result={result} />
              </div>
            </details>
          ) : null}
        </>
      ) : billing.editable ? (
        <>
          <p>{intro}</p>
          <BillingForm billing={billing} result={result} />
        </>
      ) : (
        <p className="font-semibold text-amber-900" data-testid="billing-not-editable">
          {t("billing.notEditable")}
        </p>
      )}
    </section>
  );
}

/**
 * A cart line's choices (function, session, funding: those the training offers) in one form with one button, so a
 * line is set in one round trip without JavaScript (ADR 0115). Sessions come by date from the API.
 */
function LineChoicesForm({ line, locale }: { line: CartProduct; locale: string }) {
  const { t } = useTranslation("shop");
  const { functions, sessions, fundings } = line.choices;
  if (!functions.length && !sessions.length && !fundings.length) return null;
  const selectedSession = line.sessionId && line.sessionCourseId ? `${line.sessionId}:${line.sessionCourseId}` : "";
  return (
    <ShopForm intent="line" className="mt-3 flex flex-col gap-3" testId="cart-line-form">
      <input type="hidden" name="productCartId" value={line.id} />
      <div className="grid gap-3 sm:grid-cols-3">
        {functions.length ? (
          <ChoiceSelect
            id={`function-${line.id}`}
            name="functionName"
            label={t("cart.function")}
            defaultValue={line.functionName ?? ""}
            options={functions.map((name) => ({ value: name, label: t(`functions.${name}`, { defaultValue: name }) }))}
          />
        ) : null}
        {sessions.length ? (
          <ChoiceSelect
            id={`session-${line.id}`}
            name="session"
            label={t("cart.session")}
            defaultValue={selectedSession}
            options={sessions.map((s) => ({
              value: `${s.sessionId}:${s.sessionCourseId}`,
              date: s.startDate,
              disabled: s.isFull,
              label: `${sessionLabel(t, s, locale)} · ${s.isFull ? t("sessions.full") : t("sessions.seats", { count: s.seatsAvailable })}`,
            }))}
          />
        ) : null}
        {fundings.length ? (
          <ChoiceSelect
            id={`funding-${line.id}`}
            name="fundingId"
            label={t("cart.funding")}
            defaultValue={line.fundingId ? String(line.fundingId) : ""}
            options={fundings.map((f) => ({ value: String(f.id), label: f.label }))}
          />
        ) : null}
      </div>
      <div>
        <Button type="submit" size="small" variant="secondary" data-testid="cart-line-submit">
          {t("cart.apply")}
          <span className="sr-only"> : {line.name}</span>
        </Button>
      </div>
    </ShopForm>
  );
}

/** A labelled select of a line's form; its placeholder posts nothing (the choice is left as it is). */
function ChoiceSelect(props: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  options: { value: string; label: string; date?: string; disabled?: boolean }[];
}) {
  const { t } = useTranslation("shop");
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={props.id} className="text-sm font-semibold">
        {props.label}
      </label>
      <select id={props.id} name={props.name} defaultValue={props.defaultValue} className="rounded border border-slate-500 bg-white px-2 py-1.5">
        <option value="" disabled>
          {t("cart.choose")}
        </option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value} data-date={option.date} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
