import type { RouterContextProvider } from "react-router";
import { createI18n } from "~/i18n/instance";
import { pickResources } from "~/i18n/resources.server";
import { requestStateContext } from "./context";

/** A `t` for the server (CSRF messages, toasts, form errors) in the visitor's locale. */
export function serverT(context: Readonly<RouterContextProvider>, ns: string) {
  const { locale } = context.get(requestStateContext);
  const i18n = createI18n(locale, pickResources(locale, ["common", ns]));
  return i18n.getFixedT(locale, ns);
}
