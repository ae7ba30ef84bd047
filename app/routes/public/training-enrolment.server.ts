import { data, redirect, type RouterContextProvider } from "react-router";
import { BackError } from "~/lib/back.server";
import { requestStateContext, serverConfigContext } from "~/lib/context";
import { requireValidCsrf, webCsrf } from "~/lib/csrf.server";
import { formBody } from "~/lib/form-body.server";
import { loginPath, serverT } from "~/lib/guards.server";
import { toastCookie } from "~/lib/toast.server";
import { SubscribeReplySchema } from "#core/contract/enrolment.ts";


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
  const config = context.get(serverConfigContext);
  const { back } = context.get(requestStateContext);
  const common = serverT(context, "common");
  const formData = await formBody(request, common("errors.badForm"));
  await requireValidCsrf(webCsrf(config.appSecret, config.secureCookies), formData, request.headers, common("errors.csrf"));
  const intent = formData.get("intent");
  const sessionId = String(formData.get("sessionId") ?? "");
  if ((intent !== "subscribe" && intent !== "unsubscribe") || (sessionId !== "" && !/^[1-9][0-9]{0,8}$/.test(sessionId))) {
    throw data({ message: common("errors.anErrorOccurred") }, { status: 400 });
  }
  const t = serverT(context, "training");
  let toast: Parameters<typeof toastCookie>[0];
  try {
    if (intent === "subscribe") {
      const reply = await back.post(`/course/subscribe/${trainingId}`, { sessions: sessionId ? [Number(sessionId)] : [] }, SubscribeReplySchema);
      toast = { type: "success", message: t(`enrolment.toast.${reply.outcome}`, { position: reply.enrolment.waitingListPosition ?? "" }) };
    } else {
      await back.post(`/course/unsubscribe/${trainingId}`, {});
      toast = { type: "success", message: t("enrolment.toast.unsubscribed") };
    }
  } catch (error) {
    if (!(error instanceof BackError)) throw error;
    if (error.status === 401) throw redirect(loginPath(context, url.pathname));
    toast = { type: "error", message: backMessage(error) || common("errors.anErrorOccurred") };
  }
  throw redirect(url.pathname, { headers: { "Set-Cookie": toastCookie(toast) } });
}
