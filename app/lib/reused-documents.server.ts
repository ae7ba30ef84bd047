/**
 * Documents rendered once for the same data (ADR 0142). A page's loaders always run, so its data is always read
 * fresh; when everything the render reads is the same as for a document rendered before (the address, the status,
 * the day, every route's loader data), that document is sent again instead of rendering React once more.
 *
 * Two values of a document belong to one request: the CSP nonce and the form token. They are cut out of the kept
 * markup and filled in with the asking request's own, as the page cache and the shared fragments do. A browser that
 * takes gzip gets the kept parts compressed once with its values spliced in between (ADR 0143), as the page cache's
 * replays: nothing of the document is compressed again.
 *
 * In "check" mode (the test servers), a document is rendered every time and compared with the kept one: a page whose
 * render reads something its key does not hold fails the request instead of being sent to someone else.
 */
import { createHash } from "node:crypto";
import type { CompressedPart, GzipSplicer } from "#core/contract/web-host.ts";
import { cutHoles, fillHoles, type CutMarkup, type RequestValues } from "#core/http/request-holes.ts";

export type ReusedDocumentsMode = "on" | "off" | "check";

/** Every document is a whole page of 20 to 60 KB: 16 MB keeps a few hundred. */
const MAX_BYTES = 16 * 1024 * 1024;
const MAX_ENTRIES = 1_000;

type KeptDocument = CutMarkup & {
  bytes: number;
  /** The parts compressed once, on the first reuse for a browser that takes gzip (not when kept: most are never reused). */
  compressed?: Promise<CompressedPart[]>;
};

/** Least recently used first out. */
const kept = new Map<string, KeptDocument>();
let keptBytes = 0;

function forget(digest: string) {
  const document = kept.get(digest);
  if (!document) return;
  kept.delete(digest);
  keptBytes -= document.bytes;
}

/** Forgets every kept document (tests). */
export function clearReusedDocuments() {
  kept.clear();
  keptBytes = 0;
}

export function reusedDocumentCount(): number {
  return kept.size;
}

export type DocumentInputs = {
  method: string;
  url: string;
  status: number;
  /** The day in Paris: a few pages print the year or bound a date field by today. */
  today: string;
  loaderData: unknown;
  actionData: unknown;
  errors: unknown;
  /** The request's form token: the same hole whatever its value, so it is left out of the key. */
  csrf: string;
};

/**
 * The digest of what a document's render reads, or null when the document is not to be kept: another method than
 * GET, an action's answer, an error, or data the key cannot spell exactly (a promise, a map, a class instance).
 */
export function documentKey(inputs: DocumentInputs): string | null {
  if (inputs.method !== "GET" || inputs.actionData != null || inputs.errors != null) return null;
  const text = keyText(inputs.loaderData, inputs.csrf);
  if (text === null) return null;
  return createHash("sha256").update(`${inputs.url}\n${inputs.status}\n${inputs.today}\n`).update(text).digest("base64url");
}

/** A kept document as this request is sent it: gzip bytes when the browser takes gzip, else the markup. */
export type KeptAnswer = { gzip: Uint8Array<ArrayBuffer>; html?: undefined } | { html: string; gzip?: undefined };

/**
 * The kept document of `digest` with this request's values in its holes, if any: spliced gzip from its parts
 * compressed once when `gzip` is given (the browser takes it), else the markup. A compression that fails is not kept
 * (the next reuse tries again) and this answer is the markup.
 */
export async function keptDocument(digest: string, values: RequestValues, gzip: GzipSplicer | null = null): Promise<KeptAnswer | undefined> {
  const document = kept.get(digest);
  if (!document) return undefined;
  // Read again: last out.
  kept.delete(digest);
  kept.set(digest, document);
  if (gzip === null) return { html: fillHoles(document, values) };
  document.compressed ??= gzip.compress(document.parts);
  try {
    const parts = await document.compressed;
    return {
      gzip: gzip.splice(
        parts,
        document.holes.map((hole) => values[hole]),
      ),
    };
  } catch {
    document.compressed = undefined;
    return { html: fillHoles(document, values) };
  }
}

/**
 * Keeps a rendered document under its key. In check mode a document already kept for that key must be the same
 * markup: a difference means the render read something the key does not hold, and throws.
 */
export function keepDocument(digest: string, html: string, values: RequestValues, mode: ReusedDocumentsMode) {
  const document = { ...cutHoles(html, values), bytes: html.length };
  const before = kept.get(digest);
  if (mode === "check" && before && !sameMarkup(before, document)) {
    throw new Error(`a document rendered differently for the same data: ${firstDifference(before, document)}`);
  }
  forget(digest);
  kept.set(digest, document);
  keptBytes += document.bytes;
  while (kept.size > MAX_ENTRIES || keptBytes > MAX_BYTES) forget(kept.keys().next().value!);
}

function sameMarkup(a: CutMarkup, b: CutMarkup): boolean {
  return a.holes.join() === b.holes.join() && a.parts.length === b.parts.length && a.parts.every((part, i) => part === b.parts[i]);
}

/** Where two documents first differ, for the error of check mode. */
function firstDifference(a: CutMarkup, b: CutMarkup): string {
  const [x, y] = [a.parts.join("\u0000"), b.parts.join("\u0000")];
  let i = 0;
  while (i < x.length && x[i] === y[i]) i++;
  return `at ${i}: ${JSON.stringify(x.slice(Math.max(0, i - 80), i + 80))} then ${JSON.stringify(y.slice(Math.max(0, i - 80), i + 80))}`;
}

const NOT_KEYABLE = Symbol("not keyable");

/**
 * The loader data spelled exactly: JSON with its types told apart (a date is not the string of its date, undefined
 * is not null) and the form token as one mark. Null for a value whose content JSON would not spell (a promise of
 * deferred data, a Map, an instance of a class): such a page is rendered every time.
 */
export function keyText(value: unknown, csrf: string): string | null {
  const out: string[] = [];
  return write(value, csrf, out) === NOT_KEYABLE ? null : out.join("");
}

function write(value: unknown, csrf: string, out: string[]): typeof NOT_KEYABLE | void {
  switch (typeof value) {
    case "string":
      out.push(csrf && value === csrf ? "T" : JSON.stringify(value));
      return;
    case "number":
      out.push(Number.isFinite(value) ? String(value) : `n${String(value)}`);
      return;
    case "boolean":
      out.push(value ? "t" : "f");
      return;
    case "undefined":
      out.push("u");
      return;
    case "bigint":
      out.push(`b${value}`);
      return;
    case "object": {
      if (value === null) {
        out.push("z");
        return;
      }
      if (value instanceof Date) {
        out.push(`d${value.getTime()}`);
        return;
      }
      if (Array.isArray(value)) {
        out.push("[");
        for (const item of value) {
          if (write(item, csrf, out) === NOT_KEYABLE) return NOT_KEYABLE;
          out.push(",");
        }
        out.push("]");
        return;
      }
      const prototype = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return NOT_KEYABLE;
      out.push("{");
      for (const [name, item] of Object.entries(value)) {
        out.push(JSON.stringify(name), ":");
        if (write(item, csrf, out) === NOT_KEYABLE) return NOT_KEYABLE;
        out.push(",");
      }
      out.push("}");
      return;
    }
    default:
      // A function or a symbol: nothing a render could be keyed on.
      return NOT_KEYABLE;
  }
}
