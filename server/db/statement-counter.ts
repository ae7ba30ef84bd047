/**
 * Counts the SQL statements Drizzle sends, for the benchmark's "statements per request" column.
 * It is only created when BENCH_SQL_COUNT=on: otherwise Drizzle keeps its no-op logger and nothing is counted.
 */
export type StatementCounter = { statements: number; logQuery(): void };

export function createStatementCounter(): StatementCounter {
  const counter: StatementCounter = {
    statements: 0,
    logQuery() {
      counter.statements += 1;
    },
  };
  return counter;
}
