import { Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import { ButtonLink } from "~/components/ui/button";
import { ConfirmLink, ConfirmPanel } from "~/components/ui/confirm";
import type { EligibilityRefusal } from "#core/domain/eligibility.ts";
import { EnrolmentForm } from "./enrolment-forms";

/** Where a refused learner can go instead: each reason names its own way out. */
export type RefusalLinks = { advisor: string; offer: string; forMe: string };

/** The first way out for each refusal (spec 4: the contract decides; the audience flags decide who may follow). */
const REFUSAL_ACTIONS: Record<EligibilityRefusal, (keyof RefusalLinks)[]> = {
  readOnly: ["advisor"],
  shopContext: ["offer"],
  notInStore: ["advisor", "offer"],
  contractInvalid: ["advisor", "offer"],
  pharmacistsOnly: ["forMe"],
  nonPharmacistsOnly: ["forMe"],
  holdersOnly: ["forMe"],
  nonHoldersOnly: ["forMe"],
};

/** What the course page knows about the visitor's enrolment (from GET /back/api/user/enrolment/{id}). */
export type EnrolmentView = {
  id: number;
  status: "pending" | "waiting_list" | "in_progress" | "finished" | string;
  sessionId: number | null;
  waitingListPosition: number | null;
};

export type EnrolmentPanelProps = {
  trainingName: string;
  /** "guest": login link; "shop": buy in the shop; "learner": the enrolment controls. */
  viewer: "guest" | "shop" | "learner";
  enrolment: EnrolmentView | null;
  /** The training is booked on a session (the session list carries the book buttons). */
  needsSession: boolean;
  sessionName: string | null;
  loginHref: string;
  learnHref: string;
  /** The same page with ?unsubscribe=confirm#confirm-unsubscribe: the confirmation step, reachable without JavaScript. */
  confirmHref: string;
  cancelHref: string;
  confirming: boolean;
  /** Why this learner may not subscribe (same rule as the API), or null when they may. */
  refusal: EligibilityRefusal | null;
  refusalLinks: RefusalLinks;
};

/** The enrolment block of the course page's action column. */
export function EnrolmentPanel(props: EnrolmentPanelProps) {
  const { t } = useTranslation("training");
  const { enrolment } = props;

  if (props.viewer === "guest") {
    return (
      <ButtonLink to={props.loginHref} fullWidth data-testid="login-to-subscribe">
        {t("enrolment.loginToSubscribe")}
      </ButtonLink>
    );
  }
  if (props.viewer === "shop") {
    return (
      <p className="rounded border-2 border-sky-800 bg-sky-50 p-2 text-sm text-sky-950" data-testid="enrolment-shop">
        {t("enrolment.shopContext")}
      </p>
    );
  }
  if (!enrolment && props.refusal) {
    return <EnrolmentRefusal reason={props.refusal} links={props.refusalLinks} />;
  }
  if (!enrolment) {
    if (props.needsSession) {
      return (
        <p className="text-slate-900" data-testid="enrolment-choose-session">
          {t("enrolment.chooseSession")}{" "}
          <a href="#sessions-title" className="font-semibold text-primary-dark underline underline-offset-2">
            {t("enrolment.chooseSessionLink")}
          </a>
        </p>
      );
    }
    return <EnrolmentForm intent="subscribe" label={t("enrolment.subscribe")} fullWidth testId="subscribe-button" />;
  }

  const waiting = enrolment.status === "waiting_list";
  const canLeave = enrolment.status !== "finished";
  return (
    <div className="flex flex-col gap-3" data-testid="enrolment" data-status={enrolment.status}>
      <p className="rounded border-2 border-green-800 bg-green-50 p-2 font-semibold text-green-950" role="status" data-testid="enrolment-status">
        {t(`enrolment.status.${enrolment.status}`, { position: enrolment.waitingListPosition ?? "" })}
      </p>
      {props.sessionName ? <p className="text-sm">{t("enrolment.yourSession", { name: props.sessionName })}</p> : null}
      {!waiting ? (
        <ButtonLink to={props.learnHref} fullWidth icon="arrow-right" iconPosition="end" data-testid="access-training">
          {t("enrolment.access")}
        </ButtonLink>
      ) : null}
      {canLeave && !props.confirming ? (
        <ConfirmLink confirmKey="unsubscribe" to={props.confirmHref} look="danger" testId="unsubscribe-link">
          {waiting ? t("enrolment.leaveWaitingList") : t("enrolment.unsubscribe")}
        </ConfirmLink>
      ) : null}
      {canLeave && props.confirming ? (
        <ConfirmPanel
          confirmKey="unsubscribe"
          title={t("enrolment.confirmTitle")}
          intent="unsubscribe"
          submitLabel={t("enrolment.confirm")}
          cancelTo={props.cancelHref}
          cancelLabel={t("enrolment.cancel")}
          sendsConfirm={false}
          level={3}
          testId="unsubscribe-confirm"
          submitTestId="unsubscribe-button"
          cancelTestId="unsubscribe-cancel"
        >
          <p className="text-sm">{t("enrolment.confirmText", { name: props.trainingName })}</p>
        </ConfirmPanel>
      ) : null}
    </div>
  );
}

/** Said before any click: why the learner cannot subscribe, and what they can do instead. */
function EnrolmentRefusal({ reason, links }: { reason: EligibilityRefusal; links: RefusalLinks }) {
  const { t } = useTranslation("training");
  return (
    <div className="flex flex-col gap-2 rounded border-2 border-amber-700 bg-amber-50 p-3 text-amber-950" data-testid="enrolment-refused" data-reason={reason}>
      <p className="font-semibold">{t("enrolment.refused.title")}</p>
      <p>{t(`enrolment.refused.${reason}`)}</p>
      <ul className="flex flex-col gap-1">
        {REFUSAL_ACTIONS[reason].map((action) => (
          <li key={action}>
            <Link to={links[action]} className="rounded font-semibold text-primary-dark underline underline-offset-2" data-testid={`refusal-${action}`}>
              {t(`enrolment.refused.actions.${action}`)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
