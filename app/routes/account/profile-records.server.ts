import type { RouterContextProvider } from "react-router";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { BadgesSchema, CurrentFormationsSchema, SuggestionsSchema } from "#core/contract/records.ts";

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
    optional(back.get("/user/currentFormations", CurrentFormationsSchema)),
    optional(back.get("/user/getBadges", BadgesSchema)),
    optional(back.get("/user/getPersonalizedSuggestions", SuggestionsSchema)),
  ]);
  return { formations, badges, suggestions };
}
