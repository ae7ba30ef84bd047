import { useTranslation } from "react-i18next";

export default function CookiePolicy() {
  const { t } = useTranslation("cookies");
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t("policy.title")}</h1>
      <p className="mt-4">{t("policy.intro")}</p>
    </main>
  );
}
