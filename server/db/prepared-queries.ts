import type { Db } from "./client.ts";

/**
 * A query that every request runs, built once per database handle instead of at every call (Drizzle's prepared
 * queries, with `sql.placeholder` for the values). Building a select's SQL text from the query builder costs more CPU
 * than anything else Drizzle does: about 5 % of a logged-in page's render went to the four statements each render
 * sends (ADR 0137). The database side was already prepared once per connection (ADR 0095); this is the JavaScript
 * side. Only for queries on the database handle: a transaction runs the builder's query as before.
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
