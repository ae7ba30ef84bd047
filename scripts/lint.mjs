#!/usr/bin/env node
// `npm run lint` (after tsc): the project rules the type checker does not enforce.
//  1. No console.log in core/, app/ or server/ (logs go through pino; server/index.ts prints its ready line).
//  2. The tiers (docs/ARCHITECTURE.md): core/ imports neither app/ nor server/, nor Node built-ins, nor reads the
//     environment; server/ never imports app/; app/ never imports server/, not even `import type` (the types
//     between the tiers are the contract's, core/contract).
//  3. Queries only in repositories: outside server/db/ and `*.repository.ts`, no file imports drizzle-orm or the
//     database schema's tables (types are fine).
// `node scripts/lint.mjs --self-test` checks that each rule fires on a file written to break it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const EXTENSIONS = /\.(ts|tsx|mts|js|mjs|jsx)$/;
const TIERS = ["core", "app", "server"];

function listFiles(dir) {
  if (!fs.existsSync(dir)) return [];
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

// import ... from "x" / export ... from "x" / import "x" / import("x")
const IMPORT_RE = /(?:^|[;\n])\s*(import|export)\s+([\s\S]*?)\s*from\s*["']([^"']+)["']|(?:^|[;\n])\s*import\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

function isTypeOnly(clause) {
  // `import type {...}` / `export type {...}` / `import { type A, type B }`
  if (/^type\s/.test(clause)) return true;
  const braces = clause.match(/^\{([\s\S]*)\}$/);
  if (!braces) return false;
  const names = braces[1].split(",").map((n) => n.trim()).filter(Boolean);
  return names.length > 0 && names.every((n) => n.startsWith("type "));
}

/** The tier folder a specifier lands in ("core", "app", "server"), or null for a package. */
function tierOf(root, fromFile, specifier) {
  let target;
  if (specifier.startsWith("#core/")) target = path.join(root, "core", specifier.slice(6));
  else if (specifier.startsWith("#server/")) target = path.join(root, "server", specifier.slice(8));
  else if (specifier.startsWith("~/")) target = path.join(root, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) target = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  const relative = path.relative(root, target).split(path.sep);
  return TIERS.includes(relative[0]) ? relative[0] : "other";
}

function isRepositoryPlace(root, file) {
  const relative = path.relative(root, file).split(path.sep).join("/");
  return relative.startsWith("server/db/") || /\.repository\.tsx?$/.test(relative);
}

function importsSchema(root, fromFile, specifier) {
  if (specifier.startsWith("#server/db/schema")) return true;
  if (!specifier.startsWith(".")) return false;
  const relative = path.relative(root, path.resolve(path.dirname(fromFile), specifier)).split(path.sep).join("/");
  return relative === "server/db/schema" || relative.startsWith("server/db/schema/") || relative.startsWith("server/db/schema.");
}


export function lint(root) {
  const problems = [];
  const rel = (file) => path.relative(root, file).split(path.sep).join("/");
  for (const tier of TIERS) {
    for (const file of listFiles(path.join(root, tier))) {
      const source = stripComments(fs.readFileSync(file, "utf8"));
      if (rel(file) !== "server/index.ts") {
        for (const match of source.matchAll(/\bconsole\.log\s*\(/g)) problems.push(`${rel(file)}:${lineOf(source, match.index)}: console.log (use the pino logger)`);
      }
      if (tier === "core" && !/\.test\.tsx?$/.test(file)) {
        for (const match of source.matchAll(/\bprocess\.env\b/g)) problems.push(`${rel(file)}:${lineOf(source, match.index)}: core/ reads the environment (pass the value in)`);
      }
      for (const match of source.matchAll(IMPORT_RE)) {
        const clause = match[2]?.trim() ?? "";
        const specifier = match[3] ?? match[4] ?? match[5];
        const typeOnly = Boolean(match[3]) && isTypeOnly(clause);
        const at = `${rel(file)}:${lineOf(source, match.index + match[0].lastIndexOf(specifier))}`;
        const target = tierOf(root, file, specifier);
        if (tier === "core" && (target === "app" || target === "server")) problems.push(`${at}: core/ imports ${specifier} (core/ is imported by both tiers and imports neither)`);
        if (tier === "core" && !/\.test\.ts$/.test(file) && specifier.startsWith("node:")) problems.push(`${at}: core/ imports ${specifier} (no I/O in core/)`);
        if (tier === "server" && target === "app") problems.push(`${at}: server/ imports ${specifier} (server/ never imports app/; share it through core/)`);
        if (tier === "app" && target === "server") {
          problems.push(`${at}: app/ imports ${specifier} (app/ never imports server/; types come from core/contract)`);
        }
        if (!typeOnly && !isRepositoryPlace(root, file) && !/\.test\.tsx?$/.test(file)) {
          if (specifier === "drizzle-orm" || specifier.startsWith("drizzle-orm/")) problems.push(`${at}: query outside a repository (drizzle-orm is for *.repository.ts and server/db/)`);
          else if (importsSchema(root, file, specifier)) problems.push(`${at}: query outside a repository (the schema's tables are for *.repository.ts and server/db/)`);
        }
      }
    }
  }
  return problems;
}

function selfTest() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "lint-self-test-"));
  const write = (file, text) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write("server/db/schema/index.ts", "export const users = {};\n");
  write("app/lib/x.ts", "export const x = 1;\n");
  write("core/domain/y.ts", "export const y = 1;\n");
  write("server/back/modules/a/a.service.ts", 'import { x } from "../../../../app/lib/x.ts";\nimport { eq } from "drizzle-orm";\nimport { users } from "../../../db/schema/index.ts";\n');
  write("server/back/modules/a/a.repository.ts", 'import { eq } from "drizzle-orm";\nimport { users } from "../../../db/schema/index.ts";\nimport { y } from "#core/domain/y.ts";\n');
  write("app/routes/r.ts", 'import { users } from "../../server/db/schema/index.ts";\n');
  write("core/domain/z.ts", 'import { x } from "../../app/lib/x.ts";\n');
  write("app/routes/t.ts", 'import type { A } from "../../server/back/modules/a/a.service.ts";\n');
  const problems = lint(root);
  fs.rmSync(root, { recursive: true, force: true });
  const expect = [
    ["server/back/modules/a/a.service.ts:1", "server/ imports"],
    ["server/back/modules/a/a.service.ts:2", "query outside a repository"],
    ["server/back/modules/a/a.service.ts:3", "query outside a repository"],
    ["app/routes/r.ts:1", "app/ imports"],
    ["core/domain/z.ts:1", "core/ imports"],
    ["app/routes/t.ts:1", "app/ imports"],
  ];
  const missing = expect.filter(([at, what]) => !problems.some((p) => p.startsWith(at) && p.includes(what)));
  const unexpected = problems.filter((p) => p.startsWith("server/back/modules/a/a.repository.ts"));
  if (missing.length || unexpected.length || problems.length !== 7) {
    console.error("lint self-test failed", { missing, unexpected, problems });
    process.exit(1);
  }
  console.log(problems.join("\n"));
  console.log("lint self-test: every rule fires");
}

if (process.argv.includes("--self-test")) {
  selfTest();
} else {
  const problems = lint(ROOT);
  if (problems.length > 0) {
    console.error(problems.join("\n"));
    console.error(`\nlint: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log("lint: no problems");
}
