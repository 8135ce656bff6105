import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  answerSandboxRefund,
  createSandboxPaymentAdapter,
  SANDBOX_REFUND_STATUS,
  signSandboxParams,
} from './sandbox-payment-adapter.ts';

const key = randomBytes(32);
const adapter = createSandboxPaymentAdapter(key);
const refund = {
  paymentId: '8f1d8a52-0c1e-4c55-9d59-1f2a3b4c5d6e',
  tradeNo: 'SBX1767225600000a1b2c3',
  amount: 4960,
  refundId: '0f0e0d0c-0b0a-4998-8776-655443322110',
  reason: '处方审核驳回',
};

describe('the sandbox gateway’s refund', () => {
  it('answers a refund of its own trade with its refund number, the amount and success', async () => {
    const result = await adapter.refund(refund);
    expect(result).toMatchObject({
      isSuccess: true,
      amount: 4960,
      refundNo: expect.stringMatching(/^SBR[0-9a-f]{24}$/),
    });
    expect(result.raw).toMatchObject({ out_request_no: refund.refundId, refund_status: SANDBOX_REFUND_STATUS.success });
    // The same refund asked again is the same refund (a gateway is idempotent by the merchant's refund number).
    expect((await adapter.refund(refund)).refundNo).toBe(result.refundNo);
    expect((await adapter.refund({ ...refund, refundId: 'another' })).refundNo).not.toBe(result.refundNo);
  });

  it('refuses a trade it never made and a request not signed with the merchant’s key', async () => {
    const unknown = await adapter.refund({ ...refund, tradeNo: 'NOT-A-SANDBOX-TRADE' });
    expect(unknown).toMatchObject({ isSuccess: false, failure: '交易不存在', refundNo: null });

    const request = {
      payment_id: refund.paymentId,
      trade_no: refund.tradeNo,
      out_request_no: refund.refundId,
      refund_amount: '4960',
      refund_reason: refund.reason,
      nonce: 'abc',
    };
    const forged = answerSandboxRefund(
      { ...request, sign: signSandboxParams(request, randomBytes(32)) },
      key,
      new Date(),
    );
    expect(forged).toMatchObject({ refund_status: SANDBOX_REFUND_STATUS.fail, fail_reason: '签名错误' });
    const signed = answerSandboxRefund({ ...request, sign: signSandboxParams(request, key) }, key, new Date());
    expect(signed.refund_status).toBe(SANDBOX_REFUND_STATUS.success);
    // Its answer is signed like its notifications.
    const { sign, ...fields } = signed;
    expect(sign).toBe(signSandboxParams(fields, key));
  });

  it('does not believe an answer whose signature is wrong', async () => {
    const tampering = createSandboxPaymentAdapter(key, {
      gateway: (request) => ({ ...answerSandboxRefund(request, key, new Date()), refund_amount: '1' }),
    });
    await expect(tampering.refund(refund)).rejects.toThrow('bad signature');
  });
});
