import type { MetaDescriptor } from "react-router";
import { brandPageMeta } from "~/lib/meta";

type Match = { id: string; loaderData?: unknown } | undefined;

/** "{page} | {brand title}" from the loader's translated `title`; private pages are not indexed. */
export function accountMeta(matches: readonly Match[], loaderData: unknown): MetaDescriptor[] {
  const title = (loaderData as { title?: string } | undefined)?.title;
  return [...brandPageMeta(matches, { title }), { name: "robots", content: "noindex" }];
}
