#!/usr/bin/env node
// Throw-away PostgreSQL databases for shell scripts (.ci/run):
//   node scripts/pg-db.mjs create [prefix]   prints the URL of a new empty database
//   node scripts/pg-db.mjs drop <url>        drops it
// The server is PG_SERVER_URL, default postgres://postgres@127.0.0.1:5432/postgres.
import { createDatabase, dropDatabase, LOCAL_SERVER_URL } from "./lib/postgres.mjs";

const [command, argument] = process.argv.slice(2);
const server = process.env.PG_SERVER_URL || LOCAL_SERVER_URL;
try {
  if (command === "create") process.stdout.write(`${await createDatabase(server, argument || "ci")}\n`);
  else if (command === "drop" && argument) await dropDatabase(argument);
  else {
    process.stderr.write("usage: node scripts/pg-db.mjs create [prefix] | drop <url>\n");
    process.exit(2);
  }
} catch (error) {
  process.stderr.write(`pg-db: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
