import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { AppError } from "../back/http/app-error.ts";
import { withClearWriteErrors, type FileStore } from "./file-store.ts";
import { createLocalFileStore } from "./local-file-store.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const file = { area: "uploads" as const, folder: "avatars", extension: "png" as const, bytes: PNG };

function failingWith(error: unknown): FileStore {
  return {
    kind: "database",
    put: () => Promise.reject(error),
    read: () => Promise.resolve(null),
    remove: () => Promise.resolve(),
  };
}

async function caught(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("a file the store cannot write", () => {
  test("a full disk or PostgreSQL's disk_full: 507 fileStoreFull", async () => {
    for (const code of ["ENOSPC", "EDQUOT", "53100"]) {
      const error = await caught(withClearWriteErrors(failingWith(Object.assign(new Error("full"), { code }))).put(file));
      expect([error.status, error.messageKey]).toEqual([507, "fileStoreFull"]);
      expect((error.cause as { code: string }).code).toBe(code);
    }
  });

  test("anything else (a refused insert, the database away): 503 fileStoreUnavailable", async () => {
    const error = await caught(withClearWriteErrors(failingWith(Object.assign(new Error("permission denied"), { code: "42501" }))).put(file));
    expect([error.status, error.messageKey]).toEqual([503, "fileStoreUnavailable"]);
  });

  test("a local store whose uploads folder is a file: 503, and reads still answer", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "unit-files-"));
    const store = withClearWriteErrors(createLocalFileStore(dir));
    const stored = await store.put(file);
    expect(await store.read(stored)).not.toBeNull();
    fs.rmSync(path.join(dir, "uploads"), { recursive: true });
    fs.writeFileSync(path.join(dir, "uploads"), "not a folder");
    const error = await caught(store.put(file));
    expect([error.status, error.messageKey]).toEqual([503, "fileStoreUnavailable"]);
    expect(await store.read(stored)).toBeNull();
    fs.rmSync(dir, { recursive: true });
  });

  test("an AppError of the store passes unchanged", async () => {
    const own = new AppError("VALIDATION", "invalidImage");
    expect(await caught(withClearWriteErrors(failingWith(own)).put(file))).toBe(own);
  });
});
