import type { RouterContextProvider } from "react-router";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { recordsEndpoints } from "#core/contract/endpoints/records.ts";

/**
 * The records sections of the profile index. Each is optional: a failing call hides its section rather than
 * the whole profile.
 */
export async function loadProfileRecords(context: Readonly<RouterContextProvider>) {
  const { back } = context.get(requestStateContext);
  const optional = <T>(promise: Promise<T>) =>
    promise.catch((error: unknown) => {
      if (error instanceof BackError) return null;
      throw error;
    });
  const [formations, badges, suggestions] = await Promise.all([
    optional(back.call(recordsEndpoints.currentFormations)),
    optional(back.call(recordsEndpoints.badges)),
    optional(back.call(recordsEndpoints.suggestions)),
  ]);
  return { formations, badges, suggestions };
}
