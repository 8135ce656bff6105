import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_PREFIX } from './http.ts';

/**
 * What each module tag of the routes covers: declared at the top of the document, where a client generator
 * turns them into its API classes. A route's tag must be here (the document is refused otherwise).
 */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  account: 'The signed-in account: user and account info, password change and reset, is this my phone',
  'account-closure': 'Deleting the account: the application and its withdrawal during the cooling-off period',
  addresses: 'The member’s delivery addresses',
  aftersale: 'After-sales: the member’s refund and return requests on an order, the computed refund, the timeline',
  auth: 'Signing in and registering: password, SMS code and QR login, the image, slide and SMS captchas, tokens',
  'bind-phone': 'Binding a phone to an account, and the account of a third-party sign-in without one',
  cart: 'The member’s shopping cart',
  catalogue: 'Products: search, detail and reviews',
  chat: 'The online-service chat of a member, guest or visitor: chat token, history, sending, read marks, rating (live over a WebSocket)',
  checkout: 'Settling the cart or a buy-now product, and placing the order',
  coins: 'The member’s coins: ledger and balance',
  console:
    'The operator console of the pharmacy’s staff (docs/CONSOLE.md): staff sign-in with TOTP, and every module’s console routes, each allowed by the staff member’s roles',
  coupons: 'The member’s coupons',
  diseases: 'The diagnosis dictionary of the prescription inquiry',
  favorites: 'Products the member keeps',
  'guest-pay': 'The guest payment link sent by SMS: phone check, sign-in, inquiry, patients and payment of its order',
  inquiry: 'The prescription inquiry of an order: medication user, diagnoses, prescription images and review',
  invoices: 'Invoices of the member’s orders: list, detail, PDF and sending by e-mail',
  mall: 'Mall texts and services: protocols, configuration, pharmacist call-backs',
  'mall-config': 'Switches the pages need before anything else',
  member: 'The member home: counts and the new-user gift pack',
  merchants: 'Applications to open a store',
  orders: 'The member’s orders: lists, detail, cancel, receipt, reviews, logistics and buying again',
  patients: 'Medication users (patients) of the member',
  payments: 'Paying orders and the payment gateway’s notifications',
  platform: 'The service itself: health check',
  profile: 'The member’s profile: nickname, sex, birthday and avatar',
  regions: 'The administrative region tree of addresses',
  reservations: 'Arrival notices for out-of-stock products',
  sandbox: 'Sandbox services outside production: SMS and mail outboxes, payment gateway, third-party providers',
  sessions: 'The member’s active sign-ins (devices) and sign-in history',
  'third-party': 'Third-party sign-in and binding (QQ, WeChat, Alipay, Weibo)',
  uploads: 'Uploaded images and files',
};

type Operation = {
  tags?: string[];
  summary?: string;
  description?: string;
  operationId?: string;
};
type Tag = { name: string; description: string };

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The operation's stable name for a generated client: the module tag, the method and the path in camelCase,
 * a path parameter read "by" it (`guest-pay`, GET `/v2/guest-pay/{key}/binding` → guestPayGetV2GuestPayByKeyBinding).
 * It changes only when the route's tag, method or path does.
 */
export function operationIdOf(tag: string, method: string, path: string): string {
  const pathWords = path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment)?.[1];
      return parameter ? ['by', parameter] : [segment];
    });
  const words = [tag, method.toLowerCase(), ...pathWords]
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return words.map((word, index) => (index === 0 ? word.toLowerCase() : capitalised(word))).join('');
}

/**
 * Gives each operation its operationId and a description (its summary, when the route has none) and declares
 * the tags in use at the top level. Refuses a document a client generator could not use as it is: an operation
 * without a tag or a summary, a tag without a description here, two operations with one operationId.
 */
export function completeOpenApiDocument<T extends { paths?: object }>(
  document: T,
  tagDescriptions: Record<string, string> = TAG_DESCRIPTIONS,
): T & { tags: Tag[] } {
  const routesById = new Map<string, string>();
  const tagsInUse = new Set<string>();
  // A path item holds its operations under the method names, beside its own fields (parameters, servers…).
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!HTTP_METHODS.has(method)) continue;
      const route = `${method.toUpperCase()} ${path}`;
      const tag = operation.tags?.[0];
      if (!tag) throw new Error(`${route} has no tag: give it its module's tag`);
      const description = operation.description || operation.summary;
      if (!description) throw new Error(`${route} has neither a summary nor a description`);
      const operationId = operationIdOf(tag, method, path);
      const clash = routesById.get(operationId);
      if (clash) throw new Error(`operationId ${operationId} of ${clash} again for ${route}: rename one of the paths`);
      routesById.set(operationId, route);
      for (const name of operation.tags ?? []) tagsInUse.add(name);
      Object.assign(operation, { operationId, description });
    }
  }
  const tags = [...tagsInUse].sort().map((name) => {
    const description = tagDescriptions[name];
    if (!description) throw new Error(`tag ${name} is not declared: describe it in platform/openapi.ts`);
    return { name, description };
  });
  return { ...document, tags };
}

/**
 * The OpenAPI document of the API (served at /web-gateway/openapi.json outside production): the base path is
 * its server, so the paths are written without it (the plugin strips it).
 */
export const swaggerOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    info: {
      title: '安心大药房 会员中心 API',
      version: '1.0.0',
      description:
        'The HTTP API of the 安心大药房 member centre and mall (docs/API-CONVENTIONS.md): JSON bodies, ' +
        'errors as {code, message}, the member signed in by a Bearer access token.',
      contact: { name: '安心大药房' },
    },
    servers: [{ url: API_PREFIX, description: 'This server' }],
    components: {
      securitySchemes: {
        // The console's routes (tag console) take a staff access token; a member's token is refused there.
        staffToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A staff access token (aud staff) from POST /admin/auth/totp, at most 8 hours',
        },
      },
    },
  },
  transform: jsonSchemaTransform,
  transformObject: (documentObject) => {
    if (!('openapiObject' in documentObject)) throw new Error('the API is documented as OpenAPI, not Swagger 2');
    return completeOpenApiDocument(documentObject.openapiObject);
  },
};
