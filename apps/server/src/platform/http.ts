import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Database, Listen } from '../db/client.ts';
import type { Clock } from './clock.ts';
import type { MailProvider } from './mail/mail-provider.ts';
import type { Secrets } from './secrets.ts';
import type { SmsProvider } from './sms/sms-provider.ts';

/** What every module gets: the database, the clock, configuration and the outside-service adapters. */
export type AppDeps = {
  config: Config;
  db: Database;
  /** NOTIFY subscriptions on that database (the session cache listens for ended sign-ins). */
  listen: Listen;
  clock: Clock;
  secrets: Secrets;
  sms: SmsProvider;
  /** The mail service; when absent, the one MAIL_PROVIDER names (platform/mail). */
  mail?: MailProvider;
};

export type App = FastifyInstance & { withTypeProvider<T = ZodTypeProvider>(): FastifyInstance & T };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public reply (the catalogue, protocol texts) that browsers and proxies may keep: not sent no-store. */
    isCacheable?: boolean;
  }
}

export const API_PREFIX = '/web-gateway';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}
