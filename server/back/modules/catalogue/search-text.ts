/** Turning a visitor's search text into safe tsquery text, and highlighted titles into safe HTML. */

/** At most this many words of a search are used. */
export const MAX_SEARCH_TERMS = 8;
const MAX_TERM_LENGTH = 40;

/**
 * The distinct words of a search (letters and digits, any script; everything else separates words),
 * lower-cased, in order. Only these characters reach to_tsquery, so no tsquery syntax can be injected.
 */
export function searchTerms(text: string): string[] {
  const words =
    text
      .normalize("NFC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique: string[] = [];
  for (const word of words) {
    const term = word.slice(0, MAX_TERM_LENGTH);
    if (!unique.includes(term)) unique.push(term);
    if (unique.length === MAX_SEARCH_TERMS) break;
  }
  return unique;
}

/** tsquery text: every word as a prefix ("cardio" finds "cardiologie"), all required or any. */
export function tsQueryText(terms: readonly string[], mode: "all" | "any"): string {
  return terms.map((term) => `${term}:*`).join(mode === "all" ? " & " : " | ");
}

/** Markers ts_headline puts around matched words (control characters never typed in titles). */
export const MARK_START = "\u0002";
export const MARK_STOP = "\u0003";

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

/**
 * Text with match markers -> HTML: everything escaped, matched words in <mark>. Unbalanced markers
 * are dropped, so the result is always well formed.
 */
export function markedToHtml(marked: string): string {
  let html = "";
  let open = false;
  // eslint-disable-next-line no-control-regex -- \u0002/\u0003 are the search highlight markers
  for (const part of marked.split(/([\u0002\u0003])/)) {
    if (part === MARK_START) {
      if (!open) html += "<mark>";
      open = true;
    } else if (part === MARK_STOP) {
      if (open) html += "</mark>";
      open = false;
    } else {
      html += escapeHtml(part);
    }
  }
  return open ? `${html}</mark>` : html;
}
