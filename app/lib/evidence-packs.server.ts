import type { RouterContextProvider } from "react-router";
import { StartEvidencePackSchema, type EvidencePack, type StartEvidencePack } from "#core/contract/evidence-packs.ts";
import { BackError } from "~/lib/back.server";
import { backErrorReply } from "~/lib/forms.server";
import { intentBranch } from "~/lib/intent-action.server";
import { redirectWithToast } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";

type Context = Readonly<RouterContextProvider>;

/**
 * The "build the evidence pack" form of a page (ADR 0127): starts the pack and goes to its progress page. A pack of
 * the same scope already running is the API's 409: the caller is taken to that pack's page with the message saying
 * so; any other refusal is the form's error.
 */
export function evidencePackBranch(
  context: Context,
  start: (body: StartEvidencePack) => Promise<EvidencePack>,
  progressPath: (id: number) => string,
  formKey?: (formData: FormData, intent: string) => string,
) {
  return intentBranch({
    schema: StartEvidencePackSchema,
    formKey,
    run: async ({ value, submission, form }) => {
      try {
        const pack = await start(value);
        return redirectWithToast(progressPath(pack.id), { type: "success", message: serverT(context, "evidence-pack")("build.started") });
      } catch (error) {
        const runningId = error instanceof BackError && error.status === 409 ? (error.data as { runningId?: unknown } | null)?.runningId : undefined;
        if (typeof runningId === "number") return redirectWithToast(progressPath(runningId), { type: "error", message: (error as BackError).message });
        return backErrorReply(submission, error, { form });
      }
    },
  });
}
