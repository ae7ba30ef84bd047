import { useTranslation } from "~/i18n/react";
import { Form, Link, redirect, useActionData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/login";
import { LoginSchema } from "#core/contract/auth.ts";
import { backErrorReply, invalidReply, readSubmission } from "~/lib/forms.server";
import { formView, useSchemaForm } from "~/lib/forms";
import type { FormReply } from "~/lib/form-reply";
import { SubmitButton, TextField, firstErrorField, useFocusFirstError } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { otherPlatformRedirect } from "~/routes/auth/other-platform.server";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { landingPath, pathOf, withRedirect } from "~/lib/paths.server";
import { mustChooseAccount } from "#core/domain/permissions.ts";
import { serverT } from "~/lib/translate.server";
import { safeRedirectPath } from "#core/domain/safe-redirect.ts";
import { BackError } from "~/lib/back.server";
import { pageMeta } from "~/lib/meta";
import { authEndpoints } from "#core/contract/endpoints/auth.ts";
import { editorialEndpoints } from "#core/contract/endpoints/editorial.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  const t = serverT(context, "auth");
  const raw = url.searchParams.get("redirect");
  // The brand's login image (back office, /admin/loginImage); none when unset or unavailable.
  const image = await context
    .get(requestStateContext)
    .back.call(editorialEndpoints.publicLoginImage)
    .catch(() => ({ url: null }));
  const redirectTo = raw ? safeRedirectPath(raw, "") : "";
  // The public sign-up (ADR 0109), on the brands open to guests.
  const signUpPath = context.get(requestStateContext).brand.authenticatedOnly ? null : withRedirect(pathOf(context, "sign-up"), redirectTo || null);
  return { title: t("login.title"), redirectTo, loginImage: image.url, signUpPath };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export async function action({ request, url, context }: Route.ActionArgs) {
  const { submission, formData } = await readSubmission(request, context, LoginSchema);
  if (submission.status !== "success") return invalidReply(submission, { hideFields: ["password"] });
  const { back, brand } = context.get(requestStateContext);
  const { email, password, remember } = submission.value;
  const fallback = landingPath(context);
  const redirectTo = formData.get("redirectTo");
  const target = safeRedirectPath((typeof redirectTo === "string" && redirectTo) || url.searchParams.get("redirect") || fallback, fallback);
  let user;
  try {
    user = await back.call(authEndpoints.login, {
      body: { email, password, platform: brand.key, remember: remember === true || remember === "on" || remember === "true" },
    });
  } catch (error) {
    const other = otherPlatformRedirect(error);
    if (other) return other;
    // A login paused by failed attempts offers the password reset (the API says so in its 429).
    const offerReset = error instanceof BackError && (error.data as { resetPassword?: boolean } | null)?.resetPassword === true;
    return backErrorReply(submission, error, { hideFields: ["password"], extra: offerReset ? { offerReset } : undefined });
  }
  // Several pharmacies and none in use: the account choice first, then where the user was going (issue 29).
  if (mustChooseAccount(user)) return redirect(withRedirect(pathOf(context, "account-choice"), target));
  return redirect(target);
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const path = usePagePath();
  const { redirectTo, loginImage, signUpPath } = loaderData;
  const result = useActionData<FormReply>();
  const [form] = useSchemaForm(() => import("#core/contract/auth.ts").then((m) => m.LoginSchema), result);
  const { message, errors, value } = formView(form);
  const formRef = useFocusFirstError(result);
  const first = firstErrorField(errors, ["email", "password"]);
  const messageId = "login-message";
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-12">
      {loginImage ? <img src={loginImage} alt="" className="mb-6 max-h-48 w-full rounded-md object-cover" data-testid="login-image" /> : null}
      <h1 className="mb-6 text-3xl font-bold">{t("login.title")}</h1>
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        ref={formRef}
        className="flex flex-col gap-4"
        aria-describedby={message ? messageId : undefined}
        noValidate
      >
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormMessage id={messageId} message={message} />
        {result?.extra?.offerReset ? (
          <p>
            <Link to={path("forgot-password")} className="font-semibold text-[var(--color-primary-dark)] underline">
              {t("login.resetNow")}
            </Link>
          </p>
        ) : null}
        <TextField
          name="email"
          type="email"
          label={t("fields.email")}
          autoComplete="username"
          required
          defaultValue={value("email")}
          errors={errors.email}
          autoFocus={first === "email" || undefined}
        />
        <TextField
          name="password"
          type="password"
          label={t("fields.password")}
          autoComplete="current-password"
          required
          errors={errors.password}
          autoFocus={first === "password" || undefined}
        />
        <label className="flex items-center gap-2">
          <input type="checkbox" name="remember" value="on" defaultChecked={value("remember") === "on"} className="h-5 w-5" />
          {t("login.remember")}
        </label>
        <SubmitButton fullWidth>{t("login.submit")}</SubmitButton>
      </Form>
      <p className="mt-6">
        <Link to={path("forgot-password")} className="font-semibold text-[var(--color-primary-dark)] underline">
          {t("login.forgotPassword")}
        </Link>
      </p>
      {signUpPath ? (
        <p className="mt-4">
          {t("login.newCustomer")}{" "}
          <Link to={signUpPath} className="font-semibold text-[var(--color-primary-dark)] underline" data-testid="login-sign-up-link">
            {t("login.signUpLink")}
          </Link>
        </p>
      ) : null}
    </main>
  );
}
