import { addressLine, type LegalIdentity } from "#core/branding/legal-identities.ts";
import { useTranslation } from "~/i18n/react";

/**
 * The publisher block of the legal notice, rendered from the brand's one legal identity (core/branding, ADR 0102):
 * name, form, office, register, VAT number and the training body's declarations. The page's own text (hosting,
 * intellectual property) stays editable content below it.
 */
export function LegalIdentityBlock({ identity }: { identity: LegalIdentity }) {
  const { t } = useTranslation("content");
  const rows: [string, string][] = [
    [t("legalIdentity.legalForm"), identity.legalForm],
    [t("legalIdentity.address"), addressLine(identity.address)],
    [t("legalIdentity.registration"), identity.registration],
    [t("legalIdentity.vatNumber"), identity.vatNumber],
    [t("legalIdentity.director"), identity.signatory.name],
  ];
  const declarations = [
    identity.trainingDeclaration
      ? t("legalIdentity.trainingDeclaration", { number: identity.trainingDeclaration.number, authority: identity.trainingDeclaration.authority })
      : null,
    identity.dpcRegistration ? t("legalIdentity.dpcRegistration", { number: identity.dpcRegistration }) : null,
    identity.fundaeRegistration ? t("legalIdentity.fundaeRegistration", { number: identity.fundaeRegistration }) : null,
    identity.qualiopi ? t("legalIdentity.qualiopi") : null,
  ].filter((text): text is string => text !== null);
  return (
    <section aria-labelledby="legal-identity-title" className="mb-8" data-testid="legal-identity">
      <h2 id="legal-identity-title" className="text-2xl font-bold text-slate-900">
        {t("legalIdentity.title")}
      </h2>
      <p className="mt-3 font-semibold">{identity.legalName}</p>
      <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-800">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {declarations.map((text) => (
        <p key={text} className="mt-2">
          {text}
        </p>
      ))}
    </section>
  );
}
