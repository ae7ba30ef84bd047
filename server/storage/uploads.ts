import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** Image kinds recognised by their first bytes, never by the name or the declared type. */
export function sniffImageType(bytes: Uint8Array): "png" | "jpg" | "webp" | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpg";
  if (
    bytes.length >= 12 &&
    String.fromCharCode(...bytes.slice(0, 4)) === "RIFF" &&
    String.fromCharCode(...bytes.slice(8, 12)) === "WEBP"
  )
    return "webp";
  return null;
}

/** Stores a file under <dataDir>/uploads/<folder>/ with a random name; returns its public path. */
export async function storeUpload(dataDir: string, folder: string, extension: string, bytes: Uint8Array): Promise<string> {
  const dir = path.join(dataDir, "uploads", folder);
  await fs.mkdir(dir, { recursive: true });
  const name = `${randomBytes(12).toString("hex")}.${extension}`;
  await fs.writeFile(path.join(dir, name), bytes);
  return `/uploads/${folder}/${name}`;
}

export async function removeUpload(dataDir: string, publicPath: string | null): Promise<void> {
  if (!publicPath?.startsWith("/uploads/")) return;
  const resolved = path.resolve(dataDir, publicPath.slice(1));
  if (!resolved.startsWith(path.resolve(dataDir, "uploads") + path.sep)) return;
  await fs.rm(resolved, { force: true });
}
