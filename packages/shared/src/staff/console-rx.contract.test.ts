import { describe, expect, it } from 'vitest';
import { MSG } from '../common/messages.ts';
import { DEFAULT_RX_ORDER_SETTINGS } from '../inquiry/inquiry.contract.ts';
import {
  inquiryLinkCreateBodySchema,
  inquiryLinkStateOf,
  RX_SETTING_LABEL,
  rxSettingsChangeSchema,
} from './console-rx.contract.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('the Rx settings a pharmacist changes', () => {
  it('takes any of the settings, each of its own kind', () => {
    expect(rxSettingsChangeSchema.parse({ isDiseaseRequired: false, prepositionCheckType: 2 })).toEqual({
      isDiseaseRequired: false,
      prepositionCheckType: 2,
    });
  });

  it('refuses a wrong kind, a rule type outside 0-9, an unknown setting and an empty change, in Chinese', () => {
    expect(messagesOf(rxSettingsChangeSchema.safeParse({ isDiseaseRequired: 'yes' }))).toEqual([
      ['isDiseaseRequired', MSG.rxSettingSwitchInvalid],
    ]);
    for (const value of [-1, 10, 1.5, '1'])
      expect(messagesOf(rxSettingsChangeSchema.safeParse({ strictControlRxRuleType: value }))).toEqual([
        ['strictControlRxRuleType', MSG.rxSettingRuleTypeInvalid],
      ]);
    expect(messagesOf(rxSettingsChangeSchema.safeParse({ isSomethingElse: true }))).toEqual([
      ['', MSG.rxSettingUnknown],
    ]);
    expect(messagesOf(rxSettingsChangeSchema.safeParse({}))).toEqual([['', MSG.rxSettingsNothingChanged]]);
  });

  it('names every setting in Chinese', () => {
    expect(Object.keys(RX_SETTING_LABEL).sort()).toEqual(Object.keys(DEFAULT_RX_ORDER_SETTINGS).sort());
  });
});

describe('an inquiry link made in the console', () => {
  it('needs an order code and a kind', () => {
    expect(inquiryLinkCreateBodySchema.parse({ ordersCode: ' AX1 ', kind: 'chronic' })).toEqual({
      ordersCode: 'AX1',
      kind: 'chronic',
    });
    expect(messagesOf(inquiryLinkCreateBodySchema.safeParse({ ordersCode: ' ', kind: 'other' }))).toEqual([
      ['ordersCode', MSG.consoleOrdersCodeEmpty],
      ['kind', MSG.inquiryLinkKindInvalid],
    ]);
  });

  it('is live, used, ended early, expired, or void with its order', () => {
    const createdAt = new Date('2026-03-01T00:00:00Z');
    const hours = (count: number) => new Date(createdAt.getTime() + count * 3600_000);
    const complete = { kind: 'complete' as const, createdAt, expiresAt: hours(72), completedAt: null };
    const chronic = { kind: 'chronic' as const, createdAt, expiresAt: hours(24), completedAt: null };
    const order = { isCanceled: false };
    expect(inquiryLinkStateOf(complete, order, hours(1))).toBe('live');
    expect(inquiryLinkStateOf(complete, order, hours(72))).toBe('expired');
    expect(inquiryLinkStateOf({ ...complete, expiresAt: hours(2) }, order, hours(3))).toBe('ended');
    // A used complete link stays usable until it expires; a chronic one is done.
    expect(inquiryLinkStateOf({ ...complete, completedAt: hours(1) }, order, hours(2))).toBe('live');
    expect(inquiryLinkStateOf({ ...chronic, completedAt: hours(1) }, order, hours(2))).toBe('used');
    expect(inquiryLinkStateOf(chronic, { isCanceled: true }, hours(1))).toBe('void');
  });
});
