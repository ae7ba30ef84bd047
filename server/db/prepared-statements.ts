import type pg from "pg";

/**
 * The distinct SQL texts one process names at most: Drizzle builds its statements from the code, so their number is
 * bounded, but an `in (...)` list makes one text per list length. Past the limit a text runs unnamed, as before.
 */
export const PREPARED_STATEMENTS_LIMIT = 1000;

type QueryConfig = { text: string; name?: string };

/**
 * Gives each distinct SQL text a statement name, so that every connection of the pool parses and plans it once and
 * reuses its prepared statement afterwards (the protocol's named statements; `pg` sends Parse only the first time a
 * connection sees a name). The database then skips parsing and planning on every repeated statement: the embedded
 * database's CPU per logged-in page fell by about half (ADR 0095).
 *
 * Turned off by DATABASE_PREPARED_STATEMENTS=off, for a PostgreSQL reached through a pooler that does not keep
 * prepared statements per client (PgBouncer in transaction mode before 1.21).
 */
export function prepareStatementsOnConnect(pool: pg.Pool, limit = PREPARED_STATEMENTS_LIMIT): void {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < limit) {
      name = `p${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
      if (isUnnamedConfig(config)) {
        const name = nameOf(config.text);
        if (name !== undefined) return query({ ...config, name }, ...rest);
      }
      return query(config, ...rest);
    };
  });
}

function isUnnamedConfig(config: unknown): config is QueryConfig {
  return typeof config === "object" && config !== null && typeof (config as QueryConfig).text === "string" && !(config as QueryConfig).name;
}
