import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { PORT } from "./support/hosts.ts";

/** The server's data directory: E2E_DATA_DIR when set, else the newest e2e temp dir of the server on this run's port. */
export function dataDir(): string | null {
  if (process.env.E2E_DATA_DIR) return process.env.E2E_DATA_DIR;
  const base = os.tmpdir();
  const candidates = fs
    .readdirSync(base)
    .filter((name) => name.startsWith(`e2e-platform-${PORT}-`))
    .map((name) => path.join(base, name))
    .filter((dir) => fs.existsSync(path.join(dir, "pglite")) || fs.existsSync(path.join(dir, "mail")))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  return candidates[0] ?? null;
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest reset token mailed to `email` (from the outbox of .eml files), polling briefly. */
export async function readResetToken(email: string): Promise<string> {
  const dir = dataDir();
  if (!dir) throw new Error("The server's DATA_DIR is unknown: export E2E_DATA_DIR from the web server");
  const outbox = path.join(dir, "mail");
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = fs.existsSync(outbox)
      ? fs
          .readdirSync(outbox)
          .filter((name) => name.endsWith(".eml") && name.includes(email))
          .map((name) => path.join(outbox, name))
          .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)
      : [];
    for (const file of files) {
      const text = decodeQuotedPrintable(fs.readFileSync(file, "utf8"));
      const match = /(?:reinitialiser-mon-mot-de-passe|restablecer-mi-contrasena)\/([A-Za-z0-9_-]+)/.exec(text);
      if (match) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No reset mail for ${email} in ${outbox}`);
}
