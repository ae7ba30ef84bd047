// React Router publishes a production build (dist/production, where ENABLE_DEV_WARNINGS is false) but its package
// exports name only dist/development, for every condition (remix-run/react-router#12532, #14102). The browser build
// resolves "react-router" and "react-router/dom" to the production files: the minifier then drops the development
// warnings, and nobody sees them in a production console. Only the client build is redirected: the server bundle and
// @react-router/node import the package by its exports, and two copies of the router in one process would not share
// their contexts. Both builds are the same version from the same folder, so what they render is the same.
import path from "node:path";

const PRODUCTION_FILES: Record<string, string> = {
  "react-router": "index.mjs",
  "react-router/dom": "dom-export.mjs",
};

export function reactRouterProductionBuild(root: string) {
  const folder = path.join(root, "node_modules", "react-router", "dist", "production");
  return {
    name: "react-router-production-build",
    apply: "build" as const,
    enforce: "pre" as const,
    resolveId(this: { environment?: { name: string } }, source: string) {
      if (this.environment?.name !== "client") return null;
      const file = PRODUCTION_FILES[source];
      return file ? path.join(folder, file) : null;
    },
  };
}
