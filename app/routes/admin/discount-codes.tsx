import { Form, useActionData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { BRAND_KEYS } from "#core/branding/brands.ts";
import { DiscountListQuerySchema, NewDiscountCodeSchema, type AdminDiscountCode } from "#core/contract/admin-users.ts";
import { IdParam } from "#core/contract/ids.ts";
import { formatInstant, formatMoney } from "#core/domain/format.ts";
import type { Route } from "./+types/discount-codes";
import { AdminToolsMain, CELL, StatusBadge } from "~/components/admin-tools/admin-tools";
import { ConfirmLink, ConfirmPanel } from "~/components/ui/confirm";
import { FilterSelect, ListFilters, ListTable } from "~/components/admin/admin-list";
import { useListHref } from "~/components/ui/list-href";
import { SelectField, SubmitButton, TextField, firstErrorField, useFocusFirstError } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { useTranslation } from "~/i18n/react";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { backErrorReply, errorReply } from "~/lib/forms.server";
import { intentAction } from "~/lib/intent-action.server";
import { formView, useSchemaForm } from "~/lib/forms";
import { replyMessage, type FormReply } from "~/lib/form-reply";
import { pathOf } from "~/lib/paths.server";
import { redirectWithToast } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";
import { useRootData } from "~/lib/use-root-data";
import { pageMeta } from "~/lib/meta";
import { adminUsersEndpoints } from "#core/contract/endpoints/admin-users.ts";

/**
 * /admin/discountCodes: the shop's discount codes per brand, created and disabled here (ADR 0068); the list is
 * searched, filtered, sorted and paged in the query string (ADR 0061, 0086).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const query = DiscountListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const list = await context.get(requestStateContext).back.call(adminUsersEndpoints.discountCodes, { query });
  const confirm = Number(url.searchParams.get("confirm")) || null;
  return {
    title: serverT(context, "admin-tools")("codes.title"),
    codes: list.items,
    paging: list.paging,
    query,
    brand: query.brand ?? "",
    confirm: list.items.some((c) => c.id === confirm && c.active) ? confirm : null,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

const DisableSchema = z.strictObject({ targetId: IdParam });

export async function action({ request, context }: Route.ActionArgs) {
  const t = serverT(context, "admin-tools");
  const { back } = context.get(requestStateContext);
  const list = pathOf(context, "admin-discount-codes");
  return intentAction(request, context, {
    create: {
      schema: NewDiscountCodeSchema,
      run: async ({ value, submission, form }) => {
        try {
          await back.call(adminUsersEndpoints.createDiscountCode, { body: value });
        } catch (error) {
          return backErrorReply(submission, error, { form });
        }
        return redirectWithToast(list, { type: "success", message: t("codes.created") });
      },
    },
    disable: {
      schema: DisableSchema,
      run: async ({ value, form }) => {
        try {
          await back.call(adminUsersEndpoints.disableDiscountCode, { params: { id: value.targetId } });
        } catch (error) {
          if (error instanceof BackError && error.status === 404) return errorReply({ message: error.message, form, status: 404 });
          throw error;
        }
        return redirectWithToast(list, { type: "success", message: t("codes.disabled") });
      },
    },
  });
}

function valueText(code: AdminDiscountCode, locale: string): string {
  return code.kind === "percentage" ? `${(code.value / 100).toLocaleString(locale)} %` : formatMoney(code.value, "EUR", locale);
}

export default function AdminDiscountCodes({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-tools");
  const locale = useRootData()?.locale ?? "fr-FR";
  const result = useActionData<FormReply>();
  const createResult = result?.form === "create" ? result : undefined;
  const [form] = useSchemaForm(() => import("#core/contract/admin-users.ts").then((m) => m.NewDiscountCodeSchema), createResult);
  const { message, errors, value } = formView(form);
  const formRef = useFocusFirstError(createResult);
  const first = firstErrorField(errors, ["brand", "code", "kind", "value", "validFrom", "validUntil", "maxUses", "maxUsesPerCustomer"]);
  const { codes, paging, query, brand, confirm } = loaderData;
  const href = useListHref();
  const toDisable = codes.find((c) => c.id === confirm);
  const day = (iso: string | null) => (iso ? formatInstant(iso, locale, { dateStyle: "short" }) : "—");
  return (
    <AdminToolsMain current="admin-discount-codes" title={t("codes.title")} testId="admin-discount-codes">
      <ListFilters query={query} searchLabel={t("fields.code")}>
        <FilterSelect name="brand" label={t("fields.brand")} value={query.brand} options={BRAND_KEYS.map((b) => ({ value: b, label: t(`brands.${b}`) }))} />
      </ListFilters>
      {result && result.form !== "create" ? <FormMessage message={replyMessage(result)} /> : null}
      {toDisable ? (
        <ConfirmPanel
          confirmKey={String(toDisable.id)}
          title={t("codes.disableQuestion", { code: toDisable.code })}
          intent="disable"
          fields={{ targetId: toDisable.id }}
          submitLabel={t("codes.disableYes")}
          cancelTo={href({ confirm: undefined })}
          sendsConfirm={false}
        />
      ) : null}
      <ListTable
        paging={paging}
        empty={t("list.empty")}
        rowCount={codes.length}
        testId="codes-table"
        columns={[
          { label: t("fields.code"), sort: "code" },
          { label: t("fields.brand"), sort: "brand" },
          { label: t("fields.value") },
          { label: t("codes.validity"), sort: "validUntil" },
          { label: t("codes.uses"), sort: "uses" },
          { label: t("editor.status") },
          { label: t("compta.actions") },
        ]}
        sorting={query}
      >
        {codes.map((code) => (
          <tr key={code.id} data-testid="code-row" data-code={code.code}>
            <td className={`${CELL} font-mono font-semibold`}>{code.code}</td>
            <td className={CELL}>{t(`brands.${code.brand}`)}</td>
            <td className={CELL}>
              {valueText(code, locale)}
              {code.trainingName ? <span className="block text-slate-700">{code.trainingName}</span> : null}
            </td>
            <td className={CELL}>
              {day(code.validFrom)} → {day(code.validUntil)}
            </td>
            <td className={CELL}>
              {code.uses}
              {code.maxUses !== null ? ` / ${code.maxUses}` : ""}
            </td>
            <td className={CELL}>
              {code.active ? <StatusBadge tone="ok">{t("codes.active")}</StatusBadge> : <StatusBadge tone="off">{t("codes.inactive")}</StatusBadge>}
            </td>
            <td className={CELL}>
              {code.active ? (
                <ConfirmLink confirmKey={String(code.id)} look="danger" testId="disable-code">
                  {t("codes.disable")}
                  <span className="sr-only"> {code.code}</span>
                </ConfirmLink>
              ) : null}
            </td>
          </tr>
        ))}
      </ListTable>
      <section aria-labelledby="new-code-heading" className="flex flex-col gap-3">
        <h2 id="new-code-heading" className="text-xl font-bold">
          {t("codes.new")}
        </h2>
        <Form
          method="post"
          id={form.id}
          onSubmit={form.onSubmit}
          ref={formRef}
          className="grid max-w-3xl gap-4 sm:grid-cols-2"
          noValidate
          data-testid="code-form"
        >
          <AuthenticityTokenInput name="csrf" />
          <div className="sm:col-span-2">
            <FormMessage message={message} />
          </div>
          <SelectField
            name="brand"
            label={t("fields.brand")}
            defaultValue={value("brand") ?? (brand || "fr")}
            options={BRAND_KEYS.map((b) => ({ value: b, label: t(`brands.${b}`) }))}
            errors={errors.brand}
            autoFocus={first === "brand" || undefined}
          />
          <TextField
            name="code"
            label={t("fields.code")}
            hint={t("codes.codeHint")}
            defaultValue={value("code")}
            errors={errors.code}
            required
            autoFocus={first === "code" || undefined}
          />
          <SelectField
            name="kind"
            label={t("fields.discountKind")}
            defaultValue={value("kind") ?? "percentage"}
            options={[
              { value: "percentage", label: t("codes.percentage") },
              { value: "fixed", label: t("codes.fixed") },
            ]}
            errors={errors.kind}
          />
          <TextField
            name="value"
            label={t("fields.value")}
            hint={t("codes.valueHint")}
            inputMode="decimal"
            defaultValue={value("value")}
            errors={errors.value}
            required
            autoFocus={first === "value" || undefined}
          />
          <TextField
            name="validFrom"
            type="date"
            label={t("fields.validFrom")}
            defaultValue={value("validFrom")}
            errors={errors.validFrom}
            autoFocus={first === "validFrom" || undefined}
          />
          <TextField
            name="validUntil"
            type="date"
            label={t("fields.validUntil")}
            defaultValue={value("validUntil")}
            errors={errors.validUntil}
            autoFocus={first === "validUntil" || undefined}
          />
          <TextField
            name="maxUses"
            label={t("fields.maxUses")}
            inputMode="numeric"
            defaultValue={value("maxUses")}
            errors={errors.maxUses}
            autoFocus={first === "maxUses" || undefined}
          />
          <TextField
            name="maxUsesPerCustomer"
            label={t("fields.maxUsesPerCustomer")}
            inputMode="numeric"
            defaultValue={value("maxUsesPerCustomer")}
            errors={errors.maxUsesPerCustomer}
            autoFocus={first === "maxUsesPerCustomer" || undefined}
          />
          <div className="sm:col-span-2">
            <SubmitButton intent="create">{t("codes.create")}</SubmitButton>
          </div>
        </Form>
      </section>
    </AdminToolsMain>
  );
}
