import {
  demoStaffSchema,
  staffChallengeQuerySchema,
  staffLoginBodySchema,
  staffLoginReplySchema,
  staffMemberSchema,
  staffSecondFactorBodySchema,
  staffSignInReplySchema,
  totpSetupReplySchema,
} from '@anxin/shared/staff/staff.contract';
import type { StaffRole } from '@anxin/shared/staff/staff-roles';
import { inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientOf } from '../../platform/client-info.ts';
import { CONSOLE_ROUTE, consoleErrorReplies } from '../../platform/staff-auth.ts';
import { staff } from './staff.schema.ts';
import { DEMO_STAFF } from './staff.seed.ts';
import { createStaffSignIn } from './staff-sign-in.service.ts';
import { totpCodeAt, totpStepOf } from './totp.ts';

/** The console's sign-in, the signed-in staff member and signing out (docs/CONSOLE.md, "Sign-in"). */
export const staffConsoleModule: FastifyPluginAsyncZod = async (app) => {
  const signIn = createStaffSignIn(app.services);
  const { tags } = CONSOLE_ROUTE;

  app.post(
    '/admin/auth/login',
    {
      schema: {
        tags,
        summary: 'Staff sign-in, first step: login name and password; answers a 5-minute challenge for the second',
        body: staffLoginBodySchema,
        response: { 200: staffLoginReplySchema, ...consoleErrorReplies },
      },
    },
    async (request) => signIn.login(request.body, clientOf(request)),
  );

  app.get(
    '/admin/auth/totp-setup',
    {
      schema: {
        tags,
        summary: 'First sign-in: the authenticator app’s secret as a link, a QR picture and base32 text',
        querystring: staffChallengeQuerySchema,
        response: { 200: totpSetupReplySchema, ...consoleErrorReplies },
      },
    },
    async (request) => signIn.totpSetup(request.query.challenge),
  );

  app.post(
    '/admin/auth/totp',
    {
      schema: {
        tags,
        summary: 'Staff sign-in, second step: a TOTP code or a recovery code; answers the staff access token',
        body: staffSecondFactorBodySchema,
        response: { 200: staffSignInReplySchema, ...consoleErrorReplies },
      },
    },
    async (request) => signIn.secondFactor(request.body, clientOf(request)),
  );

  app.get(
    '/admin/me',
    {
      onRequest: app.requireStaff(),
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'The signed-in staff member: name, roles and the permissions they give',
        response: { 200: staffMemberSchema, ...consoleErrorReplies },
      },
    },
    async (request) => {
      const { id, loginName, displayName, roles, permissions } = request.staff;
      return { id, loginName, displayName, roles, permissions };
    },
  );

  app.post(
    '/admin/auth/logout',
    {
      onRequest: app.requireStaff(),
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'Ends the staff member’s sign-in: its token is refused from now on',
        response: { 204: z.null(), ...consoleErrorReplies },
      },
    },
    async (request, reply) => {
      await signIn.logout(request.staff.sessionId);
      return reply.status(204).send(null);
    },
  );

  // Outside production only: the demo staff's current codes, so a newcomer can sign in (their secrets are
  // public, and in production neither they nor this route exist).
  if (app.services.config.isProduction) return;
  app.get(
    '/admin/dev/demo-staff',
    {
      schema: {
        tags,
        summary: 'Outside production: the demo staff and each one’s current six-digit code',
        response: { 200: z.array(demoStaffSchema) },
      },
    },
    async () => {
      const rows = await app.services.db
        .select()
        .from(staff)
        .where(
          inArray(
            staff.loginName,
            DEMO_STAFF.map((demo) => demo.loginName),
          ),
        );
      const current = totpStepOf(app.services.clock.now());
      return DEMO_STAFF.flatMap((demo) => {
        const row = rows.find((candidate) => candidate.loginName === demo.loginName);
        if (!row?.totpSecretEnc) return [];
        // The code just used is spent: the next step's is accepted too (±1 step), so that one is shown.
        const step = Math.min(Math.max(current, (row.totpLastStep ?? 0) + 1), current + 1);
        return [
          {
            loginName: row.loginName,
            displayName: row.displayName,
            roles: row.roles as StaffRole[],
            code: totpCodeAt(app.services.cipher.decrypt(row.totpSecretEnc), step),
          },
        ];
      });
    },
  );
};
