import type { AuditEntry } from "#core/contract/audit.ts";
import { auditDiff, auditValueKind } from "#core/domain/audit-diff.ts";
import { formatCalendarDay, formatInstant } from "#core/domain/format.ts";
import { formatMoney } from "#core/domain/money.ts";
import type { TFunction } from "~/i18n/instance";
import { DataTable } from "~/components/ui/data-table";

/**
 * An audit entry as people read it (issue 30 item 6): a sentence ("admin@demo.test a confirmé la réception d'un
 * chèque : Commande n° 12.") and the fields that changed, each with its label and its values formatted (money,
 * dates, yes/no, the words of statuses and brands), never the raw action, entity type or JSON.
 */

/** Fields whose values are words of an enum: they read through audit.values. */
const WORD_FIELDS = new Set(["status", "brand", "lang", "direction", "paymentMethod", "scope"]);
const MAX_TEXT = 160;

export function auditEntityLabel(t: TFunction, entityType: string): string {
  return t([`audit.entities.${entityType}`, "audit.entities.other"]);
}

export function auditActionLabel(t: TFunction, action: string): string {
  return t([`audit.actions.${action}`, "audit.actions.other"]);
}

export function auditFieldLabel(t: TFunction, field: string): string {
  return t([`audit.fields.${field}`, field]);
}

export function auditValue(t: TFunction, locale: string, field: string, value: unknown, currency = "EUR"): string {
  switch (auditValueKind(field, value)) {
    case "empty":
      return "—";
    case "boolean":
      return t(value ? "audit.yes" : "audit.no");
    case "money":
      return Number.isInteger(value) ? formatMoney(value as number, currency, locale) : String(value);
    case "number":
      return new Intl.NumberFormat(locale).format(value as number);
    case "day":
      return formatCalendarDay(String(value), locale, "medium");
    case "instant":
      return formatInstant(String(value), locale, { dateStyle: "medium", timeStyle: "short" });
    case "list": {
      const items = value as unknown[];
      if (items.every((item) => typeof item !== "object" || item === null))
        return items.map((item) => auditValue(t, locale, field, item, currency)).join(", ") || "—";
      return t("audit.items", { count: items.length });
    }
    case "record":
      return Object.entries(value as Record<string, unknown>)
        .map(([key, inner]) => t("audit.pair", { field: auditFieldLabel(t, key), value: auditValue(t, locale, key, inner, currency) }))
        .join(" ; ");
    case "text": {
      const text = String(value);
      if (WORD_FIELDS.has(field)) return t([`audit.values.${text}`, text]);
      return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
    }
  }
}

function currencyOf(entry: AuditEntry): string {
  for (const side of [entry.after, entry.before]) {
    const currency = (side as { currency?: unknown } | null)?.currency;
    if (typeof currency === "string" && /^[A-Z]{3}$/.test(currency)) return currency;
  }
  return "EUR";
}

export function AuditSentence({ entry, t }: { entry: AuditEntry; t: TFunction }) {
  return (
    <p data-testid="audit-sentence">
      {t("audit.sentence", {
        actor: entry.actorEmail,
        action: auditActionLabel(t, entry.action),
        entity: auditEntityLabel(t, entry.entityType),
        id: entry.entityId,
      })}
    </p>
  );
}

export function AuditChanges({ entry, t, locale }: { entry: AuditEntry; t: TFunction; locale: string }) {
  const changes = auditDiff(entry.before, entry.after);
  if (changes.length === 0) return <p className="text-slate-700">{t("audit.noChange")}</p>;
  const currency = currencyOf(entry);
  return (
    <DataTable
      caption={t("audit.changes")}
      captionHidden
      columns={[{ label: t("audit.field") }, { label: t("audit.before") }, { label: t("audit.after") }]}
      density="compact"
      className="text-xs"
      testId="audit-changes"
    >
      {changes.map((change) => (
        <tr key={change.field} className="border-t border-slate-200 align-top" data-testid="audit-change" data-field={change.field}>
          <th scope="row" className="px-1 py-1 text-left font-normal text-slate-800">
            {auditFieldLabel(t, change.field)}
          </th>
          <td className="px-1 py-1 break-words">{auditValue(t, locale, change.field, change.before, currency)}</td>
          <td className="px-1 py-1 break-words">{auditValue(t, locale, change.field, change.after, currency)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
