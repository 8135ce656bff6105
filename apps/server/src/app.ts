import '@anxin/shared/common/zod-locale';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  MEMBER_COOKIE_NAME,
  type PrerenderedPage,
  prerenderedFileOf,
  prerenderedPageOf,
  withParametersFilled,
} from '@anxin/shared/common/prerendered-pages';
import { GUEST_PAY_PAGES, isGuestPayPage } from '@anxin/shared/guest-pay/guest-pay.paths';
import { isMobileBrowser } from '@anxin/shared/guest-pay/mobile-browser';
import { isConsolePage } from '@anxin/shared/staff/console-pages';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppServices } from './app-services.ts';
import { isApiDocsEnabled } from './config.ts';
import {
  createSessionCache,
  createSmsCodeService,
  createTokenService,
  SESSION_ENDED_CHANNEL,
} from './modules/auth/auth.module.ts';
import { listModules, subscribeModules } from './modules/index.ts';
import { createStaffTokens } from './modules/staff/staff.module.ts';
import { FieldCipher } from './platform/crypto.ts';
import { handleClientError, handleError } from './platform/error-handler.ts';
import { notFound, notSignedIn } from './platform/errors.ts';
import { API_PREFIX, type AppDeps, bearerToken } from './platform/http.ts';
import { createIdentityCheck } from './platform/identity/identity-checks.ts';
import { guardRequestText } from './platform/input-guard.ts';
import { loggerOptions } from './platform/log-options.ts';
import { swaggerOptions } from './platform/openapi.ts';
import { replySerializerCompiler } from './platform/reply-serializer.ts';
import { sendCompressed } from './platform/send-compressed.ts';
import { createRequireStaff, declareStaffPermission } from './platform/staff-auth.ts';
import { addVary } from './platform/vary.ts';

/** The built scripts and styles: named by their content hash, so cached for good. */
const ASSETS_PREFIX = '/assets/';
/**
 * Headers that matter for a page (the HTML), not for a script or style it loads: a first visit fetches twenty
 * or more of those, each carried about 1 KB of them. A script keeps nosniff and the cross-origin resource
 * policy; HSTS is recorded from the page; an immutable file needs no revalidation (ETag, Last-Modified).
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'etag',
  'last-modified',
];

/** Wires plugins and modules; never listens (server.ts does, tests use inject). */
export async function buildApp(deps: AppDeps, options: Pick<FastifyServerOptions, 'logger'> = {}) {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(deps.config.LOG_LEVEL),
    bodyLimit: 256 * 1024,
    // Registering the modules' routes (their schemas compiled) took more than avvio's default 10 s on a loaded
    // 2-core machine, and the start failed (AVV_ERR_PLUGIN_EXEC_TIMEOUT); a plugin that truly hangs still fails.
    pluginTimeout: 120_000,
    trustProxy: deps.config.TRUST_PROXY ? deps.config.TRUST_PROXY.split(',').map((entry) => entry.trim()) : false,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    frameworkErrors: handleError,
    clientErrorHandler: handleClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler);
  app.setErrorHandler(handleError);
  guardRequestText(app);
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(ASSETS_PREFIX)) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      return;
    }
    reply.header('x-request-id', request.id);
    // Member data and tokens must not stay in a browser or proxy cache: every API reply is no-store unless
    // its route sets its own caching or is marked public (catalogue, protocol texts); errors always.
    if (!request.url.startsWith(API_PREFIX)) return;
    const isCacheable = reply.hasHeader('cache-control') || request.routeOptions.config?.isCacheable === true;
    if (reply.statusCode >= 400 || !isCacheable) reply.header('cache-control', 'no-store');
  });

  const sessionCache = createSessionCache();
  const tokens = createTokenService(
    deps.db,
    deps.clock,
    {
      jwtSecret: deps.secrets.jwtSecret,
      accessTtlSeconds: deps.config.ACCESS_TOKEN_TTL_SECONDS,
      refreshTtlDays: deps.config.REFRESH_TOKEN_TTL_DAYS,
    },
    { sessionCache, log: app.log },
  );
  const stopListening = await deps.listen(SESSION_ENDED_CHANNEL, {
    onMessage: (sessionId) => sessionCache.forget([sessionId]),
    onListening: (listening) => sessionCache.setListening(listening),
  });
  app.addHook('onClose', stopListening);
  const smsCodes = createSmsCodeService(deps.db, deps.clock, deps.sms, deps.config.CAPTCHA_MODE);
  const services: AppServices = {
    ...deps,
    tokens,
    smsCodes,
    cipher: new FieldCipher(deps.secrets.fieldKey),
    sessionCache,
    identity: createIdentityCheck(deps.config),
    log: app.log,
    modules: listModules(),
  };
  subscribeModules();
  app.decorate('services', services);
  app.decorateRequest('member');
  app.decorate('requireMember', async (request) => {
    const token = bearerToken(request);
    if (!token) throw notSignedIn();
    request.member = await tokens.verifyAccessToken(token);
  });
  const staffTokens = createStaffTokens(services);
  app.decorateRequest('staff');
  app.decorate(
    'requireStaff',
    createRequireStaff((token) => staffTokens.verify(token)),
  );
  app.addHook('onRoute', declareStaffPermission);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its design tokens (CSS variables) and the icons' base styles as <style> elements at run
        // time (its component styles are built files), and the prerendered pages inline their critical CSS;
        // scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  // The browser secrets of the QR and third-party sign-ins and the pages' member marker are cookies: parsed
  // here once for every request (request.cookies), set with reply.setCookie.
  await app.register(fastifyCookie);
  await app.register(swagger, swaggerOptions);
  const isDocsServed = isApiDocsEnabled(deps.config);
  if (isDocsServed) await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  await app.register(
    async (api) => {
      // Replies of 1 KB and more (order lists, search, addresses) go out as brotli (quality 4) or gzip;
      // smaller ones are not worth the time. Request bodies are never decompressed.
      await api.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
      for (const module of services.modules) for (const routes of module.routes ?? []) await api.register(routes);
      if (isDocsServed) api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_PREFIX },
  );

  registerWebPages(app, deps.config.WEB_DIST_DIR);
  return app;
}

/**
 * The page the build prerendered for this request's address, if any (docs/ARCHITECTURE.md, prerendered
 * pages): only for a bare path, whose markup does not depend on a query; to a visitor without the member
 * cookie the signed-out page it was rendered as, to a member (the cookie) the member centre's frame it was
 * rendered as. Everyone else gets index.html, drawn by the script.
 */
function prerenderedPageFor(request: FastifyRequest): PrerenderedPage | undefined {
  return prerenderedPageOf(request.url, request.cookies[MEMBER_COOKIE_NAME] === '1');
}

/**
 * The built SPA: assets as files, every other non-API path answers index.html (client-side routing), or for
 * the guest link's pages guest.html, for the operator console's admin.html, each their own script
 * (docs/ARCHITECTURE.md, docs/CONSOLE.md).
 */
function registerWebPages(app: FastifyInstance, distDir: string) {
  const hasPages = existsSync(join(distDir, 'index.html'));
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    addVary(reply.header('cache-control', 'no-cache'), 'Cookie');
    const prerendered = prerenderedPageFor(request);
    const file = prerendered ? prerenderedFileOf(prerendered.path) : '';
    if (!prerendered || !existsSync(join(distDir, file))) {
      const { pathname } = new URL(request.url, 'http://page');
      const html = isGuestPayPage(pathname) ? 'guest.html' : isConsolePage(pathname) ? 'admin.html' : 'index.html';
      return reply.sendFile(html, { cacheControl: false });
    }
    if (Object.keys(prerendered.parameters).length === 0) return reply.sendFile(file, { cacheControl: false });
    // A page with a parameter (the product page) carries the address's value: written in per request.
    const html = withParametersFilled(await readFile(join(distDir, file), 'utf8'), prerendered.parameters);
    return sendCompressed(request, reply.type('text/html; charset=utf-8'), html);
  };
  if (hasPages) {
    app.register(fastifyStatic, {
      root: distDir,
      // Looks each file up per request, so a rebuilt page is served without a restart.
      wildcard: true,
      // The build writes .br and .gz next to each file (apps/web/build/precompress-plugin.ts): sent as they
      // are, by the browser's Accept-Encoding, with `Vary: Accept-Encoding`; the file itself otherwise.
      preCompressed: true,
      setHeaders: (reply, path) => {
        if (path.includes(ASSETS_PREFIX)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    // `/` is a page like any other, not the folder's index.html (which the static files would answer).
    app.get('/', { schema: { hide: true } }, sendPage);
    // The SMS link opens the guest entry page: a phone's browser goes to the phone pages of the flow (/m/…)
    // from here, as each desktop page itself would send it once drawn (docs/GUEST-PAY.md), a page load sooner.
    for (const page of [GUEST_PAY_PAGES.entry, GUEST_PAY_PAGES.inquiry, GUEST_PAY_PAGES.payment]) {
      app.get(page, { schema: { hide: true } }, (request, reply) => {
        addVary(reply, 'User-Agent', 'Sec-CH-UA-Mobile');
        const isPhone = isMobileBrowser(
          request.headers['user-agent'] ?? '',
          request.headers['sec-ch-ua-mobile'] === '?1',
        );
        if (isPhone) return reply.header('cache-control', 'no-cache').redirect(`/m${request.url}`, 302);
        return sendPage(request, reply);
      });
    }
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing script is a 404, not the page: a stale tab's lazy load then fails cleanly (and a page is never
    // served without its security headers under /assets/).
    const isPagePath = !request.url.startsWith(API_PREFIX) && !request.url.startsWith(ASSETS_PREFIX);
    if (!isPagePath || !hasPages || request.method !== 'GET') throw notFound();
    return sendPage(request, reply);
  });
}
