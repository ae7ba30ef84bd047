import { redirect, type RouterContextProvider } from "react-router";
import { billingDetailsSchema, type BillingDetailsReply } from "#core/contract/billing.ts";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { backErrorReply, errorReply, invalidReply, parseSubmission, readFormData } from "~/lib/forms.server";
import { loginPath } from "~/lib/paths.server";
import { redirectWithToast } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";
import { billingEndpoints } from "#core/contract/endpoints/billing.ts";

type Context = Readonly<RouterContextProvider>;

/** The intent of the cart page's billing form (every other form of the page goes to shopAction). */
export const BILLING_INTENT = "billing";

/** The buyer's billing details for the cart page: null for a guest, or when the API answers no (not a shop customer). */
export async function loadBillingDetails(context: Context): Promise<BillingDetailsReply | null> {
  const { back } = context.get(requestStateContext);
  try {
    return await back.call(billingEndpoints.details);
  } catch (error) {
    if (error instanceof BackError) return null;
    throw error;
  }
}

/**
 * The billing form (ADR 0102), with or without JavaScript: the CSRF check, the schema of the buyer's rules (their
 * country, a pharmacy or a person) as in the browser, then the API. An error answers 422 with the values typed and
 * each field's message; a success goes back to the cart with a toast.
 */
export async function billingAction({ request, context, returnTo }: { request: Request; context: Context; returnTo: string }) {
  const formData = await readFormData(request, context);
  const { back } = context.get(requestStateContext);
  let rules: BillingDetailsReply;
  try {
    rules = await back.call(billingEndpoints.details);
  } catch (error) {
    if (error instanceof BackError && error.status === 401) throw redirect(loginPath(context, returnTo));
    if (error instanceof BackError) return errorReply({ message: error.message, form: BILLING_INTENT, status: error.status });
    throw error;
  }
  const submission = parseSubmission(formData, context, billingDetailsSchema(rules.country, rules.buyer));
  if (submission.status !== "success") return invalidReply(submission, { form: BILLING_INTENT });
  try {
    await back.call(billingEndpoints.save, { body: submission.value });
  } catch (error) {
    return backErrorReply(submission, error, { form: BILLING_INTENT });
  }
  throw redirectWithToast(returnTo, { type: "success", message: serverT(context, "shop")("billing.saved") });
}

/** Which form a cart page post comes from, read from a copy of the request (the chosen action reads the original). */
export async function postedIntent(request: Request): Promise<string | null> {
  try {
    const intent = (await request.clone().formData()).get("intent");
    return typeof intent === "string" ? intent : null;
  } catch {
    return null;
  }
}
