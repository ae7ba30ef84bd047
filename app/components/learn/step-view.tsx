import { useEffect, useRef, type ReactNode } from "react";
import { formatCalendarDay, formatInstant } from "#core/domain/format.ts";
import { Form, Link, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { RichText } from "~/components/content/rich-text";
import { Button, ButtonLink } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { useTranslation } from "~/i18n/react";
import { fetchWithXsrf } from "~/lib/xsrf.client";
import type { FlowView, SessionView, StepView } from "#core/contract/flow.ts";
import { QuizForm } from "./quiz-form";

type Step = FlowView["steps"][number];

/** The label of a step: its own title, or the kind's name for the attestation. */
export function useStepTitle() {
  const { t } = useTranslation("learning");
  return (step: Pick<Step, "kind" | "title">) => (step.kind === "attestation" ? t("kind.attestation") : step.title);
}

export function StepList({ flow, shownId, hrefOf }: { flow: FlowView; shownId: string | null; hrefOf: (stepId: string) => string }) {
  const { t } = useTranslation("learning");
  const title = useStepTitle();
  return (
    <nav aria-labelledby="steps-title">
      <h2 id="steps-title" className="mb-2 text-lg font-bold">
        {t("steps.title")}
      </h2>
      <ol className="flex flex-col gap-1" data-testid="step-list">
        {flow.steps.map((step, index) => {
          const current = step.id === flow.currentStepId;
          const label = (
            <>
              <span aria-hidden="true" className="w-6 shrink-0 text-right font-mono text-sm">
                {step.status === "done" ? "✓" : `${index + 1}.`}
              </span>
              <span className="flex flex-col">
                <span className={cx(current && "font-bold")}>{title(step)}</span>
                <span className="text-sm text-slate-700">
                  {/* The kind once: not "Valoración · Valoración" when the step is named after its kind. */}
                  {[title(step) === t(`kind.${step.kind}`) ? null : t(`kind.${step.kind}`), t(`status.${step.status}`)].filter(Boolean).join(" · ")}
                </span>
              </span>
            </>
          );
          return (
            <li
              key={step.id}
              aria-current={current ? "step" : undefined}
              data-testid="step-item"
              data-status={step.status}
              data-step-id={step.id}
              className={cx("rounded-md", step.id === shownId && "bg-slate-100")}
            >
              {step.status === "locked" ? (
                <span className="flex gap-2 p-2 text-slate-700">{label}</span>
              ) : (
                <Link
                  to={hrefOf(step.id)}
                  className="flex gap-2 rounded-md p-2 underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-offset-1"
                >
                  {label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** One small form posting an intent to the page's action (every step works without JavaScript). */
export function StepForm({
  intent,
  fields,
  children,
  disabled,
  testId,
}: {
  intent: string;
  fields: Record<string, string | number>;
  children: ReactNode;
  disabled?: boolean;
  testId?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" data-testid={testId ?? `form-${intent}`}>
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" disabled={disabled} busy={busy}>
        {children}
      </Button>
    </Form>
  );
}

function Html({ html }: { html: string | null }) {
  // Sanitised by the back API (server/back/modules/content/sanitize.ts).
  return html ? <RichText html={html} testId="step-content" /> : null;
}

function useDateFormat() {
  const { i18n } = useTranslation("learning");
  const locale = i18n.language;
  return {
    day: (date: string) => formatCalendarDay(date, locale, "full"),
    instant: (iso: string) => formatInstant(iso, locale, { dateStyle: "long", timeStyle: "short" }),
  };
}

/**
 * The native player (a video with its captions, or a podcast episode). With JavaScript it saves the playback
 * position every 15 s of playing and on pause, and at the end fills the "played" form's position and sends it
 * (ADRs 0020, 0108); without JavaScript the learner sends that form, which the server accepts once the medium's
 * length has passed.
 */
function MediaPlayer({
  kind,
  moduleId,
  src,
  start,
  captions,
  onEnded,
  fallback,
}: {
  kind: "video" | "audio";
  moduleId: number;
  src: string;
  start: number;
  captions: StepView["captions"];
  onEnded?: (position: number) => void;
  fallback?: ReactNode;
}) {
  const { i18n } = useTranslation("learning");
  const ref = useRef<HTMLMediaElement>(null);
  const endedRef = useRef(onEnded);
  useEffect(() => {
    endedRef.current = onEnded;
  });
  useEffect(() => {
    const media = ref.current;
    if (!media) return;
    let last = 0;
    const save = async () => {
      const position = Math.floor(media.currentTime);
      if (position === last) return;
      last = position;
      await fetchWithXsrf(`/back/api/user/video/module/currentFlow/${moduleId}`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ position }),
      }).catch(() => undefined);
    };
    const onTime = () => {
      if (Math.abs(media.currentTime - last) >= 15) void save();
    };
    const onMeta = () => {
      if (start > 0 && start < media.duration) media.currentTime = start;
    };
    const onPause = () => void save();
    const onEnd = () => endedRef.current?.(media.currentTime);
    media.addEventListener("timeupdate", onTime);
    media.addEventListener("pause", onPause);
    media.addEventListener("loadedmetadata", onMeta);
    media.addEventListener("ended", onEnd);
    return () => {
      media.removeEventListener("timeupdate", onTime);
      media.removeEventListener("pause", onPause);
      media.removeEventListener("loadedmetadata", onMeta);
      media.removeEventListener("ended", onEnd);
    };
  }, [moduleId, start]);
  if (kind === "audio") {
    return (
      // eslint-disable-next-line jsx-a11y/media-has-caption -- an audio episode comes without caption files
      <audio ref={ref as React.RefObject<HTMLAudioElement>} controls preload="metadata" src={src} className="w-full" data-testid="audio-player">
        {fallback}
      </audio>
    );
  }
  const language = i18n.language.slice(0, 2);
  const shown = captions.find((c) => c.srclang === language) ?? captions[0];
  return (
    // eslint-disable-next-line jsx-a11y/media-has-caption -- its <track>s are the captions mapped below
    <video
      ref={ref as React.RefObject<HTMLVideoElement>}
      controls
      preload="metadata"
      src={src}
      className="w-full rounded-md bg-black"
      data-testid="video-player"
    >
      {captions.map((c) => (
        <track key={c.src} kind="captions" src={c.src} srcLang={c.srclang} label={c.label} default={c === shown} />
      ))}
    </video>
  );
}

/** The "played" form of a video or an episode: sent by the player itself at the end, or by the learner. */
function PlayedForm({
  kind,
  seconds,
  fields,
  formRef,
  positionRef,
}: {
  kind: "video" | "podcast";
  seconds: number | null;
  fields: Record<string, string | number>;
  formRef: React.RefObject<HTMLFormElement | null>;
  positionRef: React.RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation("learning");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "video-complete";
  const hintId = `${kind}-play-hint`;
  return (
    <Form method="post" ref={formRef} data-testid="form-video-complete" className="flex flex-col items-start gap-2">
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="intent" value="video-complete" />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input ref={positionRef} type="hidden" name="position" defaultValue="" />
      {seconds ? (
        <p className="text-sm text-slate-700" id={hintId}>
          {t(kind === "video" ? "video.watchHint" : "podcast.listenHint", { seconds: Math.ceil(seconds) })}
        </p>
      ) : null}
      <Button type="submit" busy={busy} aria-describedby={seconds ? hintId : undefined}>
        {t(kind === "video" ? "video.watched" : "podcast.listened")}
      </Button>
    </Form>
  );
}

/** The video or podcast step: the player, its text (and an episode's transcript), and the "played" form. */
function MediaStep({ step, fields, done }: { step: StepView; fields: Record<string, string | number>; done: ReactNode }) {
  const { t } = useTranslation("learning");
  const formRef = useRef<HTMLFormElement>(null);
  const positionRef = useRef<HTMLInputElement>(null);
  const kind = step.moduleKind === "podcast" ? "podcast" : "video";
  const onEnded = (position: number) => {
    if (!positionRef.current || !formRef.current) return;
    positionRef.current.value = position.toFixed(3);
    formRef.current.requestSubmit();
  };
  return (
    <>
      {step.mediaUrl && step.moduleId ? (
        <MediaPlayer
          kind={kind === "podcast" ? "audio" : "video"}
          moduleId={step.moduleId}
          src={step.mediaUrl}
          start={step.positionSeconds}
          captions={step.captions}
          onEnded={done ? undefined : onEnded}
          fallback={kind === "podcast" ? <a href={step.mediaUrl}>{t("podcast.download")}</a> : undefined}
        />
      ) : kind === "video" ? (
        <p className="text-slate-700">{t("video.noFile")}</p>
      ) : null}
      {step.transcript ? (
        // The transcript (ADR 0108): a disclosure that works without JavaScript, and the text file itself.
        <details className="rounded-md border-2 border-slate-300 p-3" data-testid="transcript" lang={step.transcript.lang}>
          <summary className="cursor-pointer font-semibold focus-visible:outline-3 focus-visible:outline-offset-2">{t("podcast.transcript")}</summary>
          <div className="mt-2 flex flex-col gap-2">
            {step.transcript.text.split(/\n{2,}/).map((paragraph, index) => (
              <p key={index} className="whitespace-pre-line">
                {paragraph}
              </p>
            ))}
            <p>
              <a href={step.transcript.url} download className="font-semibold text-primary-dark underline underline-offset-2" data-testid="transcript-link">
                {t("podcast.transcriptFile")}
              </a>
            </p>
          </div>
        </details>
      ) : null}
      <Html html={step.content} />
      {done ?? (
        <PlayedForm
          kind={kind}
          seconds={kind === "video" ? step.videoSeconds : step.audioSeconds}
          fields={fields}
          formRef={formRef}
          positionRef={positionRef}
        />
      )}
    </>
  );
}

function SessionDetails({ session, kind }: { session: SessionView; kind: StepView["moduleKind"] }) {
  const { t } = useTranslation("learning");
  const format = useDateFormat();
  const remote = kind === "webinar" || kind === "virtualClass" || session.virtualClass;
  return (
    <section aria-labelledby="session-title" className="flex flex-col gap-3 rounded-md border-2 border-slate-300 p-4" data-testid="session-details">
      <h3 id="session-title" className="text-lg font-bold">
        {session.name}
      </h3>
      <ul className="flex flex-col gap-1" data-testid="session-dates">
        {session.dates.map((d) => (
          <li key={`${d.date}-${d.startTime}`}>
            {format.day(d.date)}
            {d.startTime ? ` · ${t("session.time", { start: d.startTime, end: d.endTime ?? d.startTime })}` : ""}
          </li>
        ))}
      </ul>
      {!remote && (session.address || session.city) ? (
        <address className="not-italic" data-testid="session-address">
          {session.address ? <span className="block">{session.address}</span> : null}
          <span className="block">{[session.postalCode, session.city].filter(Boolean).join(" ")}</span>
        </address>
      ) : null}
      {remote ? (
        <div className="flex flex-col gap-1" data-testid="join">
          {session.join.state === "open" && session.join.url ? (
            // Through the action, which records the attendance (virtualClass/join) and goes to the room, in a new tab.
            <form method="post" target="_blank" data-testid="form-join">
              <AuthenticityTokenInput name="csrf" />
              <input type="hidden" name="intent" value="join" />
              <input type="hidden" name="sessionId" value={session.id} />
              <Button type="submit" icon="external" data-testid="join-button">
                {t("session.join")}
              </Button>
            </form>
          ) : (
            <Button disabled aria-describedby="join-help" data-testid="join-button">
              {t("session.join")}
            </Button>
          )}
          <p id="join-help" className="text-sm text-slate-700" data-testid="join-help">
            {session.join.state === "early"
              ? t("session.opensAt", { date: format.instant(session.join.opensAt) })
              : session.join.state === "closed"
                ? t("session.closed")
                : t("session.open")}
          </p>
        </div>
      ) : null}
      <p>
        <a href={session.calendarUrl} download className="font-semibold text-primary-dark underline underline-offset-2" data-testid="calendar-link">
          {t("session.calendar")}
        </a>
      </p>
    </section>
  );
}

/** The end of a training: its attestation (of achievement or of participation, ADR 0107). */
function FinalStep({ flow, attestationsHref }: { flow: FlowView; attestationsHref: string }) {
  const { t } = useTranslation("learning");
  const attests = flow.outcome === "achieved" ? "achievement" : flow.outcome === "participated" ? "participation" : null;
  return (
    <div className="flex flex-col gap-3" data-testid="final-step" data-attests={attests ?? undefined}>
      <p className="text-lg">{t("final.done", { name: flow.training.name })}</p>
      {attests ? <p data-testid="final-attests">{t(`final.${attests}`)}</p> : null}
      <p>
        <ButtonLink to={attestationsHref} data-testid="attestation-link">
          {t("final.attestation")}
        </ButtonLink>
      </p>
    </div>
  );
}

/** A training that ended on a graded quiz failed with no attempt left: no attestation, and where the history says why. */
function FlowEnded({ historyHref }: { historyHref: string }) {
  const { t } = useTranslation("learning");
  return (
    <div className="flex flex-col gap-2 rounded-md border-2 border-red-700 bg-red-50 p-4" data-testid="flow-ended" role="status">
      <p className="font-bold">{t("ended.title")}</p>
      <p>{t("ended.text")}</p>
      <p>
        <a href={historyHref} className="font-semibold text-primary-dark underline underline-offset-2" data-testid="history-link">
          {t("ended.history")}
        </a>
      </p>
    </div>
  );
}

/** The shown step, rendered by its kind; `fields` identify the training to the action. */
export function StepContent({
  step,
  flow,
  fields,
  quizErrors,
  quizMessage,
  attestationsHref,
  historyHref,
  continueHref,
}: {
  step: StepView;
  flow: FlowView;
  fields: Record<string, string>;
  quizErrors?: Record<string, string[]>;
  quizMessage?: string;
  attestationsHref: string;
  historyHref: string;
  continueHref: string;
}) {
  const { t } = useTranslation("learning");
  const title = useStepTitle();
  const isCurrent = step.status === "current";
  const moduleFields = { ...fields, moduleId: String(step.moduleId ?? ""), stepId: step.id };
  const stepFields = { ...fields, stepId: step.id };
  const next =
    !isCurrent && step.kind !== "attestation" && step.status !== "failed" ? (
      <p>
        <ButtonLink to={continueHref} variant="secondary" data-testid="continue-link">
          {t("actions.backToCurrent")}
        </ButtonLink>
      </p>
    ) : null;

  let body: ReactNode;
  if (step.kind === "attestation") {
    body = <FinalStep flow={flow} attestationsHref={attestationsHref} />;
  } else if (step.quiz) {
    body = (
      <>
        {step.status === "failed" ? <FlowEnded historyHref={historyHref} /> : null}
        <QuizForm quiz={step.quiz} readOnly={!isCurrent} fields={{ ...stepFields, intent: "quiz" }} errors={quizErrors} message={quizMessage} />
      </>
    );
  } else {
    const done = isCurrent ? null : (
      <p className="font-semibold" data-testid="step-done">
        {t("status.doneLong")}
      </p>
    );
    switch (step.moduleKind) {
      case "video":
      case "podcast":
        body = <MediaStep step={step} fields={moduleFields} done={done} />;
        break;
      case "pdf":
        body = (
          <>
            <Html html={step.content} />
            {/* A plain form: the action records the opening and redirects to the file, in a new tab. */}
            <form method="post" target="_blank" data-testid="form-pdf-open">
              <AuthenticityTokenInput name="csrf" />
              <input type="hidden" name="intent" value="pdf-open" />
              {Object.entries(moduleFields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <Button type="submit" variant="secondary" icon="external">
                {t("pdf.open")}
              </Button>
            </form>
            {done ?? (
              <StepForm intent="pdf-complete" fields={moduleFields}>
                {t("pdf.read")}
              </StepForm>
            )}
          </>
        );
        break;
      case "faceToFace":
      case "virtualClass":
      case "webinar":
        body = (
          <>
            {step.session ? <SessionDetails session={step.session} kind={step.moduleKind} /> : null}
            <Html html={step.content} />
            {done ??
              (step.session && !step.session.started ? (
                <p className="text-slate-700" data-testid="session-not-started">
                  {t("session.notStarted")}
                </p>
              ) : (
                <StepForm intent="advance" fields={stepFields}>
                  {t("session.attended")}
                </StepForm>
              ))}
          </>
        );
        break;
      default:
        body = (
          <>
            <Html html={step.content} />
            {done ?? (
              <StepForm intent="advance" fields={stepFields}>
                {t("actions.continue")}
              </StepForm>
            )}
          </>
        );
    }
  }
  return (
    <section
      aria-labelledby="step-title"
      className="flex flex-col gap-4"
      data-testid="step"
      data-step-id={step.id}
      data-kind={step.kind}
      data-module-kind={step.moduleKind ?? ""}
    >
      <h2 id="step-title" className="text-2xl font-bold">
        {title(step)}
      </h2>
      {body}
      {next}
    </section>
  );
}
