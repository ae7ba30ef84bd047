import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { BookmarkForms, bookmarkOp, BookmarkToggle } from "~/components/catalogue/bookmark-toggle";
import { AssociatedTrainings } from "~/components/catalogue/associated-trainings";
import { fundingLabels, priceText } from "~/components/catalogue/price";
import { CourseSessions } from "~/components/catalogue/course-sessions";
import { EnrolmentPanel } from "~/components/enrolment/enrolment-panel";
import { Icon } from "~/components/ui/icon";
import { Rating, ReviewStars } from "~/components/ui/rating";
import { formatCalendarDay, formatDuration, formatMoney } from "#core/domain/format.ts";
import { displayTypeTitle, trainingTypeColour } from "#core/domain/training-types.ts";
import { usePagePath } from "~/i18n/use-page-path";
import { useNonce } from "~/lib/nonce";
import { useRootData } from "~/lib/use-root-data";
import { Fact, People, Section } from "./course-page-parts";
import type { loader } from "~/routes/public/training";
import { AddToCartForm } from "~/components/shop/shop-forms";
import { courseJsonLd } from "./course-seo";

export type CoursePageData = Awaited<ReturnType<typeof loader>>;

/** A list of framed items (modules): the frame written once on the list (`*:`: its items), not on each item. */
const CARD_LIST = "flex flex-col gap-3 *:rounded-lg *:border *:border-slate-300 *:p-4";

/** The course page (app/routes/public/training.tsx loads it): summary, sessions, enrolment, content, people, reviews. */
export function CoursePage({ loaderData }: { loaderData: CoursePageData }) {
  const { t } = useTranslation("training");
  const { t: tc } = useTranslation("catalogue");
  const root = useRootData();
  const nonce = useNonce();
  const path = usePagePath();
  const { training, loggedIn, bookmarked, enrolment } = loaderData;
  const locale = root?.locale ?? "fr-FR";
  const price = priceText({ free: training.free, priceHT: training.priceHT, currency: training.currency, fundings: training.fundings }, locale, tc);
  if (!root) return null;
  const { brand } = root;
  const colour = trainingTypeColour(training.effectiveType, { spanishDomain: brand.contentLang === "es" });
  const typeTitle = displayTypeTitle(training.displayType, brand.contentLang);
  const fundingNames = fundingLabels({ fundings: training.fundings, credits: training.credits });
  const audienceReason = training.audienceFit.reason;
  const hasSessions = training.faceToFaces.length > 0 || ["faceToFaceOnly", "virtualClass", "mixt"].includes(training.effectiveType);
  const external = { target: "_blank", rel: "noopener noreferrer" } as const;
  const bookableSessions = !training.sessionsOnDemand && training.faceToFaces.some((group) => group.sessions.length > 0);
  const mySession = training.faceToFaces.flatMap((group) => group.sessions).find((session) => session.id === enrolment.current?.sessionId);
  const sessionBooking =
    enrolment.viewer === "learner" && bookableSessions && (enrolment.current || !enrolment.refusal)
      ? {
          enrolledSessionId: enrolment.current?.sessionId ?? null,
          waiting: enrolment.current?.status === "waiting_list",
          enrolled: enrolment.current !== null,
          today: enrolment.today,
        }
      : undefined;

  return (
    <main
      id="main"
      tabIndex={-1}
      className="outline-none"
      data-testid="course-page"
      data-type={training.effectiveType}
      data-display-type={training.displayType}
    >
      <script
        type="application/ld+json"
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: courseJsonLd(training, brand.title, loaderData.canonical) }}
      />
      <div className="mx-auto max-w-6xl px-4 pt-4">
        <nav aria-label={t("breadcrumb.label")}>
          <ol className="flex flex-wrap gap-x-2 text-sm text-slate-700">
            <li>
              <Link to="/" className="underline underline-offset-2">
                {t("breadcrumb.home")}
              </Link>
              <span aria-hidden="true"> /</span>
            </li>
            <li>
              <Link to={path("catalogue")} className="underline underline-offset-2">
                {t("breadcrumb.catalogue")}
              </Link>
              <span aria-hidden="true"> /</span>
            </li>
            <li aria-current="page">{training.shortName || training.name}</li>
          </ol>
        </nav>
      </div>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-6 lg:grid-cols-[1fr_20rem]">
        <div className="flex min-w-0 flex-col gap-8">
          <header className="flex flex-col gap-3">
            <p>
              <span className="inline-block rounded px-3 py-1 text-sm font-semibold text-white" style={{ backgroundColor: colour }} data-testid="course-type">
                {typeTitle}
              </span>
              {training.isNew ? <span className="ml-2 rounded border-2 border-slate-800 px-2 py-0.5 text-xs font-bold uppercase">{tc("card.new")}</span> : null}
            </p>
            <h1 className="text-3xl font-extrabold leading-tight md:text-4xl" data-testid="course-title">
              {training.name}
            </h1>
            {training.ratings ? <Rating value={training.ratings.average} count={training.ratings.count} /> : null}
            {!training.isPublished ? (
              <p className="rounded-md border-2 border-amber-700 bg-amber-50 p-3 font-medium text-amber-950" data-testid="course-unpublished">
                {t("unpublished")}
              </p>
            ) : null}
            {audienceReason ? (
              <div className="rounded-md border-2 border-sky-800 bg-sky-50 p-3 text-sky-950" data-testid="course-audience">
                <p className="font-medium">{t(`audience.${audienceReason}`)}</p>
                {!training.audienceFit.ok ? <p className="mt-1">{t("audience.notForYou")}</p> : null}
              </div>
            ) : null}
          </header>

          <section aria-labelledby="facts-title" className="rounded-lg border border-slate-300 p-4">
            <h2 id="facts-title" className="sr-only">
              {t("facts.title")}
            </h2>
            <dl className="facts" data-testid="course-facts">
              <Fact label={t("facts.type")}>{typeTitle}</Fact>
              <Fact label={t("facts.duration")} testId="course-duration">
                {formatDuration(training.durations.total)}
              </Fact>
              {training.durations.faceToFace ? <Fact label={t("facts.faceToFaceDuration")}>{formatDuration(training.durations.faceToFace)}</Fact> : null}
              <Fact label={t("facts.price")} testId="course-price">
                {price.main}
                {price.detail ? <span className="font-normal">{` (${price.detail})`}</span> : null}
              </Fact>
              {training.points ? <Fact label={t("facts.points")}>{training.points}</Fact> : null}
              {training.credits ? <Fact label={t("facts.credits")}>{training.credits}</Fact> : null}
              {training.providerName ? <Fact label={t("facts.provider")}>{training.providerName}</Fact> : null}
              {training.lastUpdate ? <Fact label={t("facts.lastUpdate")}>{formatCalendarDay(training.lastUpdate, locale, "full")}</Fact> : null}
              {training.isLive ? (
                <div>
                  <dt className="sr-only">{t("facts.type")}</dt>
                  <dd className="flex items-center gap-1" data-testid="course-live">
                    <Icon name="clock" size={20} />
                    {t("facts.live")}
                  </dd>
                </div>
              ) : null}
            </dl>
          </section>

          {training.videoId ? (
            <Section id="video-title" title={t("sections.video")}>
              <div className="aspect-video w-full overflow-hidden rounded-lg bg-slate-900">
                <iframe
                  src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(training.videoId)}`}
                  title={t("video.title", { name: training.name })}
                  className="h-full w-full"
                  loading="lazy"
                  allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
                  allowFullScreen
                  referrerPolicy="strict-origin-when-cross-origin"
                  data-testid="course-video"
                />
              </div>
            </Section>
          ) : null}

          <Section id="description-title" title={t("sections.description")} testId="course-description">
            <div
              className="prose-links flex flex-col gap-3 [&_h3]:mt-2 [&_h3]:text-xl [&_h3]:font-bold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
              dangerouslySetInnerHTML={{ __html: training.description }}
            />
          </Section>

          {training.objectiveSkills.length || training.objectiveKnowledge.length ? (
            <Section id="objectives-title" title={t("sections.objectives")} testId="course-objectives">
              {training.objectiveSkills.length ? (
                <>
                  <h3 className="text-lg font-bold">{t("sections.skills")}</h3>
                  <ul className="list-disc pl-6">
                    {training.objectiveSkills.map((text) => (
                      <li key={text}>{text}</li>
                    ))}
                  </ul>
                </>
              ) : null}
              {training.objectiveKnowledge.length ? (
                <>
                  <h3 className="text-lg font-bold">{t("sections.knowledge")}</h3>
                  <ul className="list-disc pl-6">
                    {training.objectiveKnowledge.map((text) => (
                      <li key={text}>{text}</li>
                    ))}
                  </ul>
                </>
              ) : null}
            </Section>
          ) : null}

          {training.courses.length ? (
            <Section id="programme-title" title={t("sections.programme")} testId="course-programme">
              <ol className={CARD_LIST}>
                {training.courses.map((course) => (
                  <li key={course.id}>
                    <h3 className="font-bold">
                      {course.name}
                      {course.type || course.durationMinutes ? (
                        // One muted text: " — E-learning — 3H00".
                        <span className="course-muted">
                          {[
                            course.type ? ` — ${t(`modules.${course.type}`)}` : "",
                            course.durationMinutes ? ` — ${formatDuration(course.durationMinutes)}` : "",
                          ].join("")}
                        </span>
                      ) : null}
                    </h3>
                    {course.modules.length ? (
                      <ol className="course-modules">
                        {course.modules.map((module) => (
                          <li key={module.id}>
                            {module.title}
                            {module.durationMinutes ? <span className="text-slate-700">{` (${formatDuration(module.durationMinutes)})`}</span> : null}
                          </li>
                        ))}
                      </ol>
                    ) : null}
                  </li>
                ))}
              </ol>
            </Section>
          ) : null}

          {hasSessions ? (
            <Section id="sessions-title" title={t("sections.sessions")}>
              <CourseSessions
                groups={training.faceToFaces}
                onDemand={training.sessionsOnDemand}
                locale={locale}
                headingId="sessions-group"
                booking={sessionBooking}
              />
            </Section>
          ) : null}

          {training.dpc ? (
            <Section id="dpc-title" title={t("sections.dpc")} testId="course-dpc">
              <dl className="facts">
                <Fact label={t("dpc.programme")}>{training.dpc.name}</Fact>
                <Fact label={t("dpc.actionNumber")} testId="dpc-action-number">
                  {training.dpc.actionNumber}
                </Fact>
                {training.dpcSubType ? (
                  <Fact label={t("dpc.subType")} testId="dpc-sub-type">
                    {t(`dpc.subTypes.${training.dpcSubType}`)}
                  </Fact>
                ) : null}
                <Fact label={t("dpc.price")}>{tc("card.priceHt", { price: formatMoney(training.dpc.priceHT, training.dpc.currency, locale) })}</Fact>
                {training.dpc.duration ? <Fact label={t("dpc.duration")}>{formatDuration(training.dpc.duration)}</Fact> : null}
                {training.dpc.agreements.length ? (
                  <div className="sm:col-span-2">
                    <dt>{t("dpc.agreements")}</dt>
                    <dd className="font-normal">
                      <ul className="list-disc pl-6">
                        {training.dpc.agreements.map((agreement) => (
                          <li key={agreement.number}>{`${agreement.name} (${agreement.number})`}</li>
                        ))}
                      </ul>
                    </dd>
                  </div>
                ) : null}
              </dl>
            </Section>
          ) : null}

          {fundingNames.length ? (
            <Section id="fundings-title" title={t("sections.fundings")} testId="course-fundings">
              <ul className="flex flex-wrap gap-2">
                {fundingNames.map((label) => (
                  <li key={label} className="course-funding">
                    {label}
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}

          {training.trainers.length ? (
            <Section id="trainers-title" title={t("sections.trainers")} testId="course-trainers">
              <People people={training.trainers} />
            </Section>
          ) : null}
          {training.authors.length ? (
            <Section id="authors-title" title={t("sections.authors")} testId="course-authors">
              <People people={training.authors} />
            </Section>
          ) : null}

          <Section id="reviews-title" title={t("sections.reviews")} testId="course-reviews">
            {training.reviews.length ? (
              <ul className="review-list">
                {training.reviews.map((review) => (
                  <li key={review.id}>
                    <ReviewStars value={review.rating} />
                    {review.comment ? <p className="review-text">{review.comment}</p> : null}
                    <p className="review-by">
                      {t("reviews.by", { name: review.authorName, date: review.createdAt ? formatCalendarDay(review.createdAt, locale, "full") : "" })}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t("reviews.none")}</p>
            )}
            {training.reviewCount > training.reviews.length ? (
              // The others on the same page rendered with all of them (a plain link: no JavaScript needed), ADR 0130.
              <p>
                <Link
                  className="rounded font-semibold text-primary-dark underline underline-offset-2"
                  to="?reviews=all#reviews-title"
                  data-testid="reviews-all"
                >
                  {t("reviews.all", { total: training.reviewCount })}
                </Link>
              </p>
            ) : null}
          </Section>

          {training.moreInfos ? (
            <Section id="more-title" title={t("sections.moreInfos")}>
              <p className="whitespace-pre-line">{training.moreInfos}</p>
            </Section>
          ) : null}

          {training.tags.length ? (
            <Section id="tags-title" title={t("sections.tags")}>
              <ul className="flex flex-wrap gap-2">
                {training.tags.map((tag) => (
                  <li key={tag} className="course-tag">
                    {tag}
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}

          {training.associatedTrainings.length ? (
            <Section id="associated-title" title={t("sections.associated")} testId="course-associated">
              <AssociatedTrainings courses={training.associatedTrainings} brand={brand} locale={locale} />
            </Section>
          ) : null}

          {training.legalNotice ? (
            <Section id="legal-title" title={t("sections.legal")}>
              <p className="text-sm text-slate-700">{training.legalNotice}</p>
            </Section>
          ) : null}
        </div>

        <aside aria-labelledby="actions-title" className="lg:sticky lg:top-4 lg:self-start">
          <div className="rounded-lg border border-slate-300 bg-slate-50 p-4 flex flex-col gap-3" data-testid="course-actions">
            <h2 id="actions-title" className="text-lg font-bold">
              {t("actions.title")}
            </h2>
            <p className="text-2xl font-extrabold">{price.main}</p>
            {price.detail ? <p className="text-slate-800">{price.detail}</p> : null}
            <EnrolmentPanel
              trainingName={training.name}
              viewer={enrolment.viewer}
              enrolment={enrolment.current}
              needsSession={bookableSessions}
              sessionName={
                mySession
                  ? `${mySession.marketingCity || mySession.city || t("sessions.online")}, ${formatCalendarDay(mySession.startDate, locale, "full")}`
                  : null
              }
              loginHref={enrolment.loginHref}
              learnHref={path("learn", { trainingType: training.effectiveType, slug: training.slug })}
              confirmHref={`${enrolment.pathname}?unsubscribe=confirm#confirm-unsubscribe`}
              cancelHref={enrolment.pathname}
              confirming={enrolment.confirming}
              refusal={enrolment.refusal}
              refusalLinks={enrolment.refusalLinks}
            />
            {/* A pharmacy member enrols through the panel above (or is told whom to ask): no cart for them (issue 30 item 4). */}
            {loaderData.shop ? <AddToCartForm productId={training.id} name={training.name} /> : null}
            {training.cantStartMessage ? (
              <p className="rounded border-2 border-amber-700 bg-amber-50 p-2 text-sm text-amber-950" data-testid="cant-start">
                <strong>{`${t("actions.cantStart")}${t("common:colon")} `}</strong>
                {training.cantStartMessage}
              </p>
            ) : null}
            {training.customRegisterLink ? (
              <a
                href={training.customRegisterLink}
                {...external}
                className="rounded font-semibold text-primary-dark underline underline-offset-2"
                data-testid="custom-register-link"
              >
                {t("actions.customRegister")} <span className="sr-only">{t("actions.newWindow")}</span>
              </a>
            ) : null}
            {training.naocareLink ? (
              <a
                href={training.naocareLink}
                {...external}
                className="rounded font-semibold text-primary-dark underline underline-offset-2"
                data-testid="partner-care-link"
              >
                {t("actions.partnerCare")} <span className="sr-only">{t("actions.newWindow")}</span>
              </a>
            ) : null}
            {training.partnerLink ? (
              <a
                href={training.partnerLink}
                {...external}
                className="rounded font-semibold text-primary-dark underline underline-offset-2"
                data-testid="partner-link"
              >
                {t("actions.partner")} <span className="sr-only">{t("actions.newWindow")}</span>
              </a>
            ) : null}
            {loggedIn ? (
              <div className="flex items-center gap-2">
                <BookmarkForms ops={[bookmarkOp(bookmarked)]} />
                <BookmarkToggle trainingId={training.id} name={training.name} bookmarked={bookmarked} />
                <span aria-hidden="true" className="text-sm">
                  {bookmarked ? tc("card.bookmarked") : tc("card.notBookmarked")}
                </span>
              </div>
            ) : null}
          </div>
        </aside>
      </div>
    </main>
  );
}
