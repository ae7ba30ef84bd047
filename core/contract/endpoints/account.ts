/** The logged-in user's account: the account in use, password, consent; an invitation and the account it creates. */
import { z } from "zod";
import { ConsentSavedSchema, ConsentSchema, CreateAccountSchema, InvitationSchema, SetAccountSchema, UpdatePasswordSchema } from "../auth.ts";
import { NoDataSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import { CurrentUserSchema } from "../user.ts";

export const accountEndpoints = {
  /** The account in use: one of the user's; another platform's answers with its own reply (a token for that host). */
  setAccount: endpoint({ method: "POST", path: "/user/setAccountId", body: SetAccountSchema, reply: CurrentUserSchema, access: "session" }),
  updatePassword: endpoint({ method: "POST", path: "/user/updatePassword", body: UpdatePasswordSchema, reply: NoDataSchema, access: "session" }),
  /** Recorded for read-only users too: a legal acknowledgement, not a change of data. */
  consent: endpoint({ method: "POST", path: "/user/consent", body: ConsentSchema, reply: ConsentSavedSchema, access: "session" }),
  invitation: endpoint({ method: "GET", path: "/invitation/:token", params: z.strictObject({ token: z.string() }), reply: InvitationSchema, access: "public" }),
  createAccount: endpoint({ method: "POST", path: "/createAccount", body: CreateAccountSchema, reply: CurrentUserSchema, access: "public" }),
};
