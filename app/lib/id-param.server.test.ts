import { describe, expect, test } from "vitest";
import { requireIdParam } from "./id-param.server";

const url = new URL("https://fr.demo.test/pharmacie/commande/x");

function thrown(raw: string | null | undefined): unknown {
  try {
    requireIdParam(raw, url);
  } catch (error) {
    return error;
  }
  return null;
}

describe("requireIdParam", () => {
  test("a positive integer in the ids' range is the id", () => {
    expect(requireIdParam("1", url)).toBe(1);
    expect(requireIdParam("2147483647", url)).toBe(2_147_483_647);
  });

  test.each([undefined, null, "", "0", "-1", "01", "1.5", "0x10", "12a", " 12", "2147483648", "99999999999"])("%s is the page's 404", (raw) => {
    const error = thrown(raw);
    expect(error).toMatchObject({ type: "DataWithResponseInit", data: "Page not found: /pharmacie/commande/x", init: { status: 404 } });
  });
});
