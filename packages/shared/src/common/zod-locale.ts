import { z } from 'zod';

/** Zod's own messages (wrong type, missing field) in Chinese, for the page and the server alike. */
z.config(z.locales.zhCN());
