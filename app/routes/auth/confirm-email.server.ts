import type { RouterContextProvider } from "react-router";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { z } from "zod";
import { intentBranch } from "~/lib/intent-action.server";
import { redirectWithToast } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";
import { signUpEndpoints } from "#core/contract/endpoints/signup.ts";

/** The form posts nothing but its intent. */
const NoFields = z.object({});

/**
 * A new confirmation link for the logged-in customer whose address is not confirmed, with or without JavaScript: the
 * API, then back to `returnTo` with a toast: sent, or the API's refusal (already confirmed, too many mails).
 */
export function resendConfirmationBranch({ context, returnTo }: { context: Readonly<RouterContextProvider>; returnTo: string }) {
  return intentBranch({
    schema: NoFields,
    run: async () => {
      const { back } = context.get(requestStateContext);
      try {
        const { email } = await back.call(signUpEndpoints.resendConfirmation);
        return redirectWithToast(returnTo, { type: "success", message: serverT(context, "auth")("confirmEmail.resent", { email }) });
      } catch (error) {
        if (!(error instanceof BackError)) throw error;
        return redirectWithToast(returnTo, { type: "error", message: error.message });
      }
    },
  });
}
