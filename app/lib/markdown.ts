/**
 * A small Markdown renderer for the documents under /docs (decision 0022): the subset those documents use
 * (headings, paragraphs, lists, links, emphasis, inline and fenced code, rules). Safe by construction: every piece of
 * text is HTML-escaped, raw HTML in the source shows as text, and links keep only http(s), mailto and
 * site-relative targets.
 */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

/** A link target kept as is, or null when it could run script or leave the expected schemes. */
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  // eslint-disable-next-line no-control-regex -- control characters in a link are refused on purpose
  if (href === "" || /[\u0000-\u001f\u007f\\]/.test(href)) return null;
  if (/^(https?:\/\/|mailto:)/i.test(href)) return href;
  // Anything else must be relative to the site: no other scheme ("javascript:", "data:"), no "//host".
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//")) return null;
  return href;
}

/** Inline Markdown of one block: code spans first (their content is literal), then links, then emphasis. */
export function renderInline(text: string): string {
  const parts = text.split(/(`[^`]+`)/);
  return parts
    .map((part) => {
      if (/^`[^`]+`$/.test(part)) return `<code>${escapeHtml(part.slice(1, -1))}</code>`;
      let html = escapeHtml(part);
      // Links, on the escaped text: the label and target can no longer contain markup.
      html = html.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, label: string, target: string) => {
        const href = safeHref(target.replace(/&amp;/g, "&"));
        return href ? `<a href="${escapeHtml(href)}">${label}</a>` : label;
      });
      html = html.replace(/\*\*(?=\S)(.+?)(?<=\S)\*\*/g, "<strong>$1</strong>").replace(/__(?=\S)(.+?)(?<=\S)__/g, "<strong>$1</strong>");
      html = html
        .replace(/(^|[^*\w])\*(?=\S)([^*]+?)(?<=\S)\*(?!\*)/g, "$1<em>$2</em>")
        .replace(/(^|[^_\w])_(?=\S)([^_]+?)(?<=\S)_(?![_\w])/g, "$1<em>$2</em>");
      return html;
    })
    .join("");
}

type Block = { kind: "p" | "ul" | "ol"; lines: string[] };

/** The document as HTML, and the text of its first level-1 heading (the page title). */
export function renderMarkdown(source: string): { html: string; title: string | null } {
  const out: string[] = [];
  let title: string | null = null;
  let block = null as Block | null;
  let fence: string[] | null = null;

  const flush = () => {
    if (!block) return;
    if (block.kind === "p") out.push(`<p>${renderInline(block.lines.join(" "))}</p>`);
    else out.push(`<${block.kind}>${block.lines.map((item) => `<li>${renderInline(item)}</li>`).join("")}</${block.kind}>`);
    block = null;
  };

  for (const rawLine of source.replace(/\r\n?/g, "\n").split("\n")) {
    const line = rawLine.replace(/\s+$/, "");
    if (fence) {
      if (/^\s*```/.test(line)) {
        out.push(`<pre><code>${escapeHtml(fence.join("\n"))}</code></pre>`);
        fence = null;
      } else fence.push(rawLine);
      continue;
    }
    if (/^\s*```/.test(line)) {
      flush();
      fence = [];
      continue;
    }
    if (line.trim() === "") {
      flush();
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*$/.exec(line);
    if (heading) {
      flush();
      const level = heading[1].length;
      if (level === 1 && title === null) title = heading[2];
      out.push(`<h${level}>${renderInline(heading[2])}</h${level}>`);
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flush();
      out.push("<hr>");
      continue;
    }
    const bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d{1,9}[.)]\s+(.*)$/.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      const kind = bullet ? "ul" : "ol";
      if (block?.kind !== kind) {
        flush();
        block = { kind, lines: [] };
      }
      block.lines.push(item[1]);
      continue;
    }
    // A wrapped line continues the list item or the paragraph it follows.
    if (block && block.kind !== "p" && /^\s+/.test(rawLine)) {
      block.lines[block.lines.length - 1] += ` ${line.trim()}`;
      continue;
    }
    if (block?.kind !== "p") {
      flush();
      block = { kind: "p", lines: [] };
    }
    block.lines.push(line.trim());
  }
  if (fence) out.push(`<pre><code>${escapeHtml(fence.join("\n"))}</code></pre>`);
  flush();
  return { html: out.join("\n"), title };
}
