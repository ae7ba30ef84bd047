/**
 * Counts the SQL statements Drizzle sends, for the benchmark's "statements per request" column, and keeps the
 * last 200 of them (`GET /__bench/sql-statements?recent=1`, to see which ones a page sends).
 * It is only created when BENCH_SQL_COUNT=on: otherwise Drizzle keeps its no-op logger and nothing is counted.
 */
export type StatementCounter = { statements: number; recent: string[]; logQuery(query: string): void };

const KEPT = 200;

export function createStatementCounter(): StatementCounter {
  const counter: StatementCounter = {
    statements: 0,
    recent: [],
    logQuery(query: string) {
      counter.statements += 1;
      counter.recent.push(query);
      if (counter.recent.length > KEPT) counter.recent.shift();
    },
  };
  return counter;
}
