// One service context (issue 31): every exported service function that reaches the database, the clock or an outlet
// takes `ctx: ServiceContext` first, instead of `db`, `deps` or a context of its own.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";

const MODULES = join(import.meta.dirname, "modules");

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
    const offenders = serviceFiles.flatMap((file) => otherContexts(file).map((fn) => `${file}: ${fn}`));
    expect(offenders).toEqual([]);
  });
});
