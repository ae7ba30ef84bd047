import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig } from "vite";
import { precompressAssets } from "./scripts/lib/precompress-assets.ts";
import { pageLinksForTheBrowser } from "./scripts/lib/page-links-for-the-browser.ts";
import { reactRouterProductionBuild } from "./scripts/lib/react-router-production.ts";
import { shellChunk } from "./scripts/lib/shell-chunk.ts";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  plugins: [tailwindcss(), reactRouter(), reactRouterProductionBuild(import.meta.dirname), pageLinksForTheBrowser(import.meta.dirname), precompressAssets()],
  build: { assetsInlineLimit: 0 },
  environments: {
    // The browser build: everything every page loads (React, React DOM, React Router, the root route and what it
    // imports, the formatting of dates and money) goes into one "shell" file instead of some thirty small ones
    // (ADR 0092). What the catalogue's cards and the course page share goes into one "training-parts" file (ADR 0132).
    client: {
      build: {
        rollupOptions: {
          output: {
            codeSplitting: {
              groups: [
                shellChunk(path.resolve(import.meta.dirname, "app/root.tsx"), /\/core\/domain\/(format|intl-cache|money|duration|training-type-list)\.ts$/),
                {
                  name: "training-parts",
                  test: /\/(core\/domain\/training-types\.ts|app\/components\/(catalogue\/(price\.ts|bookmark-toggle\.tsx)|ui\/rating\.tsx|shop\/shop-forms\.tsx))$/,
                },
              ],
            },
          },
        },
      },
    },
  },
});
