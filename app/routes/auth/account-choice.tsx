import { useTranslation } from "~/i18n/react";
import { Form, Link, redirect, useActionData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/account-choice";
import { SetAccountFormSchema } from "#core/contract/auth.ts";
import { backErrorReply, invalidReply, readSubmission } from "~/lib/forms.server";
import { replyMessage, type FormReply } from "~/lib/form-reply";
import { SubmitButton, useFocusFirstError } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { otherPlatformRedirect } from "~/routes/auth/other-platform.server";
import { safeRedirectPath } from "#core/domain/safe-redirect.ts";
import { requestStateContext } from "~/lib/context";
import { usePagePath } from "~/i18n/use-page-path";
import { landingPath } from "~/lib/paths.server";
import { needsAccountChoice } from "~/lib/area-guards.server";
import { getLoggedInUser } from "~/lib/current-user.server";
import { serverT } from "~/lib/translate.server";
import { isHolderOrReferent } from "#core/domain/permissions.ts";
import { matchPage } from "#core/page-links.ts";
import { pageDefinition } from "#core/pages.ts";
import { pageMeta } from "~/lib/meta";
import { accountEndpoints } from "#core/contract/endpoints/account.ts";

/**
 * The user's pharmacies; the `redirect` query is kept through the choice. The header's user menu posts here too, to
 * switch to another of the user's pharmacies (issue 30). A user with nothing to
 * choose and no need to (a shop customer) goes on to where they were heading.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const user = await getLoggedInUser(context);
  const raw = url.searchParams.get("redirect");
  if (user.accounts.length === 0 && !needsAccountChoice(user)) {
    const fallback = landingPath(context);
    throw redirect(raw ? safeRedirectPath(raw, fallback) : fallback);
  }
  return {
    title: serverT(context, "auth")("accountChoice.title"),
    accounts: user.accounts,
    hasAdvisor: user.advisor !== null,
    currentAccountId: user.currentAccountId,
    redirectTo: raw ? safeRedirectPath(raw, "") : "",
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export async function action({ request, url, context }: Route.ActionArgs) {
  const { submission, formData } = await readSubmission(request, context, SetAccountFormSchema);
  if (submission.status !== "success") return invalidReply(submission);
  const { back, brand } = context.get(requestStateContext);
  const fallback = landingPath(context);
  const redirectTo = formData.get("redirectTo");
  const target = safeRedirectPath((typeof redirectTo === "string" && redirectTo) || url.searchParams.get("redirect") || fallback, fallback);
  let user;
  try {
    user = await back.call(accountEndpoints.setAccount, { body: { ...submission.value, platform: brand.key } });
  } catch (error) {
    const other = otherPlatformRedirect(error);
    if (other) return other;
    return backErrorReply(submission, error);
  }
  // A switch from the user menu on a pharmacy management page, to a pharmacy the user does not manage: the landing page.
  const match = matchPage(new URL(target, url).pathname);
  const area = match ? pageDefinition(match.page.id)?.area : undefined;
  if (area === "pharmacy" && !isHolderOrReferent(user)) return redirect(fallback);
  return redirect(target);
}

export default function AccountChoice({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const { accounts, hasAdvisor, currentAccountId, redirectTo } = loaderData;
  const path = usePagePath();
  const result = useActionData<FormReply>();
  const ref = useFocusFirstError<HTMLElement>(result);
  return (
    <main id="main" ref={ref} className="mx-auto w-full max-w-2xl px-4 py-12">
      <h1 className="mb-4 text-3xl font-bold">{t("accountChoice.title")}</h1>
      <p className="mb-6">{t("accountChoice.intro")}</p>
      <FormMessage message={replyMessage(result)} />
      {accounts.length === 0 ? (
        <div className="mt-4 rounded-md bg-slate-100 p-4" data-testid="account-choice-none">
          <p>{t("accountChoice.none")}</p>
          <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
            {hasAdvisor ? (
              <Link to={path("advisor-contact")} className="font-semibold text-[var(--color-primary-dark)] underline">
                {t("accountChoice.writeAdvisor")}
              </Link>
            ) : null}
            <Link to={path("contact")} className="font-semibold text-[var(--color-primary-dark)] underline">
              {t("accountChoice.contactUs")}
            </Link>
          </p>
        </div>
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {accounts.map((account) => (
            <li key={account.id} className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-slate-300 p-4">
              <div>
                <p className="font-bold">{account.name}</p>
                <p className="text-sm text-slate-700">
                  {[account.city, t(`roles.${account.role}`, { defaultValue: account.role })].filter(Boolean).join(" · ")}
                  {account.id === currentAccountId ? ` · ${t("accountChoice.current")}` : ""}
                </p>
              </div>
              <Form method="post">
                <AuthenticityTokenInput name="csrf" />
                <input type="hidden" name="accountId" value={account.id} />
                <input type="hidden" name="redirectTo" value={redirectTo} />
                <SubmitButton intent={`choose-${account.id}`}>
                  {t("accountChoice.choose")}
                  <span className="sr-only"> {account.name}</span>
                </SubmitButton>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
