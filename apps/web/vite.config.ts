import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { PRERENDERED_PATHS } from '../../packages/shared/src/common/prerendered-pages.ts';
import { isGuestPayPage } from '../../packages/shared/src/guest-pay/guest-pay.paths.ts';
import { isConsolePage } from '../../packages/shared/src/staff/console-pages.ts';
import { siteMapToken } from './build/antd-map-token.ts';
import { antdStaticStylePlugin } from './build/antd-static-style-plugin.ts';
import { consoleApartPlugin } from './build/console-apart-plugin.ts';
import { elderlyTextFloor } from './build/elderly-text-floor.ts';
import { precompressPlugin } from './build/precompress-plugin.ts';
import { prerenderPlugin, START_SCRIPT_ENTRY } from './build/prerender-plugin.ts';

const START_SCRIPT = fileURLToPath(new URL('./src/start-after-first-paint.ts', import.meta.url));
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:8080';

/**
 * The guest build's one part for the flow's pages (the pay, inquiry and timeout pages, their frame, calls and
 * what they import that no earlier group holds), so a phone loads a page of the flow in three files: the main
 * script, this part and antd-shared. What has a form stays a part of its own, fetched when the flow gets there:
 * the entry page, the inquiry's form (guest-inquiry-page.prefetch.ts), the password card.
 */
const GUEST_FLOW_GROUP = {
  name: 'guest-flow',
  test: /features[\\/]guest-pay[\\/](?!pages[\\/]entry-page\.|components[\\/]guest-password-card|lib[\\/]entry-schemas)/,
};

/**
 * The dev server's answer to a page of the guest link or of the console: guest.html or admin.html, as the
 * server sends them (isGuestPayPage, isConsolePage).
 */
function ownPagesInDev(): Plugin {
  return {
    name: 'anxin:own-pages-in-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const url = new URL(request.url ?? '/', 'http://dev');
        if (isGuestPayPage(url.pathname)) request.url = `/guest.html${url.search}`;
        if (isConsolePage(url.pathname)) request.url = `/admin.html${url.search}`;
        next();
      });
    },
  };
}

/** Each build's page and script: the site's, the guest link's, the operator console's. */
const PAGE_OF_MODE: Record<string, { html: string; entry: string }> = {
  production: { html: 'index.html', entry: 'index' },
  guest: { html: 'guest.html', entry: 'guest' },
  admin: { html: 'admin.html', entry: 'admin' },
};

// Three builds into one folder: `vite build` the site (index.html, main.tsx), then `vite build --mode guest`
// the guest payment link's pages (guest.html, guest-main.tsx; docs/ARCHITECTURE.md), then `vite build --mode
// admin` the operator console (admin.html, admin-main.tsx; docs/CONSOLE.md).
export default defineConfig(({ mode }) => {
  const isGuest = mode === 'guest';
  const isConsole = mode === 'admin';
  const { html, entry } = PAGE_OF_MODE[mode] ?? PAGE_OF_MODE.production!;
  return {
    root: fileURLToPath(new URL('.', import.meta.url)),
    define: {
      // lib/use-current-year.ts: the year a prerendered page's markup shows.
      'import.meta.env.BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())),
      // app/built-map-token.ts: antd's map token of the site's theme, derived here rather than on every page load.
      'import.meta.env.ANTD_MAP_TOKEN': JSON.stringify(siteMapToken()),
    },
    plugins: [
      react(),
      antdStaticStylePlugin(),
      // The console is drawn in the browser only: no page of it is prerendered.
      ...(isConsole
        ? []
        : [
            prerenderPlugin(
              PRERENDERED_PATHS.filter((path) => isGuestPayPage(path) === isGuest),
              html,
            ),
            consoleApartPlugin(),
          ]),
      precompressPlugin(),
      ownPagesInDev(),
    ],
    // 长辈模式's text floor on every size the stylesheets write (build/elderly-text-floor.ts).
    css: { postcss: { plugins: [elderlyTextFloor()] } },
    build: {
      outDir: fileURLToPath(new URL('./dist', import.meta.url)),
      // The site's build empties the folder, the guest and console builds add to it.
      emptyOutDir: !isGuest && !isConsole,
      // The server sends `script-src 'self'`: no inline module-preload polyfill.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        // A prerendered page names only the second: it starts the first after the page's first paint.
        input: {
          [entry]: fileURLToPath(new URL(`./${html}`, import.meta.url)),
          ...(isConsole ? {} : { [START_SCRIPT_ENTRY]: START_SCRIPT }),
        },
        output: {
          // Fewer, larger files for a first visit (each response also carries about 1 KB of headers, and a
          // file compresses better whole): everything the first script imports statically is that one file;
          // what every form needs (antd's form, input, checkbox) is one more, zod another (the sign-in pages and
          // the guest link's entry page check their fields without it until a first check:
          // auth/lib/sign-in-rules.ts, guest-pay/lib/entry-schemas.ts); icons used by twelve pages or
          // more, one more. The rest is split per page as rolldown sees fit.
          codeSplitting: {
            groups: [
              { name: 'main', tags: ['$initial'], test: (id) => id !== START_SCRIPT },
              // What the form group would otherwise carry for pages without a form: antd's colour names (Tag) and
              // CSS-variable class, the ✓ icon (the guest pay page's 订单已支付) and the ! icon (an Alert's, as
              // the guest inquiry page's lead, drawn before its form).
              {
                name: 'antd-shared',
                test: /node_modules[\\/](antd[\\/]es[\\/](_util[\\/]colors|config-provider[\\/]hooks[\\/]useCSSVarCls)|@ant-design[\\/]icons[\\/]es[\\/]icons[\\/](CheckCircleFilled|ExclamationCircleFilled))\.js$/,
              },
              { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
              {
                name: 'forms',
                test: /node_modules[\\/](@rc-component[\\/](form|async-validator|input|checkbox)|antd[\\/]es[\\/](form|input|grid|checkbox|space))[\\/]/,
              },
              { name: 'icons', test: /node_modules[\\/]@ant-design[\\/]icons/, minShareCount: 12 },
              ...(isGuest ? [GUEST_FLOW_GROUP] : []),
            ],
          },
        },
      },
    },
    server: {
      port: 5173,
      proxy: { '/web-gateway': { target: API_TARGET, changeOrigin: true } },
    },
    preview: {
      proxy: { '/web-gateway': { target: API_TARGET, changeOrigin: true } },
    },
  };
});
