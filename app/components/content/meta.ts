import type { MetaDescriptor } from "react-router";
import { metaT, pageMeta, pageTitle, rootMetaData } from "~/lib/meta";

type Match = { id: string; loaderData?: unknown } | undefined;

export type ContentMeta = { title: string; description?: string };

/**
 * "{page} | {brand title}" and a description from the loader's `meta`; the not-found title (or the
 * status) when the loader failed.
 */
export function contentMeta(matches: readonly Match[], loaderData: unknown, error?: unknown): MetaDescriptor[] {
  const root = rootMetaData(matches);
  const meta = (loaderData as { meta?: ContentMeta } | undefined)?.meta;
  if (error || !meta) {
    const status = (error as { status?: number } | undefined)?.status;
    const title = !error || status === 404 ? metaT(root, "errors.notFoundTitle") : String(status ?? 500);
    return [...pageMeta({ title: pageTitle(title, root.brand, metaT(root, "meta.defaultTitle")) }), { name: "robots", content: "noindex" }];
  }
  return pageMeta({
    title: pageTitle(meta.title, root.brand, metaT(root, "meta.defaultTitle")),
    description: meta.description || metaT(root, "meta.defaultDescription") || undefined,
  });
}
