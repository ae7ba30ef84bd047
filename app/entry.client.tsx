import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadTranslationFiles, type TranslationFile } from "./i18n/bundles";

/**
 * React Router's own browser entry, once the page's translation files are here (decision 0128): the server rendered
 * the page with their texts, and the first render in the browser must find the same. The page names them in its
 * preload links (app/root.tsx); fetch() makes the same request, so it takes the preloaded answer.
 *
 * When a file cannot be had (the network, a deployment that replaced them), the page is not hydrated: it stays as the
 * server rendered it, a page that works without JavaScript (links, forms), rather than one showing raw keys.
 */
const files: TranslationFile[] = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][data-translations]')].map((link) => ({
  ns: link.dataset.translations ?? "",
  href: link.getAttribute("href") ?? "",
}));

loadTranslationFiles(files).then(
  () =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    }),
  (error: unknown) => console.error("The page's translations could not be loaded: it stays without JavaScript.", error),
);
