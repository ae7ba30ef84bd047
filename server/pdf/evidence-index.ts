/**
 * The index of an audit evidence pack (ADR 0127; A4, pdf-lib standard Helvetica like ./attendance-sheet.ts, real text
 * so tests read it back with ./pdf-text.ts): what the pack is of, then every file grouped by kind with its path, size
 * and SHA-256, then what is absent and why.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import { encodable, wrap } from "./layout.ts";

export type EvidenceIndexInput = {
  title: string;
  /** Lines under the title, already worded: the training, the session or period, the pharmacy, the build date. */
  facts: string[];
  groups: { title: string; files: { path: string; size: number; sha256: string }[]; absent: string[] }[];
  texts: { size: string; absentTitle: string; none: string; page: string };
};

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 44;

export async function renderEvidenceIndex(input: EvidenceIndexInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(input.title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const mono = await doc.embedFont(StandardFonts.Courier);
  const width = A4.width - 2 * MARGIN;
  let page: PDFPage = doc.addPage([A4.width, A4.height]);
  let pageNumber = 1;
  let y = A4.height - MARGIN;
  const footer = () => page.drawText(encodable(font, `${input.texts.page} ${pageNumber}`), { x: A4.width - MARGIN - 50, y: MARGIN / 2, size: 8, font });
  const line = (value: string, size: number, f: PDFFont = font, indent = 0) => {
    for (const part of wrap(f, encodable(f, value), size, width - indent)) {
      if (y < MARGIN + size) {
        footer();
        page = doc.addPage([A4.width, A4.height]);
        pageNumber += 1;
        y = A4.height - MARGIN;
      }
      page.drawText(part, { x: MARGIN + indent, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });
      y -= size + 4;
    }
  };

  line(input.title, 18, bold);
  y -= 6;
  for (const fact of input.facts) line(fact, 10);
  for (const group of input.groups) {
    y -= 10;
    line(group.title, 13, bold);
    if (group.files.length === 0) line(input.texts.none, 9, font, 8);
    for (const file of group.files) {
      line(`${file.path} (${input.texts.size} ${file.size})`, 9, font, 8);
      line(file.sha256, 7, mono, 16);
    }
    if (group.absent.length > 0) {
      line(input.texts.absentTitle, 9, bold, 8);
      for (const reason of group.absent) line(`- ${reason}`, 9, font, 16);
    }
  }
  footer();
  return doc.save();
}
