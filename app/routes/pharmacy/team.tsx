import { useLoaderData } from "react-router";
import type { Route } from "./+types/team";
import { accountMeta } from "~/components/account/meta";
import { PharmacyPage } from "~/components/pharmacy/pharmacy-tabs";
import { useTranslation } from "~/i18n/react";
import { requestStateContext } from "~/lib/context";
import { serverT } from "~/lib/translate.server";
import { TeamSchema } from "#core/contract/referent.ts";

/** The team: the account's learners with status and progress (GET referent/dpec/allApprenants). */
export async function loader({ context }: Route.LoaderArgs) {
  const { back } = context.get(requestStateContext);
  const team = await back.get("/referent/dpec/allApprenants", TeamSchema);
  return { title: serverT(context, "pharmacy")("tabs.team"), team };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => accountMeta(matches, loaderData);

export default function Team() {
  const { t } = useTranslation("pharmacy");
  const { team } = useLoaderData<typeof loader>();
  return (
    <PharmacyPage title={t("tabs.team")}>
      <table className="w-full border-collapse text-left" data-testid="team-table">
        <caption className="sr-only">{t("team.caption")}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-2 pr-4">{t("team.name")}</th>
            <th scope="col" className="py-2 pr-4">{t("team.email")}</th>
            <th scope="col" className="py-2 pr-4">{t("team.status")}</th>
            <th scope="col" className="py-2 pr-4">{t("team.progress")}</th>
          </tr>
        </thead>
        <tbody>
          {team.members.map((m) => (
            <tr key={m.contactId ?? `i${m.invitationId}`} className="border-b border-slate-200">
              <td className="py-2 pr-4">{`${m.firstName} ${m.lastName}`.trim()}</td>
              <td className="py-2 pr-4">{m.email}</td>
              <td className="py-2 pr-4">{t(`team.statuses.${m.status}`)}</td>
              <td className="py-2 pr-4">{t("team.progressValue", { progress: m.progress })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </PharmacyPage>
  );
}
