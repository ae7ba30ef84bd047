/**
 * The audit log's difference (issue 30 item 6): the fields of an entry's "before" and "after" that differ, one row
 * each, so that a person reads "Total TTC: 250,00 € -> 290,00 €" instead of two JSON documents. A creation lists
 * the new fields, a deletion the removed ones. Values stay raw here; the page formats them (auditValueKind).
 */
export type AuditFieldChange = { field: string; before: unknown; after: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function auditDiff(before: unknown, after: unknown): AuditFieldChange[] {
  if ((before === null || before === undefined || isRecord(before)) && (after === null || after === undefined || isRecord(after))) {
    const was = (before ?? {}) as Record<string, unknown>;
    const is = (after ?? {}) as Record<string, unknown>;
    const fields = [...new Set([...Object.keys(is), ...Object.keys(was)])];
    return fields.filter((field) => !same(was[field], is[field])).map((field) => ({ field, before: was[field] ?? null, after: is[field] ?? null }));
  }
  return same(before, after) ? [] : [{ field: "value", before: before ?? null, after: after ?? null }];
}

/** How a value reads: money (a field in cents), a calendar day, an instant, a yes/no, a number, a list, a text. */
export type AuditValueKind = "empty" | "money" | "day" | "instant" | "boolean" | "number" | "list" | "record" | "text";

export function auditValueKind(field: string, value: unknown): AuditValueKind {
  if (value === null || value === undefined || value === "") return "empty";
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "number") return /Cents$/.test(field) ? "money" : "number";
  if (Array.isArray(value)) return "list";
  if (isRecord(value)) return "record";
  const text = String(value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return "day";
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) && !Number.isNaN(Date.parse(text))) return "instant";
  return "text";
}
