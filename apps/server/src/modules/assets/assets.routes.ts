import {
  coinListQuerySchema,
  coinPageSchema,
  coinTotalSchema,
  couponCountsSchema,
  couponListQuerySchema,
  couponPageSchema,
  giftPackSchema,
  memberCountsSchema,
} from '@anxin/shared/assets/assets.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { countMemberFavorites } from '../favorites/favorites.module.ts';
import { countMemberCoupons, listCoinEntries, listMemberCoupons } from './assets.repository.ts';
import { createCoinService } from './coins.service.ts';
import { toCoupon } from './coupons.rules.ts';
import { createCouponService } from './coupons.service.ts';

const totalPagesOf = (total: number, size: number) => Math.ceil(total / size);

/**
 * Member assets (docs/API-CONVENTIONS.md): coupons (健康补贴) with their counts, the coin ledger
 * (健康币) and its balance, the new-user gift pack and the member home's counts. Every query is the signed-in
 * member's own; statuses are computed at the injectable clock's time.
 */
export const assetsModule: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.services;
  const coinService = createCoinService(db);
  const couponService = createCouponService(db);
  const member = { onRequest: app.requireMember };

  app.get(
    '/v2/coupons',
    {
      ...member,
      schema: {
        tags: ['coupons'],
        summary: 'The member’s coupons of one status (0 unused, 1 used, 2 expired), 6 a page',
        querystring: couponListQuerySchema,
        response: { 200: couponPageSchema, ...errorReplies },
      },
    },
    async (request) => {
      const { status, page, size } = request.query;
      const { rows, total } = await listMemberCoupons(db, request.member.memberId, status, clock.now(), page, size);
      return {
        content: rows.map((row) => toCoupon(row, status)),
        totalElements: total,
        totalPages: totalPagesOf(total, size),
        page,
        size,
      };
    },
  );

  app.get(
    '/v2/coupons/counts',
    {
      ...member,
      schema: {
        tags: ['coupons'],
        summary: 'How many coupons the member has per status',
        response: { 200: couponCountsSchema, ...errorReplies },
      },
    },
    async (request) => countMemberCoupons(db, request.member.memberId, clock.now()),
  );

  app.get(
    '/v2/coins',
    {
      ...member,
      schema: {
        tags: ['coins'],
        summary: 'The member’s coin ledger, newest first, 10 a page (+ earned, − spent)',
        querystring: coinListQuerySchema,
        response: { 200: coinPageSchema, ...errorReplies },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      // Expired coins leave through a ledger entry first, so the history adds up to the balance.
      await coinService.expire(request.member.memberId, clock.now());
      const { rows, total } = await listCoinEntries(db, request.member.memberId, page, size);
      return {
        content: rows.map((row) => ({
          id: row.id,
          createDate: row.createdAt.toISOString(),
          coinAmount: row.amount,
          description: row.description,
          orderCode: row.orderCode,
        })),
        totalElements: total,
        totalPages: totalPagesOf(total, size),
        page,
        size,
      };
    },
  );

  app.get(
    '/v2/coins/total',
    {
      ...member,
      schema: {
        tags: ['coins'],
        summary: 'The member’s coin balance',
        response: { 200: coinTotalSchema, ...errorReplies },
      },
    },
    async (request) => ({ total: await coinService.balance(request.member.memberId, clock.now()) }),
  );

  app.get(
    '/v2/member/counts',
    {
      ...member,
      schema: {
        tags: ['member'],
        summary: 'Member home counts: favourites, unused coupons, coin balance',
        response: { 200: memberCountsSchema, ...errorReplies },
      },
    },
    async (request) => {
      const memberId = request.member.memberId;
      const counts = await countMemberCoupons(db, memberId, clock.now());
      const [coins, favorites] = [
        await coinService.balance(memberId, clock.now()),
        await countMemberFavorites(db, memberId),
      ];
      return { favorites, coupons: counts['0'], coins };
    },
  );

  app.get(
    '/v2/member/giftPack',
    {
      ...member,
      schema: {
        tags: ['member'],
        summary: 'The new-user gift pack’s coupons and their states (empty when the member has none)',
        response: { 200: giftPackSchema, ...errorReplies },
      },
    },
    async (request) => couponService.readGiftPack(request.member.memberId, clock.now()),
  );
};
