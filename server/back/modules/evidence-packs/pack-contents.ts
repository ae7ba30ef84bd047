/**
 * What goes into an evidence pack (ADR 0127): the files of each kind, built from the stored records of the pack's
 * learners, and what is absent and why. Pure of HTTP; the service stores the result and records the progress.
 */
import type { TFunction } from "i18next";
import type { EvidenceKind } from "#core/contract/evidence-packs.ts";
import { buildAttestationPdf } from "../../../pdf/attestation.ts";
import { attendanceSheetPlace, attendanceSheetTexts, renderAttendanceSheet } from "../../../pdf/attendance-sheet.ts";
import type { ServiceContext } from "../../service-context.ts";
import { invoicePdf } from "../invoices/invoices.service.ts";
import * as repo from "./evidence-packs.repository.ts";

export type PackFile = { path: string; kind: EvidenceKind; bytes: Uint8Array };
export type Absence = { kind: EvidenceKind; reason: string };
export type PackContents = { files: PackFile[]; absent: Absence[]; learners: number };

/** The day mail receipts started to be recorded (migration 0027). */
export const MAIL_RECEIPTS_SINCE = "2026-11-30";

const encoder = new TextEncoder();

/** A CSV (semicolon-separated, as the team history export, ADR 0076) with a BOM so spreadsheets read it as UTF-8. */
export function csv(header: string, rows: (string | number | null)[][]): Uint8Array {
  const cell = (value: string | number | null) => {
    const text = value === null ? "" : String(value);
    // A leading = + - @ would be read as a formula by a spreadsheet.
    const safe = /^[=+\-@]/.test(text) && typeof value === "string" ? `'${text}` : text;
    return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [header, ...rows.map((row) => row.map(cell).join(";"))];
  return encoder.encode(`\ufeff${lines.join("\r\n")}\r\n`);
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);
const printDay = (day: string) => day.split("-").reverse().join("/");
/** A file name part: letters, digits and dashes only. */
const slug = (value: string) =>
  value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase()
    .slice(0, 60) || "x";
const learnerName = (l: repo.Learner) => `${l.lastName.toUpperCase()} ${l.firstName}`;
const learnerSlug = (l: repo.Learner) => `${slug(l.lastName)}-${slug(l.firstName)}-${l.enrolmentId}`;

type Build = {
  ctx: ServiceContext;
  t: TFunction;
  scope: repo.PackScope;
  session: repo.SessionFacts | null;
  trainingName: string;
  learners: repo.Learner[];
  verificationUrl: (brand: string, code: string) => string;
  /** Called after each learner's records and each kind of file, so the progress page moves. */
  step: () => Promise<void>;
};

/** The steps a pack's progress counts: one per learner, then invoices, trainers and the archive itself. */
export const stepsOf = (learners: number) => learners + 3;

export async function buildContents(build: Build): Promise<PackContents> {
  const { ctx, t, scope, session, learners } = build;
  const files: PackFile[] = [];
  const absent: Absence[] = [];
  const enrolmentIds = learners.map((l) => l.enrolmentId);
  const userIds = learners.map((l) => l.userId);
  const byEnrolment = new Map(learners.map((l) => [l.enrolmentId, l]));
  const byUser = new Map(learners.map((l) => [l.userId, l]));

  const [attestations, progress, attempts, feedback, receipts] = await Promise.all([
    repo.listAttestations(ctx.db, enrolmentIds),
    repo.listModuleProgress(ctx.db, enrolmentIds),
    repo.listQuizAttempts(ctx.db, scope.trainingId, userIds),
    repo.listFeedback(ctx.db, enrolmentIds),
    repo.listMailReceipts(ctx.db, scope.trainingId, userIds),
  ]);

  // Attestations, rebuilt from their stored signed facts (the same PDF the learner downloads).
  for (const learner of learners) {
    const own = attestations.filter((a) => a.enrolmentId === learner.enrolmentId);
    if (own.length === 0) absent.push({ kind: "attestations", reason: t("absentNoAttestation", { name: learnerName(learner) }) });
    for (const row of own) {
      const lang = ctx.locale.startsWith("es") ? "es" : "fr";
      const bytes = await buildAttestationPdf({
        lang,
        kind: row.kind === "dpc" ? "dpc" : "training",
        code: row.code,
        facts: row.facts,
        verificationUrl: build.verificationUrl(ctx.brand.key, row.code),
      });
      files.push({ path: `attestations/${learnerSlug(learner)}-${row.kind}-${row.code}.pdf`, kind: "attestations", bytes });
    }

    // Connection log: first and last access, each step's start and end, each quiz attempt with its score.
    const steps = progress.filter((p) => p.enrolmentId === learner.enrolmentId);
    const tries = attempts.filter((a) => a.userId === learner.userId);
    if (!session || session.virtualClass) {
      const instants = [
        learner.startedAt,
        ...steps.flatMap((s) => [s.startedAt, s.completedAt, s.updatedAt]),
        ...tries.flatMap((a) => [a.startDate, a.answeredAt]),
      ].filter((d): d is Date => d instanceof Date);
      const first = instants.length ? new Date(Math.min(...instants.map((d) => d.getTime()))) : null;
      const last = instants.length ? new Date(Math.max(...instants.map((d) => d.getTime()))) : null;
      const minutes = (from: Date | null, to: Date | null) => (from && to ? Math.max(0, Math.round((to.getTime() - from.getTime()) / 60_000)) : null);
      const attemptNumbers = new Map<string, number>();
      const rows: (string | number | null)[][] = [
        [learnerName(learner), t("connFirst"), null, null, iso(first), null, null, null],
        [learnerName(learner), t("connLast"), null, null, null, iso(last), null, null],
        ...steps.map((s) => [
          learnerName(learner),
          t("connModule"),
          s.title,
          null,
          iso(s.startedAt),
          iso(s.completedAt),
          minutes(s.startedAt, s.completedAt),
          null,
        ]),
        ...tries.map((a) => {
          const attempt = (attemptNumbers.get(a.title) ?? 0) + 1;
          attemptNumbers.set(a.title, attempt);
          return [learnerName(learner), t("connQuiz"), a.title, attempt, iso(a.startDate), iso(a.answeredAt), minutes(a.startDate, a.answeredAt), a.score];
        }),
      ];
      files.push({ path: `connection-logs/${learnerSlug(learner)}.csv`, kind: "connectionLogs", bytes: csv(t("csvConnection"), rows) });
    }
    await build.step();
  }
  if (learners.length === 0) absent.push({ kind: "attestations", reason: t("absentNoLearner") });
  if (!session || session.virtualClass) absent.push({ kind: "connectionLogs", reason: t("absentConnectionDetail") });

  // Attendance: one sheet per day with the pack's learners, and the marks and virtual-class joins recorded.
  if (session) {
    const days = await repo.listSessionDays(ctx.db, session.id);
    const dayList = days.length
      ? days.map((d) => ({ date: d.date, hours: `${d.startTime.slice(0, 5)}-${d.endTime.slice(0, 5)}` }))
      : [{ date: session.startDate, hours: session.startTime && session.endTime ? `${session.startTime.slice(0, 5)}-${session.endTime.slice(0, 5)}` : "" }];
    const marks = await repo.listAttendances(ctx.db, session.id, userIds);
    const texts = attendanceSheetTexts(t);
    const place = attendanceSheetPlace(session, t);
    for (const day of dayList) {
      const bytes = await renderAttendanceSheet({
        texts,
        trainingName: build.trainingName,
        sessionName: session.name,
        dayLabel: `${printDay(day.date)} ${day.hours}`.trim(),
        place,
        learners: learners.map((l) => ({ name: learnerName(l), email: l.email })),
      });
      files.push({ path: `attendance/sheet-${day.date}.pdf`, kind: "attendance", bytes });
      // The platform keeps no signature: the sheet is signed on paper; only the trainer's marks are recorded.
      absent.push({ kind: "attendance", reason: t("absentNoSignature", { day: printDay(day.date) }) });
      if (!marks.some((m) => m.day === day.date)) absent.push({ kind: "attendance", reason: t("absentNoMarks", { day: printDay(day.date) }) });
    }
    const markRows = marks.map((m) => {
      const learner = byUser.get(m.userId)!;
      return [
        m.day,
        learnerName(learner),
        learner.email,
        iso(m.joinedAt),
        m.attended === null ? t("notMarked") : m.attended ? t("yes") : t("no"),
        iso(m.markedAt),
      ];
    });
    files.push({ path: "attendance/attendance.csv", kind: "attendance", bytes: csv(t("csvAttendance"), markRows) });
  }

  // Satisfaction questionnaire: the request sent after the training and the answer given.
  if (feedback.length === 0) absent.push({ kind: "satisfaction", reason: t("absentNoFeedback") });
  files.push({
    path: "satisfaction/satisfaction.csv",
    kind: "satisfaction",
    bytes: csv(
      t("csvSatisfaction"),
      feedback.map((f) => {
        const learner = f.enrolmentId === null ? undefined : byEnrolment.get(f.enrolmentId);
        return [learner ? learnerName(learner) : "", iso(f.requestedAt), iso(f.answeredAt), f.rating, f.comment];
      }),
    ),
  });

  // Delivery receipts: recorded from MAIL_RECEIPTS_SINCE; attestations are downloaded, not mailed.
  files.push({
    path: "mail-receipts/mail-receipts.csv",
    kind: "mailReceipts",
    bytes: csv(
      t("csvReceipts"),
      receipts.map((r) => [
        byUser.has(r.userId) ? learnerName(byUser.get(r.userId)!) : "",
        r.kind === "attestation" ? t("mailAttestation") : t("mailFeedbackRequest"),
        r.recipient,
        iso(r.sentAt),
      ]),
    ),
  });
  absent.push({ kind: "mailReceipts", reason: t("absentMailsBefore", { day: printDay(MAIL_RECEIPTS_SINCE) }) });

  // Invoices and credit notes.
  const invoiceRows = await repo.listInvoices(ctx.db, scope);
  for (const invoice of invoiceRows) {
    const pdf = await invoicePdf(ctx, invoice);
    files.push({ path: `invoices/${slug(invoice.number)}.pdf`, kind: "invoices", bytes: pdf.bytes });
  }
  if (invoiceRows.length === 0) absent.push({ kind: "invoices", reason: t("absentNoInvoice") });
  await build.step();

  // Trainers and what the platform knows of their qualifications.
  const trainers = await repo.listTrainers(ctx.db, scope.trainingId, session?.trainerId ?? null);
  files.push({
    path: "trainers/trainers.csv",
    kind: "trainers",
    bytes: csv(
      t("csvTrainers"),
      trainers.map((p) => [p.name, p.title, p.bio]),
    ),
  });
  absent.push({ kind: "trainers", reason: trainers.length === 0 ? t("absentNoTrainer") : t("absentQualifications") });
  await build.step();

  return { files, absent, learners: learners.length };
}
