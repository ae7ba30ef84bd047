import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** Secrets that must never fall back to a value anyone can read in the repository. */
export const GENERATED_SECRETS = ["APP_SECRET", "PUSHER_APP_SECRET"] as const;
export type GeneratedSecretName = (typeof GENERATED_SECRETS)[number];

export const SECRETS_FILE_NAME = "secrets.json";

/**
 * The secrets missing from the environment, read from DATA_DIR/secrets.json, or generated there at first
 * start (random, 32 bytes, file mode 0600) and reused afterwards: sessions, CSRF tokens and attestation
 * signatures stay valid across restarts, and every process of one installation (server, seed, backup) agrees.
 * A secrets file that cannot be read is an error: silently replacing it would void every signature (ADR 0016).
 */
export function loadOrCreateSecrets(
  dataDir: string,
  missing: readonly GeneratedSecretName[],
): { values: Partial<Record<GeneratedSecretName, string>>; generated: GeneratedSecretName[]; file: string } {
  const file = path.resolve(dataDir, SECRETS_FILE_NAME);
  if (missing.length === 0) return { values: {}, generated: [], file };
  for (let attempt = 0; attempt < 5; attempt++) {
    const stored = readSecretsFile(file);
    const generated = missing.filter((name) => !stored?.[name]);
    if (generated.length === 0) return { values: pick(stored ?? {}, missing), generated, file };
    const next = { ...stored };
    for (const name of generated) next[name] = randomBytes(32).toString("base64url");
    if (writeSecretsFile(file, next, stored !== null)) return { values: pick(next, missing), generated, file };
    // Another process created the file meanwhile: read its values instead.
  }
  throw new Error(`Could not create ${file}`);
}

function pick(values: Record<string, string>, names: readonly GeneratedSecretName[]): Partial<Record<GeneratedSecretName, string>> {
  return Object.fromEntries(names.map((name) => [name, values[name]]));
}

function readSecretsFile(file: string): Record<string, string> | null {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${file} is not valid JSON: fix or remove it (removing it invalidates sessions and attestation codes).`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error(`${file} must hold a JSON object.`);
  // Readable by its owner only, even if someone loosened it.
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== ""));
}

/** Writes through a temporary file: a new file only if none exists yet (false when another process won). */
function writeSecretsFile(file: string, values: Record<string, string>, replace: boolean): boolean {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(values, null, 2)}\n`, { mode: 0o600, flag: "wx" });
  try {
    if (replace) {
      fs.renameSync(temporary, file);
      return true;
    }
    try {
      fs.linkSync(temporary, file);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw error;
    }
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}
