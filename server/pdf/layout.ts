import type { PDFFont } from "pdf-lib";

/** Keeps what the font (WinAnsi for the standard fonts) can encode; anything else becomes "?" so a rare character never breaks the PDF. */
export function encodable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text.normalize("NFC")].map((ch) => (supported.has(ch.codePointAt(0)!) ? ch : "?")).join("");
}

/** Greedy word wrap to a width. */
export function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
