import sanitizeHtml from "sanitize-html";

/**
 * Content HTML from the database (news, content pages, FAQ answers) is cleaned before it leaves the
 * API: a small set of text tags, links and images with safe schemes, no scripts, styles, event
 * handlers or frames. h1 becomes h2 (the page has its own h1); external links get rel=noopener.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "sub",
    "sup",
    "small",
    "mark",
    "blockquote",
    "ul",
    "ol",
    "li",
    "dl",
    "dt",
    "dd",
    "a",
    "img",
    "figure",
    "figcaption",
    "table",
    "caption",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    "code",
    "pre",
    "abbr",
    "span",
  ],
  allowedAttributes: {
    a: ["href", "title", "hreflang", "rel"],
    img: ["src", "alt", "width", "height", "loading"],
    th: ["scope", "colspan", "rowspan"],
    td: ["colspan", "rowspan"],
    abbr: ["title"],
    ol: ["start", "reversed"],
    "*": ["lang"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["https", "http"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    h1: "h2",
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      const external = /^https?:\/\//i.test(href);
      const { rel: _rel, ...rest } = attribs;
      return { tagName, attribs: external ? { ...rest, rel: "noopener noreferrer" } : rest };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? "", loading: "lazy" } }),
  },
};

export function sanitizeContentHtml(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Plain text of some HTML (descriptions, mails). */
export function htmlToText(html: string | null | undefined, max = 300): string {
  const spaced = (html ?? "").replace(/<(br|\/p|\/h[1-6]|\/li|\/div|\/td|\/th|\/dd|\/dt)\b[^>]*>/gi, "$& ");
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, "")}…`;
}
