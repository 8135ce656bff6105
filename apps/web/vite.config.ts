import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './build/precompress-plugin.ts';

const API_TARGET = process.env.API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompressPlugin()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // The server sends `script-src 'self'`: no inline module-preload polyfill.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: { '/web-gateway': { target: API_TARGET, changeOrigin: true } },
  },
  preview: {
    proxy: { '/web-gateway': { target: API_TARGET, changeOrigin: true } },
  },
});
