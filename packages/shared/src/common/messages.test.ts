import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';

describe('MSG', () => {
  // A sample of exact strings from the UI texts, including the full-width punctuation.
  it.each([
    ['phoneEmpty', '手机号不能为空'],
    ['phoneMalformed', '请输入正确的手机号'],
    ['newPasswordLength', '请输入8~16位字符'],
    ['newPasswordClasses', '请输入由数字、大小写字母和符号组成的密码'],
    ['nicknameInvalid', '昵称为4-20位中文、数字、字母、下划线或横线'],
    ['idCardCheckDigit', '身份证校验位错误'],
    ['serverError', '服务异常，请刷新重试'],
    ['bindServerError', '服务异常，账号绑定失败'],
    ['networkPoor', '网络不佳，请稍后重试'],
    ['searchTextEmpty', '请输入要搜索的商品名称'],
    ['tooManyRequests', '操作过于频繁，请稍后再试'],
    ['loginFailed', '账号或密码错误'],
  ] as const)('%s is %s', (key, text) => {
    expect(MSG[key]).toBe(text);
  });

  it('has no empty message and no half-width comma inside Chinese text', () => {
    for (const text of Object.values(MSG)) {
      expect(text.length).toBeGreaterThan(0);
      expect(text).not.toMatch(/[,;?!]/);
    }
  });
});
