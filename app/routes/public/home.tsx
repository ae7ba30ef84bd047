import { useTranslation } from "react-i18next";
import type { Route } from "./+types/home";
import { requestStateContext } from "~/lib/context";
import { useRootData } from "~/lib/use-root-data";
import { pageTitle } from "~/lib/meta";

export async function loader({ context }: Route.LoaderArgs) {
  const { back } = context.get(requestStateContext);
  const user = await back.get<{ loggedIn: boolean }>("/user/isLogged");
  return { loggedIn: user.loggedIn };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData as { brand?: import("~/branding/brands").Brand } | undefined;
  return [{ title: pageTitle(null, root?.brand, "") }];
};

export default function Home() {
  const { t } = useTranslation("home");
  const data = useRootData();
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t("hero.title", { brand: data?.brand.title })}</h1>
      <p className="mt-4 max-w-2xl text-lg">{t("hero.subtitle")}</p>
    </main>
  );
}
