// One service context (issue 31): every exported service function that reaches the database, the clock or an outlet
// takes `ctx: ServiceContext` first, instead of `db`, `deps` or a context of its own.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";

const MODULES = join(import.meta.dirname, "modules");

/** Service files still taking `db`, `deps`, `tx` or a context type of their own: this list only shrinks. */
const NOT_YET_CONTEXT = new Set<string>([
  "attestations/attestations.service.ts", // 2
  "audit/audit.service.ts", // 1
  "catalogue/catalogue-listing.service.ts", // 2
  "enrolment/enrolment.service.ts", // 9
  "enrolment/seats.service.ts", // 6
  "invoices/invoices.service.ts", // 2
  "notifications/notifications.service.ts", // 1
]);

const serviceFiles = readdirSync(MODULES, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".service.ts"))
  .sort();

/** `export function name(first: Type` with a first parameter that stands for a database or a set of dependencies. */
const OTHER_FIRST_PARAMETER = /export (?:async )?function (\w+)(?:<[^>]*>)?\(\s*(?:db|deps|tx|ctx|context)\??: (?!ServiceContext\b)([\w<>, "|.]+)/g;

function otherContexts(file: string): string[] {
  const source = readFileSync(join(MODULES, file), "utf8");
  return [...source.matchAll(OTHER_FIRST_PARAMETER)].map((match) => `${match[1]}(${match[2]})`);
}

describe("the service context", () => {
  test("every service function takes ctx: ServiceContext first", () => {
    const offenders = serviceFiles.filter((file) => !NOT_YET_CONTEXT.has(file)).flatMap((file) => otherContexts(file).map((fn) => `${file}: ${fn}`));
    expect(offenders).toEqual([]);
  });

  test("the list of files not yet converted only names service files that still need it", () => {
    expect([...NOT_YET_CONTEXT].filter((file) => !serviceFiles.includes(file) || otherContexts(file).length === 0)).toEqual([]);
  });
});
