import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { buildTestApp, type TestApp } from './build-test-app.ts';

/**
 * A test app serving a built site as the web build leaves it (each file with its .br and .gz copies), in a
 * folder of its own; `close` removes both.
 */
export async function buildTestAppWithSite(files: Record<string, string>): Promise<TestApp> {
  const distDir = mkdtempSync(join(tmpdir(), 'anxin-dist-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(distDir, path)), { recursive: true });
    writeFileSync(join(distDir, path), content);
    writeFileSync(join(distDir, `${path}.br`), brotliCompressSync(content));
    writeFileSync(join(distDir, `${path}.gz`), gzipSync(content));
  }
  const t = await buildTestApp({ WEB_DIST_DIR: distDir });
  return {
    ...t,
    close: async () => {
      await t.close();
      rmSync(distDir, { recursive: true, force: true });
    },
  };
}
