/** Durations are whole minutes, shown as 'xHmm' (spec section 9). */

/** 90 -> '1H30'; fractions of a minute are rounded; negative or non-finite values throw a RangeError. */
export function formatDuration(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes < 0) throw new RangeError(`Invalid duration: ${minutes}`);
  const total = Math.round(minutes);
  const hours = Math.floor(total / 60);
  return `${hours}H${String(total % 60).padStart(2, "0")}`;
}

const DURATION_PATTERN = /^(\d+)H([0-5]\d)$/i;

/** '1H30' -> 90; anything that is not 'xHmm' with minutes 00-59 gives null. */
export function parseDuration(text: string): number | null {
  const match = DURATION_PATTERN.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}
