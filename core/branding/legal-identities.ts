/**
 * Each brand's legal identity, in one place (DESIGN 8b, issue 28): the training body that sells, invoices, signs
 * attestations and publishes the legal notice. Invoices, credit notes, attestations, the legal notice, cheque
 * instructions and mails read it from here. Demo values: a real deployment replaces them. An issued invoice keeps a
 * copy of the seller as it was, so a later change never alters it.
 */
import type { BrandKey } from "./brands.ts";

export type LegalCountry = "FR" | "BE" | "ES";

export type PostalAddress = { street: string; postalCode: string; city: string; country: LegalCountry };

export type LegalIdentity = {
  /** The registered name, with its legal form: "Officine Académie SAS". */
  legalName: string;
  /** The legal form alone: "SAS", "SRL", "S.L.". */
  legalForm: string;
  /** Registered office. */
  address: PostalAddress;
  /** The company register entry, as printed: "SIRET 123 456 789 00012 – RCS Lyon". */
  registration: string;
  /** Intra-community VAT number (FR, BE) or NIF (ES), as printed. */
  vatNumber: string;
  /** French and Belgian training declaration (déclaration d'activité), with the authority; null where none applies. */
  trainingDeclaration: { number: string; authority: string } | null;
  /** ANDPC registration of the DPC body (France); null where none applies. */
  dpcRegistration: string | null;
  /** Spanish entidad organizadora registration with FUNDAE; null where none applies. */
  fundaeRegistration: string | null;
  /** Qualiopi certification (France). */
  qualiopi: boolean;
  /** Prefix of the brand's invoice numbers: FR-2026-000001. */
  invoicePrefix: string;
  /** Who signs attestations. */
  signatory: { name: string; title: { fr: string; es: string } };
  /** Payee and postal address written on cheque instructions. */
  cheques: { payee: string; address: PostalAddress };
};

const FRENCH_OFFICE: PostalAddress = { street: "12 rue de la Pharmacie", postalCode: "69002", city: "Lyon", country: "FR" };
const BELGIAN_OFFICE: PostalAddress = { street: "Rue du Sablon 10", postalCode: "1000", city: "Bruxelles", country: "BE" };

export const LEGAL_IDENTITIES: Record<BrandKey, LegalIdentity> = {
  fr: {
    legalName: "Officine Académie SAS",
    legalForm: "SAS",
    address: FRENCH_OFFICE,
    registration: "SIRET 123 456 789 00012 – RCS Lyon",
    vatNumber: "FR32 123456789",
    trainingDeclaration: { number: "84 69 12345 69", authority: "préfet de la région Auvergne-Rhône-Alpes" },
    dpcRegistration: "9682",
    fundaeRegistration: null,
    qualiopi: true,
    invoicePrefix: "FR",
    signatory: { name: "Claire Vasseur", title: { fr: "Directrice pédagogique", es: "Directora pedagógica" } },
    cheques: { payee: "Officine Académie SAS", address: { ...FRENCH_OFFICE, street: "Service comptabilité, 12 rue de la Pharmacie" } },
  },
  be: {
    legalName: "PharmaSavoir SRL",
    legalForm: "SRL",
    address: BELGIAN_OFFICE,
    registration: "BCE 0123.456.749 – RPM Bruxelles",
    vatNumber: "BE 0123.456.749",
    trainingDeclaration: null,
    dpcRegistration: null,
    fundaeRegistration: null,
    qualiopi: false,
    invoicePrefix: "BE",
    signatory: { name: "Claire Vasseur", title: { fr: "Directrice pédagogique", es: "Directora pedagógica" } },
    cheques: { payee: "PharmaSavoir SRL", address: BELGIAN_OFFICE },
  },
  es: {
    legalName: "AulaFarma S.L.",
    legalForm: "S.L.",
    address: { street: "Calle de la Farmacia 5", postalCode: "28004", city: "Madrid", country: "ES" },
    registration: "Inscrita en el Registro Mercantil de Madrid, tomo 12345, folio 67, hoja M-123456",
    vatNumber: "B12345674",
    trainingDeclaration: null,
    dpcRegistration: null,
    fundaeRegistration: "EO-B12345674",
    qualiopi: false,
    invoicePrefix: "ES",
    signatory: { name: "Javier Ibáñez", title: { fr: "Directeur pédagogique", es: "Director pedagógico" } },
    cheques: { payee: "AulaFarma S.L.", address: { street: "Calle de la Farmacia 5", postalCode: "28004", city: "Madrid", country: "ES" } },
  },
  "es-campus": {
    legalName: "Campus Botica S.L.",
    legalForm: "S.L.",
    address: { street: "Calle Mayor 20", postalCode: "08002", city: "Barcelona", country: "ES" },
    registration: "Inscrita en el Registro Mercantil de Barcelona, tomo 54321, folio 12, hoja B-654321",
    vatNumber: "B87654323",
    trainingDeclaration: null,
    dpcRegistration: null,
    fundaeRegistration: "EO-B87654323",
    qualiopi: false,
    invoicePrefix: "ESC",
    signatory: { name: "Javier Ibáñez", title: { fr: "Directeur pédagogique", es: "Director pedagógico" } },
    cheques: { payee: "Campus Botica S.L.", address: { street: "Calle Mayor 20", postalCode: "08002", city: "Barcelona", country: "ES" } },
  },
};

export function legalIdentityOf(brand: string): LegalIdentity {
  return LEGAL_IDENTITIES[brand as BrandKey] ?? LEGAL_IDENTITIES.fr;
}

/** "12 rue de la Pharmacie, 69002 Lyon": the address on one line, without the country. */
export function addressLine(address: PostalAddress): string {
  return `${address.street}, ${address.postalCode} ${address.city}`;
}
