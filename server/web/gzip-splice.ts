import { promisify } from "node:util";
import zlib from "node:zlib";
import type { CompressedPart, GzipSplicer } from "#core/contract/web-host.ts";

/**
 * A gzip answer made of pieces compressed once and short texts put in for each answer, without compressing the
 * whole again (RFC 1951, RFC 1952). The kept page cache (page-cache.ts) compresses each part of a page between its
 * per-answer values (the script nonce, the form token) once, on the page's first replay, as raw deflate ending on a
 * sync flush: byte-aligned, no final block, no reference outside itself. An answer is then the gzip header, the parts with each value between them as a
 * stored block, an empty final block, and the trailer (CRC-32 and length of the whole text). What each answer costs
 * is a CRC over the text and a copy of the compressed bytes, instead of compressing some 50 KB of HTML. The web tier's
 * reused documents (ADR 0143) are answered the same way, through `gzipSplicer`.
 */

const deflateRaw = promisify(zlib.deflateRaw);

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** An empty final block (fixed codes, the end-of-block code alone): what zlib writes for an empty input. */
const EMPTY_FINAL_BLOCK = Buffer.from([0x03, 0x00]);
const STORED_BLOCK_MAX = 0xffff;

export type { CompressedPart };

/** A part, compressed once: raw deflate ending on a sync flush, so that anything may follow it. */
export async function compressPart(text: Uint8Array): Promise<CompressedPart> {
  return { text, deflated: await deflateRaw(text, { finishFlush: zlib.constants.Z_SYNC_FLUSH }) };
}

/**
 * Texts in, gzip out: the parts of kept markup (the text between its per-answer values) each compressed once, off the
 * main thread, then any answer's values spliced between them. The page cache uses it, and the host hands it to the web
 * tier for a browser that takes gzip (core/contract/web-host.ts).
 */
export const gzipSplicer: GzipSplicer = {
  compress: (parts) => Promise.all(parts.map((part) => compressPart(Buffer.from(part, "utf8")))),
  splice: (parts, values) =>
    spliceGzip(
      parts,
      values.map((value) => Buffer.from(value, "utf8")),
    ),
};

type Splice = { gzip: Uint8Array; parts: readonly CompressedPart[]; values: readonly string[] };
/** Where an answer's splices are kept, in its `res.locals`. */
const SPLICES = "gzipSplices";

/**
 * The splicer handed to the web tier for one answer: `gzipSplicer`, keeping what it spliced in the answer's
 * `res.locals`, so that the page cache keeps a spliced answer's text without inflating it (`splicedText`).
 */
export function answerGzipSplicer(locals: Record<string, unknown>): GzipSplicer {
  const splices: Splice[] = [];
  locals[SPLICES] = splices;
  return {
    compress: gzipSplicer.compress,
    splice: (parts, values) => {
      const gzip = gzipSplicer.splice(parts, values);
      splices.push({ gzip, parts, values });
      return gzip;
    },
  };
}

/** The text of an answer's body spliced by its `answerGzipSplicer`, found by its bytes; null for any other body. */
export function splicedText(locals: Record<string, unknown>, body: Uint8Array): string | null {
  const splices = locals[SPLICES] as Splice[] | undefined;
  const splice = splices?.find(({ gzip }) => Buffer.compare(gzip, body) === 0);
  if (!splice) return null;
  const decoder = new TextDecoder();
  return splice.parts.map((part, index) => decoder.decode(part.text) + (splice.values[index] ?? "")).join("");
}

/** A short text as stored (uncompressed) deflate blocks, not final; we are byte-aligned after a sync flush. */
function storedBlocks(text: Uint8Array): Uint8Array[] {
  const blocks: Uint8Array[] = [];
  for (let at = 0; at < text.length; at += STORED_BLOCK_MAX) {
    const chunk = text.subarray(at, at + STORED_BLOCK_MAX);
    const header = Buffer.alloc(5);
    header[0] = 0x00; // BFINAL 0, BTYPE 00 (stored), then padding to the byte
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}

/** The gzip bytes of parts[0] values[0] parts[1] ... parts[n]: one value between each two parts. */
export function spliceGzip(parts: readonly CompressedPart[], values: readonly Uint8Array[]): Buffer<ArrayBuffer> {
  if (values.length !== parts.length - 1) throw new Error(`spliceGzip: ${parts.length} parts need ${parts.length - 1} values, not ${values.length}`);
  const pieces: Uint8Array[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  parts.forEach((part, index) => {
    pieces.push(part.deflated);
    // Node 20's zlib.crc32 answers 0 for an empty buffer once optimised, whatever the running value: skip those.
    if (part.text.length > 0) crc = zlib.crc32(part.text, crc);
    length += part.text.length;
    const value = values[index];
    if (value === undefined || value.length === 0) return;
    pieces.push(...storedBlocks(value));
    crc = zlib.crc32(value, crc);
    length += value.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  pieces.push(EMPTY_FINAL_BLOCK, trailer);
  return Buffer.concat(pieces);
}
