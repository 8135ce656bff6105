import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';

export type Secrets = { jwtSecret: Uint8Array; fieldKey: Buffer };

/**
 * Production takes its secrets from the environment (config refuses to start without them).
 * Elsewhere they are made once and kept in DATA_DIR, so sign-ins survive a restart of the demo.
 */
export function resolveSecrets(config: Config): Secrets {
  let jwt = config.JWT_SECRET;
  let field = config.FIELD_ENCRYPTION_KEY;
  if (!jwt || !field) {
    const file = join(config.DATA_DIR, 'dev-secrets.json');
    const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
    stored.jwt ??= randomBytes(32).toString('hex');
    stored.field ??= randomBytes(32).toString('hex');
    mkdirSync(config.DATA_DIR, { recursive: true });
    writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
    jwt ??= stored.jwt;
    field ??= stored.field;
  }
  return { jwtSecret: new TextEncoder().encode(jwt), fieldKey: Buffer.from(field, 'hex') };
}
