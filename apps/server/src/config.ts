import { z } from 'zod';

const flag = z.enum(['0', '1']);

/**
 * One third-party sign-in provider (issue 3): client credentials and, optionally, its endpoints (the real
 * provider's when unset; see platform/oauth/oauth-config.ts). A provider without a client id uses the sandbox
 * provider outside production, and is unavailable in production unless ALLOW_SANDBOX_IN_PRODUCTION=1.
 */
type OAuthVariableName<P extends string> =
  `OAUTH_${P}_${'CLIENT_ID' | 'CLIENT_SECRET' | 'AUTHORIZE_URL' | 'TOKEN_URL' | 'USERINFO_URL'}`;
function oauthVariables<P extends string>(provider: P) {
  const optional = z.string().min(1).optional();
  return {
    [`OAUTH_${provider}_CLIENT_ID`]: optional,
    [`OAUTH_${provider}_CLIENT_SECRET`]: optional,
    [`OAUTH_${provider}_AUTHORIZE_URL`]: z.string().url().optional(),
    [`OAUTH_${provider}_TOKEN_URL`]: z.string().url().optional(),
    [`OAUTH_${provider}_USERINFO_URL`]: z.string().url().optional(),
  } as Record<OAuthVariableName<P>, typeof optional>;
}

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * Addresses (or CIDR ranges) of the reverse proxies in front of the server, comma-separated. Their
   * X-Forwarded-For is believed, so per-client limits count shoppers, not the proxy. Empty: no proxy.
   */
  TRUST_PROXY: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.string().min(32).optional(),
  FIELD_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 64 hex characters')
    .optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(7200).default(1800),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(30),
  /** The console's staff access tokens: a working day at most, no refresh token (docs/CONSOLE.md). */
  STAFF_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(28800).default(28800),
  CAPTCHA_MODE: z.enum(['slider', 'test', 'off']).default('slider'),
  SMS_PROVIDER: z.enum(['outbox']).default('outbox'),
  /** Where e-mail goes (platform/mail); the default sandbox keeps messages in the database. */
  MAIL_PROVIDER: z.enum(['outbox']).default('outbox'),
  /** The real-name check of patients and guardians (platform/identity); only the sandbox exists so far. */
  IDENTITY_CHECK_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  PASSWORD_LOGIN_ENABLED: flag.default('1'),
  AVATAR_HOST: z.string().default('/web-gateway/files/'),
  PUBLIC_ORIGIN: z.string().url().default('http://localhost:8080'),
  ORDER_PAYMENT_TIMEOUT_MINUTES: z.coerce.number().int().min(1).default(30),
  /** Guest payment links: hours to confirm the phone, also the pay deadline of the online order (docs/GUEST-PAY.md). */
  GUEST_LINK_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  ALLOW_SANDBOX_IN_PRODUCTION: flag.default('0'),
  /** The OpenAPI document and its explorer page: on by default outside production, off in production unless 1. */
  API_DOCS_ENABLED: flag.optional(),
  /** Adds the baseline routes `npm run bench` compares against (hello world, one-row select). */
  BENCH_ROUTES: flag.default('0'),
  ...oauthVariables('QQ'),
  ...oauthVariables('WEIXIN'),
  ...oauthVariables('ALIPAY'),
  ...oauthVariables('WEIBO'),
  WEB_DIST_DIR: z.string().default(new URL('../../web/dist', import.meta.url).pathname),
});

export type Config = z.infer<typeof configSchema> & { isProduction: boolean };

/** Parses the environment; a bad value stops the start with the variable's name. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // The operator reads these: zod's English wording, not the shopper's generic sentence set in shared.
  const parsed = configSchema.safeParse(env, { error: z.locales.en().localeError });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = { ...parsed.data, isProduction: parsed.data.NODE_ENV === 'production' };
  assertSafeForProduction(config);
  return config;
}

function assertSafeForProduction(config: Config) {
  if (!config.isProduction) return;
  const problems: string[] = [];
  if (!config.JWT_SECRET) problems.push('JWT_SECRET is required in production');
  if (!config.FIELD_ENCRYPTION_KEY) problems.push('FIELD_ENCRYPTION_KEY is required in production');
  if (config.CAPTCHA_MODE !== 'slider')
    problems.push(`CAPTCHA_MODE=${config.CAPTCHA_MODE} is not allowed in production`);
  if (config.ALLOW_SANDBOX_IN_PRODUCTION !== '1' && config.SMS_PROVIDER === 'outbox') {
    problems.push('SMS_PROVIDER=outbox is a sandbox: set ALLOW_SANDBOX_IN_PRODUCTION=1 to accept it');
  }
  if (config.ALLOW_SANDBOX_IN_PRODUCTION !== '1' && config.MAIL_PROVIDER === 'outbox') {
    problems.push('MAIL_PROVIDER=outbox is a sandbox: set ALLOW_SANDBOX_IN_PRODUCTION=1 to accept it');
  }
  if (config.ALLOW_SANDBOX_IN_PRODUCTION !== '1' && config.IDENTITY_CHECK_PROVIDER === 'sandbox') {
    problems.push('IDENTITY_CHECK_PROVIDER=sandbox is a sandbox: set ALLOW_SANDBOX_IN_PRODUCTION=1 to accept it');
  }
  if (problems.length) throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
}

/** The API explorer helps an attacker map the routes: a production server shows it only when told to. */
export const isApiDocsEnabled = (config: Config) =>
  config.API_DOCS_ENABLED ? config.API_DOCS_ENABLED === '1' : !config.isProduction;
