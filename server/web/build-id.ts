import fs from "node:fs";
import path from "node:path";

/** The id of the client build (its manifest's hash), which pages carry so that a stale tab notices a deploy; "dev" without a build. */
export function readBuildId(buildDir: string): string {
  try {
    const manifest = fs.readdirSync(path.join(buildDir, "client", "assets")).find((f) => f.startsWith("manifest-"));
    return manifest?.replace(/^manifest-|\.js$/g, "") ?? "dev";
  } catch {
    return "dev";
  }
}
