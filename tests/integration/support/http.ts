import { expect } from "vitest";
import { parseSetCookie } from "../../support/cookies.ts";

export { parseSetCookie };

export type Envelope<T = any> = { status: "Success" | "Error"; message: string; data: T };

/** A 422's data carries `errors` (field -> messages) whatever the success data's type is. */
export type ErrorData = { errors: Record<string, string[]> };

export type Reply<T = any> = {
  status: number;
  headers: Headers;
  setCookies: string[];
  text: string;
  body: Envelope<T & ErrorData>;
};

export type RequestOptions = {
  json?: unknown;
  /** A raw body (string, bytes, stream) sent as is. */
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Send the XSRF-TOKEN cookie value in X-XSRF-TOKEN (default true for mutations). */
  csrf?: boolean;
  /** Extra option for streamed bodies. */
  duplex?: "half";
};

/**
 * A browser-like client: a cookie jar, an Accept-Language, and the Sanctum-style CSRF
 * dance (GET /back/sanctum/csrf-cookie, then X-XSRF-TOKEN on mutations).
 */
export class Agent {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly origin: string,
    readonly defaults: Record<string, string> = {},
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<Reply<T>> {
    const headers = new Headers({ accept: "application/json", ...this.defaults, ...options.headers });
    const cookie = this.cookieHeader();
    if (cookie && !headers.has("cookie")) headers.set("cookie", cookie);
    const mutating = !["GET", "HEAD", "OPTIONS"].includes(method);
    const xsrf = this.cookies.get("XSRF-TOKEN");
    if (mutating && options.csrf !== false && xsrf && !headers.has("x-xsrf-token")) {
      headers.set("x-xsrf-token", decodeURIComponent(xsrf));
    }
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      if (!headers.has("content-type")) headers.set("content-type", "application/json");
    }
    const init: RequestInit & { duplex?: "half" } = { method, headers, body, redirect: "manual" };
    if (options.duplex) init.duplex = options.duplex;
    const response = headers.has("host") ? await fetchWithHost(this.origin + path, method, headers, body) : await fetch(this.origin + path, init);
    const setCookies = response.headers.getSetCookie();
    for (const header of setCookies) {
      const { name, value, attributes } = parseSetCookie(header);
      if (value === "" || attributes["max-age"] === "0") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: any = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    return { status: response.status, headers: response.headers, setCookies, text, body: parsed };
  }

  /** The raw Response (binary bodies such as PDFs), on the agent's host like every other request. */
  fetchRaw(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Response> {
    const all = new Headers({ ...this.defaults, cookie: this.cookieHeader(), ...headers });
    if (all.has("host")) return fetchWithHost(this.origin + path, method, all, body);
    return fetch(this.origin + path, { method, headers: all, body });
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>("GET", path, options);
  }

  post<T = any>(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>("POST", path, { ...options, json: json ?? options.json });
  }

  async csrf(): Promise<string> {
    const reply = await this.get("/back/sanctum/csrf-cookie");
    expect(reply.status).toBe(204);
    const token = this.cookies.get("XSRF-TOKEN");
    if (!token) throw new Error("no XSRF-TOKEN cookie");
    return decodeURIComponent(token);
  }

  async login(email: string, password = "demo1234") {
    if (!this.cookies.has("XSRF-TOKEN")) await this.csrf();
    return this.post("/back/api/login", { email, password });
  }

  async logout() {
    if (!this.cookies.has("XSRF-TOKEN")) await this.csrf();
    return this.post("/back/api/logout", {});
  }
}

/**
 * fetch() never sends a Host header of its own choosing: a request "on another brand's host" (as a browser on
 * es.localhost would send it) goes through node:http instead. String or byte bodies only.
 */
async function fetchWithHost(url: string, method: string, headers: Headers, body: BodyInit | null | undefined): Promise<Response> {
  const http = await import("node:http");
  if (body instanceof FormData) {
    // Encoded as fetch would: the multipart bytes and their boundary.
    const encoded = new Request(url, { method, body });
    headers.set("content-type", encoded.headers.get("content-type")!);
    body = new Uint8Array(await encoded.arrayBuffer());
  }
  if (body !== undefined && body !== null && typeof body !== "string" && !(body instanceof Uint8Array)) {
    throw new Error("A request with an explicit Host header takes a string or byte body");
  }
  const outgoing: Record<string, string> = {};
  headers.forEach((value, name) => (outgoing[name] = value));
  if (body !== undefined && body !== null) outgoing["content-length"] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers: outgoing }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("error", reject);
      incoming.on("end", () => {
        const replyHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) replyHeaders.append(name, item);
        }
        const status = incoming.statusCode ?? 500;
        const empty = status === 204 || status === 304 || method === "HEAD";
        resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: replyHeaders }));
      });
    });
    request.on("error", reject);
    request.end(body ?? undefined);
  });
}

/** Asserts the envelope shape of a reply and its HTTP status. */
export function expectEnvelope(reply: Reply, status: number, kind: "Success" | "Error" = status < 400 ? "Success" : "Error") {
  expect(reply.status, `HTTP status of ${reply.text.slice(0, 300)}`).toBe(status);
  expect(reply.headers.get("content-type") ?? "").toMatch(/^application\/json/);
  expect(reply.body, `envelope of ${reply.text.slice(0, 300)}`).toMatchObject({ status: kind });
  expect(typeof reply.body.message).toBe("string");
  expect(reply.body.message.length).toBeGreaterThan(0);
  expect(Object.keys(reply.body).sort()).toEqual(["data", "message", "status"]);
}

/** What is wrong with a reply's envelope (null when it is a well-formed one): for suites that collect problems. */
export function envelopeProblem(reply: Reply): string | null {
  if (!(reply.headers.get("content-type") ?? "").startsWith("application/json")) return `not JSON (${reply.headers.get("content-type")})`;
  const body = reply.body as unknown;
  if (body === null || typeof body !== "object" || Array.isArray(body)) return "no envelope";
  const keys = Object.keys(body).sort().join(",");
  if (keys !== "data,message,status") return `envelope keys ${keys}`;
  const { status, message } = reply.body;
  if (status !== (reply.status < 400 ? "Success" : "Error")) return `envelope status ${String(status)} with HTTP ${reply.status}`;
  if (typeof message !== "string" || message.length === 0) return "envelope without a message";
  return null;
}

/**
 * A request whose body is written in chunks without Content-Length (Transfer-Encoding: chunked),
 * with node:http so that an early reply (413 before the upload ends) is still read.
 */
export async function chunkedRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; chunks: (string | Uint8Array)[] },
): Promise<{ status: number; text: string; body: Envelope | null; headers: import("node:http").IncomingHttpHeaders }> {
  const http = await import("node:http");
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? "POST", headers: options.headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => {
        let body: Envelope | null = null;
        try {
          body = JSON.parse(text);
        } catch {
          body = null;
        }
        resolve({ status: response.statusCode ?? 0, text, body, headers: response.headers });
      });
    });
    request.on("error", (error) => {
      // The server may close the socket after its early reply: that is not a failure of the test.
      if (!request.writableEnded || (error as NodeJS.ErrnoException).code !== "EPIPE") reject(error);
    });
    void (async () => {
      for (const chunk of options.chunks) {
        if (request.destroyed) return;
        if (!request.write(chunk)) await new Promise((r) => request.once("drain", r));
      }
      request.end();
    })().catch(() => {});
  });
}
