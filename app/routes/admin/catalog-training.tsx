import { Link } from "react-router";
import type { Route } from "./+types/catalog-training";
import {
  ADMIN_MODULE_TYPES,
  AdminTrainingSchema,

  CourseInputSchema,
  DpcProgrammeInputSchema,
  FaceToFaceInputSchema,
  ModuleInputSchema,
  QUIZ_KINDS,
  QuestionInputSchema,
  QuizInputSchema,
  TrainingInputSchema,
  type AdminTraining,
} from "#core/contract/admin-catalog.ts";
import { NewSessionInputSchema } from "#core/contract/admin-sessions.ts";
import { formatCalendarDay } from "#core/domain/format.ts";
import { formatMoney } from "#core/domain/money.ts";
import { AdminPage } from "~/components/admin/admin-nav";
import { ConfirmLink, ConfirmPanel, useConfirming } from "~/components/admin/confirm";
import { IntentForm } from "~/components/admin/intent-form";
import { TrainingFields } from "~/components/admin/training-form";
import { SessionFields } from "~/components/admin/session-fields";
import { Checkbox } from "~/components/ui/checkbox";
import { SelectField, TextAreaField, TextField } from "~/components/ui/form-fields";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { notFound } from "~/lib/errors.server";
import { brandPageMeta } from "~/lib/meta";
import { useRootData } from "~/lib/use-root-data";
import { trainingAction, trainingIdOf } from "./catalog-training.server";

/** /admin/catalog/{id}: one training, everything that makes it (ADR 0062). */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = trainingIdOf(params, url);
  const { back } = context.get(requestStateContext);
  const training = await back.get(`/admin/catalog/trainings/${id}`, AdminTrainingSchema).catch((error: unknown) => {
    if (error instanceof BackError && error.status === 404) notFound(url.pathname);
    throw error;
  });
  return { training };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => brandPageMeta(matches, { title: loaderData?.training.name });

export async function action({ request, params, url, context }: Route.ActionArgs) {
  return trainingAction(request, context, trainingIdOf(params, url));
}

const MODULE_OPTIONS = (t: (key: string) => string) => ADMIN_MODULE_TYPES.map((n) => ({ value: String(n), label: `${n} · ${t(`moduleTypes.${n}`)}` }));

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-md border border-slate-300 bg-white p-4">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function TrainingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const path = usePagePath();
  const locale = useRootData()?.locale ?? "fr-FR";
  const { training } = loaderData;
  const publicPath = path("training", { trainingType: training.type, slug: training.slug });
  return (
    <AdminPage
      title={training.name}
      lead={`${t(`brands.${training.brand}`)} · ${t(`types.${training.type}`)} · ${training.slug}`}
      testId="admin-catalog-training"
      actions={
        <>
          <Link to={`${path("admin-audit")}?entityType=training&entityId=${training.id}`} className="self-center font-semibold underline">
            {t("catalog.history")}
          </Link>
          {training.isPublished ? (
            <a href={publicPath} className="self-center font-semibold underline" data-testid="public-link">
              {t("catalog.seePublic")}
            </a>
          ) : null}
        </>
      }
    >
      <div className="flex flex-wrap items-center gap-3 rounded-md border-2 border-slate-400 p-3" data-testid="publication" data-published={training.isPublished}>
        <p className="font-semibold">{training.isPublished ? t("catalog.statusPublished") : t("catalog.statusDraft")}</p>
        <IntentForm intent={training.isPublished ? "unpublish" : "publish"} schema={null} submitLabel={training.isPublished ? t("catalog.unpublish") : t("catalog.publish")} className="flex items-center gap-2">
          {() => null}
        </IntentForm>
      </div>

      <Section id="training-main" title={t("catalog.main")}>
        <IntentForm intent="save" schema={TrainingInputSchema} submitLabel={t("catalog.save")} className="flex flex-col gap-4">
          {(view) => <TrainingFields view={view} training={training} />}
        </IntentForm>
      </Section>

      <Section id="training-illustration" title={t("catalog.illustration")}>
        {training.mainIllustration ? <img src={training.mainIllustration} alt="" className="max-h-40 w-auto self-start rounded border" /> : <p>{t("catalog.noIllustration")}</p>}
        <IntentForm intent="illustration" schema={null} encType="multipart/form-data" submitLabel={t("catalog.upload")}>
          {(view) => (
            <TextField name="illustration" type="file" accept="image/png,image/jpeg,image/webp,image/svg+xml" label={t("catalog.illustrationFile")} hint={t("catalog.illustrationHint")} errors={view.errors.illustration} />
          )}
        </IntentForm>
      </Section>

      <CoursesSection training={training} />
      <SessionsSection training={training} locale={locale} />
      <ProgrammesSection training={training} locale={locale} />
      <QuizzesSection training={training} />
    </AdminPage>
  );
}

function CoursesSection({ training }: { training: AdminTraining }) {
  const { t } = useTranslation("admin");
  return (
    <Section id="training-courses" title={t("catalog.courses")}>
      {training.courses.length === 0 ? <p>{t("catalog.noCourses")}</p> : null}
      <ol className="flex flex-col gap-3">
        {training.courses.map((course) => (
          <li key={course.id} className="rounded border border-slate-300 p-3" data-testid="course">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold">
                {course.position}. {course.name} · {t(`moduleTypes.${course.moduleType}`)} · {t("catalog.minutes", { count: course.durationMinutes })}
              </p>
              <ConfirmLink confirmKey={`course-${course.id}`}>{t("catalog.deleteCourse")}</ConfirmLink>
            </div>
            <DeleteConfirm confirmKey={`course-${course.id}`} intent="deleteCourse" fields={{ courseId: course.id }} title={t("catalog.deleteCourseTitle", { name: course.name })} body={t("catalog.deleteCourseBody", { count: course.modules.length })} />
            <ul className="ml-4 list-disc">
              {course.modules.map((module) => (
                <li key={module.id} className="py-1">
                  <span>
                    {module.title} · {t(`moduleTypes.${module.type}`)} · {t("catalog.minutes", { count: module.durationMinutes })}
                  </span>{" "}
                  <ConfirmLink confirmKey={`module-${module.id}`}>{t("catalog.deleteModule")}</ConfirmLink>
                  <DeleteConfirm confirmKey={`module-${module.id}`} intent="deleteModule" fields={{ moduleId: module.id }} title={t("catalog.deleteModuleTitle", { name: module.title })} body={t("catalog.deleteModuleBody")} />
                </li>
              ))}
            </ul>
            <details className="mt-2">
              <summary className="cursor-pointer font-semibold">{t("catalog.addModule")}</summary>
              <IntentForm intent="addModule" formKey={`addModule-${course.id}`} schema={ModuleInputSchema} hidden={{ courseId: course.id }} omit={["courseId"]} submitLabel={t("catalog.addModule")} className="grid gap-3 md:grid-cols-3">
                {(view) => (
                  <>
                    <TextField name="title" label={t("catalog.fields.moduleTitle")} defaultValue={view.value("title")} errors={view.errors.title} required />
                    <SelectField name="type" label={t("catalog.fields.moduleType")} defaultValue={view.value("type") ?? String(course.moduleType)} errors={view.errors.type} options={MODULE_OPTIONS(t)} />
                    <TextField name="durationMinutes" label={t("catalog.fields.durationMinutes")} inputMode="numeric" defaultValue={view.value("durationMinutes")} errors={view.errors.durationMinutes} required />
                  </>
                )}
              </IntentForm>
            </details>
          </li>
        ))}
      </ol>
      <h3 className="font-bold">{t("catalog.addCourse")}</h3>
      <IntentForm intent="addCourse" schema={CourseInputSchema} submitLabel={t("catalog.addCourse")} className="grid gap-3 md:grid-cols-3">
        {(view) => (
          <>
            <TextField name="name" label={t("catalog.fields.courseName")} defaultValue={view.value("name")} errors={view.errors.name} required />
            <SelectField name="moduleType" label={t("catalog.fields.moduleType")} defaultValue={view.value("moduleType") ?? "1"} errors={view.errors.moduleType} options={MODULE_OPTIONS(t)} />
            <TextField name="durationMinutes" label={t("catalog.fields.durationMinutes")} inputMode="numeric" defaultValue={view.value("durationMinutes")} errors={view.errors.durationMinutes} required />
          </>
        )}
      </IntentForm>
    </Section>
  );
}

function DeleteConfirm({ confirmKey, intent, fields, title, body }: { confirmKey: string; intent: string; fields: Record<string, number>; title: string; body: string }) {
  const { t } = useTranslation("admin");
  if (!useConfirming(confirmKey)) return null;
  return (
    <ConfirmPanel confirmKey={confirmKey} title={title} intent={intent} fields={fields} submitLabel={t("catalog.confirmDelete")}>
      <p>{body}</p>
    </ConfirmPanel>
  );
}

function SessionsSection({ training, locale }: { training: AdminTraining; locale: string }) {
  const { t } = useTranslation("admin");
  const path = usePagePath();
  return (
    <Section id="training-sessions" title={t("catalog.sessions")}>
      {training.faceToFaces.map((group) => (
        <div key={group.id} className="rounded border border-slate-300 p-3" data-testid="session-group">
          <h3 className="font-bold">
            {group.name} · {group.virtualClass ? t("sessions.virtualClass") : t("sessions.faceToFace")}
          </h3>
          {group.sessions.length === 0 ? <p>{t("catalog.noSessions")}</p> : null}
          <ul className="flex flex-col gap-1">
            {group.sessions.map((session) => (
              <li key={session.id}>
                <Link to={path("admin-face-to-face-session", { sessionId: session.id })} className="underline">
                  {session.name} · {formatCalendarDay(session.startDate, locale, "medium")} {session.city ? `· ${session.city}` : ""}
                </Link>{" "}
                <span className="text-sm text-slate-700">{t("sessions.filling", { current: session.currentParticipants, max: session.maxParticipants })}</span>
              </li>
            ))}
          </ul>
          <details className="mt-2">
            <summary className="cursor-pointer font-semibold">{t("sessions.add")}</summary>
            <IntentForm intent="addSession" formKey={`addSession-${group.id}`} schema={NewSessionInputSchema} hidden={{ faceToFaceId: group.id }} submitLabel={t("sessions.add")} className="grid gap-3 md:grid-cols-3">
              {(view) => <SessionFields view={view} virtual={group.virtualClass} />}
            </IntentForm>
          </details>
        </div>
      ))}
      <h3 className="font-bold">{t("catalog.addGroup")}</h3>
      <IntentForm intent="addFaceToFace" schema={FaceToFaceInputSchema} submitLabel={t("catalog.addGroup")} className="flex flex-wrap items-end gap-3">
        {(view) => (
          <>
            <TextField name="name" label={t("catalog.fields.groupName")} defaultValue={view.value("name")} errors={view.errors.name} required />
            <Checkbox name="virtualClass" label={t("sessions.virtualClass")} defaultChecked={view.value("virtualClass") === "on"} />
          </>
        )}
      </IntentForm>
    </Section>
  );
}

function ProgrammesSection({ training, locale }: { training: AdminTraining; locale: string }) {
  const { t } = useTranslation("admin");
  return (
    <Section id="training-programmes" title={t("catalog.programmes")}>
      {training.programmes.length === 0 ? <p>{t("catalog.noProgrammes")}</p> : null}
      <ul>
        {training.programmes.map((p) => (
          <li key={p.id}>
            {p.actionNumber} · {p.name} · {formatMoney(p.priceHtCents, training.currency, locale)}
          </li>
        ))}
      </ul>
      <IntentForm intent="addProgramme" schema={DpcProgrammeInputSchema} submitLabel={t("catalog.addProgramme")} className="grid gap-3 md:grid-cols-4">
        {(view) => (
          <>
            <TextField name="actionNumber" inputMode="numeric" label={t("catalog.fields.actionNumber")} defaultValue={view.value("actionNumber")} errors={view.errors.actionNumber} required />
            <TextField name="name" label={t("catalog.fields.programmeName")} defaultValue={view.value("name")} errors={view.errors.name} required />
            <TextField name="priceHt" inputMode="decimal" label={t("catalog.fields.priceHt")} defaultValue={view.value("priceHt")} errors={view.errors.priceHt} required />
            <TextField name="durationMinutes" inputMode="numeric" label={t("catalog.fields.durationMinutes")} defaultValue={view.value("durationMinutes")} errors={view.errors.durationMinutes} required />
          </>
        )}
      </IntentForm>
    </Section>
  );
}

function QuizzesSection({ training }: { training: AdminTraining }) {
  const { t } = useTranslation("admin");
  return (
    <Section id="training-quizzes" title={t("catalog.quizzes")}>
      {training.quizzes.map((quiz) => (
        <div key={quiz.id} className="rounded border border-slate-300 p-3" data-testid="quiz">
          <h3 className="font-bold">
            {quiz.title} · {t(`quizKinds.${quiz.kind}`)}
            {quiz.passScore !== null ? ` · ${quiz.passScore} %` : ""}
          </h3>
          <ol className="ml-5 list-decimal">
            {quiz.questions.map((q) => (
              <li key={q.id}>
                {q.text}{" "}
                <span className="text-sm text-slate-700">({q.choices.map((c) => (c.correct ? `✓ ${c.text}` : c.text)).join(" / ")})</span>
              </li>
            ))}
          </ol>
          <details className="mt-2">
            <summary className="cursor-pointer font-semibold">{t("catalog.addQuestion")}</summary>
            <IntentForm intent="addQuestion" formKey={`addQuestion-${quiz.id}`} schema={QuestionInputSchema} hidden={{ quizId: quiz.id }} omit={["quizId"]} submitLabel={t("catalog.addQuestion")}>
              {(view) => (
                <>
                  <TextField name="text" label={t("catalog.fields.questionText")} defaultValue={view.value("text")} errors={view.errors.text} required />
                  <SelectField name="kind" label={t("catalog.fields.questionKind")} defaultValue={view.value("kind") ?? "single"} errors={view.errors.kind} options={[{ value: "single", label: t("catalog.single") }, { value: "multiple", label: t("catalog.multiple") }]} />
                  <TextAreaField name="choices" label={t("catalog.fields.choices")} defaultValue={view.value("choices")} errors={view.errors.choices} rows={4} aria-describedby={`choices-hint-${quiz.id}`} />
                  <p id={`choices-hint-${quiz.id}`} className="text-sm text-slate-700">
                    {t("catalog.choicesHint")}
                  </p>
                  <TextField name="explanation" label={t("catalog.fields.explanation")} defaultValue={view.value("explanation")} errors={view.errors.explanation} />
                </>
              )}
            </IntentForm>
          </details>
        </div>
      ))}
      <h3 className="font-bold">{t("catalog.addQuiz")}</h3>
      <IntentForm intent="addQuiz" schema={QuizInputSchema} submitLabel={t("catalog.addQuiz")} className="grid gap-3 md:grid-cols-3">
        {(view) => (
          <>
            <TextField name="title" label={t("catalog.fields.quizTitle")} defaultValue={view.value("title")} errors={view.errors.title} required />
            <SelectField name="kind" label={t("catalog.fields.quizKind")} defaultValue={view.value("kind") ?? "evaluation"} errors={view.errors.kind} options={QUIZ_KINDS.map((k) => ({ value: k, label: t(`quizKinds.${k}`) }))} />
            <TextField name="passScore" inputMode="numeric" label={t("catalog.fields.passScore")} defaultValue={view.value("passScore")} errors={view.errors.passScore} />
          </>
        )}
      </IntentForm>
    </Section>
  );
}


