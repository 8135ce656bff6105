import { protocolSchema } from '@anxin/shared/protocols/protocols.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { listProtocolsByCodes } from './protocols.repository.ts';

const OFFICIAL_ACCOUNT_URL = 'https://mp.weixin.qq.com/anxin-pharmacy';

export const protocolsModule: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  const officialAccountQr = await QRCode.toString(OFFICIAL_ACCOUNT_URL, { type: 'svg', margin: 1, width: 200 });

  app.get(
    '/v2/protocols',
    {
      config: { isCacheable: true },
      schema: {
        tags: ['mall'],
        summary: 'Protocol texts by code (type 0: plain text)',
        querystring: z.object({
          protocolCodes: z.string().min(1).max(200),
          type: z.literal('0').default('0'),
        }),
        response: { 200: z.array(protocolSchema), ...errorReplies },
      },
    },
    async (request) => {
      const codes = request.query.protocolCodes.split(',').map((code) => code.trim());
      const rows = await listProtocolsByCodes(db, codes);
      return rows.map(({ protocolCode, title, content }) => ({ protocolCode, title, content }));
    },
  );

  app.get('/v2/mall/official-account-qr.svg', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(officialAccountQr),
  );
};
