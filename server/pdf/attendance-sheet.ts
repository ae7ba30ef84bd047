/**
 * The attendance sheet of one session day (A4, pdf-lib standard Helvetica like ./invoice.ts; real text so tests read
 * it back with ./pdf-text.ts): the training, the session, the day and hours, the place, then one row per learner
 * with a box to sign in the morning and in the afternoon, and the trainer's signature box. ADR 0063.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import { encodable, wrap } from "./layout.ts";

export type AttendanceSheetInput = {
  texts: {
    title: string;
    training: string;
    session: string;
    day: string;
    place: string;
    learner: string;
    morning: string;
    afternoon: string;
    trainer: string;
    none: string;
    page: string;
  };
  trainingName: string;
  sessionName: string;
  dayLabel: string;
  place: string;
  learners: { name: string; email: string }[];
};

/** The sheet's words: the back API's messages (api-admin, `adminSheet*`), in the reader's language. */
const TEXT_KEYS = {
  title: "adminSheetTitle",
  training: "adminSheetTraining",
  session: "adminSheetSession",
  day: "adminSheetDay",
  place: "adminSheetPlace",
  learner: "adminSheetLearner",
  morning: "adminSheetMorning",
  afternoon: "adminSheetAfternoon",
  trainer: "adminSheetTrainer",
  none: "adminSheetNone",
  page: "adminSheetPage",
} as const satisfies Record<keyof AttendanceSheetInput["texts"], string>;

type SheetKey = (typeof TEXT_KEYS)[keyof typeof TEXT_KEYS] | "adminSheetVirtual";

export function attendanceSheetTexts(t: (key: SheetKey) => string): AttendanceSheetInput["texts"] {
  return Object.fromEntries(Object.entries(TEXT_KEYS).map(([part, key]) => [part, t(key)])) as AttendanceSheetInput["texts"];
}

/** Where the session takes place, as the sheet prints it: "Classe virtuelle", or its address. */
export function attendanceSheetPlace(
  session: { virtualClass: boolean; address: string | null; postalCode: string | null; city: string | null },
  t: (key: SheetKey) => string,
): string {
  const place = session.virtualClass ? t("adminSheetVirtual") : [session.address, session.postalCode, session.city].filter(Boolean).join(", ");
  return place || "-";
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const ROW = 34;

export async function renderAttendanceSheet(input: AttendanceSheetInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${input.texts.title} - ${input.sessionName} - ${input.dayLabel}`);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const text = (page: PDFPage, value: string, x: number, y: number, size: number, f: PDFFont = font) =>
    page.drawText(encodable(f, value), { x, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });
  const columns = { name: MARGIN, morning: 330, afternoon: 440, end: A4.width - MARGIN };

  let page = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  let pageNumber = 1;
  const header = () => {
    text(page, input.texts.title, MARGIN, y, 18, bold);
    y -= 28;
    for (const [label, value] of [
      [input.texts.training, input.trainingName],
      [input.texts.session, input.sessionName],
      [input.texts.day, input.dayLabel],
      [input.texts.place, input.place],
    ] as const) {
      const lines = wrap(font, encodable(font, value), 11, columns.end - MARGIN - 110);
      text(page, label, MARGIN, y, 11, bold);
      for (const line of lines) {
        text(page, line, MARGIN + 110, y, 11);
        y -= 15;
      }
    }
    y -= 10;
    text(page, input.texts.learner, columns.name, y, 11, bold);
    text(page, input.texts.morning, columns.morning, y, 11, bold);
    text(page, input.texts.afternoon, columns.afternoon, y, 11, bold);
    y -= 8;
  };
  const footer = () => text(page, `${input.texts.page} ${pageNumber}`, columns.end - 50, MARGIN / 2, 9);
  header();
  if (input.learners.length === 0) {
    y -= 20;
    text(page, input.texts.none, MARGIN, y, 11);
  }
  for (const learner of input.learners) {
    if (y - ROW < MARGIN + 80) {
      footer();
      page = doc.addPage([A4.width, A4.height]);
      pageNumber += 1;
      y = A4.height - MARGIN;
      header();
    }
    const top = y;
    y -= ROW;
    page.drawRectangle({ x: columns.name, y, width: columns.end - columns.name, height: ROW, borderColor: rgb(0.4, 0.4, 0.4), borderWidth: 0.75 });
    page.drawLine({ start: { x: columns.morning - 8, y }, end: { x: columns.morning - 8, y: top }, color: rgb(0.4, 0.4, 0.4), thickness: 0.75 });
    page.drawLine({ start: { x: columns.afternoon - 8, y }, end: { x: columns.afternoon - 8, y: top }, color: rgb(0.4, 0.4, 0.4), thickness: 0.75 });
    text(page, learner.name, columns.name + 6, y + 19, 11);
    text(page, learner.email, columns.name + 6, y + 6, 8);
  }
  y -= 40;
  text(page, input.texts.trainer, MARGIN, y, 11, bold);
  page.drawRectangle({ x: MARGIN, y: y - 60, width: 220, height: 50, borderColor: rgb(0.4, 0.4, 0.4), borderWidth: 0.75 });
  footer();
  return doc.save();
}
