/**
 * Parts of a page rendered once and reused between requests and visitors (ADR 0140). A `<SharedFragment>` names
 * everything its markup is made from (`inputs`); the first render of that key is cut out of the finished document
 * and kept, later renders of the same key send the kept markup instead of rendering the children again.
 *
 * Two values of a page belong to one request and may sit inside a fragment: the form token (CSRF) and the CSP nonce.
 * They are cut out of the kept markup and filled in with the asking request's own, as the page cache does (ADR 0015).
 *
 * In "check" mode (the test servers), a kept fragment is rendered again anyway and compared with the kept one: a
 * fragment whose markup depends on something its inputs do not name fails the request instead of being shown.
 */
import { createHash, randomBytes } from "node:crypto";
import { cutHoles, fillHoles, type CutMarkup, type RequestValues } from "#core/http/request-holes.ts";

export type SharedFragmentsMode = "on" | "off" | "check";

/** What a request's render tells the document's last step (app/entry.server.tsx). */
export type FragmentCollector = {
  readonly mode: SharedFragmentsMode;
  /**
   * For the fragment of `key`: the kept markup, holes filled with this request's values; else the marker of the
   * element its children are rendered in (`data-shared="<marker>"`), to be cut out once the document is rendered.
   * Null when fragments are off: render the children plainly.
   */
  share(key: string, values: RequestValues): { kept: string } | { marker: string } | null;
  /** Marked fragments of this render, in the order they were met. */
  readonly pending: readonly PendingFragment[];
  /** Fragments of this render sent from the kept markup. */
  readonly reused: number;
};

type PendingFragment = { key: string; digest: string; marker: string; values: RequestValues };
type KeptFragment = CutMarkup & { bytes: number };

export const SHARED_ATTRIBUTE = "data-shared";
/** The whole cache's bound: fragments are a few KB, the catalogue's results list some 30 KB. */
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_ENTRIES = 2_000;

/** A bounded map that forgets its least recently used fragment first. */
class KeptFragments {
  private readonly map = new Map<string, KeptFragment>();
  private bytes = 0;
  get(key: string): KeptFragment | undefined {
    const kept = this.map.get(key);
    if (kept) {
      this.map.delete(key);
      this.map.set(key, kept);
    }
    return kept;
  }
  set(key: string, kept: KeptFragment) {
    this.delete(key);
    this.map.set(key, kept);
    this.bytes += kept.bytes;
    while (this.map.size > MAX_ENTRIES || this.bytes > MAX_BYTES) this.delete(this.map.keys().next().value!);
  }
  delete(key: string) {
    const kept = this.map.get(key);
    if (!kept) return;
    this.map.delete(key);
    this.bytes -= kept.bytes;
  }
  clear() {
    this.map.clear();
    this.bytes = 0;
  }
  get size() {
    return this.map.size;
  }
}

const kept = new KeptFragments();

/** Forgets every kept fragment (tests). */
export function clearSharedFragments() {
  kept.clear();
}

export function sharedFragmentCount(): number {
  return kept.size;
}

/** The collector of one render. */
export function createFragmentCollector(mode: SharedFragmentsMode): FragmentCollector {
  const pending: PendingFragment[] = [];
  let reused = 0;
  let markerPrefix: string | undefined;
  return {
    mode,
    pending,
    get reused() {
      return reused;
    },
    share(key, values) {
      if (mode === "off") return null;
      const digest = digestOf(key);
      const fragment = mode === "on" ? kept.get(digest) : undefined;
      if (fragment) {
        reused++;
        return { kept: fillHoles(fragment, values) };
      }
      // Random per request: no text of the page (a training's description) can pass for a marker.
      markerPrefix ??= `f${randomBytes(9).toString("base64url")}-`;
      const marker = `${markerPrefix}${pending.length}`;
      pending.push({ key, digest, marker, values });
      return { marker };
    },
  };
}

/**
 * The finished document with every marked fragment's marker emptied (`data-shared=""`, what the browser renders too),
 * after keeping the fragments not kept yet. In check mode a fragment already kept must be the same markup again.
 */
export function finishSharedFragments(html: string, collector: FragmentCollector): string {
  if (collector.pending.length === 0) return html;
  let out = html;
  for (const { key, digest, marker, values } of collector.pending) {
    const found = markedFragment(out, marker);
    if (!found) {
      // Not expected (React writes every element it renders): the test servers fail the page, production sends it
      // as rendered and keeps nothing.
      if (collector.mode === "check") throw new Error(`shared fragment ${marker} not found in the document`);
      continue;
    }
    const fragment = { ...cutHoles(found.inner, values), bytes: found.inner.length };
    const before = kept.get(digest);
    if (collector.mode === "check" && before && !sameFragment(before, fragment)) {
      throw new Error(`shared fragment rendered differently for the same inputs: ${key.slice(0, 200)}`);
    }
    if (!before) kept.set(digest, fragment);
    out = out.slice(0, found.markerAt) + out.slice(found.markerAt + marker.length);
  }
  return out;
}

/** Keys hold the fragment's data (a list's cards): kept as their SHA-256, a few bytes each. */
function digestOf(key: string): string {
  return createHash("sha256").update(key).digest("base64url");
}

/** The element marked `data-shared="<marker>"`: where its marker is and its inner markup. */
export function markedFragment(html: string, marker: string): { markerAt: number; inner: string } | null {
  const attribute = `${SHARED_ATTRIBUTE}="${marker}"`;
  const at = html.indexOf(attribute);
  if (at < 0) return null;
  const tagStart = html.lastIndexOf("<", at);
  const tag = /^<([a-z][a-z0-9]*)/.exec(html.slice(tagStart, tagStart + 20))?.[1];
  const openEnd = html.indexOf(">", at);
  if (!tag || openEnd < 0) return null;
  // React escapes "<" in text and attribute values: every "<tag" and "</tag>" in its output is markup, so counting
  // them finds the element's end.
  const open = new RegExp(`<${tag}[\\s>]|</${tag}>`, "g");
  open.lastIndex = openEnd + 1;
  let depth = 1;
  for (let match = open.exec(html); match; match = open.exec(html)) {
    depth += match[0].startsWith("</") ? -1 : 1;
    if (depth === 0) return { markerAt: at + SHARED_ATTRIBUTE.length + 2, inner: html.slice(openEnd + 1, match.index) };
  }
  return null;
}

function sameFragment(a: KeptFragment, b: KeptFragment): boolean {
  return a.holes.join() === b.holes.join() && a.parts.length === b.parts.length && a.parts.every((part, i) => part === b.parts[i]);
}
