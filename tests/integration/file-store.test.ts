// The file store (ADR 0120): both drivers keep, serve and remove files alike; with the database driver, a file
// uploaded through one instance is served by another on the same database that has its own DATA_DIR; files already
// in DATA_DIR are copied into the database once.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { copyLocalFiles } from "../../server/storage/copy-local-files.ts";
import { createDatabaseFileStore } from "../../server/storage/database-file-store.ts";
import type { FileStore } from "../../server/storage/file-store.ts";
import { createLocalFileStore } from "../../server/storage/local-file-store.ts";
import { backends, countRows } from "./support/database.ts";
import { expectEnvelope } from "./support/http.ts";
import { startTestPlatform } from "./support/platform.ts";
import { useSuite } from "./support/setup.ts";
import { bytesOf, pictureForm, pngOf } from "./support/stored-files.ts";

describe.each(backends())("file store (%s)", (backend) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "it-files-"));
  const suite = useSuite(backend, { DATA_DIR: dataDir, FILE_STORE: "database" });
  const stores = (): [string, FileStore][] => [
    ["local", createLocalFileStore(fs.mkdtempSync(path.join(os.tmpdir(), "it-files-local-")))],
    ["database", createDatabaseFileStore(suite.db)],
  ];

  test("each driver keeps a file under a content-hashed name, reads it back in chunks and removes it", async () => {
    for (const [kind, store] of stores()) {
      // Larger than one database chunk (256 KB): the body comes in several reads and is whole.
      const bytes = pngOf(600 * 1024 + 7);
      const storedPath = await store.put({ area: "uploads", folder: "avatars", extension: "png", bytes });
      expect(storedPath, kind).toMatch(/^\/uploads\/avatars\/[0-9a-f]{16}-[0-9a-f]{12}\.png$/);
      const file = await store.read(storedPath);
      expect(file, kind).toMatchObject({ contentType: "image/png", size: bytes.byteLength });
      expect((await bytesOf(store, storedPath))!.equals(Buffer.from(bytes)), kind).toBe(true);

      // The same bytes again (another user's identical picture): another name, and removing one keeps the other.
      const twin = await store.put({ area: "uploads", folder: "avatars", extension: "png", bytes });
      expect(twin.slice(0, 32), kind).toBe(storedPath.slice(0, 32));
      expect(twin, kind).not.toBe(storedPath);
      await store.remove(storedPath);
      expect(await store.read(storedPath), kind).toBeNull();
      expect(await store.read(twin), kind).not.toBeNull();
      await store.remove(twin);
    }
  });

  test("paths outside the storage areas are never read nor removed", async () => {
    for (const [kind, store] of stores()) {
      for (const bad of [
        "/uploads/../private/x/y.png",
        "/uploads/avatars/../../secrets.json",
        "/etc/passwd",
        "/uploads/avatars",
        "uploads/a/b.png",
        "/uploads/a/..png",
      ]) {
        expect(await store.read(bad), `${kind} ${bad}`).toBeNull();
        await store.remove(bad);
      }
      await store.remove(null);
    }
  });

  test("an upload through one instance is served by another with its own DATA_DIR, cached for good", async () => {
    const agent = suite.agent();
    expectEnvelope(await agent.login("learner@demo.test"), 200);
    const picture = pngOf(5000);
    const reply = await agent.request("POST", "/back/api/user/updateProfilePic", { body: pictureForm(picture) });
    expectEnvelope(reply, 200);
    const avatar: string = reply.body.data.avatar;
    // Nothing on the first instance's disk: the file is in the database.
    expect(fs.existsSync(path.join(dataDir, "uploads"))).toBe(false);

    const other = await startTestPlatform(suite.database, { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "it-files-other-")), FILE_STORE: "database" });
    try {
      const served = await fetch(other.origin + avatar);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(picture))).toBe(true);
      const etag = served.headers.get("etag");
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
      const again = await fetch(other.origin + avatar, { headers: { "if-none-match": etag! } });
      expect(again.status).toBe(304);
      const head = await fetch(other.origin + avatar, { method: "HEAD" });
      expect(head.headers.get("content-length")).toBe(String(picture.byteLength));

      // Replacing the picture removes the old file for every instance.
      expectEnvelope(await agent.request("POST", "/back/api/user/updateProfilePic", { body: pictureForm(pngOf(3000)) }), 200);
      expect((await fetch(other.origin + avatar)).status).toBe(404);
    } finally {
      await other.close();
    }
  });

  test("private files are not served at a public path", async () => {
    const store = createDatabaseFileStore(suite.db);
    const storedPath = await store.put({
      area: "private",
      folder: "practice-certificates",
      extension: "pdf",
      bytes: new TextEncoder().encode("%PDF-1.4 test"),
    });
    for (const url of [storedPath, storedPath.replace("/private/", "/uploads/"), `/uploads/..${storedPath}`]) {
      expect((await fetch(suite.origin + url)).status, url).toBe(404);
    }
    await store.remove(storedPath);
  });

  test("files already in DATA_DIR are copied into the database once, under the same paths", async () => {
    const localDir = fs.mkdtempSync(path.join(os.tmpdir(), "it-files-copy-"));
    const local = createLocalFileStore(localDir);
    const avatar = await local.put({ area: "uploads", folder: "avatars", extension: "png", bytes: pngOf(1200) });
    const certificate = await local.put({ area: "private", folder: "practice-certificates", extension: "pdf", bytes: new TextEncoder().encode("%PDF-1.4 x") });
    fs.writeFileSync(path.join(localDir, "uploads", "stray.txt"), "not in a folder");
    const store = createDatabaseFileStore(suite.db);
    const before = await countRows(suite.db, "stored_files");

    const first = await copyLocalFiles(localDir, store);
    expect(first).toEqual({ copied: 2, alreadyThere: 0, skipped: ["/uploads/stray.txt"] });
    expect((await bytesOf(store, avatar))!.equals(fs.readFileSync(path.join(localDir, avatar.slice(1))))).toBe(true);
    expect((await store.read(certificate))?.contentType).toBe("application/pdf");

    const second = await copyLocalFiles(localDir, store);
    expect(second).toEqual({ copied: 0, alreadyThere: 2, skipped: ["/uploads/stray.txt"] });
    expect(await countRows(suite.db, "stored_files")).toBe(before + 2);
    await store.remove(avatar);
    await store.remove(certificate);
  });
});
