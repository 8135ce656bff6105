import type { StaffPermission, StaffRole } from '@anxin/shared/staff/staff-roles';
import type { FastifyRequest, RouteOptions } from 'fastify';
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

/** What `requireStaff()` without a permission checks: that the caller is a signed-in staff member. */
export const ANY_STAFF = 'signedIn';
/**
 * The key of a console operation in the OpenAPI document that names the permission its route checks (or
 * ANY_STAFF): written from the route's own `requireStaff` hook by declareStaffPermission, so the document and
 * the tests read the check itself, never a copy of it.
 */
export const STAFF_PERMISSION_KEY = 'x-staff-permission';

const permissionOfHook = new WeakMap<object, StaffPermission | typeof ANY_STAFF>();

/**
 * The one permission check of the console (docs/CONSOLE.md): `app.requireStaff('orders.ship')` is the
 * onRequest hook of a console route. 401 without a valid staff token (a member's is not one), 403 with one
 * whose roles lack the permission; without a permission, any signed-in staff member passes. Sets
 * `request.staff`.
 */
export function createRequireStaff(verify: StaffTokenVerifier) {
  return (permission?: StaffPermission) => {
    const hook = async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw notSignedIn();
      const staff = await verify(token);
      if (permission && !staff.permissions.includes(permission)) throw forbidden();
      request.staff = staff;
    };
    permissionOfHook.set(hook, permission ?? ANY_STAFF);
    return hook;
  };
}

/**
 * The app's onRoute hook: a route whose onRequest is a `requireStaff` hook gets the permission it checks in its
 * schema as STAFF_PERMISSION_KEY, which the OpenAPI document shows on the operation.
 */
export function declareStaffPermission(route: RouteOptions) {
  const hooks = [route.onRequest ?? []].flat();
  const permission = hooks.map((hook) => permissionOfHook.get(hook)).find((each) => each !== undefined);
  if (permission) route.schema = Object.assign({}, route.schema, { [STAFF_PERMISSION_KEY]: permission });
}
