// Fresh throw-away PostgreSQL databases for test runs (test-all, .ci/run, benchmarks).
import net from "node:net";
import { randomBytes } from "node:crypto";
import pg from "pg";

export const LOCAL_SERVER_URL = "postgres://postgres@127.0.0.1:5432/postgres";

/** True when something answers on 127.0.0.1:5432 and accepts the postgres user. */
export async function localPostgresAnswers(url = LOCAL_SERVER_URL) {
  const port = Number(new URL(url).port || 5432);
  const host = new URL(url).hostname;
  const open = await new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
    socket.once("error", () => resolve(false));
  });
  if (!open) return false;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function withDatabase(url, name) {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/** CREATE DATABASE <prefix>_<random> on the server of `serverUrl`; returns its URL. */
export async function createDatabase(serverUrl = LOCAL_SERVER_URL, prefix = "it") {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  return withDatabase(serverUrl, name);
}

/** DROP DATABASE (WITH FORCE: connections left by a crashed run do not block it). */
export async function dropDatabase(databaseUrl) {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const client = new pg.Client({ connectionString: withDatabase(databaseUrl, "postgres") });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Drops every database whose name starts with `${prefix}_` (left behind by a crashed test file). */
export async function dropDatabasesWithPrefix(serverUrl, prefix) {
  if (!/^[a-z0-9_]+$/.test(prefix)) throw new Error(`unsafe database prefix ${prefix}`);
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query("select datname from pg_database where starts_with(datname, $1)", [`${prefix}_`]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    return rows.length;
  } finally {
    await client.end();
  }
}
