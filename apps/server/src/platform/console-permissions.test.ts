import { MSG } from '@anxin/shared/common/messages';
import { ROLE_PERMISSIONS, STAFF_PERMISSIONS, STAFF_ROLES } from '@anxin/shared/staff/staff-roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { ANY_STAFF, STAFF_PERMISSION_KEY } from './staff-auth.ts';

// Every console operation of the OpenAPI document (docs/CONSOLE.md), called with no token, a member's token and
// a token of each of the five roles: 401 for the first two, 403 exactly for the roles without the operation's
// permission, neither for the others. The permission is the one the route's `app.requireStaff` checks, which the
// document shows as `x-staff-permission`, so a new console route is walked here with nothing to add. And a staff
// token is no member's: every member call that answers 401 without a token answers 401 to it too.

type Operation = {
  security?: { staffToken?: string[] }[];
  parameters?: { in: string; name: string; schema?: { type?: string } }[];
  requestBody?: unknown;
  [STAFF_PERMISSION_KEY]?: string;
};
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const API = '/web-gateway';
/** The console's only routes open to anyone: the sign-in's steps and, outside production, the demo staff. */
const PUBLIC_CONSOLE_ROUTES = [
  'POST /admin/auth/login',
  'GET /admin/auth/totp-setup',
  'POST /admin/auth/totp',
  'GET /admin/dev/demo-staff',
];
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

let t: TestApp;
let operations: { route: string; method: string; path: string; operation: Operation }[];
beforeAll(async () => {
  t = await buildTestApp();
  const document: OpenApi = (await t.app.inject({ method: 'GET', url: `${API}/openapi.json` })).json();
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, method, path, operation })),
  );
});
afterAll(async () => {
  await t?.close();
});

/** A request of the operation for an object that does not exist: path parameters of their type, an empty body. */
function requestOf(method: string, path: string, operation: Operation, headers: Record<string, string>) {
  const url = path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const parameter = operation.parameters?.find((each) => each.in === 'path' && each.name === name);
    return parameter?.schema?.type === 'integer' || parameter?.schema?.type === 'number' ? '987654321' : 'AXNONE0';
  });
  return t.app.inject({
    method: method.toUpperCase() as 'GET',
    url: `${API}${url}`,
    headers,
    ...(operation.requestBody ? { payload: {} } : {}),
  });
}

const consoleOperations = () => operations.filter(({ path }) => path.startsWith('/admin/'));
const protectedConsoleOperations = () =>
  consoleOperations().filter(({ route }) => !PUBLIC_CONSOLE_ROUTES.includes(route));

describe('console routes and their permissions', () => {
  it('every console route but the sign-in declares the staff token and the one permission it checks', () => {
    const publicRoutes = consoleOperations()
      .filter(({ operation }) => !operation.security?.some((scheme) => scheme.staffToken))
      .map(({ route }) => route);
    expect(publicRoutes.sort()).toEqual([...PUBLIC_CONSOLE_ROUTES].sort());
    const known = new Set<string>([...STAFF_PERMISSIONS, ANY_STAFF]);
    const undeclared = protectedConsoleOperations()
      .filter(({ operation }) => !known.has(operation[STAFF_PERMISSION_KEY] ?? ''))
      .map(({ route }) => route);
    expect(undeclared).toEqual([]);
    // Only console routes check a staff token.
    const elsewhere = operations
      .filter(({ path, operation }) => !path.startsWith('/admin/') && operation[STAFF_PERMISSION_KEY])
      .map(({ route }) => route);
    expect(elsewhere).toEqual([]);
    expect(protectedConsoleOperations().length).toBeGreaterThan(50);
  });

  it('answers 401 without a token and to a member, 403 exactly to the roles without the permission', async () => {
    const member = await t.createSignedInMember();
    const refusals: string[] = [];
    for (const { route, method, path, operation } of protectedConsoleOperations()) {
      const permission = operation[STAFF_PERMISSION_KEY] ?? '';
      const anonymous = await requestOf(method, path, operation, {});
      if (anonymous.statusCode !== 401) refusals.push(`${route} without a token: ${anonymous.statusCode}`);
      const asMember = await requestOf(method, path, operation, member.headers);
      if (asMember.statusCode !== 401) refusals.push(`${route} as a member: ${asMember.statusCode}`);
      for (const role of STAFF_ROLES) {
        // A staff member of their own each time: an operation may end its caller's sign-in (signing out).
        const { headers } = await t.signedInStaff([role]);
        const reply = await requestOf(method, path, operation, headers);
        const isAllowed =
          permission === ANY_STAFF || (ROLE_PERMISSIONS[role] as readonly string[]).includes(permission);
        if (isAllowed && (reply.statusCode === 401 || reply.statusCode === 403)) {
          refusals.push(`${route} as ${role} (has ${permission}): ${reply.statusCode} ${reply.body}`);
        }
        if (!isAllowed && (reply.statusCode !== 403 || reply.json().message !== MSG.staffForbidden)) {
          refusals.push(`${route} as ${role} (lacks ${permission}): ${reply.statusCode} ${reply.body}`);
        }
      }
    }
    expect(refusals).toEqual([]);
  });

  it('a staff token is refused on every member call a visitor is refused', async () => {
    const { headers } = await t.signedInStaff(['admin']);
    const accepted: string[] = [];
    let memberCalls = 0;
    for (const { route, method, path, operation } of operations) {
      if (path.startsWith('/admin/')) continue;
      const anonymous = await requestOf(method, path, operation, {});
      if (anonymous.statusCode !== 401) continue;
      memberCalls += 1;
      const asStaff = await requestOf(method, path, operation, headers);
      if (asStaff.statusCode !== 401) accepted.push(`${route}: ${asStaff.statusCode}`);
    }
    expect(accepted).toEqual([]);
    expect(memberCalls).toBeGreaterThan(50);
  });
});
