import { useEffect, useState } from "react";
import { loadTranslationFiles, translationFilesIn } from "~/i18n/bundles";
import { I18nProvider, usePageI18n } from "~/i18n/react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunctionArgs } from "react-router";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import type { Route } from "./+types/root";
import { BRANDS } from "#core/branding/brands.ts";
import { SeoLinks } from "./components/content/seo-links";
import { CookieConsent } from "./components/cookies/cookie-consent";
import { ConsentDialog } from "./components/account/consent-dialog";
import { describeRouteError, ErrorPage, errorTexts } from "./components/layout/error-page";
import { IntlWarmUp } from "./components/layout/intl-warm-up";
import { ZodWithoutEval } from "./components/layout/zod-without-eval";
import { PageChrome } from "./components/layout/page-chrome";
import { SkipLink } from "./components/layout/site-header";
import { LoadingBar } from "./components/ui/loading-bar";
import { Toaster } from "./components/ui/toast";
import { pageMeta, metaT, rootMetaData } from "./lib/meta";
import { loadRootData } from "./lib/root-data.server";
import { requestStateMiddleware } from "./lib/request-state.server";
import { accountChoiceMiddleware, authenticatedOnlyMiddleware } from "./lib/area-guards.server";
import { currentUserMiddleware } from "./lib/current-user.server";
import { methodRefusalMiddleware } from "./lib/method-refusal.server";
import { useNonce } from "./lib/nonce";
import { rootDataOfError, useRootData } from "./lib/use-root-data";
import { NewBuildNotice, reloadOnceOnChunkError } from "./realtime/new-build-notice";
import { RealtimeIsland } from "./realtime/realtime-island";
import stylesHref from "./styles/app.css?url";

export const middleware: Route.MiddlewareFunction[] = [
  requestStateMiddleware,
  currentUserMiddleware,
  methodRefusalMiddleware,
  authenticatedOnlyMiddleware,
  accountChoiceMiddleware,
];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  // With v8_passThroughRequests a client navigation's request URL ends in ".data": hand on the
  // page's own URL, so the root picks the page's namespaces (app/i18n/pages.ts) for it.
  return loadRootData(url.href === request.url ? request : new Request(url, request), context);
}

/**
 * Client navigations: the root's new data names the page's translation files (decision 0128); those not yet here are
 * fetched before the page renders. A middleware rather than a clientLoader: a route with a clientLoader has its server
 * data fetched in a request of its own, and every navigation would cost two. When a file cannot be had, the page is
 * loaded as a document instead, with its texts in the HTML.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request }, next) => {
    const results = await next();
    // The root's data, or a refusal's error that carries it ({ root }) to whichever boundary shows it.
    const files = Object.entries(results).flatMap(([id, result]) =>
      id === "root" || result.type === "error" ? (translationFilesIn(result.result) ?? []) : [],
    );
    if (files.length > 0) {
      try {
        await loadTranslationFiles(files);
      } catch {
        window.location.assign(request.url);
        await new Promise(() => {});
      }
    }
    return results;
  },
];

/** The root carries the page's translation files and the user: refresh them when the page changes. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
}

/** The default title ("{default} | {brand}") for pages without their own, and the titles of error pages. */
export const meta: Route.MetaFunction = ({ matches, error }) => {
  if (error) {
    // A refusal thrown before the loaders ran carries the root's data (app/lib/errors.server.ts `refuse`).
    const withRoot = matches.map((match) => (match?.id === "root" && !match.loaderData ? { ...match, loaderData: rootDataOfError(error) } : match));
    const root = rootMetaData(withRoot);
    const status = isRouteErrorResponse(error) ? error.status : 500;
    return pageMeta(withRoot, { title: metaT(root, status === 404 ? "errors.notFoundTitle" : errorTexts(status).title) });
  }
  return pageMeta(matches);
};

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const brand = data?.brand ?? BRANDS.fr;
  const locale = data?.locale ?? "fr-FR";
  const i18n = usePageI18n(locale, data?.translations);
  // The files of the page the browser first loaded: they are fetched in parallel with the scripts, and
  // app/entry.client.tsx waits for them before hydrating. Later pages fetch theirs before rendering (clientMiddleware).
  const [preloads] = useState(() => data?.translations ?? []);
  const themeStyle = {
    "--color-primary": brand.styles.primary,
    "--color-primary-dark": brand.styles.primaryDark,
  } as React.CSSProperties;

  return (
    <html lang={locale} style={themeStyle} data-brand={brand.key}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Low priority like the module preloads (app/entry.server.tsx): only hydration needs them, not the paint. */}
        {preloads.map((file) => (
          <link key={file.href} rel="preload" as="fetch" crossOrigin="anonymous" fetchPriority="low" href={file.href} data-translations={file.ns} />
        ))}
        <IntlWarmUp nonce={nonce} />
        <ZodWithoutEval nonce={nonce} />
        {/* The one render-blocking file. With a precedence, React writes it at the top of <head>, before the
            thirty-odd module preloads: as a route link it came after them, and a browser with six connections per
            host asked for it last. */}
        <link rel="stylesheet" href={stylesHref} precedence="default" />
        <meta name="theme-color" content={brand.styles.primary} />
        <link rel="icon" href={brand.favicon} type="image/svg+xml" />
        <Meta />
        <Links />
        <SeoLinks />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        <I18nProvider i18n={i18n}>
          <AuthenticityTokenProvider token={data?.csrfToken ?? ""}>
            <SkipLink />
            <LoadingBar />
            <CookieConsent />
            {children}
            <ConsentDialog />
            <Toaster flash={data?.toast ?? null} />
            {data ? <NewBuildNotice buildId={data.buildId} /> : null}
            {data && (data.user.loggedIn || data.cartChannel) ? (
              <RealtimeIsland
                settings={data.realtime}
                locale={locale}
                user={data.user.loggedIn ? { id: data.user.id, accountId: data.user.currentAccountId } : null}
                cartChannel={data.cartChannel}
              />
            ) : null}
          </AuthenticityTokenProvider>
        </I18nProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * Unmatched paths ("Page not found: {path}"), the guards' refusals (403, 405: thrown before the loaders, they carry the
 * root's data) and any error no layout caught, inside the site's frame.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRootData();
  useEffect(() => void reloadOnceOnChunkError(error), [error]);
  const described = describeRouteError(error, Boolean(data?.isDevelopment ?? import.meta.env.DEV));
  const page = <ErrorPage {...described} />;
  return data ? <PageChrome>{page}</PageChrome> : page;
}
