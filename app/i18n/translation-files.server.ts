import { createHash } from "node:crypto";
import type { Locale } from "#core/branding/brands.ts";
import { SUPPORTED_LOCALES } from "#core/locales.ts";
import type { TranslationFile } from "./bundles";
import type { Bundle } from "./instance";
import { pickResources as pick, type Resources } from "#core/i18n.ts";
import { RESOURCES } from "./resources.server";

/**
 * The translation files (decision 0128): one per locale and page namespace, the namespace resolved along the fallback
 * chain (what the root loader sent inside every page before), at an address that carries a hash of its content, so
 * that the host serves it as immutable (server/web/translation-files.ts). Made once per process: the resources are
 * bundled into the build and never change while it runs.
 */
export type PreparedFile = { bundle: Bundle; body: string; href: string };

let prepared: ReadonlyMap<string, PreparedFile> | null = null;
let bodies: ReadonlyMap<string, string> | null = null;

const keyOf = (locale: string, ns: string) => `${locale}/${ns}`;

/** Every locale's file of every namespace found in `resources`, keyed "<locale>/<ns>". */
export function translationFilesOf(resources: Resources): ReadonlyMap<string, PreparedFile> {
  const namespaces = [...new Set(Object.values(resources).flatMap((bundles) => Object.keys(bundles)))].sort();
  const files = new Map<string, PreparedFile>();
  for (const locale of SUPPORTED_LOCALES) {
    const picked = pick(resources, locale, namespaces)[locale];
    for (const ns of namespaces) {
      const bundle = picked[ns];
      if (!bundle) continue;
      const body = JSON.stringify(bundle);
      const hash = createHash("sha256").update(body).digest("base64url").slice(0, 12);
      files.set(keyOf(locale, ns), { bundle, body, href: translationFileHref(locale, ns, hash) });
    }
  }
  return files;
}

function prepare(): ReadonlyMap<string, PreparedFile> {
  prepared ??= translationFilesOf(RESOURCES);
  return prepared;
}

/** Where a namespace's file is served: the hash changes with the content (a `-` or `_` may be in it, never a `.`). */
export function translationFileHref(locale: string, ns: string, hash: string): string {
  return `/i18n/${locale}/${ns}.${hash}.json`;
}

/** The files a page needs, in the order given; a namespace without any text in the locale's chain has none. */
export function translationFilesFor(locale: Locale, namespaces: readonly string[]): TranslationFile[] {
  const files = prepare();
  return [...new Set(namespaces)].flatMap((ns) => {
    const file = files.get(keyOf(locale, ns));
    return file ? [{ ns, href: file.href }] : [];
  });
}

/** One namespace's resolved texts: the content of its file, which the server renders with. */
export function translationBundle(locale: Locale, ns: string): Bundle | undefined {
  return prepare().get(keyOf(locale, ns))?.bundle;
}

/** Every file, address -> JSON text: what the host serves. The same map every time. */
export function translationFileBodies(): ReadonlyMap<string, string> {
  bodies ??= new Map([...prepare().values()].map((file) => [file.href, file.body]));
  return bodies;
}
