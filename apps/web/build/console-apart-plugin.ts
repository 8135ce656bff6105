import type { Plugin } from 'vite';

// The operator console is a build of its own (admin.html, `vite build --mode admin`; docs/CONSOLE.md): no page
// of the site or of the guest link may load a byte of it. Its code lives under these paths, its chart library
// is needed by nothing else; the site's and the guest link's builds stop when a chunk of theirs holds any.
const CONSOLE_MODULES = [
  /[\\/]src[\\/]admin-main\.tsx$/,
  /[\\/]src[\\/]app[\\/]console-router\.tsx$/,
  /[\\/]src[\\/]features[\\/]console[\\/]/,
  /[\\/]node_modules[\\/]recharts[\\/]/,
];

export const isConsoleModule = (id: string) => CONSOLE_MODULES.some((pattern) => pattern.test(id));

type BundleChunk = { type: string; fileName: string; moduleIds?: readonly string[] };

/** `<chunk>: <module>` for each console module in a chunk of the bundle. */
export function consoleModulesIn(bundle: Record<string, BundleChunk>): string[] {
  return Object.values(bundle).flatMap((output) =>
    output.type === 'chunk'
      ? (output.moduleIds ?? []).filter(isConsoleModule).map((id) => `${output.fileName}: ${id}`)
      : [],
  );
}

/** Fails the build of the site's or the guest link's pages if any of their chunks holds a console module. */
export function consoleApartPlugin(): Plugin {
  return {
    name: 'anxin:console-apart',
    apply: 'build',
    generateBundle(_options, bundle) {
      const found = consoleModulesIn(bundle as Record<string, BundleChunk>);
      if (found.length > 0) {
        this.error(
          `the console's code is in a page of the site (import it only from admin-main.tsx):\n${found.join('\n')}`,
        );
      }
    },
  };
}
