/**
 * Migrating and seeding took most of each test file's setup. Instead, the first file of a run that needs a
 * database builds two templates per engine, one migrated and one migrated and seeded, and every file copies
 * one of them: PGlite data directory tarballs in the run's temporary directory, or PostgreSQL databases
 * (`CREATE DATABASE ... TEMPLATE`). global-setup.ts makes the directory and removes it all after the run.
 */
import fs from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import { openDatabase, type Database } from "../../../server/db/client.ts";
import { seedDemo } from "../../../server/db/seed/demo.ts";
import type { Backend } from "./database.ts";
import { TEST_PASSWORD_HASH_COST } from "./platform.ts";
import { isAlive, POSTGRES_TEMPLATES_FILE, type RunTemplates } from "./global-setup.ts";
import { createDatabase, dropWhenClosed, withDatabaseName } from "./postgres-admin.ts";

/** Tarball paths (PGlite) or database names (PostgreSQL). */
export type Templates = { migrated: string; seeded: string };

const WAIT_FOR_BUILDER_MS = 200_000;

/**
 * A PGlite template tarball as the Blob `openDatabase` loads, its bytes read once per worker. Node 20's Blob copies
 * the 48 MB on construction and again, in 64 KB chunks, in `arrayBuffer()`: with the file read, that was about 0.7 s
 * of every PGlite file's setup (measured 2026-12-03). PGlite only reads these bytes (it untars them, and its file
 * system copies what it writes), so every file of a worker can share them.
 */
export function templateBlob(file: string): Blob {
  let bytes = templateBytes.get(file);
  if (!bytes) {
    const read = fs.readFileSync(file);
    bytes = read.buffer.slice(read.byteOffset, read.byteOffset + read.byteLength) as ArrayBuffer;
    templateBytes.set(file, bytes);
  }
  return new TemplateBlob(bytes);
}

const templateBytes = new Map<string, ArrayBuffer>();

class TemplateBlob extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: ArrayBuffer) {
    super();
    this.#bytes = bytes;
  }
  override get size(): number {
    return this.#bytes.byteLength;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
  // The Blob underneath is empty: a PGlite that read the bytes another way would load an empty database, so it fails.
  override stream(): never {
    throw new Error("TemplateBlob: only arrayBuffer() holds the template");
  }
  override text(): never {
    throw new Error("TemplateBlob: only arrayBuffer() holds the template");
  }
  override slice(): never {
    throw new Error("TemplateBlob: only arrayBuffer() holds the template");
  }
}

/** This run's templates (built now if this is the first file to ask), or undefined outside a vitest run. */
export async function templatesFor(backend: Backend): Promise<Templates | undefined> {
  let run: RunTemplates | undefined;
  try {
    run = inject("itTemplates");
  } catch {
    return undefined;
  }
  if (!run) return undefined;
  // The seed's dates are relative to its day: a run that crosses midnight builds new templates, as a fresh seed would.
  const now = new Date();
  const day = now.toISOString().slice(0, 10).replaceAll("-", "");
  return buildOnce(run.dir, `${backend}-${day}`, () => (backend === "pglite" ? buildPglite(run.dir, day, now) : buildPostgres(run, day, now)));
}

async function buildPglite(dir: string, day: string, now: Date): Promise<Templates> {
  const database = await openDatabase({ pgliteDir: "memory://" });
  try {
    const templates = { migrated: path.join(dir, `pglite-${day}-migrated.tar`), seeded: path.join(dir, `pglite-${day}-seeded.tar`) };
    await database.migrate();
    fs.writeFileSync(templates.migrated, new Uint8Array(await (await database.dumpDataDir!()).arrayBuffer()));
    await seedDemo(database.db, { now, passwordHashCost: TEST_PASSWORD_HASH_COST });
    fs.writeFileSync(templates.seeded, new Uint8Array(await (await database.dumpDataDir!()).arrayBuffer()));
    return templates;
  } finally {
    await database.close();
  }
}

async function buildPostgres(run: RunTemplates, day: string, now: Date): Promise<Templates> {
  const server = process.env.DATABASE_URL_TEST;
  if (!server) throw new Error("DATABASE_URL_TEST is not set");
  // Named with the run's prefix, so that test-all's clean-up of a crashed run drops them too.
  const base = `${process.env.IT_DB_PREFIX ?? "it"}_template_${run.run}_${day}`;
  const templates = { migrated: `${base}_migrated`, seeded: `${base}_seeded` };
  fs.appendFileSync(path.join(run.dir, POSTGRES_TEMPLATES_FILE), `${templates.migrated}\n${templates.seeded}\n`);
  const prepare = async (name: string, template: string | undefined, fill: (database: Database) => Promise<unknown>) => {
    await dropWhenClosed(server, name); // left by a build that failed half-way
    await createDatabase(server, name, template);
    const database = await openDatabase({ databaseUrl: withDatabaseName(server, name) });
    try {
      await fill(database);
    } finally {
      await database.close(); // a template must have no connection left to be copied
    }
  };
  await prepare(templates.migrated, undefined, (database) => database.migrate());
  await prepare(templates.seeded, templates.migrated, (database) => seedDemo(database.db, { now, passwordHashCost: TEST_PASSWORD_HASH_COST }));
  return templates;
}

/**
 * Runs `build` once per key across the run's worker processes: the first to take the lock file builds and
 * writes `<key>.json`; the others wait for it. A lock left by a dead process is taken over.
 */
async function buildOnce(dir: string, key: string, build: () => Promise<Templates>): Promise<Templates> {
  const done = path.join(dir, `${key}.json`);
  const lock = path.join(dir, `${key}.lock`);
  const deadline = Date.now() + WAIT_FOR_BUILDER_MS;
  while (Date.now() < deadline) {
    if (fs.existsSync(done)) return JSON.parse(fs.readFileSync(done, "utf8")) as Templates;
    if (takeLock(lock)) {
      try {
        const templates = await build();
        fs.writeFileSync(`${done}.tmp`, JSON.stringify(templates));
        fs.renameSync(`${done}.tmp`, done);
        return templates;
      } finally {
        fs.rmSync(lock, { force: true });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Timed out waiting for another test process to build the template databases (${lock}).`);
}

function takeLock(lock: string): boolean {
  try {
    fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  let owner: number;
  try {
    owner = Number(fs.readFileSync(lock, "utf8"));
  } catch {
    return false; // released meanwhile
  }
  if (owner && !isAlive(owner)) fs.rmSync(lock, { force: true });
  return false;
}
