import { createHash, randomBytes } from "node:crypto";
import { AppError } from "../back/http/app-error.ts";
import type { Db } from "../db/client.ts";
import type { Env } from "../env.ts";
import { createDatabaseFileStore } from "./database-file-store.ts";
import { createLocalFileStore } from "./local-file-store.ts";
import { createS3FileStore, parseS3Url } from "./s3-file-store.ts";

/**
 * Where uploaded files are kept (ADR 0120): one interface, three drivers. "local" writes under DATA_DIR (one machine,
 * the default of `npm start`); "database" keeps them in the stored_files table, which every instance reads (the
 * default with DATABASE_URL); "s3" in a bucket of an S3-compatible object store (the default with S3_URL, ADR 0139).
 * Services and routes only see this interface.
 *
 * `uploads` files are public, served at their path with long cache headers; `private` ones (practice certificates)
 * only through a route that checks who asks.
 */
export type StorageArea = "uploads" | "private";
export const STORAGE_AREAS: readonly StorageArea[] = ["uploads", "private"];

export type NewFile = {
  area: StorageArea;
  /** One word of the path: "avatars", "illustrations", "login-images", "practice-certificates", "evidence-packs". */
  folder: string;
  extension: "png" | "jpg" | "webp" | "pdf" | "zip";
  bytes: Uint8Array;
  /** The user who uploaded it, when one did. */
  ownerId?: number | null;
};

/** A file as served: what the response's headers say, and its bytes as a stream (read in chunks, never all at once). */
export type FileRead = {
  contentType: string;
  size: number;
  /** A strong validator: the content hash (database) or size and time of the file (local). */
  etag: string;
  body(): AsyncIterable<Uint8Array>;
};

export interface FileStore {
  readonly kind: "local" | "database" | "s3";
  /** Stores a new file and returns its path, "/<area>/<folder>/<hash>-<random>.<extension>". */
  put(file: NewFile): Promise<string>;
  /** The file at a stored path, or null (unknown, removed, or a path outside the storage areas). */
  read(storedPath: string): Promise<FileRead | null>;
  /** Removes a stored file; null or a path outside the storage areas is left alone. */
  remove(storedPath: string | null): Promise<void>;
}

/** A store that files already in DATA_DIR can be copied into (`npm run files:copy-to-store`). */
export type AdoptingFileStore = FileStore & {
  /** Stores bytes at a given path (the copy from DATA_DIR keeps the names rows already hold); false if taken. */
  adopt(storedPath: string, bytes: Uint8Array): Promise<boolean>;
};

export const CONTENT_TYPES: Record<NewFile["extension"], string> = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  pdf: "application/pdf",
  zip: "application/zip",
};

/** The content type of a stored path by its extension (the only ones put() writes), else a neutral one. */
export function contentTypeOf(storedPath: string): string {
  const extension = storedPath.slice(storedPath.lastIndexOf(".") + 1).toLowerCase();
  return Object.hasOwn(CONTENT_TYPES, extension) ? CONTENT_TYPES[extension as NewFile["extension"]] : "application/octet-stream";
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * A new file's path. The name starts with the content's hash, so a changed picture always gets a new name and every
 * name can be cached for good; the random part keeps two uploads of the same bytes (two users, one picture) apart,
 * so removing one never removes the other.
 */
export function newStoredPath(file: Pick<NewFile, "area" | "folder" | "extension">, sha256: string): string {
  if (!/^[a-z][a-z0-9-]*$/.test(file.folder)) throw new Error(`Not a storage folder name: ${file.folder}`);
  return `/${file.area}/${file.folder}/${sha256.slice(0, 16)}-${randomBytes(6).toString("hex")}.${file.extension}`;
}

/**
 * The area of a path put() could have returned, or null: exactly "/<area>/<folder>/<name>", with no dot-segment, no
 * backslash and no empty part, so nothing read from a URL reaches outside the store.
 */
export function areaOfStoredPath(storedPath: string): StorageArea | null {
  const match = /^\/(uploads|private)\/([a-z0-9][a-z0-9-]*)\/([A-Za-z0-9][A-Za-z0-9._-]*)$/.exec(storedPath);
  if (!match || match[3].includes("..")) return null;
  return match[1] as StorageArea;
}

export type FileStoreKind = FileStore["kind"];

/**
 * FILE_STORE when set; otherwise the bucket of S3_URL, else the database with DATABASE_URL (instances share both),
 * the local folder without either.
 */
export function fileStoreKind(env: Pick<Env, "FILE_STORE" | "DATABASE_URL" | "S3_URL">): FileStoreKind {
  return env.FILE_STORE ?? (env.S3_URL ? "s3" : env.DATABASE_URL ? "database" : "local");
}

type StoreEnv = Pick<Env, "FILE_STORE" | "DATABASE_URL" | "DATA_DIR" | "S3_URL">;

/** The store FILE_STORE names that can take copies of DATA_DIR's files, or null for the local folder itself. */
export function createAdoptingFileStore(env: StoreEnv, db: Db): AdoptingFileStore | null {
  switch (fileStoreKind(env)) {
    case "database":
      return createDatabaseFileStore(db);
    case "s3":
      if (!env.S3_URL) throw new Error("FILE_STORE=s3 needs S3_URL (http(s)://ACCESS_KEY:SECRET@host[:port]/bucket)");
      return createS3FileStore(parseS3Url(env.S3_URL));
    case "local":
      return null;
  }
}

/** The platform's file store; a wrong S3_URL stops the start-up with a message that says what is wrong. */
export function createFileStore(env: StoreEnv, db: Db): FileStore {
  return withClearWriteErrors(createAdoptingFileStore(env, db) ?? createLocalFileStore(env.DATA_DIR));
}

/** What a full disk or a quota says: Node's codes, PostgreSQL's disk_full, an object store's own. */
const FULL_CODES = new Set(["ENOSPC", "EDQUOT", "53100", "QuotaExceeded", "XMinioStorageFull"]);

/**
 * A file the store cannot write is the store's fault, not the request's: the uploader is told so in their language,
 * 507 when the store is full (a full disk, PostgreSQL's disk_full), else 503 (a folder that cannot be written, a table
 * that refuses the insert, the database out of reach), never a 500 (ADR 0122). The cause goes to the log.
 */
export function withClearWriteErrors<S extends FileStore>(store: S): S {
  return {
    ...store,
    kind: store.kind,
    async put(file) {
      try {
        return await store.put(file);
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (isStoreFull(error)) throw new AppError("INSUFFICIENT_STORAGE", "fileStoreFull", { cause: error });
        throw new AppError("SERVICE_UNAVAILABLE", "fileStoreUnavailable", { cause: error });
      }
    },
  };
}

function isStoreFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && FULL_CODES.has(code)) return true;
  }
  return false;
}
