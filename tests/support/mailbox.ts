/**
 * The mails the platform sent, read back by the tests of every tier. Without SMTP_URL the mailer writes each mail
 * as an .eml file in `<DATA_DIR>/mail`, named `<time>-<address>-<random>.eml` (server/mail/mailer.ts). The
 * integration tests give their platform a data directory; the e2e tests find their server's (e2eServerDataDir) and
 * wait for a mail (the server writes it after answering).
 *
 * A mail is returned as text, decoded (decodeMail). A header's MIME encoded words stay as written (their text decoded
 * too); subjectOf reads them.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

function outbox(dataDir: string): string {
  return path.join(dataDir, "mail");
}

/**
 * The text of an .eml file, read as UTF-8: `=XX` bytes decoded everywhere, and quoted-printable soft line breaks
 * joined in the body only (a folded header line may end with an encoded word's "?=").
 */
export function decodeMail(file: string): string {
  const bytes = fs.readFileSync(file).toString("latin1");
  const bodyStart = bytes.search(/\r?\n\r?\n/);
  const head = bodyStart === -1 ? bytes : bytes.slice(0, bodyStart);
  const body = bodyStart === -1 ? "" : bytes.slice(bodyStart).replace(/=\r?\n/g, "");
  const decoded = (head + body).replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(decoded, "latin1").toString("utf8");
}

/** The .eml files of the outbox whose recipient is `address` (any when null), oldest first. */
function mailFiles(dataDir: string, address: string | null): string[] {
  const dir = outbox(dataDir);
  if (!fs.existsSync(dir)) return [];
  const safe = address?.replace(/[^a-z0-9@._-]/gi, "_");
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml") && (safe === undefined || name.includes(`-${safe}-`)))
    .sort()
    .map((name) => path.join(dir, name));
}

/** Every mail sent to `address`, oldest first. */
export function mailsTo(dataDir: string, address: string): string[] {
  return mailFiles(dataDir, address).map(decodeMail);
}

/** Every mail sent, oldest first. */
export function allMails(dataDir: string): string[] {
  return mailFiles(dataDir, null).map(decodeMail);
}

/** What `pattern` finds in the mail: its first group when it has one, else the whole match. Throws when absent. */
export function linkIn(mail: string | undefined, pattern: RegExp): string {
  const match = mail === undefined ? null : pattern.exec(mail);
  if (!match) throw new Error(`No ${pattern} in the mail:\n${(mail ?? "(no mail)").slice(0, 2000)}`);
  return match[1] ?? match[0];
}

/** The Subject header of a mail, its MIME encoded words decoded. */
export function subjectOf(mail: string): string {
  const raw = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(mail)?.[1] ?? "";
  return raw
    .replace(/\r?\n[ \t]/g, " ")
    .replace(/=\?utf-8\?([QB])\?(.*?)\?=\s*/gi, (_m, encoding: string, text: string) =>
      encoding.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : text.replace(/_/g, " "),
    );
}

/**
 * What `pattern` finds in the newest mail to `address` that has it, waiting for the mail up to `timeoutMs`
 * (the platform writes it after its answer).
 */
export async function waitForLinkTo(dataDir: string, address: string, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = mailsTo(dataDir, address)
      .reverse()
      .find((text) => pattern.test(text));
    if (mail) return linkIn(mail, pattern);
    if (Date.now() > deadline) throw new Error(`No mail to ${address} with ${pattern} in ${outbox(dataDir)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The data directory of the e2e server on `port` (tests/e2e/support/web-server.mjs names it after the port):
 * E2E_DATA_DIR when set, else the newest such directory.
 */
export function e2eServerDataDir(port: number): string {
  if (process.env.E2E_DATA_DIR) return process.env.E2E_DATA_DIR;
  const base = os.tmpdir();
  const newest = fs
    .readdirSync(base)
    .filter((name) => name.startsWith(`e2e-platform-${port}-`))
    .map((name) => path.join(base, name))
    .filter((dir) => fs.existsSync(path.join(dir, "pglite")) || fs.existsSync(outbox(dir)))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
  if (!newest) throw new Error(`The e2e server's DATA_DIR is unknown (no ${base}/e2e-platform-${port}-*): set E2E_DATA_DIR`);
  return newest;
}
