import { useTranslation } from "~/i18n/react";
import type { Locale } from "#core/branding/brands.ts";
import { formatCalendarDay } from "#core/domain/format.ts";
import { Icon } from "~/components/ui/icon";
import { EnrolmentForm } from "~/components/enrolment/enrolment-forms";
import type { CourseSession as Session, CourseSessionGroup as FaceToFace } from "~/routes/public/training-view.server";

/** Booking controls for a logged-in learner who may subscribe (absent for guests and shop users). */
export type SessionBooking = {
  /** The session the learner holds a seat in or waits for, if any: no other session can be booked then. */
  enrolledSessionId: number | null;
  waiting: boolean;
  /** The learner is enrolled in the training without a session (nothing to book). */
  enrolled: boolean;
  /** Today in Europe/Paris (yyyy-mm-dd): earlier sessions cannot be booked. */
  today: string;
};

/** A session's day in words ("mardi 3 mars 2026"), read as a date, not a moment (no time-zone shift). */
const sessionDay = (date: string, locale: Locale) => formatCalendarDay(date, locale, "full");

function SessionBookingControl({ session, group, booking, label }: { session: Session; group: FaceToFace; booking: SessionBooking; label: string }) {
  const { t } = useTranslation("training");
  if (booking.enrolledSessionId === session.id) {
    return (
      <p className="mt-3 font-semibold text-green-900" data-testid="session-mine">
        <Icon name="check" size={20} className="mr-1 inline" />
        {booking.waiting ? t("enrolment.myWaitingList") : t("enrolment.mySession")}
      </p>
    );
  }
  if (booking.enrolled || booking.enrolledSessionId !== null || session.startDate < booking.today) return null;
  if (!session.isFull) {
    return (
      <div className="mt-3">
        <EnrolmentForm
          intent="subscribe"
          sessionId={session.id}
          label={t("enrolment.book")}
          ariaLabel={t("enrolment.bookLabel", { session: label })}
          size="small"
          testId="session-book"
        />
      </div>
    );
  }
  if (group.noWaitingList) return null;
  return (
    <div className="mt-3">
      <EnrolmentForm
        intent="subscribe"
        sessionId={session.id}
        label={t("enrolment.joinWaitingList")}
        ariaLabel={t("enrolment.joinWaitingListLabel", { session: label })}
        variant="secondary"
        size="small"
        testId="session-waiting-list"
      />
    </div>
  );
}

function SessionItem({ session, group, locale, booking }: { session: Session; group: FaceToFace; locale: Locale; booking?: SessionBooking }) {
  const { t } = useTranslation("training");
  const place = session.marketingCity || session.city;
  const { days } = session;
  // A session's days mostly share their hours: each pair is translated once (the server's translator costs more than
  // the lookup).
  const hours = new Map<string, string>();
  const time = (start: string, end: string) => {
    const key = `${start}|${end}`;
    const text = hours.get(key) ?? t("sessions.time", { start, end });
    hours.set(key, text);
    return text;
  };
  /** "mardi 3 mars 2026, 09:00 – 17:30" (day `index`, hours "09:00-17:30"): one text node (no React separator comments). */
  const when = (index: number) => {
    const [start, end] = session.hours[index].split("-");
    return start && end ? `${sessionDay(days[index], locale)}, ${time(start, end)}` : sessionDay(days[index], locale);
  };
  return (
    <li
      className={session.isFull ? "bg-slate-50" : undefined}
      data-testid="session"
      data-session-id={session.id}
      data-city={place ?? ""}
      data-start-date={session.startDate}
      data-seats={session.seatsAvailable}
      data-full={session.isFull}
    >
      <div className="session-head">
        <div>
          <p className="font-bold">
            {place ? (
              <>
                {place}
                {session.postalCode ? <span className="course-muted">{` (${session.postalCode})`}</span> : null}
              </>
            ) : (
              t("sessions.online")
            )}
          </p>
          {session.address ? <p className="session-note">{session.address}</p> : null}
        </div>
        {session.isFull ? (
          <span className="session-full" data-testid="session-full">
            {t("sessions.full")}
          </span>
        ) : (
          <span className="session-seats" data-testid="session-seats">
            {t("sessions.seats", { count: session.seatsAvailable })}
          </span>
        )}
      </div>
      {days.length > 1 ? (
        <div className="session-days">
          <p>{t("sessions.dates")}</p>
          <ol>
            {days.map((day, index) => (
              <li key={index} data-testid="session-date">
                {when(index)}
              </li>
            ))}
          </ol>
        </div>
      ) : (
        <p className="session-day" data-testid="session-date">
          <Icon name="clock" size={20} />
          <span>{when(0)}</span>
        </p>
      )}
      {session.trainerName ? <p className="session-trainer">{t("sessions.trainer", { name: session.trainerName })}</p> : null}
      {session.isFull ? (
        <p className="mt-2 text-sm text-slate-800" data-testid="session-waiting-note">
          {group.noWaitingList ? t("sessions.fullNoWaitingList") : t("sessions.waitingList")}
        </p>
      ) : null}
      {booking ? (
        <SessionBookingControl session={session} group={group} booking={booking} label={`${place ?? t("sessions.online")}, ${sessionDay(days[0], locale)}`} />
      ) : null}
    </li>
  );
}

/** Face-to-face and virtual-class sessions, in the order the API gives (sortSessions). */
export function CourseSessions({
  groups,
  onDemand,
  locale,
  headingId,
  booking,
}: {
  groups: FaceToFace[];
  /** Sessions are organised on demand (said when none is planned). */
  onDemand: boolean;
  locale: Locale;
  headingId: string;
  booking?: SessionBooking;
}) {
  const { t } = useTranslation("training");
  const any = groups.some((group) => group.sessions.length > 0);
  return (
    <div className="flex flex-col gap-5" data-testid="sessions">
      {!any ? <p>{onDemand ? t("sessions.onDemand") : t("sessions.none")}</p> : null}
      {groups
        .filter((group) => group.sessions.length > 0)
        .map((group) => (
          <section key={group.id} aria-labelledby={`${headingId}-${group.id}`} data-testid="session-group" data-virtual={group.virtualClass}>
            <h3 id={`${headingId}-${group.id}`} className="mb-2 text-lg font-bold">
              {/* The group's own name under the "Sessions" heading: no prefix to double ("Sessions de Sessions walk"). */}
              {group.name || t("sections.sessions")}
            </h3>
            <ul className="session-list">
              {group.sessions.map((session) => (
                <SessionItem key={session.id} session={session} group={group} locale={locale} booking={booking} />
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}
