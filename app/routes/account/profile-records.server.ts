import type { RouterContextProvider } from "react-router";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import type { Badge, CurrentFormations, Suggestion } from "../../components/records/types";

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
    optional(back.get<CurrentFormations>("/user/currentFormations")),
    optional(back.get<Badge[]>("/user/getBadges")),
    optional(back.get<Suggestion[]>("/user/getPersonalizedSuggestions")),
  ]);
  return { formations, badges, suggestions };
}
