// What the file store tests upload and read back: PNG-looking bytes, the profile picture form, a stored file's bytes.
import { randomBytes } from "node:crypto";
import type { FileStore } from "../../../server/storage/file-store.ts";

const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG-looking file of `size` bytes: the signature, then random bytes (so no two are alike). */
export function pngOf(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(randomBytes(size));
  bytes.set(PNG_HEADER);
  return bytes;
}

/** The profile picture form (`POST /back/api/user/updateProfilePic`) with these bytes as a PNG. */
export function pictureForm(bytes: Uint8Array<ArrayBuffer>): FormData {
  const form = new FormData();
  form.set("picture", new File([bytes], "me.png", { type: "image/png" }));
  return form;
}

/** A stored file's bytes, read through the store's stream, or null when the store has no such file. */
export async function bytesOf(store: FileStore, storedPath: string): Promise<Buffer | null> {
  const file = await store.read(storedPath);
  if (!file) return null;
  const parts: Uint8Array[] = [];
  for await (const part of file.body()) parts.push(part);
  return Buffer.concat(parts);
}
