import { data, redirect, type RouterContextProvider } from "react-router";
import { BackError } from "~/lib/back.server";
import { EnrolmentFormSchema } from "#core/contract/enrolment.ts";
import { requestStateContext } from "~/lib/context";
import { readSubmission } from "~/lib/forms.server";
import { loginPath } from "~/lib/paths.server";
import { serverT } from "~/lib/translate.server";
import { redirectWithToast, type ToastInput } from "~/lib/toast.server";
import { enrolmentEndpoints } from "#core/contract/endpoints/enrolment.ts";

type Args = { request: Request; url: URL; context: Readonly<RouterContextProvider>; trainingId: number };

/** The first field message of a 422, else the envelope message: what the learner can act on. */
function backMessage(error: BackError): string {
  const errors = (error.data as { errors?: Record<string, string[]> } | null)?.errors;
  const first = errors ? Object.values(errors).flat()[0] : undefined;
  return first ?? error.message;
}

/**
 * The course page's subscribe / unsubscribe intents: one call to the back API, then back to the course page (without
 * the confirmation step) with the API's message as a toast, in the learner's language.
 */
export async function enrolmentAction({ request, url, context, trainingId }: Args) {
  const { back } = context.get(requestStateContext);
  const common = serverT(context, "common");
  const { submission, formData } = await readSubmission(request, context, EnrolmentFormSchema);
  const intent = formData.get("intent");
  if ((intent !== "subscribe" && intent !== "unsubscribe") || submission.status !== "success") {
    throw data({ message: common("errors.anErrorOccurred") }, { status: 400 });
  }
  const { sessionId } = submission.value;
  const t = serverT(context, "training");
  let toast: ToastInput;
  try {
    if (intent === "subscribe") {
      const reply = await back.call(enrolmentEndpoints.courseSubscribe, { params: { id: trainingId }, body: { sessions: sessionId ? [sessionId] : [] } });
      toast = { type: "success", message: t(`enrolment.toast.${reply.outcome}`, { position: reply.enrolment.waitingListPosition ?? "" }) };
    } else {
      await back.call(enrolmentEndpoints.courseUnsubscribe, { params: { id: trainingId }, body: {} });
      toast = { type: "success", message: t("enrolment.toast.unsubscribed") };
    }
  } catch (error) {
    if (!(error instanceof BackError)) throw error;
    if (error.status === 401) throw redirect(loginPath(context, url.pathname));
    toast = { type: "error", message: backMessage(error) || common("errors.anErrorOccurred") };
  }
  throw redirectWithToast(url.pathname, toast);
}
