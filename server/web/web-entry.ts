import type { ServerBuild } from "react-router";
import type { WebEntryExports } from "#core/contract/web-host.ts";

/** The web tier's server entry exports what the host needs from it (core/contract/web-host.ts). */
export function webEntry(build: ServerBuild): WebEntryExports {
  return build.entry.module as unknown as WebEntryExports;
}
