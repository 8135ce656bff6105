import { MSG } from '@anxin/shared/common/messages';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCommand } from '../../ops/commands.ts';
import { shopSettings } from '../../platform/platform.schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

// The hotlines (issue 28): one source, the mall configuration, for every page that shows one (docs/MALL-CONFIG.md).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const getConfig = async () => (await t.app.inject({ method: 'GET', url: '/web-gateway/v2/mall/config' })).json();
const ops = (...argv: string[]) => runOpsCommand(t.opsDeps(), ['mall-config', ...argv]);

describe('the hotlines in the mall configuration', () => {
  it('answers the customer-service and returns lines, by default the ones the pages showed', async () => {
    expect(await getConfig()).toMatchObject({ hotline: '400-600-1212', returnsHotline: '400-600-3434' });
    expect((await ops()).lines).toEqual(
      expect.arrayContaining([
        'mall-global.hotline = "400-600-1212"  (默认 default)',
        'mall-global.returnsHotline = "400-600-3434"  (默认 default)',
      ]),
    );
  });

  it('takes the operator’s numbers, shown in the very next reply; refuses one that is not a phone number', async () => {
    const set = await ops('mall-global.hotline=400-100-2000', 'mall-global.returnsHotline= 0755-86001234 ');
    expect(set.ok, set.lines.join('\n')).toBe(true);
    expect(await getConfig()).toMatchObject({ hotline: '400-100-2000', returnsHotline: '0755-86001234' });

    for (const bad of [
      'mall-global.hotline=请拨打客服',
      'mall-global.hotline=',
      'mall-global.hotline=-400-100',
      'mall-global.hotline=<a>1',
    ]) {
      const refused = await ops(bad, 'mall-global.returnsHotline=400-999-0000');
      expect(refused.ok, bad).toBe(false);
      expect(refused.lines.join('\n')).toContain(MSG.mallHotlineInvalid);
    }
    expect(await getConfig()).toMatchObject({ hotline: '400-100-2000', returnsHotline: '0755-86001234' });
    await t.db.delete(shopSettings).where(like(shopSettings.key, 'mall-config:%'));
  });
});
