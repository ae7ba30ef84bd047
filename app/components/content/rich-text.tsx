import { cx } from "~/components/ui/cx";

/**
 * HTML from the content database. The back API sanitises it (server/back/modules/content/sanitize.ts)
 * before it reaches the page: only text tags, safe links and images remain.
 */
export function RichText({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  return (
    <div
      data-testid={testId}
      className={cx(
        "prose-links max-w-none text-base leading-relaxed text-slate-800",
        "[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900",
        "[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-slate-900",
        "[&_h4]:mt-4 [&_h4]:mb-2 [&_h4]:font-bold",
        "[&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1",
        "[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_blockquote]:italic",
        "[&_table]:my-4 [&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:border-slate-300 [&_td]:p-2 [&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-50 [&_th]:p-2 [&_th]:text-left",
        "[&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded",
        "[&>*:first-child]:mt-0",
        className,
      )}
      // Sanitised by the back API.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
