// The tier and repository rules of eslint.config.js (docs/ARCHITECTURE.md, ADR 0035 and 0029): each fires on a
// file written to break it, and stays quiet where the code may do it. The files are linted from memory at the
// paths they would have; nothing is written.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: ROOT });

/** The messages of the tier rules (and unused-variable noise left out) for `code` at `file`. */
async function tierProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId !== "@typescript-eslint/no-unused-vars").map((m) => `${m.line}: ${m.ruleId}: ${m.message}`);
}

// The first lint loads typescript-eslint: seconds on a busy machine.
describe("tier rules", { timeout: 60_000 }, () => {
  test("server/ never imports app/, by alias, relative path, import() or typeof import()", async () => {
    const problems = await tierProblems(
      "server/back/modules/a/a.service.ts",
      [
        'import { x } from "../../../../app/lib/x.ts";',
        'import { y } from "~/lib/y";',
        'export { z } from "../../../../app/lib/z.ts";',
        'export const later = () => import("~/lib/w");',
        'export type T = typeof import("../../../../app/lib/t.ts");',
      ].join("\n"),
    );
    expect(problems).toHaveLength(5);
    expect(problems.every((p) => p.includes("server/ never imports app/"))).toBe(true);
  });

  test("server/ reads a Hono context's variables with c.get, never through c.var (a new object on each read)", async () => {
    const problems = await tierProblems(
      "server/back/modules/a/a.routes.ts",
      [
        'import type { Context } from "hono";',
        "export const localeOf = (c: Context) => c.var.locale;",
        'export const brandOf = (c: Context) => c.get("brand");',
      ].join("\n"),
    );
    expect(problems).toEqual([expect.stringMatching(/^2: no-restricted-syntax: c\.var builds a new object/)]);
  });

  test("app/ never imports server/, not even a type", async () => {
    const problems = await tierProblems(
      "app/routes/r.ts",
      ['import type { A } from "../../server/back/modules/a/a.service.ts";', 'import { b } from "#server/b.ts";'].join("\n"),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^1: no-restricted-imports: .*app\/ never imports server\//),
      expect.stringMatching(/^2: no-restricted-imports: .*app\/ never imports server\//),
    ]);
  });

  test("core/ imports neither tier nor Node built-ins, and does not read the environment; its tests may do the last two", async () => {
    const code = [
      'import { x } from "../../app/lib/x.ts";',
      'import { s } from "#server/s.ts";',
      'import fs from "node:fs";',
      "export const port = process.env.PORT;",
    ].join("\n");
    const problems = await tierProblems("core/domain/z.ts", code);
    expect(problems).toEqual([
      expect.stringMatching(/^1: .*core\/ is imported by both tiers/),
      expect.stringMatching(/^2: .*core\/ is imported by both tiers/),
      expect.stringMatching(/^3: .*No I\/O in core\//),
      expect.stringMatching(/^4: .*core\/ reads the environment/),
    ]);
    const inTest = await tierProblems("core/domain/z.test.ts", code);
    expect(inTest).toEqual([expect.stringMatching(/^1: .*core\/ is imported by both tiers/), expect.stringMatching(/^2: .*core\/ is imported by both tiers/)]);
  });

  test("no console.log in the tiers, except server/index.ts's ready line", async () => {
    expect(await tierProblems("app/lib/l.ts", 'console.log("x");')).toEqual([expect.stringMatching(/^1: no-restricted-syntax: console\.log/)]);
    expect(await tierProblems("server/index.ts", 'console.log("ready");')).toEqual([]);
    expect(await tierProblems("server/back/e.ts", 'console.error("x");')).toEqual([]);
  });
});

describe("queries only in repositories", { timeout: 60_000 }, () => {
  const code = [
    'import { eq } from "drizzle-orm";',
    'import { users } from "../../../db/schema/index.ts";',
    'import type { SQL } from "drizzle-orm";',
    'import type { Db } from "#server/db/schema/index.ts";',
  ].join("\n");

  test("drizzle-orm and the schema's tables are refused outside a repository (types are fine)", async () => {
    const problems = await tierProblems("server/back/modules/a/a.service.ts", code);
    expect(problems).toEqual([
      expect.stringMatching(/^1: @typescript-eslint\/no-restricted-imports: .*A query outside a repository: drizzle-orm/),
      expect.stringMatching(/^2: @typescript-eslint\/no-restricted-imports: .*A query outside a repository: the schema/),
    ]);
  });

  test("a repository and server/db/ may query", async () => {
    expect(await tierProblems("server/back/modules/a/a.repository.ts", code)).toEqual([]);
    expect(await tierProblems("server/db/seed/s.ts", code.replace("../../../db/schema", "../schema"))).toEqual([]);
  });
});
