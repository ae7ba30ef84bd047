import type { Db } from "./client.ts";

/**
 * A query that every request runs, built once per database handle instead of at every call (Drizzle's prepared
 * queries, with `sql.placeholder` for the values). Building a select's SQL text from the query builder costs more CPU
 * than anything else Drizzle does: the session with its user and the memberships with their accounts, contracts and
 * advisors took 0.3 to 0.5 ms each to build, at every render (ADR 0137). The database side was already prepared once
 * per connection (ADR 0095); this is the JavaScript side. For queries on the database handle only.
 */
export function preparedPerDatabase<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const built = new WeakMap<Db, Query>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
