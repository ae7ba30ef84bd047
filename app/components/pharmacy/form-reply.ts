import type { FormReply } from "~/lib/form-reply";

/** The reply of one form of a page with several (undefined for the others). */
export function replyOf(reply: FormReply | undefined, form: string): FormReply | undefined {
  return reply?.form === form ? reply : undefined;
}
