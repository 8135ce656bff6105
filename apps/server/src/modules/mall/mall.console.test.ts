import { MSG } from '@anxin/shared/common/messages';
import { DEFAULT_MALL_CONFIG } from '@anxin/shared/mall/mall-config';
import { OPERATIONS_MSG } from '@anxin/shared/staff/console-operations.contract';
import type { StaffRole } from '@anxin/shared/staff/staff-roles';
import { desc, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCommand } from '../../ops/commands.ts';
import { shopSettings } from '../../platform/platform.schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { staffAuditLog } from '../audit/audit.module.ts';

// 商城配置 in the console (docs/CONSOLE.md): every key with its default, a change of some keys checked as the
// command checks it, null back to the default, audited; the roles that may and may not.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await t.db.delete(shopSettings).where(like(shopSettings.key, 'mall-config:%'));
});

type Headers = Record<string, string>;
const URL = '/web-gateway/admin/mall-config';
const getForm = (headers: Headers) => t.app.inject({ method: 'GET', url: URL, headers });
const put = (headers: Headers, payload: object) => t.app.inject({ method: 'PUT', url: URL, headers, payload });
const publicConfig = async () => (await t.app.inject({ method: 'GET', url: '/web-gateway/v2/mall/config' })).json();
const storedRows = () => t.db.select().from(shopSettings).where(like(shopSettings.key, 'mall-config:%'));
const configEntries = () =>
  t.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, 'mall.config')).orderBy(desc(staffAuditLog.id));

describe('who may', () => {
  it('lets operations and admin read and change it; other roles 403, a member token and none 401', async () => {
    const allowed: StaffRole[] = ['operations', 'admin'];
    for (const role of allowed) {
      const { headers } = await t.signedInStaff([role]);
      expect((await getForm(headers)).statusCode, role).toBe(200);
      expect((await put(headers, { badge: `${role}标签` })).statusCode, role).toBe(200);
    }
    const refused: StaffRole[] = ['pharmacist', 'service', 'warehouse'];
    const before = await configEntries();
    for (const role of refused) {
      const { headers } = await t.signedInStaff([role]);
      for (const reply of [await getForm(headers), await put(headers, { badge: '越权' })]) {
        expect(reply.statusCode, role).toBe(403);
        expect(reply.json().message).toBe(MSG.staffForbidden);
      }
    }
    const member = await t.createSignedInMember();
    for (const headers of [member.headers, {}]) {
      expect((await getForm(headers)).statusCode).toBe(401);
      expect((await put(headers, { badge: '越权' })).statusCode).toBe(401);
    }
    expect((await publicConfig()).badge).toBe('admin标签');
    expect(await configEntries()).toHaveLength(before.length);
  });
});

describe('the form', () => {
  it('shows every key with its value and its default', async () => {
    const { headers } = await t.signedInStaff(['operations']);
    const form = (await getForm(headers)).json();
    expect(form).toEqual({ values: DEFAULT_MALL_CONFIG, defaults: DEFAULT_MALL_CONFIG });
  });

  it('saves the keys given, answers the configuration as saved, the site shows it next, and audits it', async () => {
    const { headers, staff } = await t.signedInStaff(['operations']);
    const saved = await put(headers, { freight: ' 全场满{threshold}元免运费 ', loadingDelay: 0, isOrderShowRx: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().values).toEqual({
      ...DEFAULT_MALL_CONFIG,
      freight: '全场满{threshold}元免运费',
      loadingDelay: 0,
      isOrderShowRx: false,
    });
    expect(saved.json().defaults).toEqual(DEFAULT_MALL_CONFIG);
    expect(await publicConfig()).toMatchObject({ freight: '全场满{threshold}元免运费', isOrderShowRx: false });

    const [entry] = await configEntries();
    expect(entry).toMatchObject({
      actor: staff.loginName,
      staffId: staff.id,
      roles: ['operations'],
      objectType: 'mall-config',
      objectId: 'mall-global,m-mall',
      before: { freight: '满{threshold}元包邮', loadingDelay: 300, isOrderShowRx: true },
      after: { freight: '全场满{threshold}元免运费', loadingDelay: 0, isOrderShowRx: false },
    });
  });

  it('puts a key given null back to its default: its stored value is gone, the other keys stay', async () => {
    const { headers } = await t.signedInStaff(['operations']);
    await put(headers, { slogan: '用药安心', badge: '医保定点' });
    const reset = await put(headers, { slogan: null });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().values).toMatchObject({ slogan: DEFAULT_MALL_CONFIG.slogan, badge: '医保定点' });
    const [row] = await storedRows();
    expect(row?.value).toEqual({ badge: '医保定点' });
    expect((await configEntries())[0]).toMatchObject({
      before: { slogan: '用药安心' },
      after: { slogan: DEFAULT_MALL_CONFIG.slogan },
    });
  });

  it('refuses bad values with each field’s message in Chinese, and changes nothing', async () => {
    const { headers } = await t.signedInStaff(['operations']);
    await put(headers, { badge: '医保定点' });
    const entries = (await configEntries()).length;
    const refused = await put(headers, {
      badge: '新的标签',
      slogan: '一二三四五六七八九十一二三四五六七',
      loadingDelay: 10_001,
      hotline: '请拨打客服',
      onlinePay: 'no',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual(
      expect.arrayContaining([
        { field: 'slogan', message: '口号最多16个字' },
        { field: 'loadingDelay', message: '加载等待（毫秒）须为0-10000之间的整数' },
        { field: 'hotline', message: MSG.mallHotlineInvalid },
        { field: 'onlinePay', message: '在线支付只能是开启或关闭' },
      ]),
    );
    const unknown = await put(headers, { badge: '新的标签', sloganColour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(OPERATIONS_MSG.mallConfigUnknownKey(['sloganColour']));
    const empty = await put(headers, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(OPERATIONS_MSG.mallConfigNothingToSave);

    expect((await publicConfig()).badge).toBe('医保定点');
    expect(await configEntries()).toHaveLength(entries);
  });

  it('keeps both of two operators’ changes of different keys made at the same time', async () => {
    const [first, second] = await Promise.all([t.signedInStaff(['operations']), t.signedInStaff(['admin'])]);
    const replies = await Promise.all([
      put(first.headers, { slogan: '用药安心' }),
      put(second.headers, { rxCartButtonText: '加入清单' }),
    ]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200]);
    expect(await publicConfig()).toMatchObject({ slogan: '用药安心', rxCartButtonText: '加入清单' });
  });

  it('audits the command line’s change as ops', async () => {
    const set = await runOpsCommand(t.opsDeps(), ['mall-config', 'mall-global.badge=夏季大促']);
    expect(set.ok, set.lines.join('\n')).toBe(true);
    expect((await configEntries())[0]).toMatchObject({
      actor: 'ops',
      staffId: null,
      objectId: 'mall-global',
      before: { badge: '' },
      after: { badge: '夏季大促' },
    });
  });
});
