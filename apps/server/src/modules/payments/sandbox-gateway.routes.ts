import { randomBytes } from 'node:crypto';
import { MSG } from '@anxin/shared/common/messages';
import {
  sandboxCashierViewSchema,
  type sandboxConfirmBodySchema,
  sandboxConfirmReplySchema,
} from '@anxin/shared/payments/payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { API_PREFIX } from '../../platform/http.ts';
import { SANDBOX_TRADE_STATUS, type SandboxPaymentAdapter } from '../../platform/payment/sandbox-payment-adapter.ts';
import { type PaymentsService, returnUrlOf } from './payments.service.ts';

/**
 * The sandbox gateway's side, standing in for Alipay's and WeChat Pay's servers while no real gateway is
 * configured: the cashier page reads the payment here, and the shopper's choice makes the gateway send its
 * signed notification to our notify route, through the full HTTP pipeline, as a real gateway would.
 */
export async function registerSandboxGateway(
  app: FastifyInstance,
  deps: {
    adapter: SandboxPaymentAdapter;
    payments: PaymentsService;
    confirmBodySchema: typeof sandboxConfirmBodySchema;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { clock } = app.services;
  const tags = ['sandbox'];
  const paramsSchema = z.object({ paymentId: z.uuid() });

  // The cashier stands in for a gateway page the paying member opens in their own browser, where a real gateway
  // would have them sign in: only that member may read or confirm the payment, in every mode (also in production
  // with ALLOW_SANDBOX_IN_PRODUCTION=1). Anyone else's payment answers 404, like a missing one.
  async function payersPayment(id: string, memberId: number) {
    const payment = await deps.payments.getPayment(id);
    if (!payment || payment.memberId !== memberId) throw notFound();
    return payment;
  }

  api.get(
    '/v2/sandbox/payments/:paymentId',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary: 'Sandbox gateway: what its cashier page shows to the paying member',
        params: paramsSchema,
        response: { 200: sandboxCashierViewSchema, ...errorReplies },
      },
    },
    async (request) => {
      const payment = await payersPayment(request.params.paymentId, request.member.memberId);
      return {
        paymentId: payment.id,
        amount: payment.amount,
        subject:
          payment.orderCodes.length === 1
            ? `安心大药房订单 ${payment.orderCodes[0]}`
            : `安心大药房订单（${payment.orderCodes.length}笔）`,
        orderCodes: payment.orderCodes,
        status: payment.status,
        returnUrl: returnUrlOf(payment),
      };
    },
  );

  api.post(
    '/v2/sandbox/payments/:paymentId/confirm',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary:
          'Sandbox gateway: the paying member paid (or failed) with a channel; the gateway sends its signed notification',
        params: paramsSchema,
        body: deps.confirmBodySchema,
        response: { 200: sandboxConfirmReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const payment = await payersPayment(request.params.paymentId, request.member.memberId);
      if (payment.status !== 'pending') throw conflict(MSG.paymentAlreadyHandled);
      const now = clock.now();
      const notification = deps.adapter.signNotification({
        payment_id: payment.id,
        trade_no: `SBX${now.getTime()}${randomBytes(3).toString('hex')}`,
        channel: request.body.channel,
        total_amount: String(payment.amount),
        trade_status: SANDBOX_TRADE_STATUS[request.body.outcome],
        paid_at: now.toISOString(),
        nonce: randomBytes(8).toString('hex'),
      });
      const delivery = await app.inject({
        method: 'POST',
        url: `${API_PREFIX}/v2/payments/notify/${deps.adapter.provider}`,
        payload: notification,
      });
      if (delivery.statusCode !== 200 || delivery.body !== deps.adapter.acknowledgement) {
        request.log.error({ status: delivery.statusCode, body: delivery.body }, 'sandbox notification refused');
        throw new AppError(502, 'GATEWAY', MSG.serverError);
      }
      const settled = await payersPayment(payment.id, request.member.memberId);
      return { status: settled.status, returnUrl: returnUrlOf(settled) };
    },
  );
}
