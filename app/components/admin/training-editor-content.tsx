import { Link, useActionData } from "react-router";
import type { AdminTraining } from "#core/contract/admin-catalog.ts";
import type { EvidencePack } from "#core/contract/evidence-packs.ts";
import { QUIZ_KINDS } from "#core/domain/flow-steps.ts";
import { ADMIN_MODULE_TYPES, centsToPrice, choicesText } from "#core/domain/catalogue-choices.ts";
import { formatCalendarDay } from "#core/domain/format.ts";
import { formatMoney } from "#core/domain/money.ts";
import { ConfirmLink, ConfirmPanel, useConfirming } from "~/components/ui/confirm";
import { IntentForm, type FormViewOf } from "~/components/admin/intent-form";
import { MoveButtons } from "~/components/admin-tools/move-buttons";
import { SessionFields } from "~/components/admin/session-fields";
import { Section, shown } from "~/components/admin/training-editor-kit";
import { Checkbox } from "~/components/ui/checkbox";
import { SelectField, TextAreaField, TextField } from "~/components/ui/form-fields";
import { EvidencePackPanel } from "~/components/evidence-packs/evidence-pack-panel";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import type { FormReply } from "~/lib/form-reply";

/**
 * The training editor's sections below its first view (ADR 0138): modules, sessions, programmes, quizzes and
 * evidence packs. The route loads this file lazily: the server renders these sections with the page, their forms
 * post without JavaScript, and their code reaches the browser after the page's own, off its first load.
 */
export default function TrainingEditorContent({ training, locale, packs }: { training: AdminTraining; locale: string; packs: EvidencePack[] }) {
  const path = usePagePath();
  return (
    <>
      <CoursesSection training={training} />
      <SessionsSection training={training} locale={locale} />
      <ProgrammesSection training={training} locale={locale} />
      <QuizzesSection training={training} />
      <EvidencePackPanel
        trainingId={training.id}
        packs={packs}
        packPath={(packId) => path("admin-evidence-pack", { packId })}
        allPath={`${path("admin-evidence-packs")}?trainingId=${training.id}`}
      />
    </>
  );
}

const MODULE_OPTIONS = (t: (key: string) => string) => ADMIN_MODULE_TYPES.map((n) => ({ value: String(n), label: `${n} · ${t(`moduleTypes.${n}`)}` }));

/**
 * An edit form behind a disclosure (works without JavaScript); open again when the server sent this form back
 * with errors, so they show next to what was typed.
 */
function EditDetails({ formKey, name, children }: { formKey: string; name: string; children: React.ReactNode }) {
  const { t } = useTranslation("admin");
  const reply = useActionData<FormReply>();
  return (
    <details className="mt-1" open={reply?.form === formKey || undefined} data-testid={`edit-${formKey}`}>
      <summary className="cursor-pointer text-sm font-semibold underline">{t("catalog.edit", { name })}</summary>
      <div className="mt-2">{children}</div>
    </details>
  );
}

function CoursesSection({ training }: { training: AdminTraining }) {
  const { t } = useTranslation("admin");
  return (
    <Section id="training-courses" title={t("catalog.courses")}>
      {training.courses.length === 0 ? <p>{t("catalog.noCourses")}</p> : null}
      <ol className="flex flex-col gap-3">
        {training.courses.map((course, index) => (
          <li key={course.id} id={`course-${course.id}`} className="rounded border border-slate-300 p-3" data-testid="course" data-course-id={course.id}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold" data-testid="course-title">
                {course.position}. {course.name} · {t(`moduleTypes.${course.moduleType}`)} · {t("catalog.minutes", { count: course.durationMinutes })}
              </p>
              <span className="flex flex-wrap items-center gap-2">
                <MoveButtons intent="moveCourse" targetId={course.id} label={course.name} first={index === 0} last={index === training.courses.length - 1} />
                <ConfirmLink confirmKey={`course-${course.id}`}>{t("catalog.deleteCourse")}</ConfirmLink>
              </span>
            </div>
            <DeleteConfirm
              confirmKey={`course-${course.id}`}
              intent="deleteCourse"
              fields={{ courseId: course.id }}
              title={t("catalog.deleteCourseTitle", { name: course.name })}
              body={t("catalog.deleteCourseBody", { count: course.modules.length })}
            />
            <EditDetails formKey={`editCourse-${course.id}`} name={course.name}>
              <IntentForm
                intent="editCourse"
                formKey={`editCourse-${course.id}`}
                schema={() => import("#core/contract/admin-catalog.ts").then((m) => m.CourseInputSchema)}
                hidden={{ courseId: course.id }}
                omit={["courseId"]}
                submitLabel={t("catalog.saveChanges")}
                className="grid gap-3 md:grid-cols-3"
              >
                {(view) => (
                  <UnitFields view={view} unit="course" stored={{ name: course.name, type: course.moduleType, durationMinutes: course.durationMinutes }} />
                )}
              </IntentForm>
            </EditDetails>
            <ol className="ml-4 flex flex-col gap-1">
              {course.modules.map((module, moduleIndex) => (
                <li
                  key={module.id}
                  id={`module-${module.id}`}
                  className="border-l-4 border-slate-200 py-1 pl-2"
                  data-testid="module"
                  data-module-id={module.id}
                >
                  <span className="flex flex-wrap items-center gap-2">
                    <span data-testid="module-title">
                      {module.position}. {module.title} · {t(`moduleTypes.${module.type}`)} · {t("catalog.minutes", { count: module.durationMinutes })}
                    </span>
                    <MoveButtons
                      intent="moveModule"
                      targetId={module.id}
                      label={module.title}
                      first={moduleIndex === 0}
                      last={moduleIndex === course.modules.length - 1}
                    />
                    <ConfirmLink confirmKey={`module-${module.id}`}>{t("catalog.deleteModule")}</ConfirmLink>
                  </span>
                  <DeleteConfirm
                    confirmKey={`module-${module.id}`}
                    intent="deleteModule"
                    fields={{ moduleId: module.id }}
                    title={t("catalog.deleteModuleTitle", { name: module.title })}
                    body={t("catalog.deleteModuleBody")}
                  />
                  <EditDetails formKey={`editModule-${module.id}`} name={module.title}>
                    <IntentForm
                      intent="editModule"
                      formKey={`editModule-${module.id}`}
                      schema={() => import("#core/contract/admin-catalog.ts").then((m) => m.ModuleInputSchema)}
                      hidden={{ moduleId: module.id }}
                      omit={["moduleId"]}
                      submitLabel={t("catalog.saveChanges")}
                      className="grid gap-3 md:grid-cols-3"
                    >
                      {(view) => (
                        <UnitFields view={view} unit="module" stored={{ name: module.title, type: module.type, durationMinutes: module.durationMinutes }} />
                      )}
                    </IntentForm>
                  </EditDetails>
                </li>
              ))}
            </ol>
            <details className="mt-2">
              <summary className="cursor-pointer font-semibold">{t("catalog.addModule")}</summary>
              <IntentForm
                intent="addModule"
                formKey={`addModule-${course.id}`}
                schema={() => import("#core/contract/admin-catalog.ts").then((m) => m.ModuleInputSchema)}
                hidden={{ courseId: course.id }}
                omit={["courseId"]}
                submitLabel={t("catalog.addModule")}
                className="grid gap-3 md:grid-cols-3"
              >
                {(view) => <UnitFields view={view} unit="module" defaultType={String(course.moduleType)} />}
              </IntentForm>
            </details>
          </li>
        ))}
      </ol>
      <h3 className="font-bold">{t("catalog.addCourse")}</h3>
      <IntentForm
        intent="addCourse"
        schema={() => import("#core/contract/admin-catalog.ts").then((m) => m.CourseInputSchema)}
        submitLabel={t("catalog.addCourse")}
        className="grid gap-3 md:grid-cols-3"
      >
        {(view) => <UnitFields view={view} unit="course" defaultType="1" />}
      </IntentForm>
    </Section>
  );
}

/**
 * A course's or a module's fields: its name, its type and its length. Editing, they show the stored values (or what
 * was typed when the server sent the form back); adding, what was typed, the type `defaultType` until then. A course
 * names them `name` and `moduleType`, a module `title` and `type`, as the API does.
 */
function UnitFields({
  view,
  unit,
  stored,
  defaultType,
}: {
  view: FormViewOf;
  unit: "course" | "module";
  stored?: { name: string; type: number; durationMinutes: number };
  defaultType?: string;
}) {
  const { t } = useTranslation("admin");
  const [nameField, typeField] = unit === "course" ? ["name", "moduleType"] : ["title", "type"];
  const value = (name: string, storedValue: string | number | undefined) => (stored ? shown(view, name, storedValue) : view.value(name));
  return (
    <>
      <TextField
        name={nameField}
        label={t(unit === "course" ? "catalog.fields.courseName" : "catalog.fields.moduleTitle")}
        defaultValue={value(nameField, stored?.name)}
        errors={view.errors[nameField]}
        required
      />
      <SelectField
        name={typeField}
        label={t("catalog.fields.moduleType")}
        defaultValue={stored ? shown(view, typeField, stored.type) : (view.value(typeField) ?? defaultType)}
        errors={view.errors[typeField]}
        options={MODULE_OPTIONS(t)}
      />
      <TextField
        name="durationMinutes"
        label={t("catalog.fields.durationMinutes")}
        inputMode="numeric"
        defaultValue={value("durationMinutes", stored?.durationMinutes)}
        errors={view.errors.durationMinutes}
        required
      />
    </>
  );
}

/** The confirmation of a deletion (ADR 0061); a refusal of the API (409: learners used it) shows in the panel. */
function DeleteConfirm({
  confirmKey,
  intent,
  fields,
  title,
  body,
}: {
  confirmKey: string;
  intent: string;
  fields: Record<string, number>;
  title: string;
  body: string;
}) {
  const { t } = useTranslation("admin");
  if (!useConfirming(confirmKey)) return null;
  const [target] = Object.values(fields);
  return (
    <ConfirmPanel
      confirmKey={confirmKey}
      title={title}
      intent={intent}
      fields={fields}
      formKey={`${intent}-${target}`}
      submitLabel={t("catalog.confirmDelete")}
    >
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
            <IntentForm
              intent="addSession"
              formKey={`addSession-${group.id}`}
              schema={() => import("#core/contract/admin-sessions.ts").then((m) => m.NewSessionInputSchema)}
              hidden={{ faceToFaceId: group.id }}
              submitLabel={t("sessions.add")}
              className="grid gap-3 md:grid-cols-3"
            >
              {(view) => <SessionFields view={view} virtual={group.virtualClass} />}
            </IntentForm>
          </details>
        </div>
      ))}
      <h3 className="font-bold">{t("catalog.addGroup")}</h3>
      <IntentForm
        intent="addFaceToFace"
        schema={() => import("#core/contract/admin-catalog.ts").then((m) => m.FaceToFaceInputSchema)}
        submitLabel={t("catalog.addGroup")}
        className="flex flex-wrap items-end gap-3"
      >
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

function ProgrammeFields({ view, programme }: { view: FormViewOf; programme?: AdminTraining["programmes"][number] }) {
  const { t } = useTranslation("admin");
  const value = (name: string, stored: string | number | undefined) => (programme ? shown(view, name, stored) : view.value(name));
  return (
    <>
      <TextField
        name="actionNumber"
        inputMode="numeric"
        label={t("catalog.fields.actionNumber")}
        defaultValue={value("actionNumber", programme?.actionNumber)}
        errors={view.errors.actionNumber}
        required
      />
      <TextField name="name" label={t("catalog.fields.programmeName")} defaultValue={value("name", programme?.name)} errors={view.errors.name} required />
      <TextField
        name="priceHt"
        inputMode="decimal"
        label={t("catalog.fields.priceHt")}
        defaultValue={value("priceHt", programme ? centsToPrice(programme.priceHtCents) : undefined)}
        errors={view.errors.priceHt}
        required
      />
      <TextField
        name="durationMinutes"
        inputMode="numeric"
        label={t("catalog.fields.durationMinutes")}
        defaultValue={value("durationMinutes", programme?.durationMinutes)}
        errors={view.errors.durationMinutes}
        required
      />
    </>
  );
}

function ProgrammesSection({ training, locale }: { training: AdminTraining; locale: string }) {
  const { t } = useTranslation("admin");
  return (
    <Section id="training-programmes" title={t("catalog.programmes")}>
      {training.programmes.length === 0 ? <p>{t("catalog.noProgrammes")}</p> : null}
      <ul className="flex flex-col gap-2">
        {training.programmes.map((p) => (
          <li key={p.id} id={`programme-${p.id}`} className="rounded border border-slate-300 p-3" data-testid="programme" data-programme-id={p.id}>
            <span className="flex flex-wrap items-center justify-between gap-2">
              <span data-testid="programme-title">
                {p.actionNumber} · {p.name} · {formatMoney(p.priceHtCents, training.currency, locale)} · {t("catalog.minutes", { count: p.durationMinutes })}
              </span>
              {p.enrolments > 0 ? (
                <span className="text-sm text-slate-700" data-testid="programme-in-use">
                  {t("catalog.programmeInUse", { count: p.enrolments })}
                </span>
              ) : (
                <ConfirmLink confirmKey={`programme-${p.id}`}>{t("catalog.deleteProgramme")}</ConfirmLink>
              )}
            </span>
            <DeleteConfirm
              confirmKey={`programme-${p.id}`}
              intent="deleteProgramme"
              fields={{ programmeId: p.id }}
              title={t("catalog.deleteProgrammeTitle", { name: p.name })}
              body={t("catalog.deleteProgrammeBody", { number: p.actionNumber })}
            />
            <EditDetails formKey={`editProgramme-${p.id}`} name={p.name}>
              <IntentForm
                intent="editProgramme"
                formKey={`editProgramme-${p.id}`}
                schema={() => import("#core/contract/admin-catalog.ts").then((m) => m.DpcProgrammeInputSchema)}
                hidden={{ programmeId: p.id }}
                omit={["programmeId"]}
                submitLabel={t("catalog.saveChanges")}
                className="grid gap-3 md:grid-cols-4"
              >
                {(view) => <ProgrammeFields view={view} programme={p} />}
              </IntentForm>
            </EditDetails>
          </li>
        ))}
      </ul>
      <IntentForm
        intent="addProgramme"
        schema={() => import("#core/contract/admin-catalog.ts").then((m) => m.DpcProgrammeInputSchema)}
        submitLabel={t("catalog.addProgramme")}
        className="grid gap-3 md:grid-cols-4"
      >
        {(view) => <ProgrammeFields view={view} />}
      </IntentForm>
    </Section>
  );
}

type Quiz = AdminTraining["quizzes"][number];

function QuestionFields({ view, idPrefix, question }: { view: FormViewOf; idPrefix: string; question?: Quiz["questions"][number] }) {
  const { t } = useTranslation("admin");
  const value = (name: string, stored: string | null | undefined) => (question ? shown(view, name, stored) : view.value(name));
  return (
    <>
      <TextField name="text" label={t("catalog.fields.questionText")} defaultValue={value("text", question?.text)} errors={view.errors.text} required />
      <SelectField
        name="kind"
        label={t("catalog.fields.questionKind")}
        defaultValue={value("kind", question?.kind) ?? "single"}
        errors={view.errors.kind}
        options={[
          { value: "single", label: t("catalog.single") },
          { value: "multiple", label: t("catalog.multiple") },
        ]}
      />
      <TextAreaField
        name="choices"
        label={t("catalog.fields.choices")}
        defaultValue={value("choices", question ? choicesText(question.choices) : undefined)}
        errors={view.errors.choices}
        rows={4}
        aria-describedby={`choices-hint-${idPrefix}`}
      />
      <p id={`choices-hint-${idPrefix}`} className="text-sm text-slate-700">
        {t("catalog.choicesHint")}
      </p>
      <TextField
        name="explanation"
        label={t("catalog.fields.explanation")}
        defaultValue={value("explanation", question?.explanation)}
        errors={view.errors.explanation}
      />
    </>
  );
}

function QuizFields({ view, quiz }: { view: FormViewOf; quiz?: Quiz }) {
  const { t } = useTranslation("admin");
  const value = (name: string, stored: string | number | null | undefined) => (quiz ? shown(view, name, stored) : view.value(name));
  return (
    <>
      <TextField name="title" label={t("catalog.fields.quizTitle")} defaultValue={value("title", quiz?.title)} errors={view.errors.title} required />
      <SelectField
        name="kind"
        label={t("catalog.fields.quizKind")}
        defaultValue={value("kind", quiz?.kind) ?? "evaluation"}
        errors={view.errors.kind}
        options={QUIZ_KINDS.map((k) => ({ value: k, label: t(`quizKinds.${k}`) }))}
      />
      <TextField
        name="passScore"
        inputMode="numeric"
        label={t("catalog.fields.passScore")}
        hint={t("catalog.fields.passScoreHint")}
        defaultValue={value("passScore", quiz?.passScore)}
        errors={view.errors.passScore}
      />
    </>
  );
}

function QuizzesSection({ training }: { training: AdminTraining }) {
  const { t } = useTranslation("admin");
  return (
    <Section id="training-quizzes" title={t("catalog.quizzes")}>
      {training.quizzes.map((quiz) => (
        <div key={quiz.id} id={`quiz-${quiz.id}`} className="rounded border border-slate-300 p-3" data-testid="quiz" data-quiz-id={quiz.id}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="font-bold" data-testid="quiz-title">
              {quiz.title} · {t(`quizKinds.${quiz.kind}`)}
              {quiz.passScore !== null ? ` · ${quiz.passScore} %` : ""}
            </h3>
            {quiz.attempts > 0 ? (
              <span className="text-sm text-slate-700" data-testid="quiz-in-use">
                {t("catalog.quizInUse", { count: quiz.attempts })}
              </span>
            ) : (
              <ConfirmLink confirmKey={`quiz-${quiz.id}`}>{t("catalog.deleteQuiz")}</ConfirmLink>
            )}
          </div>
          <DeleteConfirm
            confirmKey={`quiz-${quiz.id}`}
            intent="deleteQuiz"
            fields={{ quizId: quiz.id }}
            title={t("catalog.deleteQuizTitle", { name: quiz.title })}
            body={t("catalog.deleteQuizBody", { count: quiz.questions.length })}
          />
          <EditDetails formKey={`editQuiz-${quiz.id}`} name={quiz.title}>
            <IntentForm
              intent="editQuiz"
              formKey={`editQuiz-${quiz.id}`}
              schema={() => import("#core/contract/admin-catalog.ts").then((m) => m.QuizInputSchema)}
              hidden={{ quizId: quiz.id }}
              omit={["quizId"]}
              submitLabel={t("catalog.saveChanges")}
              className="grid gap-3 md:grid-cols-3"
            >
              {(view) => <QuizFields view={view} quiz={quiz} />}
            </IntentForm>
          </EditDetails>
          <ol className="mt-2 flex flex-col gap-2">
            {quiz.questions.map((q, index) => (
              <li key={q.id} id={`question-${q.id}`} className="border-l-4 border-slate-200 py-1 pl-2" data-testid="question" data-question-id={q.id}>
                <span className="flex flex-wrap items-center gap-2">
                  <span data-testid="question-title">
                    {q.position}. {q.text}{" "}
                    <span className="text-sm text-slate-700">({q.choices.map((c) => (c.correct ? `✓ ${c.text}` : c.text)).join(" / ")})</span>
                  </span>
                  <MoveButtons intent="moveQuestion" targetId={q.id} label={q.text} first={index === 0} last={index === quiz.questions.length - 1} />
                  {quiz.attempts === 0 ? <ConfirmLink confirmKey={`question-${q.id}`}>{t("catalog.deleteQuestion")}</ConfirmLink> : null}
                </span>
                <DeleteConfirm
                  confirmKey={`question-${q.id}`}
                  intent="deleteQuestion"
                  fields={{ questionId: q.id }}
                  title={t("catalog.deleteQuestionTitle", { name: q.text })}
                  body={t("catalog.deleteQuestionBody")}
                />
                <EditDetails formKey={`editQuestion-${q.id}`} name={q.text}>
                  <IntentForm
                    intent="editQuestion"
                    formKey={`editQuestion-${q.id}`}
                    schema={() => import("#core/contract/admin-catalog.ts").then((m) => m.QuestionInputSchema)}
                    hidden={{ questionId: q.id }}
                    omit={["questionId"]}
                    submitLabel={t("catalog.saveChanges")}
                  >
                    {(view) => <QuestionFields view={view} idPrefix={`q${q.id}`} question={q} />}
                  </IntentForm>
                </EditDetails>
              </li>
            ))}
          </ol>
          <details className="mt-2">
            <summary className="cursor-pointer font-semibold">{t("catalog.addQuestion")}</summary>
            <IntentForm
              intent="addQuestion"
              formKey={`addQuestion-${quiz.id}`}
              schema={() => import("#core/contract/admin-catalog.ts").then((m) => m.QuestionInputSchema)}
              hidden={{ quizId: quiz.id }}
              omit={["quizId"]}
              submitLabel={t("catalog.addQuestion")}
            >
              {(view) => <QuestionFields view={view} idPrefix={`quiz${quiz.id}`} />}
            </IntentForm>
          </details>
        </div>
      ))}
      <h3 className="font-bold">{t("catalog.addQuiz")}</h3>
      <IntentForm
        intent="addQuiz"
        schema={() => import("#core/contract/admin-catalog.ts").then((m) => m.QuizInputSchema)}
        submitLabel={t("catalog.addQuiz")}
        className="grid gap-3 md:grid-cols-3"
      >
        {(view) => <QuizFields view={view} />}
      </IntentForm>
    </Section>
  );
}
