import { describe, expect, test } from "vitest";
import { checkWatched } from "./video-media.ts";

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
