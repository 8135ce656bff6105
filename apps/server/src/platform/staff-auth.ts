import type { StaffPermission, StaffRole } from '@anxin/shared/staff/staff-roles';
import type { FastifyRequest } from 'fastify';
import { errorBodySchema, errorReplies } from './api-schemas.ts';
import { forbidden, notSignedIn } from './errors.ts';
import { bearerToken } from './http.ts';

/** The signed-in staff member of a console call: who, the sign-in, the roles and what they allow. */
export type StaffPrincipal = {
  id: number;
  loginName: string;
  displayName: string;
  roles: StaffRole[];
  permissions: StaffPermission[];
  sessionId: string;
};

/** Checks a staff access token and its sign-in (the staff module's); throws 401 when it is not one. */
export type StaffTokenVerifier = (token: string) => Promise<StaffPrincipal>;

/**
 * What every console route's schema starts with: the `console` tag and the staff token's security scheme in
 * the OpenAPI document (docs/CONSOLE.md), whichever module owns the route.
 */
export const CONSOLE_ROUTE = { tags: ['console'], security: [{ staffToken: [] }] };
/** The error replies of a console route: those of every route, and 403 for a role without the permission. */
export const consoleErrorReplies = { ...errorReplies, 403: errorBodySchema };

/**
 * The one permission check of the console (docs/CONSOLE.md): `app.requireStaff('orders.ship')` is the
 * onRequest hook of a console route. 401 without a valid staff token (a member's is not one), 403 with one
 * whose roles lack the permission; without a permission, any signed-in staff member passes. Sets
 * `request.staff`.
 */
export function createRequireStaff(verify: StaffTokenVerifier) {
  return (permission?: StaffPermission) => async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw notSignedIn();
    const staff = await verify(token);
    if (permission && !staff.permissions.includes(permission)) throw forbidden();
    request.staff = staff;
  };
}
