import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

/** Browser journeys in Debian's Chromium against the real server on a fresh embedded database. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // npm test runs the journeys beside the unit and API tests on the same cores: a journey's budget allows for it.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  workers: 2,
  // One retry absorbs a journey slowed by a loaded 2-core machine; it is reported as flaky, never hidden.
  retries: process.env.CI ? 1 : 0,
  use: {
    baseURL: BASE_URL,
    locale: 'zh-CN',
    viewport: { width: 1280, height: 900 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // Chromium reads only the last --disable-features: Playwright's own list (chromiumSwitches.ts in
        // playwright-core 1.65), then the omnibox popups, whose WebUI renderers every new window preloads
        // (about an eighth of the browser's CPU in a journey run, where nothing types in an address bar).
        `--disable-features=${[
          'AvoidUnnecessaryBeforeUnloadCheckSync',
          'DestroyProfileOnBrowserClose',
          'HttpsUpgrades',
          'HttpsFirstBalancedModeAutoEnable',
          'LensOverlay',
          'MediaRouter',
          'PaintHolding',
          'ThirdPartyStoragePartitioning',
          'AvoidCorsURLLoaderRestartOnRedirect',
          'TcpPortRandomizationWin',
          'OptimizationHints',
          'NetworkTimeServiceQuerying',
          'AimEnabled',
          'PreconnectToSearch',
          'WebUIOmniboxPopup',
          'WebUIOmniboxAimPopup',
        ].join(',')}`,
      ],
    },
    trace: 'off',
  },
  webServer: {
    // The compiled server, as `npm start` runs it (scripts/build-server.mjs: built first when a source is newer).
    command: `rm -rf .tmp/e2e-data-${PORT} && node scripts/build-server.mjs && node apps/server/dist/server.js`,
    cwd: '..',
    url: `${BASE_URL}/web-gateway/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: `.tmp/e2e-data-${PORT}`,
      CAPTCHA_MODE: 'test',
      // Each journey sends its own X-Forwarded-For (support/test.ts): per-client limits count it as one shopper.
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PUBLIC_ORIGIN: BASE_URL,
    },
  },
});
