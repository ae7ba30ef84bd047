import { pageRequest } from "./page-request.ts";

/**
 * A crawl over HTTP, as a browser without JavaScript: from the home page, it follows the same-origin links of each
 * HTML page it gets and reads the text a person reads (visible text, plus the labels of controls and images). Each
 * page is checked for raw translation keys, English words on a French or Spanish page, 5xx answers and the layout
 * (the site's header and footer). Used by tests/integration/crawl-words.test.ts.
 */

/** Not pages, or actions: the API, files, downloads, logout, the locale and consent posts. */
const SKIPPED = [
  /^\/back(\/|$)/,
  /^\/(uploads|media|brands|assets|app)\//,
  /^\/docs\/./,
  /^\/(deconnexion|desconexion|locale|consent-cookies|notifications\/read|consentement)$/,
  /\/(export|exportar|telecharger|descargar|download)(\/|$)/,
  /\.(pdf|md|xml|txt|svg|png|jpe?g|webp|mp4|webm|vtt|ics|csv|xlsx|zip|json)$/i,
];

/**
 * English words that have no place on a French or Spanish page (whole words, case-sensitive): framework and
 * placeholder words, and the raw values of our enums (statuses, fundings, content kinds) that leaked before.
 */
export const ENGLISH_WORDS = [
  "Forbidden",
  "Not Found",
  "Unauthorized",
  "Internal Server Error",
  "Bad Request",
  "Method Not Allowed",
  "Unexpected Server Error",
  "Loading",
  "Submit",
  "Cancel",
  "Save",
  "Delete",
  "Back",
  "Next",
  "Previous",
  "Search",
  "Sign in",
  "Log in",
  "Sign up",
  "Logout",
  "undefined",
  "null",
  "NaN",
  "Invalid Date",
  "[object Object]",
  "free",
  "paid",
  "pending",
  "finished",
  "in_progress",
  "not_started",
  "cancelled",
  "faceToFace",
  "faceToFaceOnly",
  "virtualClass",
  "faqSection",
  "holder",
  "learner",
  "referent",
  "walk",
];

/** A raw key: two or more dotted camel-case words ("errors.backHome", "order.checkConfirmed"). */
const RAW_KEY = /(?<![\w@/.-])[a-z][a-zA-Z0-9]*(?:\.[a-z][a-zA-Z0-9]*)+(?![\w@/-])/g;
/** Dotted words that are not keys: e-mail addresses, host names, file names. */
const NOT_KEYS = /^(?:[a-z0-9.-]+\.(?:test|localhost|fr|be|es|com|org|net|eu|pdf|csv|xlsx|png|jpg)|e\.g|i\.e)$/;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'", "#x27": "'" };

function decode(text: string): string {
  return text.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    if (ENTITIES[name] !== undefined) return ENTITIES[name];
    if (name.startsWith("#x")) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return whole;
  });
}

/** The text a person reads or hears: text outside scripts and styles, and the labels, titles and alt texts. */
export function readableText(html: string): string {
  const body = html.replace(/<(script|style|template|noscript)\b[\s\S]*?<\/\1>/gi, " ").replace(/<!--[\s\S]*?-->/g, " ");
  const labels = [...body.matchAll(/\s(?:aria-label|title|alt|placeholder)="([^"]*)"/g)].map((match) => match[1]);
  const text = body.replace(/<[^>]+>/g, " ");
  return decode([text, ...labels].join(" ")).replace(/\s+/g, " ");
}

export function rawKeysIn(text: string): string[] {
  return [...withoutData(text).matchAll(RAW_KEY)].map((match) => match[0]).filter((word) => !NOT_KEYS.test(word));
}

/** People's names in the demo data that are no words of the interface (the shop journeys' customers). */
const DATA_TEXT = [/Boutique free (?:no)?js/g];

function withoutData(text: string): string {
  return DATA_TEXT.reduce((rest, pattern) => rest.replace(pattern, " "), text.replace(/\S+@\S+/g, " ").replace(/\bhttps?:\/\/\S+/g, " "));
}

export function englishWordsIn(text: string, words = ENGLISH_WORDS): string[] {
  text = withoutData(text);
  return words.filter((word) => new RegExp(`(?<![\\p{L}\\w])${word.replace(/[[\]]/g, "\\$&")}(?![\\p{L}\\w])`, "u").test(text));
}

/**
 * Slips of writing: "badge(s)" where a plural form belongs, and in French a colon without the space before it
 * ("État actuel: Création"; our own texts put a narrow no-break space there).
 */
export function typographySlipsIn(text: string, french: boolean): string[] {
  const plain = withoutData(text).replace(/\bjavascript:/g, " ");
  const slips = [...plain.matchAll(/\p{L}+\((?:s|es|x)\)/gu)].map((match) => `"${match[0]}" instead of a plural`);
  if (french) slips.push(...[...plain.matchAll(/\S{0,20}[\p{L}\d)»](?=:(?:\s|$))/gu)].map((match) => `"${match[0]}:" without a space before the colon`));
  return [...new Set(slips)];
}

/** Same-origin link targets of a page, without fragment and query (a query is another view of the same page). */
export function linksOf(html: string, origin: string, from: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)) {
    const href = decode(match[1]);
    if (/^(mailto|tel|javascript):/i.test(href) || href.startsWith("#")) continue;
    let url: URL;
    try {
      url = new URL(href, origin + from);
    } catch {
      continue;
    }
    if (url.origin !== origin || SKIPPED.some((pattern) => pattern.test(url.pathname))) continue;
    found.push(url.pathname);
  }
  return found;
}

/** Lists whose items are pages of one kind: a course, a news item, an expert, an attestation check... */
const COLLECTIONS = new Set([
  "dpc",
  "mixt",
  "formation",
  "faceToFaceOnly",
  "virtualClass",
  "pdf",
  "video",
  "podcast",
  "webinar",
  "quiz",
  "actualites",
  "noticias",
  "experts",
  "expertos",
  "verification-attestation",
  "verificacion-certificado",
  "trainer",
  "feedback",
]);

/** Pages of one kind (a course, a news item, an order...) are read a few times, not each one. */
function kindOf(path: string): string {
  const segments = path.split("/").filter(Boolean);
  if (segments.length >= 2 && COLLECTIONS.has(segments[0])) return [segments[0], "*", ...segments.slice(2)].join("/");
  return segments.map((segment) => (/\d/.test(segment) ? "*" : segment)).join("/");
}

export type CrawlProblem = { path: string; from: string; problem: string };
export type CrawlResult = { visited: Map<string, number>; problems: CrawlProblem[] };

export type CrawlOptions = {
  origin: string;
  /** The brand's host name (localhost, be.localhost, es.localhost). */
  host: string;
  language: string;
  cookie?: string;
  maxPages?: number;
  /** Pages of one kind read at most (see kindOf). */
  perKind?: number;
  /** Where the crawl starts besides the home page (the user menu's links are on every page). */
  start?: string[];
  /** Pages already read by another crawl of the brand (the guest's): not read again (unless a redirect leads there). */
  skip?: ReadonlySet<string>;
};

export async function crawl(options: CrawlOptions): Promise<CrawlResult> {
  const { origin, host, language, cookie, maxPages = 40, perKind = 2 } = options;
  const siteOrigin = `http://${host}:${new URL(origin).port}`;
  const visited = new Map<string, number>();
  const problems: CrawlProblem[] = [];
  const kinds = new Map<string, number>();
  const starts = ["/", ...(options.start ?? [])];
  const queue = starts.map((path) => ({ path, from: "(start)" }));
  const queued = new Set(starts);
  const french = language.startsWith("fr");
  while (queue.length > 0 && visited.size < maxPages) {
    const { path, from } = queue.shift()!;
    const page = await pageRequest(origin, path, { host, language, cookie });
    visited.set(path, page.status);
    const report = (problem: string) => problems.push({ path, from, problem });
    let links: string[] = [];
    if (page.status >= 500) report(`answered ${page.status}`);
    if (page.status >= 300 && page.status < 400 && page.location) {
      links = linksOf(`<a href="${page.location}">`, siteOrigin, path);
    } else if (page.status < 400 && String(page.headers["content-type"] ?? "").includes("text/html")) {
      // (Error pages are read by their own tests: tests/e2e/not-found.spec.ts and the error pages' tests.)
      const html = page.text;
      if (!html.includes('data-testid="brand-home-link"') || !html.includes('data-testid="site-footer"')) report("no layout (header and footer)");
      const text = readableText(html);
      for (const key of new Set(rawKeysIn(text))) report(`raw key "${key}"`);
      for (const word of englishWordsIn(text)) report(`English "${word}" on a ${french ? "French" : "Spanish"} page`);
      // The back office shows every brand's own texts (Spanish names on a French page): its data is not checked.
      for (const slip of typographySlipsIn(text, french && !path.startsWith("/admin"))) report(slip);
      links = linksOf(html, siteOrigin, path);
    }
    const redirected = page.status >= 300 && page.status < 400;
    for (const link of links) {
      // A redirect's target is always read: it is where this visitor lands.
      if (queued.has(link) || (!redirected && options.skip?.has(link))) continue;
      const kind = kindOf(link);
      const seen = kinds.get(kind) ?? 0;
      if (seen >= perKind) continue;
      kinds.set(kind, seen + 1);
      queued.add(link);
      queue.push({ path: link, from: path });
    }
  }
  return { visited, problems };
}
