import { redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { billingDetailsSchema, type BillingDetailsReply } from "#core/contract/billing.ts";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { backErrorReply, errorReply, invalidReply, parseSubmission } from "~/lib/forms.server";
import { intentBranch } from "~/lib/intent-action.server";
import { loginPath } from "~/lib/paths.server";
import { redirectWithToast } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";
import { billingEndpoints } from "#core/contract/endpoints/billing.ts";

type Context = Readonly<RouterContextProvider>;

/** The billing form's fields are parsed by the buyer's own schema, in the branch. */
const AnyFields = z.object({});

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
 * The billing form (ADR 0102), with or without JavaScript: the schema of the buyer's rules (their country, a pharmacy
 * or a person) as in the browser, then the API. An error answers 422 with the values typed and each field's message;
 * a success goes back to the cart with a toast. The rules come from the API, so the form is parsed once they are known.
 */
export function billingBranch({ context, returnTo }: { context: Context; returnTo: string }) {
  return intentBranch({
    schema: AnyFields,
    run: async ({ formData }) => {
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
    },
  });
}
