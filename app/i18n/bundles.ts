import type { Locale } from "#core/branding/brands.ts";
import type { Bundle, Resources } from "./instance";

/**
 * The page's translations as files (decision 0128): the root loader names one file per namespace the page needs,
 * `/i18n/<locale>/<ns>.<hash>.json`, the namespace resolved along the fallback chain. The browser fetches each once
 * (they are immutable: a new text is a new hash) and keeps them here, by address; the server reads the same texts
 * from its bundled resources (`provideServerBundles`, set by app/entry.server.tsx).
 */
export type TranslationFile = { ns: string; href: string };

type ServerBundles = (locale: Locale, ns: string) => Bundle | undefined;

let serverBundles: ServerBundles | null = null;
const loaded = new Map<string, Bundle>();
const loading = new Map<string, Promise<void>>();

/** The server's source of texts: its bundled resources, the very content of the files it serves. */
export function provideServerBundles(source: ServerBundles) {
  serverBundles = source;
}

/** One namespace's texts, when they are at hand: always on the server, once its file has arrived in the browser. */
export function bundleOf(locale: Locale, file: TranslationFile): Bundle | undefined {
  return serverBundles ? serverBundles(locale, file.ns) : loaded.get(file.href);
}

/** The page's namespaces at hand, as resources for the translator. */
export function resourcesOf(locale: Locale, files: readonly TranslationFile[]): Resources {
  const namespaces: Record<string, Bundle> = {};
  for (const file of files) {
    const bundle = bundleOf(locale, file);
    if (bundle) namespaces[file.ns] = bundle;
  }
  return { [locale]: namespaces };
}

/** A file's content, received (tests hand theirs in). */
export function keepBundle(href: string, bundle: Bundle) {
  loaded.set(href, bundle);
}

/**
 * Fetches the files not yet here, in parallel, each once even when asked again meanwhile. The request is the one the
 * page's `<link rel="preload" as="fetch" crossorigin="anonymous">` made (cors, same-origin credentials), so the
 * browser hands over the preloaded answer. Rejects when one cannot be had.
 */
export async function loadTranslationFiles(files: readonly TranslationFile[]): Promise<void> {
  await Promise.all(
    files
      .filter((file) => !loaded.has(file.href))
      .map((file) => {
        let pending = loading.get(file.href);
        if (!pending) {
          pending = fetch(file.href, { credentials: "same-origin" })
            .then(async (response) => {
              if (!response.ok) throw new Error(`${file.href}: ${response.status}`);
              loaded.set(file.href, (await response.json()) as Bundle);
            })
            .finally(() => loading.delete(file.href));
          loading.set(file.href, pending);
        }
        return pending;
      }),
  );
}

/** The files the root's data names, whether it came as data or with an error (a refusal carries `{ root }`). */
export function translationFilesIn(value: unknown): TranslationFile[] | null {
  if (!value || typeof value !== "object") return null;
  if ("translations" in value && Array.isArray(value.translations)) return value.translations as TranslationFile[];
  if ("data" in value) return translationFilesIn(value.data);
  if ("root" in value) return translationFilesIn(value.root);
  return null;
}
