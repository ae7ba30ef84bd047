import http from "node:http";
import { expect } from "vitest";
import { parseSetCookie } from "./http.ts";

/** A web tier answer as a browser without JavaScript gets it. */
export type Page = { status: number; body: Buffer; text: string; cookies: string[]; location?: string; headers: http.IncomingHttpHeaders };

export type PageRequestOptions = {
  method?: string;
  cookie?: string;
  /** A form body (url-encoded unless `type` says otherwise). */
  body?: string | Buffer;
  type?: string;
  /** The Host header's name (the brand): localhost unless given. */
  host?: string;
  /** The Accept-Language header: fr-FR unless given; null sends none. */
  language?: string | null;
  /** Any other request headers (they win over the ones above). */
  headers?: Record<string, string>;
};

/**
 * A browser without JavaScript: a plain HTTP request to the web tier, with the raw path as given, the brand's host
 * and the visitor's language; redirects are not followed (their `location` is in the answer).
 */
export function pageRequest(origin: string, rawPath: string, options: PageRequestOptions = {}): Promise<Page> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: Number(port),
        path: rawPath,
        method: options.method ?? "GET",
        headers: {
          host: `${options.host ?? "localhost"}:${port}`,
          accept: "text/html",
          ...(options.language === null ? {} : { "accept-language": options.language ?? "fr-FR" }),
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.body ? { "content-type": options.type ?? "application/x-www-form-urlencoded" } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            body,
            text: body.toString("utf8"),
            cookies: res.headers["set-cookie"] ?? [],
            location: res.headers.location,
            headers: res.headers,
          });
        });
      },
    );
    req.on("error", reject);
    if (options.body) req.write(options.body);
    req.end();
  });
}

/** The text of HTML attribute values and text nodes as React escapes them. */
export const decodeHtml = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/**
 * A browser without JavaScript holding a session's cookies (an API agent's, after its login): every answer's cookies
 * join the jar, as a browser keeps them; `defaults` (the brand's host, the language) go with every request.
 */
export function cookieBrowser(origin: string, cookies: Iterable<[string, string]>, defaults: PageRequestOptions = {}) {
  const jar = new Map(cookies);
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const send = async (path: string, options: PageRequestOptions = {}) => {
    const page = await pageRequest(origin, path, { ...defaults, ...options, cookie: cookie() });
    for (const header of page.cookies) {
      const set = parseSetCookie(header);
      if (set.value) jar.set(set.name, set.value);
    }
    return page;
  };
  return {
    send,
    get: (path: string) => send(path),
    /** Opens `from`, then posts the fields to `path` with the form token of the page it opened. */
    post: async (path: string, fields: Record<string, string> | [string, string][], from = path) => {
      const token = decodeHtml(/name="csrf" value="([^"]+)"/.exec((await send(from)).text)?.[1] ?? "");
      expect(token, `form token on ${from}`).toBeTruthy();
      const body = new URLSearchParams([["csrf", token], ...(Array.isArray(fields) ? fields : Object.entries(fields))]).toString();
      return send(path, { method: "POST", body });
    },
  };
}
