/**
 * The public sign-up (issue 30 item 1, ADR 0109): thin, the service does the work. Against robots, without a
 * third-party service: the form's signed time (too fast is refused), a honeypot field, and limits per address and
 * per client. The answer to a valid sign-up is the same whether the address was new or not.
 */
import { Hono, type Context } from "hono";
import { BRANDS, isBrandKey, type Brand } from "#core/branding/brands.ts";
import { signUpEndpoints as endpoints } from "#core/contract/endpoints/signup.ts";
import { signUpSchema } from "#core/contract/signup.ts";
import { sellerCountryOf } from "#core/domain/billing.ts";
import type { BackEnv } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import { clientIp } from "../../http/client-ip.ts";
import { ok, register } from "../../http/register.ts";
import { publicOriginFor } from "../../http/request-host.ts";
import { startSession } from "../../http/session.ts";
import { parseBody } from "../../http/validate.ts";
import { signUpConfirmationMail, signUpExistingAccountMail } from "../../../mail/signup-templates.ts";
import { takeMailAllowance } from "../auth/mail-allowance.ts";
import { isSamePlatform } from "../auth/platform.ts";
import { LOGIN_WINDOW_MINUTES, signUpScope } from "../auth/rate-limit.ts";
import type { UserRow } from "../user/user.repository.ts";
import { getUserPayload } from "../user/user.service.ts";
import { checkSignUpFormToken, createSignUpFormToken } from "./form-token.ts";
import { confirmEmail, requireUnconfirmedUser, resendConfirmation, signUp } from "./signup.service.ts";

export const signUpRoutes = new Hono<BackEnv>();

const secretOf = (c: Context<BackEnv>) => c.get("deps").env.APP_SECRET ?? "";

/** The user's brand and the link to a page of their language on their brand's host. */
function linksFor(c: Context<BackEnv>, user: UserRow) {
  const brand: Brand = isBrandKey(user.brand) ? BRANDS[user.brand] : c.get("brand");
  const origin = publicOriginFor(c, user.brand) ?? publicOriginFor(c, c.get("brand").key) ?? "";
  const spanish = user.locale === "es-ES";
  return {
    brand,
    confirm: (token: string) => `${origin}${spanish ? "/registro/confirmar/" : "/inscription/confirmer/"}${token}`,
    login: `${origin}${spanish ? "/conexion" : "/connexion"}`,
    reset: `${origin}${spanish ? "/contrasena-olvidada" : "/mot-de-passe-oublie"}`,
  };
}

/** Mails are sent after the answer's work is done; a failure is logged, never shown (the answer must not differ). */
async function sendMail(c: Context<BackEnv>, to: string, mail: ReturnType<typeof signUpConfirmationMail>) {
  try {
    await c.get("deps").mailer.send({ to, ...mail });
  } catch (error) {
    c.get("logger").error({ err: error }, "sign-up mail not sent");
  }
}

register(signUpRoutes, endpoints.form, async (c) => ok({ formToken: createSignUpFormToken(secretOf(c), c.get("deps").now()) }));

register(signUpRoutes, endpoints.signUp, async (c, { ctx }) => {
  const { now, loginFailures } = c.get("deps");
  const input = await parseBody(c, signUpSchema(sellerCountryOf(c.get("brand").key)));
  const check = checkSignUpFormToken(secretOf(c), input.formToken, now());
  if (check === "tooFast") throw new AppError("VALIDATION", "signUpTooFast");
  if (check !== "ok") throw new AppError("VALIDATION", "signUpFormExpired", { data: { renewFormToken: true } });
  if (input.website) throw new AppError("VALIDATION", "signUpRefused");
  // Per client, then per address (counted whether or not the address has an account: the limit tells nothing).
  if (await loginFailures.acquire([signUpScope(clientIp(c))], now())) {
    throw new AppError("RATE_LIMITED", "tooManySignUps", { values: { minutes: LOGIN_WINDOW_MINUTES } });
  }
  await takeMailAllowance(loginFailures, `sign-up:${input.email}`, now(), "tooManySignUpMails");
  const outcome = await signUp(ctx, input);
  const links = linksFor(c, outcome.user);
  const { user, token } = outcome;
  if (outcome.kind === "created") {
    await sendMail(
      c,
      user.email,
      signUpConfirmationMail({ brand: links.brand, locale: user.locale, firstName: user.firstName, link: links.confirm(outcome.token) }),
    );
  } else {
    await sendMail(
      c,
      user.email,
      signUpExistingAccountMail({
        brand: links.brand,
        locale: user.locale,
        firstName: user.firstName,
        loginLink: links.login,
        resetLink: links.reset,
        confirmLink: token ? links.confirm(token) : null,
      }),
    );
  }
  return ok({ email: input.email }, c.get("t")("signUpCheckMail", { email: input.email }));
});

/**
 * POST /back/api/signUp/confirm: the mailed link's token confirms the address and opens the session on this host
 * (the anonymous cart of this browser joins the account); on another brand's host the address is confirmed only.
 */
register(signUpRoutes, endpoints.confirm, async (c, { ctx, body: input }) => {
  const user = await confirmEmail(ctx, input.token);
  const session = isSamePlatform(user.brand, c.get("brand").key) ? await startSession(c, user.id, null) : null;
  const payload = session ? await getUserPayload(ctx, user.id, session.accountId) : { loggedIn: false as const };
  return ok(payload, c.get("t")("emailConfirmed"));
});

/** POST /back/api/signUp/resendConfirmation: a new link for the logged-in user, a few per window. */
register(signUpRoutes, endpoints.resendConfirmation, async (c, { ctx, caller: session }) => {
  const { now, loginFailures } = c.get("deps");
  const user = await requireUnconfirmedUser(ctx, session.userId);
  await takeMailAllowance(loginFailures, `confirm:${user.id}`, now(), "tooManySignUpMails");
  const token = await resendConfirmation(ctx, user);
  const links = linksFor(c, user);
  await sendMail(c, user.email, signUpConfirmationMail({ brand: links.brand, locale: user.locale, firstName: user.firstName, link: links.confirm(token) }));
  return ok({ email: user.email }, c.get("t")("confirmationResent", { email: user.email }));
});
