/**
 * zod compiles its object parsers with `new Function` when it may, and probes for it when its first object schema is
 * made: under the page's CSP (no 'unsafe-eval') the probe is refused and reported as a violation, though zod catches
 * it (Lighthouse's best practices count it). zod reads its settings from `globalThis.__zod_globalConfig` when it
 * loads: this classic script runs while the browser reads the <head>, before any module, so the browser's zod is
 * jitless (interpreted parsers, quick enough for a form) and never probes. The server keeps its compiled parsers.
 */
const JITLESS = "globalThis.__zod_globalConfig={jitless:true}";

export function ZodWithoutEval({ nonce }: { nonce: string | undefined }) {
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: JITLESS }} />;
}
