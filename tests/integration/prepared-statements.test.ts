// Named statements (server/db/prepared-statements.ts, ADR 0095): each distinct SQL text is prepared once per
// connection and reused; past the limit a text runs unnamed. Checked against the database's own list of the session's
// prepared statements, on PostgreSQL and on PGlite behind the wire server (the platform's two ways to a database).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { describe, expect, test } from "vitest";
import { serveOverWire } from "../../server/db/pglite-wire.ts";
import { prepareStatementsOnConnect } from "../../server/db/prepared-statements.ts";
import { backends, createTestDatabase } from "./support/database.ts";

type Connect = { pool: (limit?: number) => pg.Pool; close(): Promise<void> };

async function connectTo(backend: "pglite" | "postgres"): Promise<Connect> {
  if (backend === "postgres") {
    const database = await createTestDatabase("postgres", { seed: false });
    return { pool: () => new pg.Pool({ connectionString: database.url, max: 1 }), close: () => database.dispose() };
  }
  const db = await PGlite.create();
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), "it-prepared-"));
  const wire = await serveOverWire(db, path.join(socketDir, ".s.PGSQL.5432"));
  return {
    pool: () => new pg.Pool({ host: socketDir, port: 5432, user: "postgres", database: "postgres", max: 1 }),
    close: async () => {
      await wire.close();
      await db.close();
      fs.rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

/** The statements the pool's one connection has prepared, as the database lists them. */
async function prepared(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query("select statement from pg_prepared_statements order by prepare_time, name");
  return rows.map((row: { statement: string }) => row.statement);
}

describe.each(backends())("named statements (%s)", (backend) => {
  test("a text is prepared once and reused with other values; each distinct text gets its own; plain strings stay unnamed", { timeout: 120_000 }, async () => {
    const target = await connectTo(backend);
    const pool = target.pool();
    prepareStatementsOnConnect(pool);
    try {
      const add = "select $1::int + 1 as n";
      for (const value of [1, 2, 3]) expect((await pool.query({ text: add, values: [value] })).rows[0].n).toBe(value + 1);
      expect((await pool.query({ text: "select $1::text as s", values: ["é"] })).rows[0].s).toBe("é");
      expect(await prepared(pool)).toEqual([add, "select $1::text as s"]);
      // A statement that fails keeps the connection usable, and an explicitly named statement keeps its name.
      await expect(pool.query({ text: "select * from missing_table" })).rejects.toThrow(/missing_table/);
      expect((await pool.query({ name: "mine", text: "select 7 as n" })).rows[0].n).toBe(7);
      expect((await pool.query({ text: add, values: [9] })).rows[0].n).toBe(10);
      const { rows } = await pool.query("select name from pg_prepared_statements where statement = 'select 7 as n'");
      expect(rows).toEqual([{ name: "mine" }]);
    } finally {
      await pool.end();
      await target.close();
    }
  });

  test("past the limit a text runs unnamed, and still runs", { timeout: 120_000 }, async () => {
    const target = await connectTo(backend);
    const pool = target.pool();
    prepareStatementsOnConnect(pool, 2);
    try {
      const texts = ["select 1 as n", "select 2 as n", "select 3 as n"];
      for (const [i, text] of texts.entries()) expect((await pool.query({ text })).rows[0].n).toBe(i + 1);
      expect(await prepared(pool)).toEqual(texts.slice(0, 2));
    } finally {
      await pool.end();
      await target.close();
    }
  });
});
