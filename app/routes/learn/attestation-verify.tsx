import { Form, redirect } from "react-router";
import type { Route } from "./+types/attestation-verify";
import { TextField } from "~/components/ui/form-fields";
import { printDate, type Verification } from "~/components/attestations/types";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { pathOf } from "~/lib/paths.server";
import { serverT } from "~/lib/translate.server";
import { attestationsEndpoints } from "#core/contract/endpoints/attestations.ts";
import { pageMeta } from "~/lib/meta";

/**
 * Public page (no login, works without JavaScript) reached from an attestation's QR code: asks the back API
 * whether the code is authentic. The GET form on the page sends ?code=..., redirected to the code's own URL.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const typed = url.searchParams.get("code");
  if (typed !== null) {
    const code = typed.trim().toUpperCase().slice(0, 40);
    if (code) throw redirect(pathOf(context, "attestation-verify", { code }));
  }
  const code = params.code ?? "";
  const title = serverT(context, "attestations")("verify.title");
  try {
    const verification = await context.get(requestStateContext).back.call(attestationsEndpoints.verify, { params: { code } });
    return { title, code, verification, message: null };
  } catch (error) {
    if (!(error instanceof BackError) || error.status !== 404) throw error;
    return { title, code, verification: null, message: error.message };
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export default function AttestationVerify({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("attestations");
  const { code, verification, message } = loaderData;
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="mb-4 text-3xl font-bold">{t("verify.title")}</h1>
      <p className="mb-6 text-slate-700">{t("verify.intro")}</p>
      {verification ? <Authentic verification={verification} /> : <NotAuthentic code={code} message={message ?? ""} />}
      <Form method="get" className="mt-8 flex flex-col gap-3 rounded-lg border border-slate-300 p-5 sm:flex-row sm:items-end" data-testid="verify-form">
        <TextField
          name="code"
          label={t("verify.codeLabel")}
          hint={t("verify.codeHint")}
          defaultValue={code}
          autoComplete="off"
          spellCheck={false}
          required
          className="flex-1"
        />
        <Button type="submit">{t("verify.submit")}</Button>
      </Form>
    </main>
  );
}

function Authentic({ verification: v }: { verification: Verification }) {
  const { t, i18n } = useTranslation("attestations");
  const score = (value: number | null) => (value === null ? "" : new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value));
  const gain = v.knowledgeGain === null ? "" : `${v.knowledgeGain > 0 ? "+" : ""}${score(v.knowledgeGain)}`;
  const rows: [string, string | null][] = [
    [t("verify.kind"), t(`verify.kinds.${v.kind}`)],
    // What it attests (ADR 0107), as the PDF prints it.
    [t("verify.nature"), v.attests ? t(`verify.attests.${v.attests}`) : null],
    [
      t("verify.result"),
      v.attests === "achievement" && v.finalScore !== null && v.passScore !== null
        ? t("verify.resultValue", { score: score(v.finalScore), pass: score(v.passScore) })
        : null,
    ],
    [
      t("verify.knowledgeGain"),
      v.attests === "participation" && v.knowledgeGain !== null
        ? t("verify.knowledgeGainValue", { pre: score(v.knowledgePre), post: score(v.knowledgePost), gain })
        : null,
    ],
    [t("verify.learner"), `${v.learnerFirstName} ${v.learnerLastName}`],
    [t("verify.training"), v.trainingName],
    [t("verify.duration"), v.duration],
    [t("verify.period"), t("verify.periodValue", { start: printDate(v.startDate), end: printDate(v.endDate) })],
    [t("verify.programme"), v.programmeName],
    [t("verify.actionNumber"), v.actionNumber],
    [t("verify.sessionDates"), v.sessionDates ? v.sessionDates.split(", ").map(printDate).join(", ") : null],
    [t("verify.organisation"), `${v.organisationName} (${v.organisationNumber})`],
    [t("verify.issuedOn"), printDate(v.issuedOn)],
  ];
  return (
    <section
      aria-labelledby="verify-result"
      className="rounded-lg border-l-8 border-green-700 bg-green-50 p-5"
      data-testid="verify-result"
      data-authentic="true"
      data-attests={v.attests ?? undefined}
    >
      <h2 id="verify-result" className="mb-1 text-2xl font-bold text-green-800">
        ✓ {t("verify.authentic")}
      </h2>
      <p className="mb-4">{t("verify.authenticText", { organisation: v.organisationName })}</p>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        <div className="contents">
          <dt className="font-semibold">{t("verify.codeLabel")}</dt>
          <dd className="font-mono" data-testid="verify-code">
            {v.code}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function NotAuthentic({ code, message }: { code: string; message: string }) {
  const { t } = useTranslation("attestations");
  return (
    <section aria-labelledby="verify-result" className="rounded-lg border-l-8 border-red-700 bg-red-50 p-5" data-testid="verify-result" data-authentic="false">
      <h2 id="verify-result" className="mb-1 text-2xl font-bold text-red-800">
        ✗ {t("verify.notAuthentic")}
      </h2>
      <p>{message}</p>
      <p className="mt-2 font-mono">{t("verify.checkedCode", { code })}</p>
    </section>
  );
}
