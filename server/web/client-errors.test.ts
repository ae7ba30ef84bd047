import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { clientErrorOf, isClientAbort } from "./client-errors.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "client-errors-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What Express hands to `sendFile`'s callback when the client goes away during a download, on a real socket. */
async function abortedDownloadError(): Promise<unknown> {
  const file = path.join(dir, "large.bin");
  fs.writeFileSync(file, Buffer.alloc(8 * 1024 * 1024, 1));
  let reported: (error: unknown) => void = () => undefined;
  const seen = new Promise<unknown>((resolve) => (reported = resolve));
  const app = express();
  app.get("/large.bin", (_req, res) => res.sendFile(file, (error) => reported(error)));
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const request = http.get({ host: "127.0.0.1", port, path: "/large.bin" }, (response) => response.destroy());
    request.on("error", () => undefined);
    return await seen;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("isClientAbort", () => {
  it("is true for the error of a download the client left, which is no client error to answer", async () => {
    const error = await abortedDownloadError();
    expect(error).toBeInstanceOf(Error);
    expect(isClientAbort(error)).toBe(true);
    expect(clientErrorOf(error)).toBeNull();
  });

  it("is false for other errors and for what is not an error", () => {
    expect(isClientAbort(new Error("boom"))).toBe(false);
    expect(isClientAbort(Object.assign(new Error("missing"), { code: "ENOENT", status: 404 }))).toBe(false);
    expect(isClientAbort(null)).toBe(false);
    expect(isClientAbort("ECONNABORTED")).toBe(false);
  });
});
