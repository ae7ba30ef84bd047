import { Form, Link, useActionData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/sign-up";
import { signUpSchema } from "#core/contract/signup.ts";
import { SIGN_UP_FIELDS, SIGN_UP_PROFESSIONS } from "#core/domain/sign-up.ts";
import { sellerCountryOf, taxIdRequired } from "#core/domain/billing.ts";
import { safeRedirectPath } from "#core/domain/safe-redirect.ts";
import { legalPagePath } from "~/components/layout/nav-links";
import { Checkbox } from "~/components/ui/checkbox";
import { NewPasswordFields, SelectField, SubmitButton, TextField, firstErrorField, useFocusFirstError } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { formView, useSchemaForm } from "~/lib/forms";
import type { FormReply } from "~/lib/form-reply";
import { backErrorReply, invalidReply, readSubmission } from "~/lib/forms.server";
import { pathOf, withRedirect } from "~/lib/paths.server";
import { redirectWithToast } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";
import { useRootData } from "~/lib/use-root-data";
import { pageMeta } from "~/lib/meta";
import { signUpEndpoints } from "#core/contract/endpoints/signup.ts";

const HIDDEN = { hideFields: ["password", "passwordConfirmation"] };

/**
 * /inscription | /registro: the public sign-up of shop customers (issue 30 item 1, ADR 0109), for guests. The form
 * carries the API's token that dates it and a honeypot field; once sent, the page says to check the mailbox (`?sent=1`),
 * the same words whether the address was new or already had an account.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { back, brand } = context.get(requestStateContext);
  const t = serverT(context, "auth");
  const sent = url.searchParams.get("sent") === "1";
  const { formToken } = sent ? { formToken: "" } : await back.call(signUpEndpoints.form);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirect") ?? "", "");
  return {
    title: t("signUp.title"),
    sent,
    formToken,
    country: sellerCountryOf(brand.key),
    loginPath: withRedirect(pathOf(context, "login"), redirectTo || null),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export async function action({ request, url, context }: Route.ActionArgs) {
  const { back, brand } = context.get(requestStateContext);
  const { submission } = await readSubmission(request, context, signUpSchema(sellerCountryOf(brand.key)));
  if (submission.status !== "success") return invalidReply(submission, HIDDEN);
  try {
    await back.call(signUpEndpoints.signUp, { body: submission.value });
  } catch (error) {
    // A form too old (or not ours) is shown again with a new token; a form sent too fast keeps its own.
    const renewFormToken = error instanceof BackError && (error.data as { renewFormToken?: boolean } | null)?.renewFormToken === true;
    return backErrorReply(submission, error, { ...HIDDEN, extra: renewFormToken ? { renewFormToken } : undefined });
  }
  const sentPath = `${url.pathname}?sent=1`;
  return redirectWithToast(sentPath, { type: "success", message: serverT(context, "auth")("signUp.sent") });
}

export default function SignUp({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const path = usePagePath();
  const brand = useRootData()?.brand;
  const result = useActionData<FormReply>();
  const { country } = loaderData;
  const [form] = useSchemaForm(() => import("#core/contract/signup.ts").then((m) => m.signUpSchema(country)), result);
  const { message, errors, value } = formView(form);
  const formRef = useFocusFirstError(result);
  const first = firstErrorField(errors, [...SIGN_UP_FIELDS]);
  const formToken = result?.extra?.renewFormToken ? loaderData.formToken : (value("formToken") ?? loaderData.formToken);
  const field = (name: (typeof SIGN_UP_FIELDS)[number]) => ({ name, errors: errors[name], defaultValue: value(name), autoFocus: first === name || undefined });
  // Spain asks every buyer's NIF; Belgium a company's VAT number; France nothing (ADR 0102).
  const taxLabel = taxIdRequired(country, "person", null) ? t(`shop:billing.taxIdRequired.${country}`) : t(`shop:billing.taxId.${country}`);

  if (loaderData.sent) {
    return (
      <main id="main" className="mx-auto w-full max-w-lg px-4 py-12">
        <h1 className="mb-4 text-3xl font-bold">{t("signUp.sentTitle")}</h1>
        <section role="status" className="flex flex-col gap-3" data-testid="sign-up-sent">
          <p>{t("signUp.sentText")}</p>
          <p>{t("signUp.sentSpam")}</p>
        </section>
        <p className="mt-6">
          <Link to={path("cart")} className="font-semibold text-[var(--color-primary-dark)] underline">
            {t("signUp.backToCart")}
          </Link>
        </p>
      </main>
    );
  }

  return (
    <main id="main" className="mx-auto w-full max-w-lg px-4 py-12">
      <h1 className="mb-4 text-3xl font-bold">{t("signUp.title")}</h1>
      <p className="mb-2">{t("signUp.intro")}</p>
      <p className="mb-6">
        {t("signUp.haveAccount")}{" "}
        <Link to={loaderData.loginPath} className="font-semibold text-[var(--color-primary-dark)] underline" data-testid="sign-up-login-link">
          {t("signUp.loginLink")}
        </Link>
      </p>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} ref={formRef} className="flex flex-col gap-4" noValidate data-testid="sign-up-form">
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="formToken" value={formToken} />
        <FormMessage message={message} />
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-lg font-bold">{t("signUp.you")}</legend>
          <TextField {...field("firstName")} label={t("fields.firstName")} autoComplete="given-name" required maxLength={100} />
          <TextField {...field("lastName")} label={t("fields.lastName")} autoComplete="family-name" required maxLength={100} />
          <TextField {...field("email")} type="email" label={t("fields.email")} autoComplete="email" required maxLength={254} hint={t("signUp.emailHint")} />
          <SelectField
            {...field("profession")}
            label={t("fields.profession")}
            required
            defaultValue={value("profession") ?? "pharmacist"}
            options={SIGN_UP_PROFESSIONS.map((profession) => ({ value: profession, label: t(`professions.${profession}`) }))}
          />
          <p id="sign-up-password-policy" className="text-sm text-slate-700">
            {t("passwordPolicy")}
          </p>
          <NewPasswordFields
            passwordLabel={t("fields.password")}
            confirmationLabel={t("fields.passwordConfirmation")}
            policyId="sign-up-password-policy"
            errors={errors}
            first={first}
          />
        </fieldset>
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-lg font-bold">{t("shop:billing.title")}</legend>
          <p className="text-sm text-slate-700">{t("signUp.billingIntro", { taxNote: t(`shop:billing.taxNote.${country}`) })}</p>
          <TextField {...field("companyName")} label={t("shop:billing.companyName")} autoComplete="organization" maxLength={120} />
          <TextField {...field("address")} label={t("shop:billing.address")} autoComplete="street-address" required maxLength={200} />
          <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
            <TextField {...field("postalCode")} label={t("shop:billing.postalCode")} autoComplete="postal-code" inputMode="numeric" required maxLength={10} />
            <TextField {...field("city")} label={t("shop:billing.city")} autoComplete="address-level2" required maxLength={100} />
          </div>
          <TextField {...field("taxId")} label={taxLabel} required={taxIdRequired(country, "person", null)} maxLength={30} />
        </fieldset>
        {/* The honeypot: out of sight and out of the keyboard's way; only a robot fills it (the API refuses). */}
        <div className="hidden" aria-hidden="true">
          <label htmlFor="sign-up-website">{t("signUp.honeypot")}</label>
          <input id="sign-up-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <Checkbox
          name="acceptTerms"
          label={t("createAccount.acceptTerms")}
          assistiveText={
            brand ? (
              <Link to={legalPagePath(brand, "terms")} target="_blank" rel="noopener" className="font-semibold underline">
                {t("createAccount.readTerms")}
              </Link>
            ) : null
          }
          required
          defaultChecked={value("acceptTerms") === "on"}
          errorMessage={errors.acceptTerms?.join(" ")}
          autoFocus={first === "acceptTerms" || undefined}
        />
        <SubmitButton fullWidth>{t("signUp.submit")}</SubmitButton>
      </Form>
    </main>
  );
}
