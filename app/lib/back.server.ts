import { randomUUID } from "node:crypto";
import type { Locale } from "#core/branding/brands.ts";

export type Envelope<T> = { status: "Success" | "Error"; message: string; data: T };

/** A back API reply with status "Error": the server's message and HTTP status. */
export class BackError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = "BackError";
  }

  /** Field errors of a 422 (field -> messages). */
  get fieldErrors(): Record<string, string[]> {
    const errors = (this.data as { errors?: Record<string, string[]> } | null)?.errors;
    return errors ?? {};
  }
}

export type BackTransport =
  | { kind: "in-process"; fetch: (request: Request, clientIp: string) => Promise<Response> }
  | { kind: "http"; baseUrl: string };

export type BackClientOptions = {
  transport: BackTransport;
  /** The browser's Cookie header. */
  cookieHeader: string | null;
  locale: Locale;
  host: string;
  clientIp: string;
  requestId?: string;
};

const CSRF_COOKIE = "XSRF-TOKEN";

/**
 * Calls the back API for one browser request: forwards the browser's cookies, sends the
 * locale, does the CSRF dance for mutations, unwraps the envelope, and collects every
 * Set-Cookie so the web response hands them on to the browser.
 */
export class BackClient {
  private readonly jar = new Map<string, string>();
  readonly setCookieHeaders: string[] = [];

  constructor(private readonly options: BackClientOptions) {
    for (const part of (options.cookieHeader ?? "").split(";")) {
      const index = part.indexOf("=");
      if (index > 0) this.jar.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
    }
  }

  get<T>(path: string, query?: Record<string, string | number | boolean | undefined | null>) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
    }
    const qs = search.toString();
    return this.request<T>("GET", qs ? `${path}?${qs}` : path);
  }

  /**
   * A GET that changes state (the spec's GET subscribe, module complete, join calls): sent with the CSRF
   * header like a POST, because the back API refuses those GETs without it.
   */
  getWithCsrf<T>(path: string) {
    return this.request<T>("GET", path, undefined, { csrf: true });
  }

  post<T>(path: string, body?: unknown) {
    return this.request<T>("POST", path, body);
  }

  /** Multipart POST (file uploads): same cookies and CSRF dance as `post`. */
  postForm<T>(path: string, formData: FormData) {
    return this.request<T>("POST", path, formData);
  }

  put<T>(path: string, body?: unknown) {
    return this.request<T>("PUT", path, body);
  }

  delete<T>(path: string, body?: unknown) {
    return this.request<T>("DELETE", path, body);
  }

  /** A POST whose success reply is a file, not an envelope (downloads): the raw Response; an error still throws BackError. */
  async postForFile(path: string, body?: unknown): Promise<Response> {
    if (!this.jar.has(CSRF_COOKIE)) await this.send("GET", "/back/sanctum/csrf-cookie");
    const response = await this.send("POST", `/back/api${path.startsWith("/") ? path : `/${path}`}`, body, true);
    if (response.ok && !(response.headers.get("content-type") ?? "").includes("json")) return response;
    const envelope = await readEnvelope<unknown>(response);
    throw new BackError(response.ok ? 500 : response.status, envelope.message, envelope.data);
  }

  /** Whether the browser holds a cookie (as last set by the back API). */
  hasCookie(name: string): boolean {
    return this.jar.has(name);
  }

  async request<T>(method: string, path: string, body?: unknown, { csrf = method !== "GET" && method !== "HEAD" } = {}): Promise<T> {
    if (csrf && !this.jar.has(CSRF_COOKIE)) {
      await this.send("GET", "/back/sanctum/csrf-cookie");
    }
    const response = await this.send(method, `/back/api${path.startsWith("/") ? path : `/${path}`}`, body, csrf);
    const envelope = await readEnvelope<T>(response);
    if (envelope.status !== "Success" || !response.ok) {
      throw new BackError(response.status, envelope.message, envelope.data);
    }
    return envelope.data;
  }

  private async send(method: string, path: string, body?: unknown, csrf = false): Promise<Response> {
    const headers = new Headers({
      accept: "application/json",
      "accept-language": this.options.locale,
      "x-forwarded-host": this.options.host,
      "x-forwarded-for": this.options.clientIp,
      "x-request-id": this.options.requestId ?? randomUUID(),
    });
    const cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
    if (cookie) headers.set("cookie", cookie);
    const xsrf = this.jar.get(CSRF_COOKIE);
    if (xsrf && csrf) headers.set("x-xsrf-token", decodeURIComponent(xsrf));
    let payload: string | FormData | undefined;
    if (body instanceof FormData) {
      // fetch sets the multipart content type with its boundary.
      payload = body;
    } else if (body !== undefined) {
      headers.set("content-type", "application/json");
      payload = JSON.stringify(body);
    }
    const { transport } = this.options;
    const base = transport.kind === "http" ? transport.baseUrl.replace(/\/+$/, "") : "http://in-process";
    const request = new Request(base + path, { method, headers, body: payload });
    const response =
      transport.kind === "http" ? await fetch(request) : await transport.fetch(request, this.options.clientIp);
    this.absorbCookies(response);
    return response;
  }

  private absorbCookies(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      this.setCookieHeaders.push(header);
      const [pair, ...attributes] = header.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T>> {
  const text = await response.text();
  try {
    const parsed = JSON.parse(text) as Partial<Envelope<T>>;
    if (parsed && (parsed.status === "Success" || parsed.status === "Error")) {
      return { status: parsed.status, message: parsed.message ?? "", data: parsed.data as T };
    }
    // Other replies are wrapped as Success or Error (spec section 7).
    return { status: response.ok ? "Success" : "Error", message: response.statusText, data: parsed as T };
  } catch {
    return { status: response.ok ? "Success" : "Error", message: text.slice(0, 300) || response.statusText, data: null as T };
  }
}
