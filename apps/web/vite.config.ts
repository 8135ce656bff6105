import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { PRERENDERED_PATHS } from '../../packages/shared/src/common/prerendered-pages.ts';
import { antdStaticStylePlugin } from './build/antd-static-style-plugin.ts';
import { precompressPlugin } from './build/precompress-plugin.ts';
import { prerenderPlugin, START_SCRIPT_ENTRY } from './build/prerender-plugin.ts';

const START_SCRIPT = fileURLToPath(new URL('./src/start-after-first-paint.ts', import.meta.url));
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // lib/use-current-year.ts: the year a prerendered page's markup shows.
  define: { 'import.meta.env.BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())) },
  plugins: [react(), antdStaticStylePlugin(), prerenderPlugin(PRERENDERED_PATHS), precompressPlugin()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // The server sends `script-src 'self'`: no inline module-preload polyfill.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // A prerendered page names only the second: it starts the first after the page's first paint.
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), [START_SCRIPT_ENTRY]: START_SCRIPT },
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
            // CSS-variable class, and the ✓ icon (the guest pay page's 订单已支付).
            {
              name: 'antd-shared',
              test: /node_modules[\\/](antd[\\/]es[\\/](_util[\\/]colors|config-provider[\\/]hooks[\\/]useCSSVarCls)|@ant-design[\\/]icons[\\/]es[\\/]icons[\\/]CheckCircleFilled)\.js$/,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            {
              name: 'forms',
              test: /node_modules[\\/](@rc-component[\\/](form|async-validator|input|checkbox)|antd[\\/]es[\\/](form|input|grid|checkbox|space))[\\/]/,
            },
            { name: 'icons', test: /node_modules[\\/]@ant-design[\\/]icons/, minShareCount: 12 },
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
});
