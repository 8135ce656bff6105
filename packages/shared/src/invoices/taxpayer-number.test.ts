import { describe, expect, it } from 'vitest';
import { invoiceEmailBodySchema, invoiceRequestSchema, taxpayerNumberSchema } from './invoice.contract.ts';
import { isTaxpayerNumber, isUnifiedSocialCreditCode, unifiedCreditCheckCharacter } from './taxpayer-number.ts';

describe('unified social credit code', () => {
  it('computes the check character of published codes', () => {
    // The example of GB 32100-2015 and a registered company's code.
    expect(unifiedCreditCheckCharacter('91350100M000100Y4')).toBe('3');
    expect(unifiedCreditCheckCharacter('91110000600037341')).toBe('L');
    expect(isUnifiedSocialCreditCode('91350100M000100Y43')).toBe(true);
  });

  it('refuses a wrong check character, a letter outside the alphabet and letters in the region code', () => {
    expect(isUnifiedSocialCreditCode('91350100M000100Y44')).toBe(false);
    expect(isUnifiedSocialCreditCode('91350100M000100O43')).toBe(false);
    expect(isUnifiedSocialCreditCode('9135A100M000100Y43')).toBe(false);
  });
});

describe('taxpayer number', () => {
  it('accepts a unified social credit code and the older 15, 17 and 20 character forms', () => {
    expect(isTaxpayerNumber('91110000600037341L')).toBe(true);
    expect(isTaxpayerNumber('110108600037341')).toBe(true);
    expect(isTaxpayerNumber('11010819900307123')).toBe(true);
    expect(isTaxpayerNumber('1101081990030712X01')).toBe(false);
    expect(isTaxpayerNumber('11010819900307123X01')).toBe(true);
  });

  it('refuses other lengths, an 18-character number that is no credit code, and symbols', () => {
    expect(isTaxpayerNumber('1101086000373')).toBe(false);
    expect(isTaxpayerNumber('110108199003071234')).toBe(false);
    expect(isTaxpayerNumber('11010860003734-')).toBe(false);
  });

  it('drops spaces and upper-cases before checking, with the Chinese messages', () => {
    expect(taxpayerNumberSchema.parse(' 9111 0000 6000 37341l ')).toBe('91110000600037341L');
    expect(taxpayerNumberSchema.safeParse('123').error?.issues[0].message).toBe('请输入正确的纳税人识别号');
    expect(taxpayerNumberSchema.safeParse('  ').error?.issues[0].message).toBe('纳税人识别号不能为空');
  });
});

describe('invoice request', () => {
  const personal = { kind: 'electronic', titleType: 'personal', title: '个人', content: '商品明细', email: 'a@b.cn' };

  it('needs the taxpayer number of a company and the e-mail of an electronic invoice', () => {
    expect(invoiceRequestSchema.safeParse(personal).success).toBe(true);
    const company = invoiceRequestSchema.safeParse({ ...personal, titleType: 'company', title: '某公司' });
    expect(company.error?.issues[0]).toMatchObject({ path: ['taxPayerNumber'], message: '纳税人识别号不能为空' });
    const noEmail = invoiceRequestSchema.safeParse({ ...personal, email: undefined });
    expect(noEmail.error?.issues[0]).toMatchObject({ path: ['email'], message: '邮箱不能为空' });
    expect(invoiceRequestSchema.safeParse({ ...personal, kind: 'paper', email: undefined }).success).toBe(true);
  });
});

describe('invoice title', () => {
  const title = invoiceRequestSchema.shape.title;

  it('refuses control characters, direction overrides and invisible format characters, the page’s message', () => {
    for (const bad of [
      '李\u202E安心',
      '\u202D李',
      '李\u2067安心',
      '李\u200E',
      '李\r\n安心',
      '李\u0007',
      '李\u0000',
      '李\uDC00安心',
      '李\u00AD安心',
      '李\u2029安心',
    ]) {
      expect(title.safeParse(bad).error?.issues[0].message, JSON.stringify(bad)).toBe(
        '发票抬头不能包含换行符、控制字符或不可见的格式字符',
      );
    }
  });

  it('trims the ends first and keeps ordinary names', () => {
    expect(title.parse(' 李安心\n')).toBe('李安心');
    expect(title.parse('北京安心科技有限公司（海淀分公司）')).toBe('北京安心科技有限公司（海淀分公司）');
    expect(title.parse('阿卜杜拉·买买提')).toBe('阿卜杜拉·买买提');
  });
});

describe('invoice e-mail body', () => {
  it('says 邮箱不能为空 / 请输入正确的邮箱地址, limits the addresses and drops repeats', () => {
    expect(invoiceEmailBodySchema.safeParse({ emails: [] }).error?.issues[0].message).toBe('邮箱不能为空');
    expect(invoiceEmailBodySchema.safeParse({ emails: [' '] }).error?.issues[0].message).toBe('邮箱不能为空');
    expect(invoiceEmailBodySchema.safeParse({ emails: ['a@b'] }).error?.issues[0].message).toBe('请输入正确的邮箱地址');
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => `${name}@x.cn`);
    expect(invoiceEmailBodySchema.safeParse({ emails: six }).error?.issues[0].message).toBe('一次最多发送到5个邮箱');
    expect(invoiceEmailBodySchema.parse({ emails: ['A@x.cn', 'a@x.cn'] }).emails).toEqual(['a@x.cn']);
  });
});
