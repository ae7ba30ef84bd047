/**
 * Generates the static demo media referenced by the seed, under public/:
 *   public/advisors/{slug}.svg            advisor avatars
 *   public/media/experts/{slug}.svg       trainer and author portraits (initials)
 *   public/media/illustrations/{key}.svg  training and news illustrations
 *   public/media/groupings/{slug}.svg     grouping logos
 *   public/media/pdf/{slug}.pdf           the documents of the pdf trainings (pdf-lib)
 *   public/media/podcasts/{slug}-{n}.wav  a short tone melody per podcast episode (8 kHz mono WAV)
 *   public/media/podcasts/{slug}-{n}.{lang}.txt  the episode's transcript in the training's language (ADR 0108)
 * Deterministic output (fixed PDF dates, melodies from the slug), so re-running it changes nothing.
 * Video module paths (/media/videos) are left without files: the learning view then shows the chapter text.
 * Run: npx tsx server/db/seed/make-media.ts
 */
import fs from "node:fs";
import path from "node:path";
import { PDFDocument, StandardFonts, rgb, type PDFFont } from "pdf-lib";
import { ILLUSTRATION_KEYS } from "./bench.ts";
import { DEMO_TRAININGS, pdfPath } from "./catalogue.ts";
import { ADVISORS } from "./data/accounts.ts";
import { BRAND_LANG, GROUPINGS, NEWS } from "./data/content.ts";
import { PEOPLE } from "./data/people.ts";
import { escapeHtml, hashString } from "./util.ts";

/** Command-line output for a person at a terminal (not a log: the server logs through pino). */
function print(text: string): void {
  process.stdout.write(`${text}\n`);
}

const PUBLIC = path.resolve(import.meta.dirname, "../../../public");

function write(relative: string, content: string | Uint8Array): void {
  const file = path.join(PUBLIC, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

function hue(key: string): number {
  return hashString(key) % 360;
}

function initials(name: string): string {
  return name
    .replace(/^Dr\s+/, "")
    .split(/[\s-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
}

function avatarSvg(name: string, key: string, withSilhouette: boolean): string {
  const h = hue(key);
  const label = escapeHtml(name);
  const silhouette = withSilhouette
    ? `<circle cx="64" cy="50" r="22" fill="hsl(${h} 45% 86%)"/><path d="M18 132c4-32 22-50 46-50s42 18 46 50z" fill="hsl(${h} 45% 86%)"/>`
    : "";
  const text = withSilhouette
    ? `<text x="64" y="57" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="20" font-weight="700" fill="hsl(${h} 55% 30%)">${initials(name)}</text>`
    : `<text x="64" y="76" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="44" font-weight="700" fill="#fff">${initials(name)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128" role="img" aria-label="${label}"><title>${label}</title><defs><clipPath id="c"><circle cx="64" cy="64" r="64"/></clipPath></defs><g clip-path="url(#c)"><circle cx="64" cy="64" r="64" fill="hsl(${h} 55% 42%)"/>${silhouette}</g>${text}</svg>\n`;
}

function illustrationSvg(key: string): string {
  const h = hue(key);
  const h2 = (h + 40) % 360;
  const seed = hashString(`shapes:${key}`);
  const circles = [0, 1, 2, 3]
    .map((i) => {
      const x = 60 + ((seed >> (i * 4)) % 9) * 60;
      const y = 40 + ((seed >> (i * 5 + 2)) % 6) * 50;
      const r = 30 + ((seed >> (i * 3 + 1)) % 5) * 18;
      return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity="${(0.08 + i * 0.04).toFixed(2)}"/>`;
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" width="640" height="360" role="img" aria-label="${escapeHtml(key)}"><title>${escapeHtml(key)}</title><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h} 60% 45%)"/><stop offset="1" stop-color="hsl(${h2} 55% 32%)"/></linearGradient></defs><rect width="640" height="360" fill="url(#g)"/>${circles}<g transform="translate(320 180)" fill="#fff" fill-opacity="0.92"><rect x="-18" y="-56" width="36" height="112" rx="6"/><rect x="-56" y="-18" width="112" height="36" rx="6"/></g></svg>\n`;
}

function logoSvg(name: string, key: string): string {
  const h = hue(key);
  const label = escapeHtml(name);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 360 96" width="360" height="96" role="img" aria-label="${label}"><title>${label}</title><rect width="360" height="96" rx="14" fill="hsl(${h} 50% 94%)"/><rect x="12" y="12" width="72" height="72" rx="12" fill="hsl(${h} 55% 40%)"/><text x="48" y="59" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="28" font-weight="700" fill="#fff">${initials(name)}</text><text x="96" y="54" font-family="Arial, Helvetica, sans-serif" font-size="15" font-weight="700" fill="hsl(${h} 55% 25%)">${escapeHtml(name.length > 30 ? `${name.slice(0, 29)}…` : name)}</text></svg>\n`;
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

async function makePdf(def: (typeof DEMO_TRAININGS)[number]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fixed = new Date(Date.UTC(2025, 0, 1));
  doc.setTitle(def.name);
  doc.setAuthor(def.brand === "fr" || def.brand === "be" ? "Formapharm" : "Formapharm España");
  doc.setSubject(def.intro);
  doc.setCreator("Formapharm demo seed");
  doc.setProducer("pdf-lib");
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const h = hue(def.illustration) / 360;
  const accent = rgb(0.1 + h * 0.2, 0.35, 0.55 - h * 0.2);
  const margin = 56;
  let page = doc.addPage([595.28, 841.89]);
  const width = page.getWidth() - margin * 2;
  let y = page.getHeight() - margin;
  const line = (text: string, font: PDFFont, size: number, color = rgb(0.13, 0.13, 0.13), gap = 4) => {
    for (const l of wrap(text, font, size, width)) {
      if (y < margin + size) {
        page = doc.addPage([595.28, 841.89]);
        y = page.getHeight() - margin;
      }
      page.drawText(l, { x: margin, y: y - size, size, font, color });
      y -= size + gap;
    }
  };
  page.drawRectangle({ x: 0, y: page.getHeight() - 18, width: page.getWidth(), height: 18, color: accent });
  y -= 10;
  line(def.name, bold, 20, accent, 6);
  y -= 6;
  line(def.intro, regular, 11);
  y -= 10;
  for (const [title, text] of def.chapters) {
    line(title, bold, 13, accent);
    line(text, regular, 11);
    y -= 8;
  }
  y -= 6;
  line(
    def.brand === "es" || def.brand === "es-campus" ? "Documento de formación – uso profesional." : "Document de formation – usage professionnel.",
    regular,
    9,
    rgb(0.4, 0.4, 0.4),
  );
  return doc.save({ useObjectStreams: false });
}

/**
 * A small real audio file: a few seconds of notes picked from the key (a pentatonic scale), each with a soft
 * attack and release so that it sounds like a jingle rather than a beep. 8 kHz, 8-bit unsigned PCM, mono.
 */
function makeWav(key: string, seconds = 4): Uint8Array {
  const rate = 8000;
  const samples = rate * seconds;
  const data = new Uint8Array(44 + samples);
  const view = new DataView(data.buffer);
  const ascii = (offset: number, text: string) => [...text].forEach((ch, i) => view.setUint8(offset + i, ch.charCodeAt(0)));
  ascii(0, "RIFF");
  view.setUint32(4, 36 + samples, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate, true); // byte rate
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  ascii(36, "data");
  view.setUint32(40, samples, true);
  const scale = [261.63, 293.66, 329.63, 392.0, 440.0, 523.25];
  const seed = hashString(`audio:${key}`);
  const noteLength = rate / 2;
  for (let i = 0; i < samples; i++) {
    const note = Math.floor(i / noteLength);
    const frequency = scale[(seed >> (note * 3)) % scale.length] ?? scale[0]!;
    const t = (i % noteLength) / noteLength;
    const envelope = Math.min(1, t * 20) * Math.min(1, (1 - t) * 6);
    const value = Math.sin((2 * Math.PI * frequency * i) / rate) * 0.8 + Math.sin((4 * Math.PI * frequency * i) / rate) * 0.2;
    data[44 + i] = Math.round(128 + 100 * envelope * value);
  }
  return data;
}

const TRANSCRIPT_TEXTS = {
  fr: { opening: "[Générique musical]", closing: "[Générique de fin]" },
  es: { opening: "[Sintonía musical]", closing: "[Sintonía de cierre]" },
} as const;

/**
 * The transcript of an episode (accessibility, ADR 0108): what the episode says, with its sounds in brackets. The
 * demo episode is a jingle standing for the spoken chapter, so its transcript is the chapter itself.
 */
function transcript(trainingName: string, chapter: readonly [string, string], lang: "fr" | "es"): string {
  const text = TRANSCRIPT_TEXTS[lang];
  const [title, body] = chapter;
  return `${trainingName} – ${title}\n\n${text.opening}\n\n${body}\n\n${text.closing}\n`;
}

async function main(): Promise<void> {
  for (const a of ADVISORS) write(`advisors/${a.slug}.svg`, avatarSvg(`${a.firstName} ${a.lastName}`, a.slug, true));
  for (const p of PEOPLE) write(`media/experts/${p.slug}.svg`, avatarSvg(p.name, p.slug, false));
  const keys = new Set([...DEMO_TRAININGS.map((d) => d.illustration), ...NEWS.map((n) => n.illustration), ...ILLUSTRATION_KEYS]);
  for (const key of keys) write(`media/illustrations/${key}.svg`, illustrationSvg(key));
  for (const g of GROUPINGS) write(`media/groupings/${g.slug}.svg`, logoSvg(g.name, g.slug));
  const pdfs = DEMO_TRAININGS.filter((d) => d.courses.includes("pdf"));
  for (const def of pdfs) write(pdfPath(def.slug).replace(/^\//, ""), await makePdf(def));
  const podcasts = DEMO_TRAININGS.filter((d) => d.courses.includes("podcast"));
  let episodes = 0;
  for (const def of podcasts) {
    const lang = BRAND_LANG[def.brand];
    def.chapters.forEach((chapter, i) => {
      write(`media/podcasts/${def.slug}-${i + 1}.wav`, makeWav(`${def.slug}-${i + 1}`));
      write(`media/podcasts/${def.slug}-${i + 1}.${lang}.txt`, transcript(def.name, chapter, lang));
      episodes++;
    });
  }
  print(
    `Wrote ${ADVISORS.length} advisor avatars, ${PEOPLE.length} expert portraits, ${keys.size} illustrations, ${GROUPINGS.length} logos, ${pdfs.length} PDFs, ${episodes} podcast episodes with their transcripts under ${PUBLIC}.`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
