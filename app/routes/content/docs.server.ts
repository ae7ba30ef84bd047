import fs from "node:fs/promises";
import path from "node:path";

/**
 * The documents folder served at /docs/{path} (content/docs, or CONTENT_DOCS_DIR). Paths are resolved
 * so that nothing outside the folder can be reached: no "..", no encoded separators or backslashes,
 * no absolute paths, no hidden files, no symbolic links that lead out, and only the listed file types.
 */
export const DOCUMENT_TYPES: Readonly<Record<string, string>> = {
  ".pdf": "application/pdf",
  ".txt": "text/plain; charset=utf-8",
  ".md": "text/plain; charset=utf-8",
  ".csv": "text/csv; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
};

const MAX_SEGMENTS = 8;
const MAX_SEGMENT_LENGTH = 200;

export function documentsRoot(): string {
  return path.resolve(process.env.CONTENT_DOCS_DIR || path.join(process.cwd(), "content", "docs"));
}

/**
 * The decoded segments of the part of a URL path after "/docs/" (still percent-encoded), or null
 * when it is empty or could name something outside the folder or hidden.
 */
export function documentSegments(encodedPath: string): string[] | null {
  if (!encodedPath || encodedPath.length > 1000) return null;
  // Backslashes and NUL, raw or encoded, never belong to a document path.
  // eslint-disable-next-line no-control-regex -- a NUL in a document path is refused on purpose
  if (/\\|%5c|%00|\u0000/i.test(encodedPath)) return null;
  const segments: string[] = [];
  for (const part of encodedPath.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      return null;
    }
    if (decoded === "" || decoded.startsWith(".")) return null; // "", ".", "..", hidden files
    // eslint-disable-next-line no-control-regex -- control characters in a document path are refused on purpose
    if (/[/\\:\u0000-\u001f\u007f]/.test(decoded)) return null; // encoded separators, drive letters, control characters
    if (decoded.length > MAX_SEGMENT_LENGTH) return null;
    segments.push(decoded);
  }
  return segments.length <= MAX_SEGMENTS ? segments : null;
}

export type ResolvedDocument = { file: string; name: string; type: string; size: number; mtime: Date };

/** The file a /docs path names, or null (then the page is a 404). */
export async function resolveDocument(encodedPath: string): Promise<ResolvedDocument | null> {
  const segments = documentSegments(encodedPath);
  if (!segments) return null;
  const name = segments[segments.length - 1];
  const type = DOCUMENT_TYPES[path.extname(name).toLowerCase()];
  if (!type) return null;
  const root = documentsRoot();
  const candidate = path.resolve(root, ...segments);
  if (!candidate.startsWith(root + path.sep)) return null;
  try {
    const [realRoot, real] = await Promise.all([fs.realpath(root), fs.realpath(candidate)]);
    if (!real.startsWith(realRoot + path.sep)) return null; // a symbolic link out of the folder
    const stat = await fs.stat(real);
    if (!stat.isFile()) return null;
    return { file: real, name, type, size: stat.size, mtime: stat.mtime };
  } catch {
    return null;
  }
}

/** The HTTP response for a document (304 when the browser's copy is current). */
export async function documentResponse(doc: ResolvedDocument, request: Request): Promise<Response> {
  const etag = `W/"${doc.size.toString(16)}-${Math.floor(doc.mtime.getTime() / 1000).toString(16)}"`;
  const headers = new Headers({
    "Content-Type": doc.type,
    "Content-Disposition": `inline; filename*=UTF-8''${encodeURIComponent(doc.name)}`,
    "Last-Modified": doc.mtime.toUTCString(),
    ETag: etag,
    "Cache-Control": "public, max-age=3600",
  });
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  if (request.method === "HEAD") {
    headers.set("Content-Length", String(doc.size));
    return new Response(null, { status: 200, headers });
  }
  const body = await fs.readFile(doc.file);
  headers.set("Content-Length", String(body.byteLength));
  return new Response(body, { status: 200, headers });
}

export type DocumentEntry = { file: string; title: string; description: string; type: string; size: number };

type Manifest = { documents?: { file?: unknown; lang?: unknown; title?: unknown; description?: unknown }[] };

/** The documents listed in documents.json for a content language, when their file exists. */
export async function listDocuments(lang: "fr" | "es"): Promise<DocumentEntry[]> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(documentsRoot(), "documents.json"), "utf8")) as Manifest;
  } catch {
    return [];
  }
  const entries: DocumentEntry[] = [];
  for (const item of manifest.documents ?? []) {
    if (typeof item.file !== "string" || typeof item.title !== "string" || item.lang !== lang) continue;
    const encoded = item.file.split("/").map(encodeURIComponent).join("/");
    const doc = await resolveDocument(encoded);
    if (!doc) continue;
    entries.push({
      file: item.file,
      title: item.title,
      description: typeof item.description === "string" ? item.description : "",
      type: path.extname(doc.name).slice(1).toLowerCase(),
      size: doc.size,
    });
  }
  return entries;
}
