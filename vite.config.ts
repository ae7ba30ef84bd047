import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig } from "vite";
import { precompressAssets } from "./scripts/lib/precompress-assets.ts";
import { shellChunk } from "./scripts/lib/shell-chunk.ts";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
  build: { assetsInlineLimit: 0 },
  environments: {
    // The browser build: everything every page loads (React, React DOM, React Router, the root route and what it
    // imports) goes into one "shell" file instead of some thirty small ones (ADR 0092).
    client: {
      build: { rollupOptions: { output: { codeSplitting: { groups: [shellChunk(path.resolve(import.meta.dirname, "app/root.tsx"))] } } } },
    },
  },
});
