import type { MetaDescriptor } from "react-router";
import type { Brand } from "~/branding/brands";

/** "{page} | {brand title}", or the brand title with the default tagline. */
export function pageTitle(page: string | null | undefined, brand: Brand | undefined, fallback: string): string {
  const site = brand?.title ?? "Officine Académie";
  return page ? `${page} | ${site}` : `${fallback} | ${site}`;
}

export function pageMeta(options: { title: string; description?: string }): MetaDescriptor[] {
  const meta: MetaDescriptor[] = [{ title: options.title }];
  if (options.description) meta.push({ name: "description", content: options.description });
  return meta;
}
