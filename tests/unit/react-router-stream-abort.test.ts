// The browser's React Router (dist/production, ADR 0132) reads a page's data as a turbo-stream: the first line is the
// data, the rest of the stream only deferred values. When the request is aborted after the first line (a second click
// on a bookmark aborts the first click's revalidation), the unpatched decoder rejected two promises nobody awaits,
// and the page logged two "signal is aborted without reason" errors. patches/react-router+7.18.4.patch (ADR 0152)
// marks those two as handled; a caller that awaits `done` still sees the abort.
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, test } from "vitest";

type Decode = (body: ReadableStream<Uint8Array>, global: typeof globalThis) => Promise<{ done: Promise<unknown>; value: unknown }>;

async function browserDecoder(): Promise<Decode> {
  const require = createRequire(import.meta.url);
  const file = path.join(path.dirname(require.resolve("react-router/package.json")), "dist", "production", "index.mjs");
  const browserBuild = (await import(pathToFileURL(file).href)) as { UNSAFE_decodeViaTurboStream: Decode };
  return browserBuild.UNSAFE_decodeViaTurboStream;
}

/** A body whose first line (the data `{ page: "catalogue" }`) arrives, then the request is aborted without a reason. */
function bodyAbortedAfterTheData(): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  controller.enqueue(new TextEncoder().encode('[{"_1":2},"page","catalogue"]\n'));
  setTimeout(() => controller.error(abortedWithoutReason()), 5);
  return body;
}

function abortedWithoutReason(): unknown {
  const controller = new AbortController();
  controller.abort();
  return controller.signal.reason;
}

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  process.on("unhandledRejection", onUnhandled);
});
afterEach(() => {
  process.off("unhandledRejection", onUnhandled);
  unhandled.length = 0;
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("React Router's turbo-stream decoder in the browser build", () => {
  test("a request aborted after its data leaves no unhandled rejection, and the data is read", async () => {
    const decode = await browserDecoder();
    const decoded = await decode(bodyAbortedAfterTheData(), globalThis);
    expect(decoded.value).toEqual({ page: "catalogue" });
    await settle();
    expect(unhandled).toEqual([]);
  });

  test("a caller that waits for the end of the stream still learns of the abort", async () => {
    const decode = await browserDecoder();
    const decoded = await decode(bodyAbortedAfterTheData(), globalThis);
    await expect(decoded.done).rejects.toMatchObject({ name: "AbortError" });
    await settle();
    expect(unhandled).toEqual([]);
  });
});
