import { describe, expect, test } from "vitest";
import { z } from "zod";
import { translator } from "../i18n/messages.ts";
import { AppError } from "./app-error.ts";
import { parseCookies } from "#core/http/cookies.ts";
import { Id, IdParam } from "#core/contract/ids.ts";
import { forbiddenTextPaths, hasForbiddenCharacters, parseInput } from "./validate.ts";

const t = translator("en-US");

function fieldsOf(run: () => unknown): Record<string, string[]> {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.options.fields ?? {};
    throw error;
  }
  throw new Error("no validation error");
}

describe("text that cannot be stored", () => {
  test("NUL and unpaired surrogates are forbidden; a surrogate pair (an emoji) is a character", () => {
    expect(hasForbiddenCharacters("a\u0000b")).toBe(true);
    expect(hasForbiddenCharacters("a\ud800")).toBe(true);
    expect(hasForbiddenCharacters("\udc00a")).toBe(true);
    expect(hasForbiddenCharacters("\udc00\ud800")).toBe(true);
    expect(hasForbiddenCharacters("Ana \ud83d\ude00 Ruiz, café, 東京")).toBe(false);
  });

  test("every path holding forbidden text, keys included, at any depth", () => {
    const input = { a: "ok", b: "x\u0000", c: [{ d: "\ud800" }, "fine"], "e\u0000": "value", f: { g: 1 } };
    expect(forbiddenTextPaths(input).sort()).toEqual(["_", "b", "c.0.d"]);
  });

  test("a hundred thousand nested arrays do not overflow the stack", () => {
    const deep = JSON.parse(`{"a": ${"[".repeat(100_000)}"\\u0000"${"]".repeat(100_000)}}`);
    expect(forbiddenTextPaths(deep)).toEqual(["a.0.0.0.0.0.0.0"]);
  });

  test("parseInput refuses forbidden text in any field, whatever the schema says", () => {
    const schema = z.strictObject({ name: z.string(), notes: z.array(z.string()) });
    expect(fieldsOf(() => parseInput(schema, { name: "A\u0000", notes: ["ok", "\ud800"] }, t))).toEqual({
      name: [t("invalidCharacters")],
      "notes.1": [t("invalidCharacters")],
    });
  });
});

describe("field errors keyed by input", () => {
  test.each(["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"])("an unknown key named %s is one more unknown field", (key) => {
    const input = JSON.parse(`{"name": "Ana", "${key}": 1}`);
    const fields = fieldsOf(() => parseInput(z.strictObject({ name: z.string() }), input, t));
    expect(Object.keys(fields)).toEqual([key]);
    expect(Object.hasOwn(fields, key)).toBe(true);
    expect(fields[key]).toEqual([t("unknownField")]);
  });

  test("cookies named like Object.prototype properties are plain cookies", () => {
    const cookies = parseCookies("constructor=1; __proto__=2; toString=3; sid=abc");
    expect(Object.entries(cookies)).toEqual([
      ["constructor", "1"],
      ["__proto__", "2"],
      ["toString", "3"],
      ["sid", "abc"],
    ]);
  });
});

describe("ids", () => {
  test("in a JSON body: integers from 1 to 2^31-1, nothing coerced", () => {
    expect(Id.parse(1)).toBe(1);
    expect(Id.parse(2_147_483_647)).toBe(2_147_483_647);
    for (const bad of [0, -1, 1.5, 2_147_483_648, 1e308, true, "", "1", "0x10", null, [1], {}]) {
      expect(Id.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  test("in a path or a query string: decimal digits only, same range", () => {
    expect(IdParam.parse("12")).toBe(12);
    expect(IdParam.parse("2147483647")).toBe(2_147_483_647);
    for (const bad of ["", "0", "01", "-1", "+1", " 1", "1 ", "1.0", "1e3", "0x10", "2147483648", "99999999999", "١٢"]) {
      expect(IdParam.safeParse(bad).success, bad).toBe(false);
    }
  });
});
