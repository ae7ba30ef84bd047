import { defineConfig } from "vitest/config";
import path from "node:path";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["core/**/*.test.ts", "app/**/*.test.ts", "server/**/*.test.ts", "tests/unit/**/*.test.ts"],
          environment: "node",
          // One module graph per worker: no unit test mocks a module or keeps state in one (measured 2026-11-30: the
          // run fell from 40 s to 15 s, and passed in shuffled orders too).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        // Node resolves @react-router/express to its ESM build ("module-sync"); without this, Vite picks the
        // CommonJS one, whose react-router copy differs from ours and rejects our RouterContextProvider (SSR 500).
        ssr: { resolve: { conditions: ["module-sync", "module", "node", "development|production"] } },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", "tests/conformance/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files run in parallel: each has its own database, and its workers their own data directory
          // (support/platform.ts). npm test gives each engine's run half the cores (scripts/test-all.mjs).
          fileParallelism: true,
          // One module graph per worker, not per file: each file starts its own platform on its own database, so
          // nothing a test checks lives in module state, and the server's and the build's modules are loaded once
          // per worker instead of once per file (measured 2026-11-29 on a875741: the whole PGlite run passed, its
          // import time fell from about 19 s per file on a busy machine to 18 s for the whole run).
          isolate: false,
          // Each file copies a migrated and seeded template database built once per run (support/templates.ts).
          globalSetup: ["tests/integration/support/global-setup.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          // npm run test:faults: each file starts a cluster of its own (scripts/lib/cluster.mjs: PostgreSQL, Redis, two
          // instances, nginx) and breaks one part of it. One file at a time: a cluster takes the machine's cores.
          name: "faults",
          include: ["tests/faults/**/*.test.ts"],
          environment: "node",
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
