import fs from "node:fs";
import path from "node:path";

/**
 * The demo media's facts. Videos (ADR 0020): durations measured when the files were made (public/media/videos/
 * durations.json, written by server/db/seed/make-videos.ts) and the WebVTT captions next to each video. Podcasts
 * (ADR 0108): the duration read from the WAV header, and the transcript next to each episode.
 */
const PUBLIC_DIR = path.resolve(import.meta.dirname, "../../../../public");
const VIDEO_DIR = "/media/videos/";
const PODCAST_DIR = "/media/podcasts/";
const CAPTION_LANGUAGES = [
  { srclang: "fr", label: "Français" },
  { srclang: "es", label: "Español" },
] as const;

let durations: Record<string, number> | null = null;

function loadDurations(): Record<string, number> {
  if (durations) return durations;
  try {
    durations = JSON.parse(fs.readFileSync(path.join(PUBLIC_DIR, "media/videos/durations.json"), "utf8")) as Record<string, number>;
  } catch {
    durations = {};
  }
  return durations;
}

/** The length in seconds of a video of the demo media, or null when unknown (no file, or not a demo video). */
export function videoSeconds(mediaPath: string | null): number | null {
  if (!mediaPath?.startsWith(VIDEO_DIR)) return null;
  const seconds = loadDurations()[mediaPath.slice(VIDEO_DIR.length)];
  return typeof seconds === "number" && seconds > 0 ? seconds : null;
}

export type Caption = { src: string; srclang: string; label: string };

/** The captions that exist for a video: `{name}.{lang}.vtt` beside `{name}.webm`. */
export function videoCaptions(mediaPath: string | null): Caption[] {
  if (!mediaPath?.startsWith(VIDEO_DIR)) return [];
  const base = mediaPath.replace(/\.[a-z0-9]+$/i, "");
  return CAPTION_LANGUAGES.flatMap(({ srclang, label }) => {
    const src = `${base}.${srclang}.vtt`;
    const file = path.resolve(PUBLIC_DIR, `.${src}`);
    return file.startsWith(`${PUBLIC_DIR}${path.sep}`) && fs.existsSync(file) ? [{ src, srclang, label }] : [];
  });
}

export type WatchCheck = { ok: true } | { ok: false; secondsLeft: number };

/**
 * A video counts as watched once it could have been played to the end: at least its duration has passed since
 * the learner first opened it (server time), and, when the player reported where it stopped (JavaScript's
 * `ended`), that position is the end (half a second of rounding allowed).
 */
export function checkWatched(input: { seconds: number; openedAt: Date | null; now: Date; position: number | null }): WatchCheck {
  const elapsed = input.openedAt ? (input.now.getTime() - input.openedAt.getTime()) / 1000 : 0;
  const timeLeft = input.seconds - elapsed;
  const positionLeft = input.position === null ? 0 : input.seconds - 0.5 - input.position;
  if (timeLeft > 0 || positionLeft > 0) return { ok: false, secondsLeft: Math.max(1, Math.ceil(Math.max(timeLeft, positionLeft))) };
  return { ok: true };
}

const audioDurations = new Map<string, number | null>();

/**
 * The length in seconds of a PCM WAV episode under /media/podcasts/, from its header (byte rate and size of the
 * `data` chunk), or null when unknown (no file, not a WAV file): such an episode keeps the plain confirmation.
 */
export function podcastSeconds(mediaPath: string | null): number | null {
  if (!mediaPath?.startsWith(PODCAST_DIR) || !mediaPath.endsWith(".wav")) return null;
  if (audioDurations.has(mediaPath)) return audioDurations.get(mediaPath)!;
  const file = path.resolve(PUBLIC_DIR, `.${mediaPath}`);
  let seconds: number | null = null;
  if (file.startsWith(`${PUBLIC_DIR}${path.sep}`) && fs.existsSync(file)) seconds = wavSeconds(fs.readFileSync(file));
  audioDurations.set(mediaPath, seconds);
  return seconds;
}

/** The duration of a RIFF/WAVE file: the `data` chunk's size over the `fmt ` chunk's byte rate; null if unreadable. */
export function wavSeconds(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (bytes.length < 12 || tag(0) !== "RIFF" || tag(8) !== "WAVE") return null;
  let byteRate = 0;
  for (let offset = 12; offset + 8 <= bytes.length;) {
    const size = view.getUint32(offset + 4, true);
    if (tag(offset) === "fmt " && offset + 16 <= bytes.length) byteRate = view.getUint32(offset + 16, true);
    if (tag(offset) === "data") return byteRate > 0 ? Math.round((size / byteRate) * 1000) / 1000 : null;
    offset += 8 + size + (size % 2);
  }
  return null;
}

export type Transcript = { url: string; lang: string; text: string };

/** The transcript of a podcast episode in a language: `{name}.{lang}.txt` beside `{name}.wav`, else null. */
export function podcastTranscript(mediaPath: string | null, lang: string): Transcript | null {
  if (!mediaPath?.startsWith(PODCAST_DIR)) return null;
  for (const candidate of [lang, ...CAPTION_LANGUAGES.map((c) => c.srclang)]) {
    const url = `${mediaPath.replace(/\.[a-z0-9]+$/i, "")}.${candidate}.txt`;
    const file = path.resolve(PUBLIC_DIR, `.${url}`);
    if (file.startsWith(`${PUBLIC_DIR}${path.sep}`) && fs.existsSync(file)) return { url, lang: candidate, text: fs.readFileSync(file, "utf8").trim() };
  }
  return null;
}
