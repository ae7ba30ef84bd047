import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { errorReply, invalidReply, parseSubmission, readFormData } from "~/lib/forms.server";
import { serverT } from "~/lib/translate.server";

type Context = Readonly<RouterContextProvider>;

/** What a branch's handler gets: the typed values, the valid submission (for its replies) and the raw form. */
export type IntentPost<S extends z.ZodType> = {
  value: z.output<S>;
  intent: string;
  /** Which form answers (`form` of the replies): the intent, or the branch's `formKey` (a form repeated per row). */
  form: string;
  submission: Extract<Submission<S>, { status: "success" }>;
  formData: FormData;
};

type Submission<S extends z.ZodType> = ReturnType<typeof parseSubmission<S>>;

/** One form of a page: its schema (parsed as every form is, ADR 0025) and what it does with the typed values. */
export type IntentBranch<S extends z.ZodType, R> = {
  schema: S;
  /** Posted fields that are not the schema's (a row id the handler reads from `formData`...). */
  omit?: readonly string[];
  /** The form's key when the form is repeated per row ("move-12"): its replies then reach only that row's form. */
  formKey?: (formData: FormData, intent: string) => string;
  /** An invalid form's answer when it is not the 422 (forms that go back to their page with a toast...). */
  invalid?: (submission: Exclude<Submission<S>, { status: "success" }>, form: string) => R | Promise<R>;
  run: (post: IntentPost<S>) => R | Promise<R>;
};

/**
 * The one way of a page with several forms, told apart by their `intent` field: reads the body once (and checks its
 * CSRF token, `readFormData`), picks the branch of the posted intent, parses the form with that branch's schema, and
 * calls the branch's handler with the typed values; an invalid form is the branch's 422 (`invalidReply`). The
 * branches are a union discriminated by `intent`: each handler is typed by its own schema. An intent that is not a
 * branch is `unknownIntent`'s answer: by default, a 400 with the translated "an error occurred".
 */
export async function intentAction<S extends Record<string, z.ZodType>, R, U = R>(
  request: Request,
  context: Context,
  branches: { [K in keyof S]: IntentBranch<S[K], R> },
  options: { unknownIntent?: (intent: string) => U | Promise<U> } = {},
) {
  const formData = await readFormData(request, context);
  const posted = formData.get("intent");
  const intent = typeof posted === "string" ? posted : "";
  if (!Object.hasOwn(branches, intent)) {
    if (options.unknownIntent) return options.unknownIntent(intent);
    return errorReply({ message: serverT(context, "common")("errors.anErrorOccurred"), status: 400 });
  }
  return runBranch(branches[intent as keyof S], intent, formData, context);
}

/** One branch written apart from its `intentAction` call (a form several pages share): its handler typed by its schema. */
export function intentBranch<S extends z.ZodType, R>(branch: IntentBranch<S, R>): IntentBranch<S, R> {
  return branch;
}

async function runBranch<S extends z.ZodType, R>(branch: IntentBranch<S, R>, intent: string, formData: FormData, context: Context) {
  const form = branch.formKey ? branch.formKey(formData, intent) : intent;
  const submission = parseSubmission(formData, context, branch.schema, { omit: branch.omit });
  if (submission.status !== "success") return branch.invalid ? branch.invalid(submission, form) : invalidReply(submission, { form });
  return branch.run({ value: submission.value, intent, form, submission, formData });
}
