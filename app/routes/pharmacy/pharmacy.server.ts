import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { backErrorReply, invalidReply, parseSubmission, readFormData } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";
import { data } from "react-router";

type Context = Readonly<RouterContextProvider>;

/**
 * The pharmacy tabs' form actions: the form's `intent` picks its schema and its back call; an invalid form answers
 * 422 with its typed values (`form` = the intent, so the page shows the errors under the right form), a back API
 * error answers with its message, and success goes back to the tab with the API's message as a toast.
 */
export async function pharmacyAction<I extends string>(
  request: Request,
  context: Context,
  intents: Record<I, { schema: z.ZodType; run: (value: never) => Promise<{ message: string; redirectTo?: string }> }>,
  returnTo: string,
): Promise<Response | ReturnType<typeof invalidReply>> {
  const formData = await readFormData(request, context);
  const intent = formData.get("intent");
  if (typeof intent !== "string" || !(intent in intents)) {
    throw data({ message: serverT(context, "common")("errors.anErrorOccurred") }, { status: 400 });
  }
  const { schema, run } = intents[intent as I];
  const submission = parseSubmission(formData, context, schema);
  if (submission.status !== "success") return invalidReply(submission, { form: intent });
  try {
    const done = await run(submission.value as never);
    return redirectWithToast(done.redirectTo ?? returnTo, { type: "success", message: done.message });
  } catch (error) {
    return backErrorReply(submission, error, { form: intent });
  }
}
