/**
 * Vitest globalSetup of the integration project: a temporary directory for the run's template databases
 * (see templates.ts), and their removal after the run, including the PostgreSQL template databases.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { dropWhenClosed } from "./postgres-admin.ts";

/** Names of the PostgreSQL template databases of a run, one a line. */
export const POSTGRES_TEMPLATES_FILE = "postgres-templates.txt";

const DIR_PREFIX = "it-templates-";

export type RunTemplates = { dir: string; run: string };

declare module "vitest" {
  export interface ProvidedContext {
    itTemplates: RunTemplates;
  }
}

export default function setup(project: TestProject) {
  removeDirectoriesOfDeadRuns();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${DIR_PREFIX}${process.pid}-`));
  project.provide("itTemplates", { dir, run: randomBytes(4).toString("hex") });
  return async () => {
    const server = process.env.DATABASE_URL_TEST;
    const listed = path.join(dir, POSTGRES_TEMPLATES_FILE);
    try {
      if (server && fs.existsSync(listed)) {
        for (const name of fs.readFileSync(listed, "utf8").split("\n").filter(Boolean)) await dropWhenClosed(server, name);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}

/** The tarballs of a run that crashed before its teardown (tens of megabytes each). */
function removeDirectoriesOfDeadRuns(): void {
  for (const entry of fs.readdirSync(os.tmpdir())) {
    const pid = Number(new RegExp(`^${DIR_PREFIX}(\\d+)-`).exec(entry)?.[1]);
    if (pid && !isAlive(pid)) fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
