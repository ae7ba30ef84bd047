import { useTranslation } from "~/i18n/react";
import { DataTable } from "~/components/ui/data-table";

type Line = { name: string; price: number; discount: number; net: number };

/**
 * The lines of an order or an invoice of the pharmacy, with the totals before VAT, the VAT and the total: one table
 * for the order page and the invoice page. `money` formats an amount (a credit note shows its amounts negative).
 */
export function DocumentLines({
  testId,
  caption,
  lineLabel,
  netLabel,
  lines,
  totals,
  money,
}: {
  testId: string;
  caption?: string;
  lineLabel: string;
  netLabel: string;
  lines: Line[];
  totals: { total: number; vat: number; totalWithVat: number };
  money: (cents: number) => string;
}) {
  const { t } = useTranslation("pharmacy");
  const totalRows: [string, number, string][] = [
    [t("invoices.totalHt"), totals.total, ""],
    [t("invoices.vat"), totals.vat, ""],
    [t("invoices.total"), totals.totalWithVat, " font-bold"],
  ];
  return (
    <DataTable
      caption={caption}
      captionHidden
      columns={[
        { label: lineLabel },
        { label: t("invoices.price"), numeric: true },
        { label: t("invoices.discount"), numeric: true },
        { label: netLabel, numeric: true },
      ]}
      density="flush"
      className="mb-6"
      testId={testId}
      foot={totalRows.map(([label, cents, emphasis]) => (
        <tr key={label}>
          <th scope="row" colSpan={3} className="py-1 pr-4 text-right">
            {label}
          </th>
          <td className={`py-1 pr-4 text-right${emphasis}`}>{money(cents)}</td>
        </tr>
      ))}
    >
      {lines.map((line, i) => (
        <tr key={i} className="border-b border-slate-200">
          <td className="py-2 pr-4">{line.name}</td>
          <td className="py-2 pr-4 text-right">{money(line.price)}</td>
          <td className="py-2 pr-4 text-right">{money(line.discount)}</td>
          <td className="py-2 pr-4 text-right">{money(line.net)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
