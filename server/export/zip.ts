import { Readable } from "node:stream";
import { ZipFile } from "yazl";

/**
 * A ZIP archive written by yazl (ADR 0116): each file deflated, names in UTF-8, written as it is read. The next
 * entry is taken from `entries` only once the previous one has gone into the archive, and the archive is pulled by
 * its reader (backpressure), so neither the whole archive nor, with a lazy source, all its files are held at once.
 */
export type ZipEntry = { name: string; bytes: Uint8Array };

export function zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>, modified: Date): ReadableStream<Uint8Array> {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const fail = (error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error)));
  zip.on("error", fail);
  void (async () => {
    for await (const entry of entries) {
      const content = Readable.from([Buffer.from(entry.bytes.buffer, entry.bytes.byteOffset, entry.bytes.byteLength)]);
      const added = new Promise<void>((resolve, reject) => content.once("end", resolve).once("error", reject));
      zip.addReadStreamLazy(entry.name, { mtime: modified, compress: true, size: entry.bytes.byteLength }, (done) => done(null, content));
      await added;
    }
    zip.end();
  })().catch(fail);
  return Readable.toWeb(output) as ReadableStream<Uint8Array>;
}
