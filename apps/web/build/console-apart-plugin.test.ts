import { describe, expect, it } from 'vitest';
import { consoleModulesIn, isConsoleModule } from './console-apart-plugin.ts';

describe('the console apart from the site', () => {
  it("knows the console's modules and its chart library", () => {
    for (const id of [
      '/repo/apps/web/src/admin-main.tsx',
      '/repo/apps/web/src/app/console-router.tsx',
      '/repo/apps/web/src/features/console/pages/dashboard-page.tsx',
      '/repo/apps/web/src/features/console/console.css',
      '/repo/node_modules/recharts/es6/chart/LineChart.js',
    ]) {
      expect(isConsoleModule(id)).toBe(true);
    }
    for (const id of [
      '/repo/apps/web/src/main.tsx',
      '/repo/apps/web/src/app/router.tsx',
      '/repo/apps/web/src/features/orders/pages/order-detail-page.tsx',
      '/repo/node_modules/antd/es/table/index.js',
    ]) {
      expect(isConsoleModule(id)).toBe(false);
    }
  });

  it('names each console module a chunk of the bundle holds, and nothing for a bundle without any', () => {
    const bundle = {
      'assets/index-a1.js': { type: 'chunk', fileName: 'assets/index-a1.js', moduleIds: ['/r/apps/web/src/main.tsx'] },
      'assets/orders-b2.js': {
        type: 'chunk',
        fileName: 'assets/orders-b2.js',
        moduleIds: ['/r/apps/web/src/features/orders/x.tsx', '/r/apps/web/src/features/console/lib/staff-session.ts'],
      },
      'assets/index-a1.css': { type: 'asset', fileName: 'assets/index-a1.css' },
    };
    expect(consoleModulesIn(bundle)).toEqual([
      'assets/orders-b2.js: /r/apps/web/src/features/console/lib/staff-session.ts',
    ]);
    delete (bundle as Record<string, unknown>)['assets/orders-b2.js'];
    expect(consoleModulesIn(bundle)).toEqual([]);
  });
});
