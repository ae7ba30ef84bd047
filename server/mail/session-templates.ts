import type { Brand } from "#core/branding/brands.ts";
import { fixedT, serverLocale } from "../i18n/i18n.ts";
import { render, type Mail } from "./templates.ts";

/**
 * The mails of a session seat (ADR 0085), in the learner's language (locales/<locale>/mail.json): a seat given from
 * the waiting list, a place on the waiting list withdrawn, a session cancelled. They say the same as the in-app
 * notification, for learners who are not logged in.
 */
type SeatMailInput = { brand: Brand; locale: string; firstName: string; session: string; training: string; date: string };

function seatMail(key: "seatPromoted" | "waitingRemoved" | "sessionCancelled", input: SeatMailInput): Mail {
  const t = fixedT(serverLocale(input.locale), "mail");
  const values = { name: input.firstName, session: input.session, training: input.training, date: input.date, brand: input.brand.title };
  return {
    subject: t(`${key}.subject`, values),
    ...render(input.brand, [t(`${key}.greeting`, values), t(`${key}.body`, values), t(`${key}.next`, values)]),
  };
}

/** A seat freed in the session is now the learner's (automatic or by an administrator). */
export const seatPromotedMail = (input: SeatMailInput): Mail => seatMail("seatPromoted", input);
/** An administrator took the learner off the session's waiting list. */
export const waitingRemovedMail = (input: SeatMailInput): Mail => seatMail("waitingRemoved", input);
/** The session the learner was booked on (or waiting for) is cancelled. */
export const sessionCancelledMail = (input: SeatMailInput): Mail => seatMail("sessionCancelled", input);
