import { describe, expect, it } from "vitest";
import { auditDiff, auditValueKind } from "./audit-diff.ts";

describe("the audit log's difference", () => {
  it("lists only the fields that changed, a creation's new fields and a deletion's removed ones", () => {
    expect(auditDiff({ status: "pending", totalWithVatCents: 29000 }, { status: "paid", totalWithVatCents: 29000, invoiceNumber: "FR-2026-000001" })).toEqual([
      { field: "status", before: "pending", after: "paid" },
      { field: "invoiceNumber", before: null, after: "FR-2026-000001" },
    ]);
    expect(auditDiff(null, { name: "Asthme" })).toEqual([{ field: "name", before: null, after: "Asthme" }]);
    expect(auditDiff({ name: "Asthme" }, null)).toEqual([{ field: "name", before: "Asthme", after: null }]);
    expect(auditDiff({ order: [1, 2] }, { order: [1, 2] })).toEqual([]);
    expect(auditDiff("a", "b")).toEqual([{ field: "value", before: "a", after: "b" }]);
  });

  it("reads money in cents, days, instants, yes/no, lists and texts", () => {
    expect(auditValueKind("totalWithVatCents", 29000)).toBe("money");
    expect(auditValueKind("maxParticipants", 12)).toBe("number");
    expect(auditValueKind("startDate", "2026-11-29")).toBe("day");
    expect(auditValueKind("paidAt", "2026-11-29T10:00:00.000Z")).toBe("instant");
    expect(auditValueKind("isPublished", false)).toBe("boolean");
    expect(auditValueKind("order", [1, 2])).toBe("list");
    expect(auditValueKind("name", "")).toBe("empty");
    expect(auditValueKind("name", "Asthme")).toBe("text");
  });
});
