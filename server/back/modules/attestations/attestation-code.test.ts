import { describe, expect, test } from "vitest";
import { canonicalJson, CODE_ALPHABET, generateCode, isCode, isSignatureValid, normaliseCode, signAttestation } from "./attestation-code.ts";

const SECRET = "unit-test-secret-0123456789";
const FACTS = { learnerFirstName: "José", learnerLastName: "Muñoz", trainingName: "Façon", duration: "7H00", actionNumber: null };

describe("verification codes", () => {
  test("12 characters of the unambiguous alphabet, in three groups", () => {
    for (let i = 0; i < 200; i++) {
      const code = generateCode();
      expect(code).toMatch(/^[^-]{4}-[^-]{4}-[^-]{4}$/);
      expect(isCode(code)).toBe(true);
      for (const ch of code.replaceAll("-", "")) expect(CODE_ALPHABET).toContain(ch);
    }
    expect(CODE_ALPHABET).not.toMatch(/[01ILO]/);
    expect(new Set(Array.from({ length: 500 }, generateCode)).size).toBe(500);
  });

  test.each([
    ["7kqm-x2pd-9htc", "7KQM-X2PD-9HTC"],
    ["7KQMX2PD9HTC", "7KQM-X2PD-9HTC"],
    [" 7KQM X2PD 9HTC ", "7KQM-X2PD-9HTC"],
    ["7KQM-X2PD-9HT", null],
    ["7KQM-X2PD-9HTCA", null],
    ["0KQM-X2PD-9HTC", null],
    ["IKQM-X2PD-9HTC", null],
    ["<script>alert</script>", null],
    ["", null],
  ])("normaliseCode(%j) = %j", (input, expected) => {
    expect(normaliseCode(input)).toBe(expected);
  });
});

describe("signatures", () => {
  test("canonical JSON does not depend on key order", () => {
    expect(canonicalJson({ b: 1, a: "x" })).toBe(canonicalJson({ a: "x", b: 1 }));
  });

  test("a signature verifies its code and facts only", () => {
    const signature = signAttestation(SECRET, "7KQM-X2PD-9HTC", FACTS);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(isSignatureValid(SECRET, "7KQM-X2PD-9HTC", { ...FACTS }, signature)).toBe(true);
    expect(isSignatureValid(SECRET, "7KQM-X2PD-9HTD", FACTS, signature)).toBe(false);
    expect(isSignatureValid(SECRET, "7KQM-X2PD-9HTC", { ...FACTS, learnerLastName: "Munoz" }, signature)).toBe(false);
    expect(isSignatureValid(SECRET, "7KQM-X2PD-9HTC", { ...FACTS, extra: "1" }, signature)).toBe(false);
    expect(isSignatureValid("another-secret-0123456789", "7KQM-X2PD-9HTC", FACTS, signature)).toBe(false);
    expect(isSignatureValid(SECRET, "7KQM-X2PD-9HTC", FACTS, "short")).toBe(false);
  });
});
