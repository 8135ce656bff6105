import { z } from 'zod';
import { MSG } from './messages.ts';

/**
 * A schema's own message (the shared rules give one wherever a shopper can go wrong) wins; every other issue
 * (wrong type, number out of range, unknown option…) reads 请求参数错误, never zod's technical wording, on
 * the page and in the server's replies alike.
 */
z.config({ localeError: () => MSG.badRequest });
