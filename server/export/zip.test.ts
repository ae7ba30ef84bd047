import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { unzip } from "../../tests/fixtures/read-xlsx.ts";
import { zipStream, type ZipEntry } from "./zip.ts";

const when = new Date("2026-11-03T10:20:30Z");

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The compression method and compressed size of each entry, from the central directory. */
function centralEntries(bytes: Uint8Array): { name: string; method: number; compressedSize: number; size: number }[] {
  const buf = Buffer.from(bytes);
  let at = buf.readUInt32LE(buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])) + 16);
  const entries = [];
  while (buf.readUInt32LE(at) === 0x02014b50) {
    const nameLength = buf.readUInt16LE(at + 28);
    entries.push({
      name: buf.subarray(at + 46, at + 46 + nameLength).toString("utf8"),
      method: buf.readUInt16LE(at + 10),
      compressedSize: buf.readUInt32LE(at + 20),
      size: buf.readUInt32LE(at + 24),
    });
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return entries;
}

describe("zip writer", () => {
  test("the files read back by an independent reader, names in UTF-8, in their order", async () => {
    const pdf = new Uint8Array(Buffer.from("%PDF-1.7 une facture"));
    const bytes = await readAll(
      zipStream(
        [
          { name: "FA-2026-0001.pdf", bytes: pdf },
          { name: "Factura número 2.pdf", bytes: new Uint8Array(0) },
        ],
        when,
      ),
    );
    expect(Buffer.from(bytes).readUInt32LE(0)).toBe(0x04034b50);
    const files = unzip(bytes);
    expect([...files.keys()]).toEqual(["FA-2026-0001.pdf", "Factura número 2.pdf"]);
    expect(files.get("FA-2026-0001.pdf")!.equals(Buffer.from(pdf))).toBe(true);
    expect(files.get("Factura número 2.pdf")!.length).toBe(0);
  });

  test("each file is deflated: a repetitive megabyte takes a few kilobytes", async () => {
    const text = new Uint8Array(Buffer.from("Journal;Date;Compte;Pièce;Libellé;Débit;Crédit\n".repeat(22_000)));
    expect(text.length).toBeGreaterThan(1_000_000);
    const bytes = await readAll(zipStream([{ name: "journal.csv", bytes: text }], when));
    const [entry] = centralEntries(bytes);
    expect(entry).toMatchObject({ name: "journal.csv", method: 8, size: text.length });
    expect(entry.compressedSize).toBeLessThan(text.length / 50);
    expect(bytes.length).toBeLessThan(text.length / 50);
    expect(unzip(bytes).get("journal.csv")!.equals(Buffer.from(text))).toBe(true);
  });

  test("a large archive streams: its first bytes come while most of its files are not yet made", async () => {
    const count = 40;
    let made = 0;
    async function* files(): AsyncGenerator<ZipEntry> {
      for (let i = 0; i < count; i++) {
        made++;
        yield { name: `file-${i}.bin`, bytes: new Uint8Array(randomBytes(256 * 1024)) };
      }
    }
    const reader = zipStream(files(), when).getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // A reader that waits holds the writer back (backpressure): it does not run ahead through the files.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(made).toBeLessThan(count / 2);
    const chunks = [first.value!];
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
    expect(made).toBe(count);
    const archive = unzip(new Uint8Array(Buffer.concat(chunks)));
    expect(archive.size).toBe(count);
    expect(archive.get(`file-${count - 1}.bin`)!.length).toBe(256 * 1024);
  });

  test("a file that cannot be made fails the stream instead of ending a cut archive", async () => {
    async function* files(): AsyncGenerator<ZipEntry> {
      yield { name: "a.pdf", bytes: new Uint8Array(10) };
      throw new Error("printing failed");
    }
    await expect(readAll(zipStream(files(), when))).rejects.toThrow("printing failed");
  });
});
