// The lists of tests/integration/engines.mjs name files by path: a file renamed or removed would silently leave
// an engine's run (a path filter that matches nothing), so each must name an integration file that exists.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { BOTH_ENGINES, PGLITE_ONLY, POSTGRES_ONLY } from "../integration/engines.mjs";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

describe("the integration files' engines", () => {
  test.each([...PGLITE_ONLY, ...BOTH_ENGINES, ...POSTGRES_ONLY])("%s exists", (file) => {
    expect(file).toMatch(/^tests\/integration\/[^/]+\.test\.ts$/);
    expect(fs.existsSync(path.join(ROOT, file))).toBe(true);
  });

  test("no file is in two lists, nor twice in one", () => {
    const all = [...PGLITE_ONLY, ...BOTH_ENGINES, ...POSTGRES_ONLY];
    expect(new Set(all).size).toBe(all.length);
  });
});
