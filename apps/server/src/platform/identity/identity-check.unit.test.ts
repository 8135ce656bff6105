import { computeIdCardCheckDigit } from '@anxin/shared/common/id-card';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createIdentityCheck } from './identity-checks.ts';
import { createSandboxIdentityCheck } from './sandbox-identity-check.ts';

const idCard = (first17: string) => `${first17}${computeIdCardCheckDigit(first17)}`;
const sandbox = createSandboxIdentityCheck();

describe('sandbox identity check', () => {
  it('passes a valid name with a valid ID card', async () => {
    expect(await sandbox.verify({ name: '王小明', idCardNumber: idCard('44030519850412013') })).toEqual({ ok: true });
    expect(await sandbox.verify({ name: '王小明', idCardNumber: idCard('44030519850412013').toLowerCase() })).toEqual({
      ok: true,
    });
  });

  it('fails the documented test pairs: a name starting with 假, sequence digits 999', async () => {
    expect(await sandbox.verify({ name: '假名字', idCardNumber: idCard('44030519850412013') })).toMatchObject({
      ok: false,
    });
    expect(await sandbox.verify({ name: '王小明', idCardNumber: idCard('44030519850412999') })).toMatchObject({
      ok: false,
    });
    // 999 elsewhere in the number is not the failing pair.
    expect(await sandbox.verify({ name: '王小明', idCardNumber: idCard('44030519990412013') })).toEqual({ ok: true });
  });

  it('fails an invalid ID card or an empty name', async () => {
    expect(await sandbox.verify({ name: '王小明', idCardNumber: '440305198504120130' })).toMatchObject({ ok: false });
    expect(await sandbox.verify({ name: ' ', idCardNumber: idCard('44030519850412013') })).toMatchObject({ ok: false });
  });

  it('is chosen by IDENTITY_CHECK_PROVIDER (default sandbox) and refused in production unless allowed', () => {
    expect(createIdentityCheck(loadConfig({})).provider).toBe('sandbox');
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      FIELD_ENCRYPTION_KEY: 'a'.repeat(64),
    };
    expect(() => loadConfig(production)).toThrow(/IDENTITY_CHECK_PROVIDER=sandbox/);
    expect(() => loadConfig({ IDENTITY_CHECK_PROVIDER: 'nobody' })).toThrow(/IDENTITY_CHECK_PROVIDER/);
  });
});
