import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml)$/;
const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` and `<file>.gz` next to every text file of the build, at the strongest settings: the
 * server sends them as they are (`preCompressed`), so nothing is compressed per request. A copy that would
 * not be smaller than its file is left out, and the server sends the file itself.
 */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'anxin:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = (await listFiles(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          const [brotli, gzipped] = await Promise.all([
            toBrotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            toGzip(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (brotli.length < content.length) await writeFile(`${file}.br`, brotli);
          if (gzipped.length < content.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}
