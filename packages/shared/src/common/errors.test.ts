import { describe, expect, it } from 'vitest';
import { type ApiErrorBody, ErrorCode } from './errors.ts';

describe('ErrorCode', () => {
  it('keeps the two codes the documents name', () => {
    expect(ErrorCode.phoneNeedsBinding).toBe('1001000003');
    expect(ErrorCode.passwordMustUpdate).toBe('MEM0010001');
  });

  it('has no two names for one code', () => {
    const codes = Object.values(ErrorCode);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('types the error body', () => {
    const body: ApiErrorBody = { code: ErrorCode.validationFailed, message: '请求参数错误', fields: [] };
    expect(body.fields).toEqual([]);
  });
});
