import sanitizeHtml from "sanitize-html";

const DESCRIPTION_HTML: sanitizeHtml.IOptions = {
  allowedTags: ["h3", "h4", "p", "br", "strong", "b", "em", "i", "u", "sub", "sup", "ul", "ol", "li", "a", "blockquote", "aside", "span", "abbr"],
  allowedAttributes: { a: ["href", "title", "rel"], abbr: ["title"], aside: ["class"], "*": ["lang"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // The page has its h1 (name) and h2 sections: headings inside the description start at h3.
    h1: "h3",
    h2: "h3",
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:\/\//i.test(attribs.href ?? "") ? { ...attribs, rel: "noopener noreferrer" } : attribs,
    }),
  },
};

/** Training HTML (sanitised on write too): cleaned again before it leaves the API. */
export function cleanHtml(html: string | null | undefined): string {
  return html ? sanitizeHtml(html, DESCRIPTION_HTML) : "";
}
