import {
  staffAccountListSchema,
  staffAccountSchema,
  staffCreateBodySchema,
  staffIdParamSchema,
  staffPasswordBodySchema,
  staffRolesBodySchema,
} from '@anxin/shared/staff/console-staff.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONSOLE_ROUTE, consoleErrorReplies } from '../../platform/staff-auth.ts';
import { createStaffAdmin } from './staff-admin.service.ts';

/**
 * 员工 (docs/CONSOLE.md, "Staff management", `staff.manage`): the admin lists the staff accounts, creates one,
 * changes its roles, disables or enables it, resets its second factor or its password. Every act is audited.
 */
export const staffAdminConsoleModule: FastifyPluginAsyncZod = async (app) => {
  const staffAdmin = createStaffAdmin(app.services);
  const manage = app.requireStaff('staff.manage');
  const replies = { 200: staffAccountSchema, ...consoleErrorReplies };

  app.get(
    '/admin/staff',
    {
      onRequest: manage,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'The staff accounts, oldest first: roles, second factor set up, enabled, latest sign-in',
        response: { 200: staffAccountListSchema, ...consoleErrorReplies },
      },
    },
    async () => staffAdmin.list(),
  );

  app.post(
    '/admin/staff',
    {
      onRequest: manage,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'Creates a staff account with an initial password; its first sign-in sets up the authenticator',
        body: staffCreateBodySchema,
        response: { 201: staffAccountSchema, ...consoleErrorReplies },
      },
    },
    async (request, reply) => reply.status(201).send(await staffAdmin.create(request.body, request.staff)),
  );

  app.post(
    '/admin/staff/:id/roles',
    {
      onRequest: manage,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'Sets the account’s roles (one at least); they take effect on its next call',
        params: staffIdParamSchema,
        body: staffRolesBodySchema,
        response: replies,
      },
    },
    async (request) => staffAdmin.setRoles(request.params.id, request.body.roles, request.staff),
  );

  app.post(
    '/admin/staff/:id/disable',
    {
      onRequest: manage,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'Disables the account: its sign-ins end at once and it cannot sign in',
        params: staffIdParamSchema,
        response: replies,
      },
    },
    async (request) => staffAdmin.setActive(request.params.id, false, request.staff),
  );

  app.post(
    '/admin/staff/:id/enable',
    {
      onRequest: manage,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'Enables a disabled account: it can sign in again',
        params: staffIdParamSchema,
        response: replies,
      },
    },
    async (request) => staffAdmin.setActive(request.params.id, true, request.staff),
  );

  app.post(
    '/admin/staff/:id/reset-totp',
    {
      onRequest: manage,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'Forgets the account’s authenticator and recovery codes: its next sign-in sets them up again',
        params: staffIdParamSchema,
        response: replies,
      },
    },
    async (request) => staffAdmin.resetSecondFactor(request.params.id, request.staff),
  );

  app.post(
    '/admin/staff/:id/reset-password',
    {
      onRequest: manage,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'Sets a new password (the member password rules) and ends the account’s other sign-ins',
        params: staffIdParamSchema,
        body: staffPasswordBodySchema,
        response: replies,
      },
    },
    async (request) => staffAdmin.resetPassword(request.params.id, request.body.password, request.staff),
  );
};
