import { describe, expect, it } from 'vitest';
import { isConsolePage } from './console-pages.ts';

describe('isConsolePage', () => {
  it('is /admin and every address under it', () => {
    for (const path of ['/admin', '/admin/', '/admin/login', '/admin/orders/O1'])
      expect(isConsolePage(path)).toBe(true);
  });

  it('is no other page, nor one whose name merely starts the same', () => {
    for (const path of ['/', '/administrator', '/user/admin', '/admins/login']) expect(isConsolePage(path)).toBe(false);
  });
});
