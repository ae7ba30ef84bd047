import type { MetaDescriptor } from "react-router";
import type { Brand } from "~/branding/brands";
import { pageTitle } from "~/lib/meta";

type Match = { id: string; loaderData?: unknown } | undefined;

/** "{page} | {brand title}" from the loader's translated `title`; private pages are not indexed. */
export function accountMeta(matches: readonly Match[], loaderData: unknown): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { brand?: Brand } | undefined;
  const title = (loaderData as { title?: string } | undefined)?.title;
  return [{ title: pageTitle(title, root?.brand, "") }, { name: "robots", content: "noindex" }];
}
