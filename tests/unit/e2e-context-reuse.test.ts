// The end-to-end journeys share one browser context per worker, reset between tests (playwright.config.ts,
// `reuseContext`, ADR 0148). Playwright's reset leaves a few things as a test set them: this keeps the journeys from
// setting them, so no journey passes or fails because of the one before it on its worker.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const E2E_DIR = path.join(import.meta.dirname, "..", "e2e");

/** What the reset does not undo (Playwright's `reuseContext` documentation). */
const NOT_RESET = ["grantPermissions", "setGeolocation", "setOffline", "setExtraHTTPHeaders", "window.name"];

function journeyFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return journeyFiles(full);
    return entry.name.endsWith(".ts") || entry.name.endsWith(".mjs") ? [full] : [];
  });
}

describe("end-to-end journeys on a reused browser context", () => {
  it("the configuration reuses the context", () => {
    const config = fs.readFileSync(path.join(import.meta.dirname, "..", "..", "playwright.config.ts"), "utf8");
    expect(config).toMatch(/^\s*reuseContext: true,/m);
  });

  it("no journey sets what the reset between tests leaves behind", () => {
    const files = journeyFiles(E2E_DIR);
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((file) => {
      const text = fs.readFileSync(file, "utf8");
      return NOT_RESET.filter((name) => text.includes(name)).map((name) => `${path.relative(E2E_DIR, file)}: ${name}`);
    });
    // A journey that needs one of these opens a context of its own (browser.newContext()) and is named here.
    expect(found).toEqual([]);
  });
});
