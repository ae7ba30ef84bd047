import { Readable } from "node:stream";
import { AwsClient } from "aws4fetch";
import { AppError } from "../back/http/app-error.ts";
import { areaOfStoredPath, contentTypeOf, newStoredPath, sha256Hex, STORAGE_AREAS, type AdoptingFileStore, type FileRead } from "./file-store.ts";

/**
 * Files in a bucket of any S3-compatible object store (ADR 0139): AWS S3, MinIO, Garage, Ceph, Cloudflare R2,
 * Scaleway, OVHcloud... Every instance sees the same files, and the database keeps only their paths. The bucket stays
 * private: the platform serves its files itself, public ones at their path and private ones through the routes that
 * check who asks (ADR 0120), exactly as with the other drivers.
 */

/** Where the bucket is and how to sign for it, read from S3_URL. */
export type S3Location = {
  /** The bucket's URL without credentials: an object's URL is this, "/", the key prefix, then the stored path's key. */
  bucketUrl: string;
  /** "" or a folder of the bucket ending with "/" (path style only: `/bucket/prefix`). */
  keyPrefix: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The bucket's region when S3_URL names it; otherwise read from an AWS host name, else us-east-1. */
  region?: string;
};

const S3_URL_FORM = "http(s)://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix][?region=REGION]";

/**
 * Reads S3_URL. Path style (`https://KEY:SECRET@minio.internal:9000/training-files[/prefix]`) and virtual-hosted style
 * (`https://KEY:SECRET@training-files.s3.eu-west-3.amazonaws.com`) both work. The key and the secret are
 * percent-decoded (an AWS secret's "/" is written %2F). The message of an error never repeats the URL, which holds
 * the secret.
 */
export function parseS3Url(value: string): S3Location {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`S3_URL is not a URL; its form is ${S3_URL_FORM}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`S3_URL must start with http:// or https://; its form is ${S3_URL_FORM}`);
  if (!url.username || !url.password) throw new Error(`S3_URL lacks the access key or the secret; its form is ${S3_URL_FORM}`);
  const region = url.searchParams.get("region") || undefined;
  // Path style names the bucket first, then an optional prefix; virtual-hosted style has the bucket in the host.
  const [bucket, ...prefix] = url.pathname.split("/").filter(Boolean);
  return {
    bucketUrl: `${url.protocol}//${url.host}${bucket ? `/${bucket}` : ""}`,
    keyPrefix: prefix.length > 0 ? `${prefix.join("/")}/` : "",
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    ...(region ? { region } : {}),
  };
}

/** How long the store has to answer (for an upload: to take the bytes and answer). A slow download is never cut. */
const ANSWER_TIMEOUT_MS = { read: 10_000, write: 60_000 } as const;
/** aws4fetch tries again on a 5xx or a 429, waiting up to 100, then 200 ms: a store that stays down fails fast. */
const RETRIES = 2;

/** A request the store refused or failed: its HTTP status and S3 error code (NoSuchBucket, AccessDenied...). */
export class S3RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    what: string,
  ) {
    super(`S3 ${what}: ${status} ${code}`);
    this.name = "S3RequestError";
  }
}

/** Reading or removing a file when the store fails: 503 for the user ("try again in a moment"), the cause logged. */
function unavailable(cause: unknown): AppError {
  return new AppError("SERVICE_UNAVAILABLE", "serviceUnavailable", { cause });
}

export type S3FileStore = AdoptingFileStore & {
  /** Every stored path in the bucket's storage areas, for a backup (`pageSize` keys a request). */
  list(pageSize?: number): Promise<string[]>;
};

const XML_ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&apos;": "'" };
const xmlText = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (entity) => XML_ENTITIES[entity]);

export function createS3FileStore(location: S3Location): S3FileStore {
  const client = new AwsClient({
    accessKeyId: location.accessKeyId,
    secretAccessKey: location.secretAccessKey,
    service: "s3",
    ...(location.region ? { region: location.region } : {}),
    retries: RETRIES,
    initRetryMs: 100,
  });
  const urlOf = (storedPath: string) => `${location.bucketUrl}/${location.keyPrefix}${storedPath.slice(1)}`;
  // A bucket's own requests (the list) go to the bucket's URL: with a path in path style, at "/" in virtual-hosted.
  const bucketRequestUrl = new URL(location.bucketUrl).pathname === "/" ? `${location.bucketUrl}/` : location.bucketUrl;

  async function send(method: string, url: string, timeoutMs: number, init: { body?: Uint8Array; headers?: Record<string, string> } = {}) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`S3 ${method} took more than ${timeoutMs} ms to answer`)), timeoutMs);
    try {
      return await client.fetch(url, { method, headers: init.headers, body: init.body as BodyInit | undefined, signal: controller.signal });
    } finally {
      clearTimeout(timer);
    }
  }

  async function failure(response: Response, what: string): Promise<S3RequestError> {
    const text = await response.text().catch(() => "");
    return new S3RequestError(response.status, /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? response.statusText, what);
  }

  async function write(storedPath: string, bytes: Uint8Array, ownerId: number | null, sha256: string): Promise<void> {
    const headers: Record<string, string> = {
      "content-type": contentTypeOf(storedPath),
      // The store checks the bytes it received against their hash, and keeps it for the ETag (as the database does).
      "x-amz-content-sha256": sha256,
      "x-amz-meta-sha256": sha256,
    };
    if (ownerId !== null) headers["x-amz-meta-owner-id"] = String(ownerId);
    const response = await send("PUT", urlOf(storedPath), ANSWER_TIMEOUT_MS.write, { body: bytes, headers });
    if (!response.ok) throw await failure(response, `PUT ${storedPath}`);
    await response.body?.cancel();
  }

  /** The object's headers, or null when there is none. */
  async function head(storedPath: string): Promise<Response | null> {
    const response = await send("HEAD", urlOf(storedPath), ANSWER_TIMEOUT_MS.read);
    if (response.status === 404) return null;
    if (!response.ok) throw await failure(response, `HEAD ${storedPath}`);
    return response;
  }

  async function* body(storedPath: string): AsyncIterable<Uint8Array> {
    const response = await send("GET", urlOf(storedPath), ANSWER_TIMEOUT_MS.read);
    if (response.status === 404) return; // removed since its headers were read: the response ends short, as with the other drivers
    if (!response.ok || !response.body) throw await failure(response, `GET ${storedPath}`);
    yield* Readable.fromWeb(response.body as import("node:stream/web").ReadableStream<Uint8Array>);
  }

  /**
   * ListObjects (version 1, which every S3-compatible store answers): a page of keys after `marker`, the last key of
   * the page before. Version 2's continuation tokens are opaque to the client and some local servers cannot make them.
   */
  async function list(pageSize = 1000): Promise<string[]> {
    const paths: string[] = [];
    for (const area of STORAGE_AREAS) {
      let marker = "";
      for (;;) {
        const query = new URLSearchParams({ prefix: `${location.keyPrefix}${area}/`, "max-keys": String(pageSize) });
        if (marker) query.set("marker", marker);
        const response = await send("GET", `${bucketRequestUrl}?${query}`, ANSWER_TIMEOUT_MS.read);
        if (!response.ok) throw await failure(response, `list ${area}`);
        const xml = await response.text();
        const keys = [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map(([, key]) => xmlText(key));
        for (const key of keys) {
          const storedPath = `/${key.slice(location.keyPrefix.length)}`;
          if (areaOfStoredPath(storedPath)) paths.push(storedPath);
        }
        if (!/<IsTruncated>true<\/IsTruncated>/.test(xml) || keys.length === 0) break;
        marker = keys[keys.length - 1];
      }
    }
    return paths;
  }

  return {
    kind: "s3",
    list,
    async put(file) {
      const sha256 = sha256Hex(file.bytes);
      const storedPath = newStoredPath(file, sha256);
      await write(storedPath, file.bytes, file.ownerId ?? null, sha256);
      return storedPath;
    },
    async adopt(storedPath, bytes) {
      if (!areaOfStoredPath(storedPath)) throw new Error(`Not a stored file path: ${storedPath}`);
      if (await head(storedPath)) return false;
      await write(storedPath, bytes, null, sha256Hex(bytes));
      return true;
    },
    async read(storedPath): Promise<FileRead | null> {
      if (!areaOfStoredPath(storedPath)) return null;
      const response = await head(storedPath).catch((error: unknown) => {
        throw unavailable(error);
      });
      if (!response) return null;
      const sha256 = response.headers.get("x-amz-meta-sha256");
      return {
        contentType: contentTypeOf(storedPath),
        size: Number(response.headers.get("content-length") ?? 0),
        etag: sha256 && /^[0-9a-f]{64}$/.test(sha256) ? `"${sha256}"` : (response.headers.get("etag") ?? `"${storedPath}"`),
        body: () => body(storedPath),
      };
    },
    async remove(storedPath) {
      if (!storedPath || !areaOfStoredPath(storedPath)) return;
      try {
        const response = await send("DELETE", urlOf(storedPath), ANSWER_TIMEOUT_MS.read);
        // S3 answers 204 whether the key was there or not; some stores answer 404 for a missing one.
        if (!response.ok && response.status !== 404) throw await failure(response, `DELETE ${storedPath}`);
        await response.body?.cancel();
      } catch (error) {
        throw unavailable(error);
      }
    },
  };
}
