import fs from "node:fs";
import path from "node:path";

/**
 * The demo videos' facts (ADR 0020): durations measured when the files were made (public/media/videos/
 * durations.json, written by server/db/seed/make-videos.ts) and the WebVTT captions next to each video.
 */
const PUBLIC_DIR = path.resolve(import.meta.dirname, "../../../../public");
const VIDEO_DIR = "/media/videos/";
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
