import { describe, expect, test } from "vitest";
import { checkWatched, podcastSeconds, podcastTranscript, wavSeconds } from "./video-media.ts";

describe("checkWatched", () => {
  const openedAt = new Date("2026-01-01T10:00:00Z");
  const after = (seconds: number) => new Date(openedAt.getTime() + seconds * 1000);

  test("without a reported position (no JavaScript): once the duration has passed since the first opening", () => {
    expect(checkWatched({ seconds: 4, openedAt, now: after(1), position: null })).toEqual({ ok: false, secondsLeft: 3 });
    expect(checkWatched({ seconds: 4, openedAt, now: after(3.9), position: null })).toEqual({ ok: false, secondsLeft: 1 });
    expect(checkWatched({ seconds: 4, openedAt, now: after(4), position: null })).toEqual({ ok: true });
  });

  test("with a reported position (the player's ended event): the end, and enough time for a real playing", () => {
    expect(checkWatched({ seconds: 4, openedAt, now: after(5), position: 4.01 })).toEqual({ ok: true });
    expect(checkWatched({ seconds: 4, openedAt, now: after(5), position: 3.6 })).toEqual({ ok: true });
    expect(checkWatched({ seconds: 4, openedAt, now: after(5), position: 1 }).ok).toBe(false);
    // A position sent at once (no playing) is refused.
    expect(checkWatched({ seconds: 4, openedAt, now: after(0.2), position: 4 }).ok).toBe(false);
  });

  test("never opened: nothing has been watched", () => {
    expect(checkWatched({ seconds: 4, openedAt: null, now: after(100), position: 4 })).toEqual({ ok: false, secondsLeft: 4 });
  });
});

describe("podcast episodes (ADR 0108)", () => {
  test("the length of a WAV episode comes from its header: the data chunk over the byte rate", () => {
    expect(podcastSeconds("/media/podcasts/podcast-salud-mental-1.wav")).toBe(4);
    expect(podcastSeconds("/media/podcasts/no-such-episode.wav")).toBeNull();
    expect(podcastSeconds("/media/videos/higiene-manos-video-1.webm")).toBeNull();
    expect(podcastSeconds("/media/podcasts/../../../package.json")).toBeNull();
  });

  test("a header with other chunks before the data, an odd-sized chunk, and files that are not WAV", () => {
    const bytes = new Uint8Array(12 + 24 + 9 + 1 + 8);
    const view = new DataView(bytes.buffer);
    const ascii = (offset: number, text: string) => [...text].forEach((ch, i) => view.setUint8(offset + i, ch.charCodeAt(0)));
    ascii(0, "RIFF");
    ascii(8, "WAVE");
    ascii(12, "fmt ");
    view.setUint32(16, 16, true);
    view.setUint32(28, 16_000, true); // byte rate
    ascii(36, "LIST");
    view.setUint32(40, 1, true); // one byte, padded to two
    ascii(46, "data");
    view.setUint32(50, 40_000, true);
    expect(wavSeconds(bytes)).toBe(2.5);
    expect(wavSeconds(new TextEncoder().encode("not a wave file at all"))).toBeNull();
    expect(wavSeconds(new Uint8Array(4))).toBeNull();
  });

  test("the transcript beside an episode, in the asked language or the one that exists", () => {
    const es = podcastTranscript("/media/podcasts/podcast-salud-mental-1.wav", "es");
    expect(es).toMatchObject({ url: "/media/podcasts/podcast-salud-mental-1.es.txt", lang: "es" });
    expect(es!.text).toContain("[Sintonía musical]");
    expect(podcastTranscript("/media/podcasts/podcast-salud-mental-1.wav", "fr")?.lang).toBe("es");
    expect(podcastTranscript("/media/podcasts/no-such-episode.wav", "fr")).toBeNull();
    expect(podcastTranscript("/media/videos/higiene-manos-video-1.webm", "es")).toBeNull();
  });
});
