/**
 * Generates the demo videos of the video trainings, once, with ffmpeg (ADR 0020); the output is committed, so
 * neither the server nor the tests need ffmpeg:
 *   public/media/videos/{slug}-{n}.webm        4 s, 320×180, VP8, silent: the chapter's title over a moving bar
 *   public/media/videos/{slug}-{n}.{lang}.vtt  WebVTT captions in the training's language (fr or es)
 *   public/media/videos/durations.json          each video's duration in seconds, measured with ffprobe
 * The server reads durations.json to decide when a video has been watched to the end.
 * Run: npx tsx server/db/seed/make-videos.ts   (needs ffmpeg and ffprobe on the PATH)
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { DEMO_TRAININGS } from "./catalogue.ts";
import { BRAND_LANG } from "./data/content.ts";
import { hashString } from "./util.ts";

const OUT = path.resolve(import.meta.dirname, "../../../public/media/videos");
const SECONDS = 4;
const FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";

function print(text: string): void {
  process.stdout.write(`${text}\n`);
}

/** drawtext's own escaping: backslash, colon, quote and percent are special. */
function drawtextEscape(text: string): string {
  return text.replace(/\\/g, "\\\\\\\\").replace(/:/g, "\\:").replace(/'/g, "\u2019").replace(/%/g, "\\%");
}

/** Wraps a title on two lines at most (the frame is narrow). */
function wrap(text: string, width = 26): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

function timestamp(seconds: number): string {
  const whole = Math.floor(seconds);
  const ms = Math.round((seconds - whole) * 1000);
  return `00:00:${String(whole).padStart(2, "0")}.${String(ms).padStart(3, "0")}`;
}

/** Two cues: the chapter title, then its first sentence (shortened). */
function captions(title: string, text: string): string {
  const sentence = text.split(/(?<=[.;!?])\s/)[0]!.slice(0, 110);
  return `WEBVTT\n\n1\n${timestamp(0)} --> ${timestamp(SECONDS / 2)}\n${title}\n\n2\n${timestamp(SECONDS / 2)} --> ${timestamp(SECONDS)}\n${sentence}\n`;
}

fs.mkdirSync(OUT, { recursive: true });
const durations: Record<string, number> = {};
for (const def of DEMO_TRAININGS.filter((d) => d.courses.includes("video"))) {
  const lang = BRAND_LANG[def.brand];
  for (const [index, [title, text]] of def.chapters.entries()) {
    const name = `${def.slug}-${index + 1}`;
    const hue = hashString(name) % 360;
    const background = `0x${hslToHex(hue, 45, 32)}`;
    const lines = wrap(title);
    const drawTitle = lines
      .map((line, i) => `drawtext=fontfile=${FONT}:text='${drawtextEscape(line)}':fontcolor=white:fontsize=18:x=(w-text_w)/2:y=${60 + i * 24}`)
      .join(",");
    const filter = `${drawTitle},drawbox=x=0:y=ih-16:w='iw*t/${SECONDS}':h=16:color=white@0.8:t=fill`;
    const file = path.join(OUT, `${name}.webm`);
    execFileSync("ffmpeg", [
      "-y",
      "-loglevel",
      "error",
      "-f",
      "lavfi",
      "-i",
      `color=c=${background}:s=320x180:r=12:d=${SECONDS}`,
      "-vf",
      filter,
      "-c:v",
      "libvpx",
      "-b:v",
      "60k",
      "-deadline",
      "good",
      "-an",
      "-fflags",
      "+bitexact",
      "-flags:v",
      "+bitexact",
      file,
    ]);
    const probed = execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file], { encoding: "utf8" });
    durations[`${name}.webm`] = Math.round(Number(probed.trim()) * 1000) / 1000;
    fs.writeFileSync(path.join(OUT, `${name}.${lang}.vtt`), captions(title, text));
    print(`${name}.webm ${fs.statSync(file).size} bytes, ${durations[`${name}.webm`]} s`);
  }
}
fs.writeFileSync(path.join(OUT, "durations.json"), `${JSON.stringify(durations, null, 2)}\n`);

function hslToHex(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `${channel(0)}${channel(8)}${channel(4)}`;
}
