import { payNowBodySchema, sandboxConfirmBodySchema } from '@anxin/shared/payments/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { createPaymentAdapter } from '../../platform/payment/payment-adapters.ts';
import { createPaymentsService } from './payments.service.ts';
import { createRefundProcessor } from './refunds.service.ts';
import { registerSandboxGateway } from './sandbox-gateway.routes.ts';

export const paymentsModule: FastifyPluginAsyncZod = async (app) => {
  const adapter = createPaymentAdapter(app.services.config, app.services.secrets);
  const payments = createPaymentsService(app.services, adapter);
  const tags = ['payments'];
  // The refunds of orders gone to 退款中 are carried out by every server process, through this adapter.
  const refunds = createRefundProcessor(app.services, adapter);
  await refunds.start(app.services.listen);
  app.addHook('onClose', () => refunds.close());

  app.post(
    '/v2/pay',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary:
          'Pay now (api-conventions): a payment of the member’s orders through the payment adapter; 409 for an order that cannot be paid (prescription inquiry missing, not waiting for payment, timed out)',
        body: payNowBodySchema,
        response: { 200: z.object({ payUrl: z.string() }), ...errorReplies },
      },
    },
    async (request) => payments.payNow(request.member.memberId, request.body),
  );

  app.post(
    '/v2/payments/notify/:provider',
    {
      schema: {
        tags,
        summary:
          'The gateway’s asynchronous payment notification (signed); answers the gateway’s acknowledgement as text. Replays change nothing; a bad signature or amount is 400',
        params: z.object({ provider: z.literal(adapter.provider) }),
        body: z.record(z.string(), z.unknown()),
        response: { 200: z.string(), ...errorReplies },
      },
    },
    async (request, reply) => {
      const result = await payments.handleNotification(request.body);
      return reply.type('text/plain; charset=utf-8').send(result.acknowledgement);
    },
  );

  if (adapter.provider === 'sandbox') {
    await registerSandboxGateway(app, { adapter, payments, confirmBodySchema: sandboxConfirmBodySchema });
  }
};
