import { describe, expect, test } from "vitest";
import { parseCookies } from "./cookies.ts";

describe("parseCookies", () => {
  test("no header, an empty one, parts without a name or an `=`: no cookies", () => {
    expect({ ...parseCookies(undefined) }).toEqual({});
    expect({ ...parseCookies(null) }).toEqual({});
    expect({ ...parseCookies("") }).toEqual({});
    expect({ ...parseCookies("flag; =orphan; ;") }).toEqual({});
  });

  test("spaces around names and values are dropped; an empty value is a cookie", () => {
    expect({ ...parseCookies("  sid = abc ;lng=es;empty=") }).toEqual({ sid: "abc", lng: "es", empty: "" });
  });

  test("the value is everything after the first `=`", () => {
    expect(parseCookies("csrf=eyJh.c2ln==; b64=YQ==").csrf).toBe("eyJh.c2ln==");
    expect(parseCookies("csrf=eyJh.c2ln==; b64=YQ==").b64).toBe("YQ==");
  });

  test("a name sent twice is its first value", () => {
    expect(parseCookies("sid=first; sid=second").sid).toBe("first");
  });

  test("values are percent-decoded and lose their double quotes", () => {
    expect({ ...parseCookies('sort=owner%3Aprice; quoted="a b"; q2="%C3%A9t%C3%A9"; lone="') }).toEqual({
      sort: "owner:price",
      quoted: "a b",
      q2: "été",
      lone: '"',
    });
  });

  test("a value that is not valid percent-encoding is no cookie, and does not give way to a later one", () => {
    expect({ ...parseCookies("bad=%E0%A4%A; ok=1") }).toEqual({ ok: "1" });
    expect({ ...parseCookies("bad=%zz; bad=later") }).toEqual({});
  });

  test("raw keeps the values as sent", () => {
    expect({ ...parseCookies('XSRF-TOKEN=a%3D%3D; q="x"; bad=%zz', { raw: true }) }).toEqual({ "XSRF-TOKEN": "a%3D%3D", q: '"x"', bad: "%zz" });
  });

  test("names of Object's prototype are cookies like any other", () => {
    const cookies = parseCookies("constructor=1; __proto__=2; toString=3");
    expect([cookies.constructor, cookies.__proto__, cookies.toString]).toEqual(["1", "2", "3"]);
    expect(parseCookies("").constructor).toBeUndefined();
  });
});
