import { redirect, type RouterContextProvider } from "react-router";
import { BackError } from "~/lib/back.server";
import { EnrolmentFormSchema } from "#core/contract/enrolment.ts";
import { requestStateContext } from "~/lib/context";
import { badRequest } from "~/lib/errors.server";
import { intentBranch } from "~/lib/intent-action.server";
import { loginPath } from "~/lib/paths.server";
import { serverT } from "~/lib/translate.server";
import { redirectWithToast, type ToastInput } from "~/lib/toast.server";
import { enrolmentEndpoints } from "#core/contract/endpoints/enrolment.ts";

type Args = { url: URL; context: Readonly<RouterContextProvider>; trainingId: () => Promise<number> };

/** The first field message of a 422, else the envelope message: what the learner can act on. */
function backMessage(error: BackError): string {
  const errors = (error.data as { errors?: Record<string, string[]> } | null)?.errors;
  const first = errors ? Object.values(errors).flat()[0] : undefined;
  return first ?? error.message;
}

/**
 * The course page's subscribe / unsubscribe forms: one call to the back API, then back to the course page (without
 * the confirmation step) with the API's message as a toast, in the learner's language. `trainingId` reads the course
 * the page names (its 404 if there is none).
 */
export function enrolmentBranches({ url, context, trainingId }: Args) {
  const { back } = context.get(requestStateContext);
  const common = serverT(context, "common");
  const t = serverT(context, "training");
  const enrol = (call: (id: number, sessionId: number | null) => Promise<ToastInput>) =>
    intentBranch({
      schema: EnrolmentFormSchema,
      invalid: () => badRequest(context),
      run: async ({ value }): Promise<never> => {
        const id = await trainingId();
        let toast: ToastInput;
        try {
          toast = await call(id, value.sessionId);
        } catch (error) {
          if (!(error instanceof BackError)) throw error;
          if (error.status === 401) throw redirect(loginPath(context, url.pathname));
          toast = { type: "error", message: backMessage(error) || common("errors.anErrorOccurred") };
        }
        throw redirectWithToast(url.pathname, toast);
      },
    });
  return {
    subscribe: enrol(async (id, sessionId) => {
      const reply = await back.call(enrolmentEndpoints.courseSubscribe, { params: { id }, body: { sessions: sessionId ? [sessionId] : [] } });
      return { type: "success", message: t(`enrolment.toast.${reply.outcome}`, { position: reply.enrolment.waitingListPosition ?? "" }) };
    }),
    unsubscribe: enrol(async (id) => {
      await back.call(enrolmentEndpoints.courseUnsubscribe, { params: { id }, body: {} });
      return { type: "success", message: t("enrolment.toast.unsubscribed") };
    }),
  };
}
