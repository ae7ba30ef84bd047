// The S3 file store (ADR 0139) against a real S3-compatible server on this machine (s3rver, over HTTP on loopback, its
// objects in a folder of its own): it keeps, serves and removes files as the other drivers do; a file uploaded
// through one instance is served by another with its own DATA_DIR; files already in DATA_DIR are copied into the
// bucket once; a bucket out of reach gives the uploader a clear 503 and changes nothing.
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { copyLocalFiles } from "../../server/storage/copy-local-files.ts";
import { createFileStore } from "../../server/storage/file-store.ts";
import { createLocalFileStore } from "../../server/storage/local-file-store.ts";
import { createS3FileStore, parseS3Url, type S3FileStore } from "../../server/storage/s3-file-store.ts";
import { backends } from "./support/database.ts";
import { Agent, envelopeProblem, expectEnvelope } from "./support/http.ts";
import { startTestPlatform, type TestPlatform } from "./support/platform.ts";
import { useSuite } from "./support/setup.ts";
import { bytesOf, pictureForm, pngOf } from "./support/stored-files.ts";

const BUCKET = "training-files";

/** The objects s3rver holds: it keeps each under <directory>/<bucket>/<key>._S3rver_object. */
function objectsIn(directory: string): string[] {
  const root = path.join(directory, BUCKET);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith("._S3rver_object"))
    .map(
      (name) =>
        `/${name
          .replace(/\._S3rver_object$/, "")
          .split(path.sep)
          .join("/")}`,
    )
    .sort();
}

describe.each(backends())("S3 file store (%s)", (backend) => {
  const suite = useSuite(backend);
  const s3Directory = fs.mkdtempSync(path.join(os.tmpdir(), "it-s3-"));
  let s3: S3rver;
  let s3Url = "";
  let store: S3FileStore;
  const platforms: TestPlatform[] = [];

  beforeAll(async () => {
    s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: s3Directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
    const address = (await s3.run()) as AddressInfo;
    s3Url = `http://S3RVER:S3RVER@127.0.0.1:${address.port}/${BUCKET}?region=eu-west-3`;
    store = createS3FileStore(parseS3Url(s3Url));
  });

  afterAll(async () => {
    for (const platform of platforms) await platform.close();
    await s3?.close();
    fs.rmSync(s3Directory, { recursive: true, force: true });
  });

  /** An instance of its own DATA_DIR, on the suite's database, S3_URL naming the bucket (and no FILE_STORE). */
  const instance = async (env: Record<string, string> = {}) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "it-s3-instance-"));
    const platform = await startTestPlatform(suite.database, { DATA_DIR: dataDir, S3_URL: s3Url, ...env });
    platforms.push(platform);
    return Object.assign(platform, { dataDir });
  };

  test("keeps a file under a content-hashed name, streams it back whole, and removes it", async () => {
    const bytes = pngOf(600 * 1024 + 7);
    const storedPath = await store.put({ area: "uploads", folder: "avatars", extension: "png", bytes, ownerId: 7 });
    expect(storedPath).toMatch(/^\/uploads\/avatars\/[0-9a-f]{16}-[0-9a-f]{12}\.png$/);
    expect(objectsIn(s3Directory)).toContain(storedPath);
    const file = await store.read(storedPath);
    expect(file).toMatchObject({ contentType: "image/png", size: bytes.byteLength });
    expect(file!.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect((await bytesOf(store, storedPath))!.equals(Buffer.from(bytes))).toBe(true);

    // The same bytes again (another user's identical picture): another name, and removing one keeps the other.
    const twin = await store.put({ area: "uploads", folder: "avatars", extension: "png", bytes });
    expect(twin.slice(0, 32)).toBe(storedPath.slice(0, 32));
    expect(twin).not.toBe(storedPath);
    await store.remove(storedPath);
    expect(await store.read(storedPath)).toBeNull();
    expect(await store.read(twin)).not.toBeNull();
    await store.remove(twin);
    await store.remove(twin); // removing twice is no error
    expect(objectsIn(s3Directory)).not.toContain(twin);
  });

  test("lists every file of both storage areas, a page of keys at a time (for backups)", async () => {
    const put = [
      await store.put({ area: "uploads", folder: "avatars", extension: "png", bytes: pngOf(100) }),
      await store.put({ area: "uploads", folder: "illustrations", extension: "png", bytes: pngOf(100) }),
      await store.put({ area: "uploads", folder: "login", extension: "png", bytes: pngOf(100) }),
      await store.put({ area: "private", folder: "evidence-packs", extension: "zip", bytes: new TextEncoder().encode("PK") }),
    ];
    const everyFile = await store.list();
    expect(everyFile).toEqual(expect.arrayContaining(put));
    expect(await store.list(2)).toEqual(everyFile);
    // The same as the objects s3rver holds in its folder, in whatever order.
    expect([...everyFile].sort()).toEqual(objectsIn(s3Directory));
    for (const storedPath of put) await store.remove(storedPath);
    expect(await store.list()).toEqual(everyFile.filter((stored) => !put.includes(stored)));
  });

  test("paths outside the storage areas are never read nor removed", async () => {
    const kept = await store.put({ area: "private", folder: "practice-certificates", extension: "pdf", bytes: new TextEncoder().encode("%PDF-1.4 kept") });
    for (const bad of [
      "/uploads/../private/x/y.png",
      "/uploads/avatars/../../secrets.json",
      "/etc/passwd",
      "/uploads/avatars",
      "uploads/a/b.png",
      "/uploads/a/..png",
    ]) {
      expect(await store.read(bad), bad).toBeNull();
      await store.remove(bad);
    }
    await store.remove(null);
    expect((await bytesOf(store, kept))?.toString()).toBe("%PDF-1.4 kept");
    await store.remove(kept);
  });

  test("an upload through one instance is served by another with its own DATA_DIR; the bucket is the default with S3_URL", async () => {
    const first = await instance();
    const second = await instance();
    const agent = new Agent(first.origin);
    expectEnvelope(await agent.login("learner@demo.test"), 200);
    const picture = pngOf(5000);
    const reply = await agent.request("POST", "/back/api/user/updateProfilePic", { body: pictureForm(picture) });
    expectEnvelope(reply, 200);
    const avatar: string = reply.body.data.avatar;
    expect(objectsIn(s3Directory)).toContain(avatar);
    expect(fs.existsSync(path.join(first.dataDir, "uploads"))).toBe(false);

    const served = await fetch(second.origin + avatar);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(picture))).toBe(true);
    const etag = served.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect((await fetch(second.origin + avatar, { headers: { "if-none-match": etag! } })).status).toBe(304);
    expect((await fetch(second.origin + avatar, { method: "HEAD" })).headers.get("content-length")).toBe(String(picture.byteLength));

    // A private file is never served at a public path.
    const certificate = await store.put({ area: "private", folder: "practice-certificates", extension: "pdf", bytes: new TextEncoder().encode("%PDF-1.4 x") });
    for (const url of [certificate, certificate.replace("/private/", "/uploads/"), `/uploads/..${certificate}`]) {
      expect((await fetch(second.origin + url)).status, url).toBe(404);
    }
    await store.remove(certificate);

    // Replacing the picture removes the old file for every instance.
    expectEnvelope(await agent.request("POST", "/back/api/user/updateProfilePic", { body: pictureForm(pngOf(3000)) }), 200);
    expect((await fetch(second.origin + avatar)).status).toBe(404);
    expect(objectsIn(s3Directory)).not.toContain(avatar);
  });

  test("a bucket out of reach: the upload gets a 503 in the uploader's language, the profile is unchanged", async () => {
    const agentOnGood = new Agent((await instance()).origin);
    expectEnvelope(await agentOnGood.login("learner@demo.test"), 200);
    const before = (await agentOnGood.get("/back/api/user")).body.data.avatar as string | null;

    // A port nothing listens on (s3rver's own, once closed, is still ours: another server takes a fresh one).
    const closed = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: fs.mkdtempSync(path.join(os.tmpdir(), "it-s3-closed-")) });
    const port = ((await closed.run()) as AddressInfo).port;
    await closed.close();
    const broken = await instance({ S3_URL: `http://S3RVER:S3RVER@127.0.0.1:${port}/${BUCKET}` });
    for (const [language, message] of [
      ["fr-FR", "Le fichier n'a pas pu être enregistré : le stockage des fichiers est indisponible pour le moment. Réessayez plus tard."],
      ["es-ES", "No se ha podido guardar el archivo: el almacenamiento de archivos no está disponible por el momento. Inténtelo de nuevo más tarde."],
    ]) {
      const agent = new Agent(broken.origin, { "accept-language": language });
      expectEnvelope(await agent.login("learner@demo.test"), 200);
      const reply = await agent.request("POST", "/back/api/user/updateProfilePic", { body: pictureForm(pngOf(2000)) });
      expect(reply.status, reply.text).toBe(503);
      expect(envelopeProblem(reply)).toBeNull();
      expect(reply.body.message).toBe(message);
    }
    expect((await agentOnGood.get("/back/api/user")).body.data.avatar).toBe(before);
    // Reading a stored file there is a 503 too (try again), never a 500 nor a 404 that a cache would keep.
    const served = await fetch(`${broken.origin}/uploads/avatars/0123456789abcdef-0123456789ab.png`);
    expect(served.status).toBe(503);
    // Pages do not need the bucket.
    expect((await fetch(`${broken.origin}/catalogue`)).status).toBe(200);
  });

  test("files already in DATA_DIR are copied into the bucket once, under the same paths", async () => {
    const localDir = fs.mkdtempSync(path.join(os.tmpdir(), "it-s3-copy-"));
    const local = createLocalFileStore(localDir);
    const avatar = await local.put({ area: "uploads", folder: "avatars", extension: "png", bytes: pngOf(1200) });
    const certificate = await local.put({ area: "private", folder: "practice-certificates", extension: "pdf", bytes: new TextEncoder().encode("%PDF-1.4 x") });
    fs.writeFileSync(path.join(localDir, "uploads", "stray.txt"), "not in a folder");

    expect(await copyLocalFiles(localDir, store)).toEqual({ copied: 2, alreadyThere: 0, skipped: ["/uploads/stray.txt"] });
    expect((await bytesOf(store, avatar))!.equals(fs.readFileSync(path.join(localDir, avatar.slice(1))))).toBe(true);
    expect((await store.read(certificate))?.contentType).toBe("application/pdf");
    expect(await copyLocalFiles(localDir, store)).toEqual({ copied: 0, alreadyThere: 2, skipped: ["/uploads/stray.txt"] });
    await store.remove(avatar);
    await store.remove(certificate);
  });

  test("FILE_STORE=s3 without S3_URL, or a wrong S3_URL, stops the start-up with what to fix", () => {
    const env = { DATA_DIR: os.tmpdir(), DATABASE_URL: undefined };
    expect(() => createFileStore({ ...env, FILE_STORE: "s3", S3_URL: undefined }, suite.db)).toThrow(/FILE_STORE=s3 needs S3_URL/);
    expect(() => createFileStore({ ...env, FILE_STORE: undefined, S3_URL: "http://127.0.0.1:9/bucket" }, suite.db)).toThrow(/lacks the access key/);
  });
});
