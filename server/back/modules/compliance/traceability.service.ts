/**
 * The traceability document (ADR 0126): the professional's own, or a member's for a holder or referent of the
 * account in use (another pharmacy's member is not found). In the professional's language: Spanish for a Spanish
 * user, French otherwise (Belgian French for a Belgian one).
 */
import type { Locale } from "#core/branding/brands.ts";
import { BRANDS, isBrandKey } from "#core/branding/brands.ts";
import { pagePath } from "#core/page-links.ts";
import { fixedT } from "../../../i18n/i18n.ts";
import { AppError } from "../../http/app-error.ts";
import type { ServiceContext } from "../../service-context.ts";
import type { ReferentScope } from "../referent/referent-scope.ts";
import { complianceOfUsers, complianceToday, type ProfessionalCompliance } from "./compliance.service.ts";
import { memberStatus } from "./team-compliance.service.ts";
import { buildTraceabilityPdf } from "./traceability-pdf.ts";

export type PdfFile = { bytes: Uint8Array; filename: string };

function documentLocale(userLocale: string): Locale {
  if (userLocale.startsWith("es")) return "es-ES";
  return userLocale === "fr-BE" ? "fr-BE" : "fr-FR";
}

/** A name as a file name part: letters and digits, dashes between. */
const fileSafe = (value: string) =>
  value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase() || "professionnel";

/** `origin`: the public origin of the professional's brand, for the verification address printed on the document. */
async function render(ctx: ServiceContext, professional: ProfessionalCompliance, today: string, origin: string): Promise<PdfFile> {
  const locale = documentLocale(professional.locale);
  const lang = locale === "es-ES" ? "es" : "fr";
  const verifyPath = pagePath("attestation-verify", lang, { code: "CODE" })!.replace(/CODE$/, "");
  const issuer = isBrandKey(professional.brand) ? BRANDS[professional.brand].title : ctx.brand.title;
  const bytes = await buildTraceabilityPdf({ locale, professional, today, issuer, verifyUrl: `${origin}${verifyPath}` });
  const filename = fixedT(locale, "compliance-team")("pdf.filename", { name: fileSafe(`${professional.firstName}-${professional.lastName}`), date: today });
  return { bytes, filename };
}

/** GET user/compliance/traceability.pdf: the caller's own record. */
export async function ownTraceabilityPdf(ctx: ServiceContext, userId: number, originOf: (brand: string) => string): Promise<PdfFile> {
  const today = complianceToday(ctx);
  const [professional] = await complianceOfUsers(ctx, [userId], today);
  if (!professional) throw new AppError("NOT_FOUND", "notFound");
  return render(ctx, professional, today, originOf(professional.brand));
}

/** GET referent/compliance/members/:id/traceability.pdf: a member of the account in use. */
export async function memberTraceabilityPdf(ctx: ServiceContext, scope: ReferentScope, userId: number, originOf: (brand: string) => string): Promise<PdfFile> {
  const today = complianceToday(ctx);
  const professional = await memberStatus(ctx, scope, userId, today);
  return render(ctx, professional, today, originOf(professional.brand));
}
