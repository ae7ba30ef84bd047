/**
 * Logging in and out, the cross-platform arrival, password resets, the address check. A login whose account is
 * another brand's host's answers a 409 with a single-use token for that host (the page sends the browser there).
 */
import { z } from "zod";
import { ConnectAsSchema, EmailCheckSchema, LoggedOutSchema, LoginSchema, PasswordResetSchema, ResetTokenCheckSchema } from "../auth.ts";
import { NoDataSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import { EmptyBody } from "../ids.ts";
import { CurrentUserSchema } from "../user.ts";

/** An address or a token as the path gives it: the handler checks it (an address with EmailSchema: field `_`). */
const EmailParams = z.strictObject({ email: z.string() });
const TokenParams = z.strictObject({ token: z.string() });

export const authEndpoints = {
  login: endpoint({ method: "POST", path: "/login", body: LoginSchema, reply: CurrentUserSchema, access: "public" }),
  logout: endpoint({ method: "POST", path: "/logout", body: EmptyBody, reply: LoggedOutSchema, access: "public" }),
  /** Arrival on this host with a cross-platform token: opens the session (the account must be the contact's). */
  connectAs: endpoint({ method: "POST", path: "/connectAs", body: ConnectAsSchema, reply: CurrentUserSchema, access: "public" }),
  /** The same reply whether or not the address has an account; a GET that sends a mail, a few per window. */
  sendPasswordReset: endpoint({
    method: "GET",
    path: "/passwordReset/sendMail/:email",
    params: EmailParams,
    reply: NoDataSchema,
    access: "public",
    changesState: true,
  }),
  /** Can this reset link still be used? Read-only: the token is not spent. */
  checkResetToken: endpoint({ method: "GET", path: "/passwordReset/check/:token", params: TokenParams, reply: ResetTokenCheckSchema, access: "public" }),
  resetPassword: endpoint({ method: "POST", path: "/passwordReset", body: PasswordResetSchema, reply: NoDataSchema, access: "public" }),
  /** The form of an address only: whether an account uses it is never told here (ADR 0023). */
  validateEmail: endpoint({ method: "GET", path: "/validateEmail/:email", params: EmailParams, reply: EmailCheckSchema, access: "public" }),
};
