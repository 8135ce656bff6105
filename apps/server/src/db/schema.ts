export * from '../modules/account/account.schema.ts';
export * from '../modules/auth/auth.schema.ts';
export * from '../platform/platform.schema.ts';
