import { useMemo } from "react";
import { I18nextProvider } from "react-i18next";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import type { Route } from "./+types/root";
import { BRANDS } from "./branding/brands";
import { ErrorPage } from "./components/layout/error-page";
import { addResources, createI18n } from "./i18n/instance";
import { loadRootData } from "./lib/root-data.server";
import { requestStateMiddleware } from "./lib/request-state.server";
import { useNonce } from "./lib/nonce";
import { useRootData } from "./lib/use-root-data";
import stylesHref from "./styles/app.css?url";

export const middleware: Route.MiddlewareFunction[] = [requestStateMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadRootData(request, context);
}

/** The root carries the page's strings and the user: refresh them when the page changes. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const brand = data?.brand ?? BRANDS.fr;
  const locale = data?.locale ?? "fr-FR";
  const i18n = useMemo(() => createI18n(locale, data?.resources ?? {}), [locale]);
  if (data?.resources) addResources(i18n, data.resources);
  const themeStyle = {
    "--color-primary": brand.styles.primary,
    "--color-primary-dark": brand.styles.primaryDark,
  } as React.CSSProperties;

  return (
    <html lang={locale} style={themeStyle} data-brand={brand.key}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href={brand.favicon} type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        <I18nextProvider i18n={i18n}>
          <AuthenticityTokenProvider token={data?.csrfToken ?? ""}>{children}</AuthenticityTokenProvider>
        </I18nextProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRootData();
  if (isRouteErrorResponse(error)) {
    return <ErrorPage status={error.status} message={typeof error.data === "string" ? error.data : error.statusText} />;
  }
  const showStack = Boolean(data?.isDevelopment ?? import.meta.env.DEV);
  const message = error instanceof Error ? error.message : String(error);
  return <ErrorPage status={500} message={message} stack={showStack && error instanceof Error ? error.stack : undefined} />;
}
