// Compiles the server to JavaScript (issue 34): one ES module, apps/server/dist/server.js with its source map,
// holding the server's own code and packages/shared; the packages of node_modules stay imports, resolved by
// Node from apps/server/dist as from apps/server/src. Built when a source is newer than the last build, as
// the pages are (build-web.mjs); every script that starts the server goes through server-command.mjs, which
// calls this first.
//
// Files the server reads beside its code (`new URL('<relative path>', import.meta.url)`: the migrations, the
// demo avatar, the pages) are found from the compiled file too: the build rewrites each such path to lead from
// apps/server/dist to the same file. Any other use of import.meta (which would now mean the bundle) fails the
// build; createRequire(import.meta.url) resolves packages, the same from either folder.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const ENTRY = join(ROOT, 'apps/server/src/server.ts');
const OUT_DIR = join(ROOT, 'apps/server/dist');
export const BUILT_SERVER = join(OUT_DIR, 'server.js');
const SOURCES = ['apps/server/src', 'packages/shared/src', 'package-lock.json', 'scripts/build-server.mjs'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const URL_OF_FILE = /new URL\((['"])([^'"]+)\1, import\.meta\.url\)/g;

/** Rewrites the relative paths of `new URL(path, import.meta.url)` to lead from the output folder. */
const filesBesideTheCode = {
  name: 'files-beside-the-code',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta')) return undefined;
      const rewritten = source.replace(URL_OF_FILE, (_, quote, path) => {
        const target = resolve(dirname(args.path), path);
        const fromOut = relative(OUT_DIR, target).replaceAll('\\', '/');
        return `new URL(${quote}${fromOut.startsWith('.') ? fromOut : `./${fromOut}`}${quote}, import.meta.url)`;
      });
      const unhandled = rewritten
        .replaceAll(/new URL\((['"])[^'"]+\1, import\.meta\.url\)/g, '')
        .replaceAll('createRequire(import.meta.url)', '');
      if (unhandled.includes('import.meta')) {
        throw new Error(
          `${relative(ROOT, args.path)}: import.meta other than new URL('<relative path>', import.meta.url) or ` +
            'createRequire(import.meta.url) would mean the compiled file',
        );
      }
      return { contents: rewritten, loader: 'ts' };
    });
  },
};

/** Packages of node_modules stay imports; the workspace's shared package is compiled in. */
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@anxin/shared/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  const { build } = await import('esbuild');
  const started = performance.now();
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [ENTRY],
    outfile: BUILT_SERVER,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
    plugins: [packagesStayExternal, filesBesideTheCode],
  });
  // Written beside and renamed over, so a server starting meanwhile reads the old build or the new, whole.
  mkdirSync(OUT_DIR, { recursive: true });
  for (const file of result.outputFiles) {
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
  return performance.now() - started;
}

/** Builds the server when a source is newer than the last build. */
export async function buildServerIfStale() {
  const builtAt = existsSync(BUILT_SERVER) ? statSync(BUILT_SERVER).mtimeMs : 0;
  if (builtAt > Math.max(...SOURCES.map((path) => newestMtime(join(ROOT, path))))) return;
  const ms = await buildServer();
  console.log(`Built the server (apps/server/dist/server.js) in ${Math.round(ms)} ms`);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServerIfStale();
