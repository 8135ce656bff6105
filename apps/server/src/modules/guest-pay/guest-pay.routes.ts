import { loginResultSchema } from '@anxin/shared/auth/login-result';
import {
  guestBindingSchema,
  guestConsigneePhoneSchema,
  guestInquiryCheckSchema,
  guestOrderQuerySchema,
  guestOrderSchema,
  guestPasswordBodySchema,
  guestPayBodySchema,
  guestPayReplySchema,
  guestPhoneConfirmedSchema,
  guestRegisterBodySchema,
  guestSignInBodySchema,
  guestSmsCodeBodySchema,
  guestUpdatePhoneBodySchema,
} from '@anxin/shared/guest-pay/guest-pay.contract';
import {
  inquiryDataSchema,
  inquirySubmitReplySchema,
  inquirySubmitSchema,
} from '@anxin/shared/inquiry/inquiry.contract';
import { patientBodySchema, patientReplySchema } from '@anxin/shared/patients/patient.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, errorReplies } from '../../platform/api-schemas.ts';
import { clientOf } from '../../platform/client-info.ts';
import { notFound } from '../../platform/errors.ts';
import { createPaymentAdapter } from '../../platform/payment/payment-adapters.ts';
import { createPaymentsService } from '../payments/payments.module.ts';
import { createGuestPayService } from './guest-pay.service.ts';

/**
 * The guest payment link (docs/GUEST-PAY.md; paths and shapes in packages/shared/src/guest-pay/guest-pay.contract.ts).
 * A malformed key is the same 404 as an unknown one; a timed-out link 410 LINK_EXPIRED; a locked one 429.
 */
export const guestPayModule: FastifyPluginAsyncZod = async (app) => {
  const payments = createPaymentsService(app.services, createPaymentAdapter(app.services.config, app.services.secrets));
  const guest = createGuestPayService(app.services, payments);
  const tags = ['guest-pay'];
  const member = { onRequest: app.requireMember };
  const keyParams = z.object({ key: z.string().max(200) });
  const tokenParams = z.object({ token: z.string().max(200) });
  const replies = { ...errorReplies, 410: errorBodySchema };
  const patientKeyParams = z.object({ key: z.string().max(200), id: z.string().max(20) });
  /** A patient id that is not a positive whole number names no patient: 404 like a missing one. */
  const patientIdOf = (id: string) => {
    if (!/^[1-9]\d{0,15}$/.test(id)) throw notFound();
    return Number(id);
  };

  app.get(
    '/v2/guest-pay/:key/binding',
    {
      schema: {
        tags,
        summary: 'The bind check: isRegisted 0 not registered, 1 registered, 2 timed out; the masked phone; locked?',
        params: keyParams,
        response: { 200: guestBindingSchema, ...replies },
      },
    },
    async (request) => guest.binding(request.params.key, clientOf(request)),
  );

  app.get(
    '/v4/orders/findConsigneePhone/:token',
    {
      schema: {
        tags,
        summary: 'The order’s phone around the four boxes: first 3 and last 4 digits',
        params: tokenParams,
        response: { 200: guestConsigneePhoneSchema, ...replies },
      },
    },
    async (request) => guest.consigneePhone(request.params.token, clientOf(request)),
  );

  app.post(
    '/v4/orders/updatePhone',
    {
      schema: {
        tags,
        summary: 'Confirm the phone built from the 4 typed digits (wrong ones counted per key, the 10th locks it)',
        body: guestUpdatePhoneBodySchema,
        response: { 200: guestPhoneConfirmedSchema, ...replies },
      },
    },
    async (request) => guest.updatePhone(request.body.token, request.body.phone, clientOf(request)),
  );

  app.post(
    '/v2/guest-pay/:key/register',
    {
      schema: {
        tags,
        summary: 'Register an unregistered phone with the key and the 4 digits (once); answers the login result',
        params: keyParams,
        body: guestRegisterBodySchema,
        response: { 200: loginResultSchema, ...replies },
      },
    },
    async (request) => guest.register(request.params.key, request.body.phone, clientOf(request)),
  );

  app.post(
    '/v2/guest-pay/:key/sms-code',
    {
      schema: {
        tags,
        summary: 'Send an SMS code (login or resetPassword) to the link’s phone, after the 4 digits',
        params: keyParams,
        body: guestSmsCodeBodySchema,
        response: { 204: z.null(), ...replies },
      },
    },
    async (request, reply) => {
      await guest.sendSmsCode(request.params.key, request.body, clientOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/v2/guest-pay/:key/sign-in',
    {
      schema: {
        tags,
        summary: 'A registered phone signs in with the 4 digits and its SMS code; answers the login result',
        params: keyParams,
        body: guestSignInBodySchema,
        response: { 200: loginResultSchema, ...replies },
      },
    },
    async (request) => guest.signIn(request.params.key, request.body.phone, request.body.smsCode, clientOf(request)),
  );

  app.get(
    '/v2/guest-pay/:key/inquiry',
    {
      ...member,
      schema: {
        tags,
        summary: 'The need-inquiry check: go to the inquiry page or to the pay page',
        params: keyParams,
        response: { 200: guestInquiryCheckSchema, ...replies },
      },
    },
    async (request) => guest.inquiryCheck(request.member.memberId, request.params.key),
  );

  app.get(
    '/v4/orders/getPrescriptionSignByToken/:token',
    {
      ...member,
      schema: {
        tags,
        summary: 'What the guest inquiry page shows for the link’s order (as GET /v2/orders/inquiry/{ordersCode})',
        params: tokenParams,
        response: { 200: inquiryDataSchema, ...replies },
      },
    },
    async (request) => guest.prescriptionSign(request.member.memberId, request.params.token),
  );

  app.post(
    '/v2/orders/inquiry/perfectByToken',
    {
      ...member,
      schema: {
        tags,
        summary: 'Submit the inquiry of the link’s order (every rule re-checked); the order can then be paid',
        body: inquirySubmitSchema.extend({ token: z.string().max(200) }),
        response: { 200: inquirySubmitReplySchema, ...replies },
      },
    },
    async (request) => guest.perfectByToken(request.member.memberId, request.body.token, request.body),
  );

  app.get(
    '/v2/orders/ordersPatient/:key/patients',
    {
      ...member,
      schema: {
        tags,
        summary: 'The member’s medication users, through the key of their guest order',
        params: keyParams,
        response: { 200: z.array(patientReplySchema), ...replies },
      },
    },
    async (request) => guest.patients.list(request.member.memberId, request.params.key),
  );

  app.post(
    '/v2/orders/ordersPatient/:key/patients',
    {
      ...member,
      schema: {
        tags,
        summary: 'Add (201) or edit (200, with id) a medication user through the key of the guest order',
        params: keyParams,
        body: patientBodySchema,
        response: { 200: patientReplySchema, 201: patientReplySchema, ...replies },
      },
    },
    async (request, reply) => {
      const saved = await guest.patients.save(request.member.memberId, request.params.key, request.body);
      return reply.status(saved.created ? 201 : 200).send(saved.patient);
    },
  );

  app.get(
    '/v2/orders/ordersPatient/:key/patients/:id',
    {
      ...member,
      schema: {
        tags,
        summary: 'One medication user (the form’s edit mode), through the key of the guest order',
        params: patientKeyParams,
        response: { 200: patientReplySchema, ...replies },
      },
    },
    async (request) => guest.patients.get(request.member.memberId, request.params.key, patientIdOf(request.params.id)),
  );

  app.delete(
    '/v2/orders/ordersPatient/:key/patients/:id',
    {
      ...member,
      schema: {
        tags,
        summary: 'Delete a medication user through the key of the guest order',
        params: patientKeyParams,
        response: { 204: z.null(), ...replies },
      },
    },
    async (request, reply) => {
      await guest.patients.remove(request.member.memberId, request.params.key, patientIdOf(request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/v5/orders/notPay',
    {
      ...member,
      schema: {
        tags,
        summary: 'The guest order of the key for its confirmed phone, placed inside a window of at most 7 days',
        querystring: guestOrderQuerySchema,
        response: { 200: guestOrderSchema, ...replies },
      },
    },
    async (request) => guest.notPay(request.member.memberId, request.query),
  );

  app.post(
    '/v2/guest-pay/:key/pay',
    {
      ...member,
      schema: {
        tags,
        summary: 'Pay the link’s order through the sandbox cashier; 409 订单超时，无法提交 after the countdown’s end',
        params: keyParams,
        body: guestPayBodySchema,
        response: { 200: guestPayReplySchema, ...replies },
      },
    },
    async (request) => guest.pay(request.member.memberId, request.params.key, request.body.paySource),
  );

  app.put(
    '/v2/guest-pay/:key/password',
    {
      ...member,
      schema: {
        tags,
        summary: 'Set the guest’s password by the reset flow: new password, confirm, the link’s phone, its SMS code',
        params: keyParams,
        body: guestPasswordBodySchema,
        response: { 204: z.null(), ...replies },
      },
    },
    async (request, reply) => {
      await guest.setPassword(request.member, request.params.key, request.body, clientOf(request));
      return reply.status(204).send(null);
    },
  );
};
