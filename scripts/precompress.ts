import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

// Writes name.br and name.gz beside every text file of the built client worth compressing, at the strongest
// settings: it is done once per build, and the server sends them as they are (server/http/spa.ts), so a phone
// fetches a third of the bytes without the server compressing on each request.
export function precompressDirectory(dir: string): void {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      precompressDirectory(path);
      continue;
    }
    if (!compressible.test(entry)) continue;
    const content = readFileSync(path);
    if (content.length <= 1024) continue;
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = gzipSync(content, { level: 9 });
    if (brotli.length < content.length) writeFileSync(`${path}.br`, brotli);
    if (gzip.length < content.length) writeFileSync(`${path}.gz`, gzip);
  }
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'spectacle-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDirectory(outDir);
    },
  };
}
