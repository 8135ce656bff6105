import { describe, expect, it } from 'vitest';
import '../common/zod-locale.ts';
import { MSG } from '../common/messages.ts';
import { DEFAULT_MALL_CONFIG, type MallConfigKey, mallConfigSchemas } from '../mall/mall-config.ts';
import { AUDIT_ACTION_NAME } from './console.contract.ts';
import {
  consoleReservationQuerySchema,
  MALL_CONFIG_FIELDS,
  MALL_CONFIG_FORM_KEYS,
  mallConfigChangesSchema,
  merchantRejectBodySchema,
  OPERATIONS_MSG,
} from './console-operations.contract.ts';

/** The first issue of a refused body: its field and message. */
function refusalOf(body: unknown) {
  const parsed = mallConfigChangesSchema.safeParse(body);
  if (parsed.success) throw new Error(`accepted ${JSON.stringify(body)}`);
  const [issue] = parsed.error.issues;
  return { field: issue?.path.join('.'), message: issue?.message };
}

describe('the mall configuration form', () => {
  it('has a labelled field for every key of both groups, and no other', () => {
    const keys = [...Object.keys(mallConfigSchemas['mall-global']), ...Object.keys(mallConfigSchemas['m-mall'])];
    expect([...MALL_CONFIG_FORM_KEYS].sort()).toEqual(keys.sort());
    for (const key of MALL_CONFIG_FORM_KEYS) expect(MALL_CONFIG_FIELDS[key].label).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('takes what the command takes: every default, texts trimmed, null for back to the default', () => {
    expect(mallConfigChangesSchema.parse(DEFAULT_MALL_CONFIG)).toEqual(DEFAULT_MALL_CONFIG);
    expect(mallConfigChangesSchema.parse({ slogan: '  用药安心  ', hotline: null, loadingDelay: 0 })).toEqual({
      slogan: '用药安心',
      hotline: null,
      loadingDelay: 0,
    });
  });

  it('refuses a value its key’s schema refuses, with the field’s message in Chinese', () => {
    const cases: [MallConfigKey, unknown, string][] = [
      ['slogan', '一二三四五六七八九十一二三四五六七', '口号最多16个字'],
      ['freight', 42, '运费规则最多40个字'],
      ['loadingDelay', 10_001, '加载等待（毫秒）须为0-10000之间的整数'],
      ['loadingDelay', 1.5, '加载等待（毫秒）须为0-10000之间的整数'],
      ['globalMaximumAmount', 0, '单笔订单最多件数须为1-1000000000之间的整数'],
      ['onlinePay', 'false', '在线支付只能是开启或关闭'],
      ['hotline', '400 600 1212', MSG.mallHotlineInvalid],
      ['serviceHours', '23:00-08:00', MSG.mallServiceHoursInvalid],
    ];
    for (const [key, value, message] of cases) {
      expect(refusalOf({ badge: '医保定点', [key]: value }), `${key} ${String(value)}`).toEqual({
        field: key,
        message,
      });
    }
  });

  it('refuses an unknown key and a body with nothing to save', () => {
    expect(refusalOf({ slogan: '用药安心', sloganColour: 'red' }).message).toBe(
      OPERATIONS_MSG.mallConfigUnknownKey(['sloganColour']),
    );
    expect(refusalOf({}).message).toBe(OPERATIONS_MSG.mallConfigNothingToSave);
  });
});

describe('the other forms', () => {
  it('a rejection states its reason, 100 characters at most', () => {
    expect(merchantRejectBodySchema.parse({ reason: ' 营业执照照片不清晰 ' })).toEqual({
      reason: '营业执照照片不清晰',
    });
    expect(merchantRejectBodySchema.safeParse({ reason: '  ' }).error?.issues[0]?.message).toBe(
      OPERATIONS_MSG.merchantRejectReasonEmpty,
    );
    expect(merchantRejectBodySchema.safeParse({}).error?.issues[0]?.message).toBe(
      OPERATIONS_MSG.merchantRejectReasonEmpty,
    );
    expect(merchantRejectBodySchema.safeParse({ reason: '字'.repeat(101) }).error?.issues[0]?.message).toBe(
      OPERATIONS_MSG.merchantRejectReasonTooLong,
    );
  });

  it('a reservation search takes a phone’s digits and a product code', () => {
    expect(consoleReservationQuerySchema.parse({ phone: '1391', productCode: '1000306' })).toMatchObject({
      phone: '1391',
      productCode: '1000306',
      page: 1,
    });
    expect(consoleReservationQuerySchema.safeParse({ phone: '139-1' }).error?.issues[0]?.message).toBe(
      OPERATIONS_MSG.reservationPhoneInvalid,
    );
    expect(consoleReservationQuerySchema.safeParse({ productCode: '12' }).error?.issues[0]?.message).toBe(
      MSG.productCodeMalformed,
    );
  });
});

describe('the audit log', () => {
  it('names each act of this side in Chinese', () => {
    for (const action of ['mall.config', 'merchant.approve', 'merchant.reject', 'stock.restock', 'stock.stockout']) {
      expect(AUDIT_ACTION_NAME[action], action).toMatch(/^[\u4e00-\u9fa5]+$/);
    }
  });
});
