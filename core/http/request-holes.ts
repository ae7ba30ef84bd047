/**
 * Markup kept between requests (the page cache, ADR 0015 and 0091; shared page fragments, ADR 0140) holds two values
 * of the request that rendered it: the CSP nonce and the form token (CSRF). It is kept cut at each of them, and
 * filled in with the asking request's own values.
 */
export type RequestValues = { nonce: string; csrf: string };
export type Hole = keyof RequestValues;
/** The markup cut at each hole: parts[0] holes[0] parts[1] holes[1] ... parts[n]. */
export type CutMarkup = { parts: string[]; holes: Hole[] };

/** Splits the markup at every occurrence of the nonce and the token (both random, so never ambiguous; an empty one is not cut). */
export function cutHoles(html: string, values: RequestValues): CutMarkup {
  const parts: string[] = [];
  const holes: Hole[] = [];
  let rest = html;
  for (;;) {
    const atNonce = values.nonce ? rest.indexOf(values.nonce) : -1;
    const atToken = values.csrf ? rest.indexOf(values.csrf) : -1;
    if (atNonce < 0 && atToken < 0) break;
    const hole: Hole = atToken < 0 || (atNonce >= 0 && atNonce < atToken) ? "nonce" : "csrf";
    const at = hole === "nonce" ? atNonce : atToken;
    parts.push(rest.slice(0, at));
    holes.push(hole);
    rest = rest.slice(at + values[hole].length);
  }
  parts.push(rest);
  return { parts, holes };
}

/** The markup with this request's values in its holes. */
export function fillHoles({ parts, holes }: CutMarkup, values: RequestValues): string {
  let html = parts[0];
  for (let i = 0; i < holes.length; i++) html += values[holes[i]] + parts[i + 1];
  return html;
}
