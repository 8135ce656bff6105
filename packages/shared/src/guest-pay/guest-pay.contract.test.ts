import { describe, expect, it } from 'vitest';
import {
  fullGuestPhone,
  GUEST_PAY_MSG,
  guestLineKind,
  guestLinkKeySchema,
  guestPasswordBodySchema,
  guestPhoneSchema,
  orderGuestLines,
} from './guest-pay.contract.ts';

describe('guestLineKind', () => {
  it.each([
    [1, null, 'ordinary'],
    [2, null, 'ordinary'],
    [24, null, 'ordinary'],
    [25, 'C1', 'ordinary'],
    [5, 'C1', 'comboParent'],
    [7, 'C1', 'comboParent'],
    [17, 'C1', 'comboParent'],
    [6, 'C1', 'comboChild'],
    [8, 'C1', 'comboChild'],
    [18, 'C1', 'comboChild'],
    [3, 'G1', 'gift'],
    [3, null, 'prize'],
    [13, null, 'prize'],
    [15, null, 'prize'],
    [15, 'G1', 'prize'],
  ] as const)('mark %s with combinationId %s is %s', (mark, combinationId, kind) => {
    expect(guestLineKind(mark, combinationId)).toBe(kind);
  });
});

describe('orderGuestLines', () => {
  it('puts children after their parent, gifts after their line, prizes last', () => {
    const line = (name: string, mark: number, combinationId: string | null = null) => ({ name, mark, combinationId });
    const ordered = orderGuestLines([
      line('child', 6, 'C1'),
      line('prize', 13),
      line('plain', 1),
      line('gift', 3, 'G1'),
      line('parent', 5, 'C1'),
      line('with gift', 1, 'G1'),
      line('orphan child', 6, 'C9'),
    ]);
    expect(ordered.map((item) => item.name)).toEqual([
      'plain',
      'parent',
      'child',
      'with gift',
      'gift',
      'orphan child',
      'prize',
    ]);
  });
});

describe('the phone of the entry page', () => {
  it('is the first 3 of the masked phone, the 4 typed digits and its last 4', () => {
    expect(fullGuestPhone('138****8000', '0013')).toBe('13800138000');
  });

  it('asks for all four digits', () => {
    const incomplete = guestPhoneSchema.safeParse('138001');
    expect(incomplete.success).toBe(false);
    expect(incomplete.error?.issues[0]?.message).toBe(GUEST_PAY_MSG.phoneIncomplete);
    expect(guestPhoneSchema.safeParse('13800138000').success).toBe(true);
  });
});

describe('the key and the password set', () => {
  it('takes only 43 base64url characters as a key', () => {
    expect(guestLinkKeySchema.safeParse('a'.repeat(43)).success).toBe(true);
    expect(guestLinkKeySchema.safeParse('a'.repeat(42)).success).toBe(false);
    expect(guestLinkKeySchema.safeParse(`${'a'.repeat(42)}/`).success).toBe(false);
  });

  it('needs the confirmation to repeat the password', () => {
    const body = { password: 'Abc@12345', confirmPassword: 'Abc@12345', phone: '13800138000', smsCode: '123456' };
    expect(guestPasswordBodySchema.safeParse(body).success).toBe(true);
    const differ = guestPasswordBodySchema.safeParse({ ...body, confirmPassword: 'Abc@12346' });
    expect(differ.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['confirmPassword']);
  });
});
