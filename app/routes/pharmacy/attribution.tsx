import { FormPanel } from "~/components/ui/form-panel";
import { Link, useActionData } from "react-router";
import type { Route } from "./+types/attribution";
import { PharmacyPage } from "~/components/pharmacy/pharmacy-tabs";
import { CheckboxGroupField, SelectField, SubmitButton, firstErrorField, useFocusFirstError } from "~/components/ui/form-fields";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { formView, useSchemaForm } from "~/lib/forms";
import type { FormReply } from "~/lib/form-reply";
import { pathOf } from "~/lib/paths.server";
import { serverT } from "~/lib/translate.server";
import { pharmacyBranch } from "./pharmacy.server";
import { badRequest } from "~/lib/errors.server";
import { intentAction } from "~/lib/intent-action.server";
import { AttributeApprenantsFormSchema, type BoughtProduct } from "#core/contract/referent.ts";
import { referentEndpoints as referent } from "#core/contract/endpoints/referent.ts";
import { formatCalendarDay } from "#core/domain/format.ts";
import { pageMeta } from "~/lib/meta";
import { DataTable } from "~/components/ui/data-table";

/**
 * Attributing the trainings the pharmacy bought (ADR 0070): pick a product (training and session) and members of
 * the team; POST referent/attributeApprenants enrols them and books their seats in one go. A plain form: it works
 * without JavaScript; members already enrolled are left as they are.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { back, locale } = context.get(requestStateContext);
  const options = await back.call(referent.attributionOptions);
  return { title: serverT(context, "pharmacy")("attribution.title"), options, locale };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export async function action({ request, context }: Route.ActionArgs) {
  const { back } = context.get(requestStateContext);
  const t = serverT(context, "pharmacy");
  const attribute = pharmacyBranch(pathOf(context, "pharmacy-attribution"), AttributeApprenantsFormSchema, async (value) => {
    const result = await back.call(referent.attribute, {
      body: { trainingId: value.product.trainingId, sessionId: value.product.sessionId, apprenants: value.apprenants },
    });
    return {
      message:
        result.attributed.length > 0
          ? t("attribution.done", { count: result.attributed.length, skipped: result.alreadyEnrolled.length })
          : t("attribution.nothingToDo"),
    };
  });
  return intentAction(request, context, { attribute }, { unknownIntent: () => badRequest(context) });
}

const sessionLabel = (p: BoughtProduct, locale: string) => (p.session ? ` · ${p.session.name} (${formatCalendarDay(p.session.startDate, locale)})` : "");

export default function Attribution({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pharmacy");
  const path = usePagePath();
  const { options, locale } = loaderData;
  const result = useActionData<FormReply>();
  const [form] = useSchemaForm(() => import("#core/contract/referent.ts").then((m) => m.AttributeApprenantsFormSchema), result, { id: "attribute" });
  const view = formView(form);
  const ref = useFocusFirstError(result);
  const first = firstErrorField(view.errors, ["product", "apprenants"]);
  const chosen = new Set(view.list("apprenants"));
  return (
    <PharmacyPage title={t("attribution.title")}>
      <p className="mb-4">
        <Link to={path("pharmacy-team")} className="font-semibold text-[var(--color-primary-dark)] underline">
          {t("attribution.back")}
        </Link>
      </p>
      <p className="mb-6 max-w-3xl text-slate-700">{t("attribution.intro")}</p>
      {options.products.length === 0 ? (
        <p data-testid="attribution-empty">{t("attribution.none")}</p>
      ) : (
        <>
          <DataTable
            caption={t("attribution.caption")}
            captionHidden
            columns={[
              { label: t("attribution.product") },
              { label: t("attribution.session") },
              { label: t("attribution.bought") },
              { label: t("attribution.used") },
              { label: t("attribution.left") },
              { label: t("attribution.enrolled") },
            ]}
            density="flush"
            className="mb-8"
            testId="attribution-products"
          >
            {options.products.map((p) => (
              <tr key={p.key} className="border-b border-slate-200" data-testid="attribution-product">
                <td className="py-2 pr-4">{p.name}</td>
                <td className="py-2 pr-4">
                  {p.session
                    ? `${p.session.name}, ${formatCalendarDay(p.session.startDate, locale)} · ${t("attribution.seats", { count: p.session.seatsAvailable })}`
                    : t("attribution.noSession")}
                </td>
                <td className="py-2 pr-4">{p.quantity}</td>
                <td className="py-2 pr-4">{p.used}</td>
                <td className="py-2 pr-4" data-testid="attribution-remaining">
                  {p.remaining}
                </td>
                <td className="py-2 pr-4" data-testid="attribution-enrolled">
                  {options.members
                    .filter((m) => p.enrolledContactIds.includes(m.contactId))
                    .map((m) => `${m.firstName} ${m.lastName}`.trim() || m.email)
                    .join(", ") || "—"}
                </td>
              </tr>
            ))}
          </DataTable>
          {options.readOnly ? null : (
            <FormPanel
              id="attribute"
              heading="h3"
              title={t("attribution.formTitle")}
              form={form}
              formRef={ref}
              message={view.message}
              testId="attribution-form"
            >
              <SelectField
                name="product"
                label={t("attribution.product")}
                required
                defaultValue={view.value("product") ?? ""}
                errors={view.errors.product}
                autoFocus={first === "product" || undefined}
                options={[
                  { value: "", label: t("attribution.choose") },
                  ...options.products.map((p) => ({
                    value: p.key,
                    label: `${p.name}${sessionLabel(p, locale)} · ${t("attribution.remaining", { count: p.remaining, quantity: p.quantity })}`,
                  })),
                ]}
              />
              <CheckboxGroupField
                name="apprenants"
                legend={t("attribution.members")}
                options={options.members.map((m) => ({ value: m.contactId, label: `${m.firstName} ${m.lastName}`.trim() || m.email }))}
                checked={chosen}
                errors={view.errors.apprenants}
              />
              <SubmitButton intent="attribute">{t("attribution.submit")}</SubmitButton>
            </FormPanel>
          )}
        </>
      )}
    </PharmacyPage>
  );
}
