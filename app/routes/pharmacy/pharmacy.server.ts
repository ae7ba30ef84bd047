import type { z } from "zod";
import { backErrorReply } from "~/lib/forms.server";
import { intentBranch } from "~/lib/intent-action.server";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * A pharmacy tab's form (a branch of the tab's `intentAction`): an invalid form answers 422 with its typed values
 * (`form` = the intent, so the page shows the errors under the right form), a back API error answers with its
 * message, and success goes back to the tab (or where `send` says) with the API's message as a toast.
 */
export function pharmacyBranch<S extends z.ZodType>(
  returnTo: string,
  schema: S,
  send: (value: z.output<S>) => Promise<{ message: string; redirectTo?: string }>,
) {
  return intentBranch({
    schema,
    run: async ({ value, submission, form }) => {
      try {
        const done = await send(value);
        return redirectWithToast(done.redirectTo ?? returnTo, { type: "success", message: done.message });
      } catch (error) {
        return backErrorReply(submission, error, { form });
      }
    },
  });
}
