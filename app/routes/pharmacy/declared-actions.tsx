import { Form, useActionData, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/declared-actions";
import { PharmacyPage, usePharmacyArea } from "~/components/pharmacy/pharmacy-tabs";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { TextField } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { Pager } from "~/components/ui/pager";
import { useTranslation } from "~/i18n/react";
import { requestStateContext } from "~/lib/context";
import { backErrorReply, invalidReply, readSubmission } from "~/lib/forms.server";
import { replyMessage, type FormReply } from "~/lib/form-reply";
import { pageMeta } from "~/lib/meta";
import { pathOf } from "~/lib/paths.server";
import { redirectWithToast } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";
import { ReviewDeclaredActionSchema, type PendingDeclaredActions } from "#core/contract/compliance.ts";
import { complianceEndpoints } from "#core/contract/endpoints/compliance.ts";
import { numericDay } from "#core/domain/compliance-words.ts";
import { z } from "zod";

/** The account's members' declared actions awaiting confirmation (issue 33, ADR 0125), a page of them. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { back, locale } = context.get(requestStateContext);
  const page = /^[1-9][0-9]{0,5}$/.test(url.searchParams.get("page") ?? "") ? url.searchParams.get("page")! : "1";
  const pending = await back.call(complianceEndpoints.pending, { query: { page } });
  return { title: serverT(context, "compliance")("referent.title"), pending, locale };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

/** The review form: the declared action's id and the decision (its button), with an optional reason for a refusal. */
const ReviewForm = ReviewDeclaredActionSchema.extend({ id: z.string().regex(/^[1-9][0-9]{0,9}$/) });

export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await readSubmission(request, context, ReviewForm);
  if (submission.status !== "success") return invalidReply(submission, { form: "review" });
  const { id, decision, note } = submission.value;
  const t = serverT(context, "compliance");
  try {
    await context.get(requestStateContext).back.call(complianceEndpoints.review, { params: { id }, body: { decision, note } });
  } catch (error) {
    return backErrorReply(submission, error, { form: `review-${id}` });
  }
  const url = new URL(request.url);
  return redirectWithToast(`${pathOf(context, "pharmacy-declared-actions")}${url.search}`, {
    type: "success",
    message: t(decision === "confirm" ? "referent.confirmed" : "referent.rejected"),
  });
}

export default function DeclaredActionsToReview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("compliance");
  const { pending, locale } = loaderData;
  const reply = useActionData<FormReply>();
  const day = (value: string) => numericDay(value, locale);
  return (
    <PharmacyPage title={t("referent.title")}>
      <p className="mb-4 max-w-3xl text-slate-700">{t("referent.intro")}</p>
      {reply?.form === "review" ? <FormMessage message={replyMessage(reply)} /> : null}
      {pending.items.length === 0 ? (
        <p className="rounded-md border border-slate-300 bg-slate-50 p-4" data-testid="declared-empty">
          {t("referent.empty")}
        </p>
      ) : (
        <>
          <DataTable
            caption={t("referent.caption")}
            captionHidden
            testId="declared-pending"
            columns={[{ label: t("referent.member") }, { label: t("referent.action") }, { label: t("referent.proof") }, { label: t("referent.decision") }]}
          >
            {pending.items.map((item) => (
              <Row key={item.id} item={item} day={day} reply={reply?.form === `review-${item.id}` ? reply : undefined} />
            ))}
          </DataTable>
          <Pager
            className="mt-8"
            paging={{ page: pending.page, pageSize: pending.pageSize, total: pending.total }}
            hrefFor={(p) => `?page=${p}`}
            labels={{ nav: t("referent.pagination"), previous: t("referent.previous"), next: t("referent.next"), page: (p) => t("referent.page", { page: p }) }}
          />
        </>
      )}
    </PharmacyPage>
  );
}

function Row({ item, day, reply }: { item: PendingDeclaredActions["items"][number]; day: (value: string) => string; reply?: FormReply }) {
  const { t } = useTranslation("compliance");
  const area = usePharmacyArea();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === String(item.id);
  const who = `${item.learner.firstName} ${item.learner.lastName}`;
  return (
    <tr className="border-b border-slate-200 align-top" data-testid="pending-action" data-id={item.id}>
      <th scope="row" className="px-3 py-3 text-left font-semibold">
        {who}
        <span className="block text-sm font-normal text-slate-700">{item.learner.email}</span>
      </th>
      <td className="px-3 py-3">
        <p className="font-semibold">{item.title}</p>
        <p>{item.organisation}</p>
        <p>{t("counted.datesRange", { start: day(item.startDate), end: day(item.endDate) })}</p>
      </td>
      <td className="px-3 py-3">
        <a href={item.proofPath} className="text-[var(--color-primary-dark)] underline" data-testid="pending-proof">
          {t("referent.proofLink")}
          <span className="sr-only">
            {" "}
            {item.title}, {who}
          </span>
        </a>
      </td>
      <td className="px-3 py-3">
        {area.readOnly ? null : (
          <Form method="post" className="flex flex-col gap-2" preventScrollReset>
            <AuthenticityTokenInput name="csrf" />
            <input type="hidden" name="id" value={item.id} />
            <FormMessage message={replyMessage(reply)} />
            <TextField id={`note-${item.id}`} name="note" label={t("referent.note")} maxLength={500} />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" name="decision" value="confirm" busy={busy} data-testid="pending-confirm">
                {t("referent.confirm")}
                <span className="sr-only">
                  {" "}
                  {item.title}, {who}
                </span>
              </Button>
              <Button type="submit" name="decision" value="reject" variant="secondary" data-testid="pending-reject">
                {t("referent.reject")}
                <span className="sr-only">
                  {" "}
                  {item.title}, {who}
                </span>
              </Button>
            </div>
          </Form>
        )}
      </td>
    </tr>
  );
}
