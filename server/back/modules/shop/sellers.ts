/**
 * The seller's identity printed on each brand's invoices (demo values; a real deployment replaces them). The
 * invoice stores a copy at payment time, so a later change never alters an issued invoice.
 */
import type { VatCountry } from "#core/domain/vat.ts";

export type Seller = { name: string; lines: string[]; legal: string[]; country: VatCountry; invoicePrefix: string };

export const SELLERS: Record<string, Seller> = {
  fr: {
    name: "Officine Académie SAS",
    lines: ["12 rue de la Pharmacie, 69002 Lyon, France", "SIRET 123 456 789 00012 – RCS Lyon", "TVA intracommunautaire FR12 123456789"],
    legal: ["Déclaration d'activité enregistrée sous le n° 84 69 12345 69 auprès du préfet de la région Auvergne-Rhône-Alpes. Cet enregistrement ne vaut pas agrément de l'État."],
    country: "FR",
    invoicePrefix: "FR",
  },
  be: {
    name: "PharmaSavoir SRL",
    lines: ["Rue du Sablon 10, 1000 Bruxelles, Belgique", "BCE 0123.456.789 – RPM Bruxelles", "TVA BE 0123.456.789"],
    legal: [],
    country: "BE",
    invoicePrefix: "BE",
  },
  es: {
    name: "AulaFarma S.L.",
    lines: ["Calle de la Farmacia 5, 28004 Madrid, España", "NIF B12345678", "Inscrita en el Registro Mercantil de Madrid, tomo 12345, folio 67, hoja M-123456"],
    legal: [],
    country: "ES",
    invoicePrefix: "ES",
  },
  "es-campus": {
    name: "Campus Botica S.L.",
    lines: ["Calle Mayor 20, 08002 Barcelona, España", "NIF B87654321", "Inscrita en el Registro Mercantil de Barcelona, tomo 54321, folio 12, hoja B-654321"],
    legal: [],
    country: "ES",
    invoicePrefix: "ESC",
  },
};

export function sellerOf(brand: string): Seller {
  return SELLERS[brand] ?? SELLERS.fr;
}
