import { describe, expect, it } from 'vitest';
import { closeApplyBodySchema, phoneBinderBodySchema, sameThirdBinderBodySchema } from './account-safety.schemas.ts';
import { isSameOriginPath, withQuery } from './safe-path.ts';
import {
  bindSuccessMessage,
  loginTypeOfThirdType,
  providerOfThirdType,
  thirdTypeOfLoginType,
  thirdTypeOfProvider,
  thirdTypeSchema,
} from './third-party.ts';
import { describeSignInMethod, describeUserAgent } from './user-agent.ts';

describe('third-party codes', () => {
  it('maps 1 qq, 2 weixin, 3 alipay, 4 weibo and login type = third type + 1', () => {
    expect([1, 2, 3, 4].map((type) => providerOfThirdType(type as 1))).toEqual(['qq', 'weixin', 'alipay', 'weibo']);
    expect(thirdTypeOfProvider('alipay')).toBe(3);
    expect(thirdTypeOfProvider('github')).toBeUndefined();
    expect(loginTypeOfThirdType(4)).toBe(5);
    expect(thirdTypeOfLoginType(2)).toBe(1);
    expect(thirdTypeOfLoginType(1)).toBeUndefined();
    expect(thirdTypeOfLoginType(6)).toBeUndefined();
  });

  it('says the ui-text bind message with the provider name', () => {
    expect(bindSuccessMessage(2)).toBe('您的微信账号已关联成功，可直接使用该账号登录');
  });

  it('accepts only the four types', () => {
    expect(thirdTypeSchema.parse('3')).toBe(3);
    expect(thirdTypeSchema.safeParse('5').success).toBe(false);
    expect(thirdTypeSchema.safeParse('x').success).toBe(false);
  });
});

describe('isSameOriginPath', () => {
  it.each(['/user', '/user/personal/safe?x=1', '/user/login#a'])('accepts %s', (value) => {
    expect(isSameOriginPath(value)).toBe(true);
  });
  it.each([
    '//evil.com',
    'https://evil.com',
    '/\\evil.com',
    '/\t/evil.com',
    'javascript:alert(1)',
    'user',
    '',
    undefined,
  ])('refuses %s', (value) => {
    expect(isSameOriginPath(value)).toBe(false);
  });
  it('adds query values to a path that has some', () => {
    expect(withQuery('/user/personal/safe?a=1', { isBind: 0, ticket: 'x y' })).toBe(
      '/user/personal/safe?a=1&isBind=0&ticket=x%20y',
    );
  });
});

describe('describeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      'Chrome · Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari · iPhone',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0', 'Firefox · Linux'],
    ['curl/8.0', '未知设备'],
    [null, '未知设备'],
  ])('%s → %s', (agent, expected) => {
    expect(describeUserAgent(agent)).toBe(expected);
  });
  it('names the sign-in methods', () => {
    expect(describeSignInMethod('sms')).toBe('短信验证码登录');
    expect(describeSignInMethod('weibo')).toBe('微博登录');
    expect(describeSignInMethod('???')).toBe('其他方式登录');
  });
});

describe('bodies', () => {
  it('phoneBinder needs a phone and a 6-digit code', () => {
    const result = phoneBinderBodySchema.safeParse({ userName: '123', validCode: '12' });
    expect(result.success).toBe(false);
    expect(phoneBinderBodySchema.parse({ userName: '13800138000', validCode: '123456', type: 1 }).type).toBe(1);
  });
  it('sameThirdBinder defaults the platform to PC', () => {
    expect(sameThirdBinderBodySchema.parse({ type: 1, userName: '13800138000', validCode: '123456' }).platform).toBe(
      'PC',
    );
  });
  it('closeapply asks for the phone', () => {
    expect(closeApplyBodySchema.safeParse({ phoneNum: '', validCode: '123456' }).error?.issues[0]?.message).toBe(
      '手机号不能为空',
    );
  });
});
