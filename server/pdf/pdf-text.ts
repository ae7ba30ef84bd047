import { inflateSync } from "node:zlib";

/**
 * A tiny text extraction for the PDFs we build (tests read attestations back with it). pdf-lib cannot
 * extract text and compresses content streams with FlateDecode; with standard fonts it writes each line as
 * one hex string shown by `Tj`, in WinAnsi. So: inflate every stream, collect the `<hex> Tj` strings, decode
 * them as Windows-1252. Not a general PDF parser: it only has to understand what buildAttestationPdf writes.
 */
export function extractPdfText(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes);
  const lines: string[] = [];
  const latin = buffer.toString("latin1");
  const streamPattern = /stream\r?\n/g;
  for (let match = streamPattern.exec(latin); match; match = streamPattern.exec(latin)) {
    const start = match.index + match[0].length;
    const end = latin.indexOf("endstream", start);
    if (end < 0) break;
    const raw = buffer.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(raw).toString("latin1");
    } catch {
      content = raw.toString("latin1");
    }
    for (const shown of content.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      lines.push(shown[1] !== undefined ? decodeWinAnsi(Buffer.from(shown[1].replace(/\s/g, ""), "hex")) : unescapeLiteral(shown[2] ?? ""));
    }
    // Past "endstream": its own "stream" must not be read as the start of another one (it would swallow the next).
    streamPattern.lastIndex = end + "endstream".length;
  }
  return lines.join("\n");
}

/** The Windows-1252 code points 0x80-0x9F that differ from Latin-1 (the rest is Latin-1). */
const CP1252: Record<number, string> = {
  0x80: "€",
  0x82: "‚",
  0x83: "ƒ",
  0x84: "„",
  0x85: "…",
  0x86: "†",
  0x87: "‡",
  0x88: "ˆ",
  0x89: "‰",
  0x8a: "Š",
  0x8b: "‹",
  0x8c: "Œ",
  0x8e: "Ž",
  0x91: "‘",
  0x92: "’",
  0x93: "“",
  0x94: "”",
  0x95: "•",
  0x96: "–",
  0x97: "—",
  0x98: "˜",
  0x99: "™",
  0x9a: "š",
  0x9b: "›",
  0x9c: "œ",
  0x9e: "ž",
  0x9f: "Ÿ",
};

function decodeWinAnsi(bytes: Buffer): string {
  return [...bytes].map((b) => CP1252[b] ?? String.fromCharCode(b)).join("");
}

function unescapeLiteral(value: string): string {
  return value.replace(/\\([()\\])/g, "$1");
}
