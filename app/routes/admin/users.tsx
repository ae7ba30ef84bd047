import { z } from "zod";
import { Form, Link, useActionData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { BRAND_KEYS } from "#core/branding/brands.ts";
import { SetAdminSchema, UserListQuerySchema, type AdminUserDetail } from "#core/contract/admin-users.ts";
import { formatInstant, formatMoney } from "#core/domain/format.ts";
import type { Route } from "./+types/users";
import { AdminTable, AdminToolsMain, CELL, StatusBadge } from "~/components/admin-tools/admin-tools";
import { ConfirmLink, ConfirmPanel } from "~/components/ui/confirm";
import { FilterSelect, ListFilters, ListTable } from "~/components/admin/admin-list";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form-message";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { notFound } from "~/lib/errors.server";
import { requireIdParam } from "~/lib/id-param.server";
import { backErrorReply, errorReply } from "~/lib/forms.server";
import { intentAction } from "~/lib/intent-action.server";
import { replyMessage, type FormReply } from "~/lib/form-reply";
import { pathOf } from "~/lib/paths.server";
import { redirectWithToast } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";
import { useRootData } from "~/lib/use-root-data";
import { pageMeta } from "~/lib/meta";
import { adminUsersEndpoints } from "#core/contract/endpoints/admin-users.ts";

/**
 * /admin/users: find a user (?q=, brand, sort, page: the list pattern of ADR 0061, every match reachable), see one
 * (?user=ID): enrolments and orders; resend an invitation; the admin role.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { back } = context.get(requestStateContext);
  const query = UserListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const userParam = url.searchParams.get("user");
  let detail: AdminUserDetail | null = null;
  if (userParam !== null) {
    const id = requireIdParam(userParam, url);
    detail = await back.call(adminUsersEndpoints.user, { params: { id } }).catch((error: unknown) => {
      if (error instanceof BackError && error.status === 404) notFound(url.pathname);
      throw error;
    });
  }
  const list = detail ? null : await back.call(adminUsersEndpoints.users, { query });
  return {
    title: serverT(context, "admin-tools")("users.title"),
    query,
    list,
    detail,
    confirmRemove: url.searchParams.get("confirm") === "removeAdmin" && detail?.user.isAdmin === true && !detail.isSelf,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

/** The invitation's form posts nothing but its intent. */
const NoFields = z.object({});

export async function action({ request, url, context }: Route.ActionArgs) {
  const id = requireIdParam(url.searchParams.get("user"), url);
  const { back } = context.get(requestStateContext);
  const t = serverT(context, "admin-tools");
  const here = `${pathOf(context, "admin-users")}?user=${id}`;
  return intentAction(
    request,
    context,
    {
      invite: {
        schema: NoFields,
        run: async ({ form }) => {
          try {
            await back.call(adminUsersEndpoints.resendInvitation, { params: { id } });
          } catch (error) {
            return backErrorReply(null, error, { form });
          }
          return redirectWithToast(here, { type: "success", message: t("users.invited") });
        },
      },
      "set-admin": {
        schema: SetAdminSchema,
        run: async ({ value, submission, form }) => {
          try {
            await back.call(adminUsersEndpoints.setAdmin, { params: { id }, body: value });
          } catch (error) {
            return backErrorReply(submission, error, { form });
          }
          return redirectWithToast(here, { type: "success", message: t("users.roleChanged") });
        },
      },
    },
    { unknownIntent: () => errorReply({ message: serverT(context, "common")("validation.invalidInput"), status: 400 }) },
  );
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-tools");
  const path = usePagePath();
  const locale = useRootData()?.locale ?? "fr-FR";
  const { query, list, detail, confirmRemove } = loaderData;
  return (
    <AdminToolsMain current="admin-users" title={t("users.title")} testId="admin-users">
      {detail ? (
        <UserDetail detail={detail} confirmRemove={confirmRemove} />
      ) : list ? (
        <>
          <ListFilters query={query} searchLabel={t("users.search")}>
            <FilterSelect name="brand" label={t("fields.brand")} value={query.brand} options={BRAND_KEYS.map((b) => ({ value: b, label: t(`brands.${b}`) }))} />
          </ListFilters>
          <p role="status">{t("users.count", { count: list.paging.total })}</p>
          <ListTable
            paging={list.paging}
            caption={t("users.title")}
            empty={t("list.empty")}
            rowCount={list.items.length}
            testId="users-table"
            columns={[
              { label: t("users.name"), sort: "name" },
              { label: t("fields.email"), sort: "email" },
              { label: t("fields.brand"), sort: "brand" },
              { label: t("users.role") },
              { label: t("users.created"), sort: "created" },
            ]}
            sorting={query}
          >
            {list.items.map((user) => (
              <tr key={user.id} data-testid="user-row">
                <td className={CELL}>
                  <Link to={`${path("admin-users")}?user=${user.id}`} className="font-semibold text-blue-800 underline">
                    {user.lastName} {user.firstName}
                  </Link>
                </td>
                <td className={CELL}>{user.email}</td>
                <td className={CELL}>{t(`brands.${user.brand}`)}</td>
                <td className={CELL} data-testid="user-roles">
                  {user.isAdmin ? <StatusBadge tone="warn">{t("users.admin")}</StatusBadge> : null} {user.roles.map((role) => t(`roles.${role}`)).join(", ")}
                  {!user.isAdmin && user.roles.length === 0 ? t("users.noRole") : null}
                </td>
                <td className={CELL}>{formatInstant(user.createdAt, locale, { dateStyle: "short" })}</td>
              </tr>
            ))}
          </ListTable>
        </>
      ) : null}
    </AdminToolsMain>
  );
}

/** A user's locale ("es-ES") as its language's name in the reader's language ("espagnol (Espagne)"). */
function languageName(userLocale: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: "language" }).of(userLocale) ?? userLocale;
  } catch {
    return userLocale;
  }
}

function UserDetail({ detail, confirmRemove }: { detail: AdminUserDetail; confirmRemove: boolean }) {
  const { t } = useTranslation("admin-tools");
  const path = usePagePath();
  const locale = useRootData()?.locale ?? "fr-FR";
  const result = useActionData<FormReply>();
  const { user } = detail;
  const here = `${path("admin-users")}?user=${user.id}`;
  const date = (iso: string) => formatInstant(iso, locale, { dateStyle: "medium" });
  return (
    <div className="flex flex-col gap-6" data-testid="user-detail">
      <p>
        <Link to={path("admin-users")} className="font-semibold text-blue-800 underline">
          {t("users.backToSearch")}
        </Link>
      </p>
      <section aria-labelledby="user-heading" className="flex flex-col gap-2">
        <h2 id="user-heading" className="text-xl font-bold">
          {user.firstName} {user.lastName} {user.isAdmin ? <StatusBadge tone="warn">{t("users.admin")}</StatusBadge> : null}
        </h2>
        <p>
          {user.email} · {t(`brands.${user.brand}`)} · {languageName(user.locale, locale)} · {t("users.since", { date: date(user.createdAt) })}
        </p>
        <FormMessage message={replyMessage(result)} />
        {confirmRemove ? (
          <ConfirmPanel
            confirmKey="removeAdmin"
            title={t("users.removeAdminQuestion", { name: `${user.firstName} ${user.lastName}` })}
            intent="set-admin"
            fields={{ isAdmin: "false" }}
            submitLabel={t("users.removeAdminYes")}
            cancelTo={here}
            sendsConfirm={false}
          />
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Form method="post">
            <AuthenticityTokenInput name="csrf" />
            <Button type="submit" name="intent" value="invite" variant="secondary">
              {t("users.invite")}
            </Button>
          </Form>
          {user.isAdmin ? (
            detail.isSelf ? (
              <p className="text-sm text-slate-700">{t("users.selfNote")}</p>
            ) : (
              <ConfirmLink confirmKey="removeAdmin" to={`${here}&confirm=removeAdmin#confirm-removeAdmin`} look="danger">
                {t("users.removeAdmin")}
              </ConfirmLink>
            )
          ) : (
            <Form method="post">
              <AuthenticityTokenInput name="csrf" />
              <input type="hidden" name="isAdmin" value="true" />
              <Button type="submit" name="intent" value="set-admin">
                {t("users.makeAdmin")}
              </Button>
            </Form>
          )}
        </div>
      </section>
      <section aria-labelledby="memberships-heading">
        <h2 id="memberships-heading" className="mb-2 text-lg font-bold">
          {t("users.memberships")}
        </h2>
        {detail.memberships.length ? (
          <ul className="list-disc pl-6">
            {detail.memberships.map((m) => (
              <li key={m.accountId}>
                {m.accountName} · {t(`roles.${m.role}`)} {m.isActive ? "" : `(${t("users.inactive")})`}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("users.none")}</p>
        )}
      </section>
      <AdminTable caption={t("users.enrolments")} headers={[t("users.training"), t("editor.status"), t("compta.date")]} testId="user-enrolments">
        {detail.enrolments.map((e) => (
          <tr key={e.id} data-testid="user-enrolment">
            <td className={CELL}>{e.trainingName}</td>
            <td className={CELL}>{t(`enrolmentStatus.${e.status}`)}</td>
            <td className={CELL}>{date(e.createdAt)}</td>
          </tr>
        ))}
      </AdminTable>
      <AdminTable caption={t("users.orders")} headers={[t("compta.order"), t("editor.status"), t("compta.amount"), t("compta.date")]} testId="user-orders">
        {detail.orders.map((o) => (
          <tr key={o.id} data-testid="user-order" data-status={o.status}>
            <td className={CELL}>#{o.id}</td>
            <td className={CELL}>{t(`orderStatus.${o.status}`)}</td>
            <td className={CELL}>{formatMoney(o.totalWithVat, o.currency, locale)}</td>
            <td className={CELL}>{date(o.createdAt)}</td>
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}
