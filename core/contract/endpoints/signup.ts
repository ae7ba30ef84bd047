/** The public sign-up (ADR 0109): the dated form, the sign-up, the mailed link's confirmation, a new link. */
import { endpoint } from "../endpoint.ts";
import { EmptyBody } from "../ids.ts";
import { ConfirmationResentSchema, ConfirmEmailSchema, SignUpFormSchema, SignUpSentSchema } from "../signup.ts";
import { CurrentUserSchema } from "../user.ts";

export const signUpEndpoints = {
  /** The token that dates the form (nothing is written). */
  form: endpoint({ method: "GET", path: "/signUp/form", reply: SignUpFormSchema, access: "public" }),
  /** The fields asked depend on the brand's country (signUpSchema): the handler picks the schema. */
  signUp: endpoint({ method: "POST", path: "/signUp", body: "inHandler", reply: SignUpSentSchema, access: "public" }),
  /** Confirms the address; on this brand's host the session opens (the user), on another it does not (a guest). */
  confirm: endpoint({ method: "POST", path: "/signUp/confirm", body: ConfirmEmailSchema, reply: CurrentUserSchema, access: "public" }),
  /** A new link for the logged-in user, a few per window. */
  resendConfirmation: endpoint({ method: "POST", path: "/signUp/resendConfirmation", body: EmptyBody, reply: ConfirmationResentSchema, access: "session" }),
};
