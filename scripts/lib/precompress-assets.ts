// The browser build's files, compressed once at build time (ADR 0099): next to each script, stylesheet or SVG under
// build/client/assets, a Brotli copy at its highest quality (".br") and a gzip copy at level 9 (".gz"), each written
// only when smaller than the file. The server sends them as they are (server/web/precompressed-assets.ts) instead of
// compressing the same immutable file again on every request, at the low Brotli quality that on-the-fly compression
// can afford, which made the 410 KB shell script 126 KB in Brotli against 108 KB at quality 11.
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The kinds of file worth compressing: text. Images and fonts in these formats are compressed already. */
export const COMPRESSIBLE_ASSET = /\.(?:js|mjs|css|svg|json|txt)$/;

export async function compressFile(file: string): Promise<void> {
  const raw = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gzip(raw, { level: 9 }),
  ]);
  if (br.length < raw.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < raw.length) await fs.writeFile(`${file}.gz`, gz);
}

export function precompressAssets(): Plugin {
  return {
    name: "precompress-assets",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      const files = Object.keys(bundle).filter((name) => name.startsWith("assets/") && COMPRESSIBLE_ASSET.test(name));
      await Promise.all(files.map((name) => compressFile(path.join(outDir, name))));
    },
  };
}
