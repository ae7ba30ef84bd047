#!/usr/bin/env node
// `npm run lint` (after tsc): two project rules that the type checker does not enforce.
//  1. No console.log in app/ or server/ (logs go through pino; server/index.ts prints its ready line).
//  2. app/ (the web tier) never imports server/ at run time: only `import type` / `export type`.
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const SERVER_DIR = path.join(ROOT, "server") + path.sep;
const EXTENSIONS = /\.(ts|tsx|mts|js|mjs|jsx)$/;
const CONSOLE_LOG_ALLOWED = new Set([path.join(ROOT, "server", "index.ts")]);

function listFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full));
    else if (EXTENSIONS.test(entry.name)) out.push(full);
  }
  return out;
}

/** Removes comments, keeping line breaks so that line numbers stay right. */
function stripComments(source) {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, " "))
    .replace(/(^|[^:\\"'`])\/\/.*$/gm, "$1");
}

function lineOf(source, index) {
  return source.slice(0, index).split("\n").length;
}

const problems = [];

for (const file of [...listFiles(path.join(ROOT, "app")), ...listFiles(path.join(ROOT, "server"))]) {
  if (CONSOLE_LOG_ALLOWED.has(file)) continue;
  const source = stripComments(fs.readFileSync(file, "utf8"));
  for (const match of source.matchAll(/\bconsole\.log\s*\(/g)) {
    problems.push(`${path.relative(ROOT, file)}:${lineOf(source, match.index)}: console.log (use the pino logger)`);
  }
}

// import ... from "x" / export ... from "x" / import "x" / import("x")
const IMPORT_RE = /(?:^|[;\n])\s*(import|export)\s+([\s\S]*?)\s*from\s*["']([^"']+)["']|(?:^|[;\n])\s*import\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

function resolvesToServer(fromFile, specifier) {
  if (specifier.startsWith("#server/")) return true;
  if (!specifier.startsWith(".")) return false;
  return (path.resolve(path.dirname(fromFile), specifier) + path.sep).startsWith(SERVER_DIR);
}

function isTypeOnly(clause) {
  // `import type {...}` / `export type {...}` / `import { type A, type B }`
  if (/^type\s/.test(clause)) return true;
  const braces = clause.match(/^\{([\s\S]*)\}$/);
  if (!braces) return false;
  const names = braces[1].split(",").map((n) => n.trim()).filter(Boolean);
  return names.length > 0 && names.every((n) => n.startsWith("type "));
}

for (const file of listFiles(path.join(ROOT, "app"))) {
  const source = stripComments(fs.readFileSync(file, "utf8"));
  for (const match of source.matchAll(IMPORT_RE)) {
    const clause = match[2]?.trim() ?? "";
    const specifier = match[3] ?? match[4] ?? match[5];
    if (!resolvesToServer(file, specifier)) continue;
    if (match[3] && isTypeOnly(clause)) continue;
    problems.push(`${path.relative(ROOT, file)}:${lineOf(source, match.index + 1)}: app/ imports ${specifier} at run time (only \`import type\` may reach server/)`);
  }
}

if (problems.length > 0) {
  console.error(problems.join("\n"));
  console.error(`\nlint: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log("lint: no problems");
