// Backups on PostgreSQL with the uploaded files (ADR 0123, 0139), for each file store: `npm run db:backup` (a child
// process, as an operator runs it) dumps a seeded database whose user has a new password and a new picture; the
// database is dropped and made again empty (and the files folders removed, or the S3 bucket emptied); --restore brings
// everything back: the password logs in (a wrong one does not), the session open before the backup is still valid,
// the same orders and attestations (whose codes still verify), and the picture's bytes are served the same. A second
// restore is refused while the database has tables, and goes through with --replace. PostgreSQL only: PGlite's
// backup is its data directory, tested by pglite-lock.test.ts.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import S3rver from "s3rver";
import { describe, expect, test } from "vitest";
import { hashPassword } from "../../server/back/modules/auth/password.ts";
import { openDatabase, type Db } from "../../server/db/client.ts";
import { users } from "../../server/db/schema/index.ts";
import { readEnv } from "../../server/env.ts";
import { createS3FileStore, parseS3Url } from "../../server/storage/s3-file-store.ts";
import { backends, createTestDatabase, queryRows, tableCounts, type TestDatabase } from "./support/database.ts";
import { Agent, expectEnvelope } from "./support/http.ts";
import { ROOT, startTestPlatform, TEST_PASSWORD_HASH_COST, type TestPlatform } from "./support/platform.ts";
import { adminQuery, dropWhenClosed } from "./support/postgres-admin.ts";
import { pictureForm, pngOf } from "./support/stored-files.ts";

// The template's attestations were signed with this process's APP_SECRET (as in attestations.test.ts).
const SECRET = readEnv().APP_SECRET;
const HOLDER = "holder@demo.test";

type Exit = { code: number | null; stdout: string; stderr: string };

/** `npm run db:backup -- <args>` as a child process with the deployment's environment. */
function backupCli(args: string[], env: Record<string, string>): Promise<Exit> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "server", "db", "backup-cli.ts"), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** What a restore must bring back, read with SQL: every table's row count, the orders and the attestations. */
async function snapshot(db: Db) {
  return {
    counts: await tableCounts(db),
    orders: await queryRows(
      db,
      sql`select o.id, u.email, o.status, o.total_with_vat_cents, o.created_at::text, o.paid_at::text from orders o join users u on u.id = o.user_id order by o.id`,
    ),
    attestations: await queryRows(db, sql`select id, code, kind, user_id, facts, signature, issued_at::text from attestations order by id`),
    files: await queryRows(db, sql`select path, size, sha256 from stored_files order by path`),
    holder: await queryRows(db, sql`select id, password_hash, avatar_path from users where email = ${HOLDER}`),
  };
}

/** What the platform answers about the holder's orders, attestations and picture. */
async function answers(platform: TestPlatform, agent: Agent, orderIds: number[], avatar: string) {
  const orders = [];
  for (const id of orderIds) {
    const reply = await agent.get(`/back/api/shop/command/${id}`);
    expectEnvelope(reply, 200);
    orders.push(reply.body.data);
  }
  const attestations = await agent.get("/back/api/user/attestation");
  expectEnvelope(attestations, 200);
  const guest = new Agent(platform.origin, { "accept-language": "fr-FR" });
  const verified = [];
  for (const item of attestations.body.data as { code: string }[]) {
    const reply = await guest.get(`/back/api/attestation/verify/${item.code}`);
    expectEnvelope(reply, 200);
    verified.push(reply.body.data);
  }
  const picture = await fetch(platform.origin + avatar);
  expect(picture.status).toBe(200);
  return {
    orders,
    // Their links name this platform's port, which changes from one start to the next.
    attestations: (attestations.body.data as { verificationUrl: string }[]).map((item) => ({
      ...item,
      verificationUrl: item.verificationUrl.replace(new URL(platform.origin).port, "<port>"),
    })),
    verified,
    picture: { type: picture.headers.get("content-type"), bytes: Buffer.from(await picture.arrayBuffer()) },
  };
}

describe.runIf(backends().includes("postgres"))("backup and restore on PostgreSQL", () => {
  test.each(["database", "local", "s3"] as const)(
    "FILE_STORE=%s: backup, drop, restore: the same logins, orders, attestations and files",
    async (fileStore) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `it-backup-${fileStore}-`));
      // With FILE_STORE=s3, a bucket of an S3-compatible server of its own on loopback.
      const s3 =
        fileStore === "s3"
          ? new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: path.join(dataDir, "s3"), configureBuckets: [{ name: "files", configs: [] }] })
          : null;
      const s3Url = s3 ? `http://S3RVER:S3RVER@127.0.0.1:${((await s3.run()) as AddressInfo).port}/files` : "";
      const bucket = s3 ? createS3FileStore(parseS3Url(s3Url)) : null;
      const env = {
        APP_SECRET: SECRET,
        PUSHER_APP_SECRET: "integration-test-pusher-secret-0123",
        DATA_DIR: dataDir,
        FILE_STORE: fileStore,
        ...(s3 ? { S3_URL: s3Url } : {}),
      };
      let database: TestDatabase | undefined = await createTestDatabase("postgres");
      const url = database.url!;
      const server = process.env.DATABASE_URL_TEST!;
      const name = decodeURIComponent(new URL(url).pathname.slice(1));
      let platform: TestPlatform | undefined;
      try {
        // Before: a password of this run only, a session, a picture larger than one database chunk (256 KB).
        const password = `backup-${randomBytes(6).toString("hex")}`;
        await database.database.db
          .update(users)
          .set({ passwordHash: await hashPassword(password, TEST_PASSWORD_HASH_COST) })
          .where(eq(users.email, HOLDER));
        platform = await startTestPlatform(database, env);
        const holder = new Agent(platform.origin);
        expectEnvelope(await holder.login(HOLDER, password), 200);
        const picture = pngOf(300 * 1024 + 11);
        const uploaded = await holder.request("POST", "/back/api/user/updateProfilePic", { body: pictureForm(picture) });
        expectEnvelope(uploaded, 200);
        const avatar: string = uploaded.body.data.avatar;
        expect(avatar).toMatch(/^\/uploads\/avatars\/.+\.png$/);
        // The picture is where this store keeps files.
        expect(fs.existsSync(path.join(dataDir, avatar.slice(1)))).toBe(fileStore === "local");
        if (bucket) expect(await bucket.list()).toContain(avatar);

        const holderOrders = await queryRows<{ id: number }>(
          database.database.db,
          sql`select o.id from orders o join users u on u.id = o.user_id where u.email = ${HOLDER} order by o.id`,
        );
        const orderIds = holderOrders.map((order) => Number(order.id));
        expect(orderIds.length).toBeGreaterThan(0);
        const answered = await answers(platform, holder, orderIds, avatar);
        expect(answered.orders.map((order) => Number(order.id))).toEqual(orderIds);
        expect(answered.attestations.length).toBeGreaterThan(0);
        expect(answered.verified.every((item) => item.authentic === true)).toBe(true);
        expect(answered.picture.bytes.equals(Buffer.from(picture))).toBe(true);
        // Read last: the requests above may write (a session's last use).
        const before = await snapshot(database.database.db);
        expect(before.holder[0]).toMatchObject({ avatar_path: avatar });
        // The picture, and the proofs of the demo's declared actions (stored at start-up, seed/compliance.ts).
        const proofs = await queryRows<{ count: number }>(database.database.db, sql`select count(distinct proof_path) as count from declared_actions`);
        const storedFiles = 1 + Number(proofs[0]!.count);
        expect(before.files.length).toBe(fileStore === "database" ? storedFiles : 0);
        await platform.close();
        platform = undefined;
        await database.database.close();

        // Backup.
        const backup = await backupCli([], { ...env, DATABASE_URL: url });
        expect(backup.code, backup.stderr).toBe(0);
        const dump = /Backup written: (\S+\.dump) \((\d+) bytes\)/.exec(backup.stdout);
        expect(dump, backup.stdout).not.toBeNull();
        const dumpFile = path.resolve(ROOT, dump![1]!);
        expect(fs.statSync(dumpFile).size).toBe(Number(dump![2]));
        const archive = dumpFile.replace(/\.dump$/, ".files.tar.gz");
        expect(fs.existsSync(archive)).toBe(fileStore !== "database");
        if (fileStore !== "database") expect(backup.stdout).toMatch(new RegExp(`Files written: .*\\(${storedFiles} files? from `));

        // Wipe: the database dropped and made again empty, the files folders removed.
        await dropWhenClosed(server, name);
        await adminQuery(server, `CREATE DATABASE "${name}"`);
        fs.rmSync(path.join(dataDir, "uploads"), { recursive: true, force: true });
        fs.rmSync(path.join(dataDir, "private"), { recursive: true, force: true });
        if (bucket) {
          for (const storedPath of await bucket.list()) await bucket.remove(storedPath);
          expect(await bucket.list()).toEqual([]);
        }
        const emptied = await openDatabase({ databaseUrl: url });
        expect(await tableCounts(emptied.db)).toEqual({});
        await emptied.close();

        // Restore.
        const restore = await backupCli(["--restore", dumpFile], { ...env, DATABASE_URL: url });
        expect(restore.code, restore.stderr).toBe(0);
        expect(restore.stdout).toContain(`into the database ${name}`);

        // A second restore is refused while the database has tables; --replace goes through, files folders included
        // (once for the database and the folders, once for the database and the bucket).
        if (fileStore !== "database") {
          const refused = await backupCli(["--restore", dumpFile], { ...env, DATABASE_URL: url });
          expect(refused.code).toBe(1);
          expect(refused.stderr).toMatch(new RegExp(`Nothing restored: the database ${name} has \\d+ tables`));
          expect(refused.stderr).toContain("--replace");
          const replaced = await backupCli(["--restore", dumpFile, "--replace"], { ...env, DATABASE_URL: url });
          expect(replaced.code, replaced.stderr).toBe(0);
        }

        // After: the same rows, and the same answers from a platform started on the restored database.
        const restored = await openDatabase({ databaseUrl: url });
        database = { backend: "postgres", database: restored, url, dispose: async () => {} };
        expect(await snapshot(restored.db)).toEqual(before);
        platform = await startTestPlatform(database, env);
        const fresh = new Agent(platform.origin);
        expectEnvelope(await fresh.login(HOLDER, "demo1234"), 401);
        expectEnvelope(await fresh.login(HOLDER, password), 200);
        const again = await answers(platform, fresh, orderIds, avatar);
        expect(again).toEqual(answered);
        expect(again.picture.type).toBe("image/png");
        // The session opened before the backup is in it too.
        const reopened = new Agent(platform.origin);
        for (const [cookie, value] of holder.cookies) reopened.cookies.set(cookie, value);
        const profile = await reopened.get("/back/api/user/profile");
        expectEnvelope(profile, 200);
        expect(JSON.stringify(profile.body.data)).toContain(HOLDER);
      } finally {
        await platform?.close().catch(() => {});
        await database?.database.close().catch(() => {});
        await dropWhenClosed(server, name);
        await s3?.close().catch(() => {});
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    240_000,
  );
});
