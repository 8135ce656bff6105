import { createHash } from 'node:crypto';
import { AccountSafetyCode } from '@anxin/shared/account/account-safety.schemas';
import { isSameOriginPath, withQuery } from '@anxin/shared/account/safe-path';
import {
  alreadyBoundMessage,
  THIRD_PARTY_NAMES,
  THIRD_PARTY_TYPES,
  type ThirdType,
  thirdTypeOfLoginType,
} from '@anxin/shared/account/third-party';
import { ErrorCode } from '@anxin/shared/common/errors';
import { MSG } from '@anxin/shared/common/messages';
import type { AppServices } from '../../app-services.ts';
import type { Executor } from '../../db/client.ts';
import type { ClientInfo } from '../../platform/client-info.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { AppError, badRequest, conflict, isUniqueViolation, notFound, notSignedIn } from '../../platform/errors.ts';
import type { OAuthRegistry } from '../../platform/oauth/oauth-config.ts';
import { OAuthExchangeError } from '../../platform/oauth/oauth-provider.ts';
import { hitLimits } from '../../platform/rate-limit.ts';
import { findMemberById } from '../account/account.module.ts';
import { type OAuthTicket, signOAuthTicket, verifyOAuthTicket } from './oauth-ticket.ts';
import * as repo from './third-party.repository.ts';

export const OAUTH_STATE_TTL_SECONDS = 600;
export const OAUTH_LOGIN_CODE_TTL_SECONDS = 120;
export const DEFAULT_LOGIN_BACK_URL = '/user';
export const SAFE_PAGE_PATH = '/user/personal/safe';

export type OAuthOrigin = 'login' | 'safe';

/** Who starts a round trip: the browser (its cookie value) and, from the safety page, the signed-in member. */
export type OAuthStarter = { browserSecret: string; memberId?: number };

/** Where the callback sends the browser, or an error page to show. */
export type CallbackOutcome = { redirect: string } | { errorStatus: number; message: string };

export const thirdPartyTaken = () => new AppError(409, AccountSafetyCode.thirdAccountTaken, MSG.thirdAccountTaken);

/**
 * The members' third-party identities as other services write them: the binding of a phone links the ticket's
 * account in the transaction that creates or merges the member, given as the first argument.
 */
export function createThirdPartyIdentityService() {
  return {
    /** Links the ticket's third-party account to the member; two binds at once: the unique indexes let one through. */
    async insertIdentityFromTicket(tx: Executor, memberId: number, ticket: OAuthTicket, now: Date) {
      try {
        await repo.insertIdentity(tx, {
          memberId,
          thirdType: ticket.thirdType,
          openId: ticket.openId,
          nickname: ticket.nickname || null,
          avatar: ticket.avatar,
          boundAt: now,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw thirdPartyTaken();
        throw error;
      }
    },
  };
}

const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export function createThirdPartyService(services: AppServices, oauth: OAuthRegistry) {
  const { db, clock, secrets, tokens } = services;
  const identities = createThirdPartyIdentityService();

  async function verifyBindTicket(
    memberId: number,
    ticketText: string,
    loginType: number,
    browserSecret: string | undefined,
  ) {
    const ticket = await verifyOAuthTicket(ticketText, secrets.jwtSecret, clock, {
      purpose: 'bind',
      browserSecret,
      memberId,
      field: 'loginName',
      message: MSG.oauthBindTicketInvalid,
    });
    if (thirdTypeOfLoginType(loginType) !== ticket.thirdType) throw badRequest(MSG.badRequest, 'loginType');
    if (await repo.findIdentity(db, ticket.thirdType, ticket.openId)) throw thirdPartyTaken();
    if (await repo.findMemberIdentity(db, memberId, ticket.thirdType)) {
      throw conflict(alreadyBoundMessage(ticket.thirdType));
    }
    return ticket;
  }

  return {
    /**
     * Step 1: a state row (with the PKCE verifier, the hash of the browser's cookie and, from the safety page,
     * the member) and the provider's consent URL. Binding from the safety page needs the signed-in member.
     */
    async startAuthorization(
      thirdType: ThirdType,
      input: { backUrl?: string; origin: OAuthOrigin; platform?: string; appName?: string },
      ip: string,
      starter: OAuthStarter,
    ) {
      const provider = oauth.get(thirdType);
      if (!provider) throw notFound();
      if (input.origin === 'safe' && starter.memberId === undefined) throw notSignedIn();
      const defaultBackUrl = input.origin === 'safe' ? SAFE_PAGE_PATH : DEFAULT_LOGIN_BACK_URL;
      const backUrl = input.backUrl ?? defaultBackUrl;
      // Only paths of this site: '//evil.com', 'https://evil.com' and '/\evil.com' are refused outright.
      if (!isSameOriginPath(backUrl)) throw badRequest(MSG.badRequest, 'backUrl');
      const now = clock.now();
      await hitLimits(db, now, [{ key: `oauth-authorize:ip:${ip}`, max: 60, windowSeconds: 600 }]);
      const state = randomToken(32);
      const codeVerifier = provider.supportsPkce ? randomToken(48) : undefined;
      await repo.insertState(db, {
        stateHash: sha256(state),
        thirdType,
        codeVerifier: codeVerifier ?? null,
        backUrl,
        origin: input.origin,
        platform: input.platform ?? null,
        appName: input.appName ?? null,
        browserHash: sha256(starter.browserSecret),
        memberId: input.origin === 'safe' ? (starter.memberId ?? null) : null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_SECONDS * 1000),
      });
      return provider.authorizeUrl({
        state,
        codeChallenge: codeVerifier ? pkceChallenge(codeVerifier) : undefined,
        redirectUri: oauth.redirectUri(provider),
      });
    },

    /**
     * Step 2, the provider's redirect back: the state must be ours, unused, fresh and started by this very
     * browser; then the code is exchanged and the account is looked up. Tokens never travel in a URL: a bound
     * account gets a one-time code the page trades for the login result; an unbound one a signed ticket. Both
     * work only in this browser (and a safety-page ticket only for the member who started the round trip).
     * A state opened in another browser is left unused: the link's owner can still finish in their own.
     */
    async finishAuthorization(
      thirdType: ThirdType,
      query: { code?: string; state?: string; error?: string },
      browserSecret: string | undefined,
    ): Promise<CallbackOutcome> {
      const provider = oauth.get(thirdType);
      if (!provider) return { errorStatus: 404, message: MSG.oauthProviderUnavailable };
      const now = clock.now();
      if (!query.state) return { errorStatus: 400, message: MSG.oauthStateInvalid };
      const stateHash = sha256(query.state);
      const browserHash = browserSecret ? sha256(browserSecret) : undefined;
      const state = browserHash ? await repo.claimState(db, stateHash, thirdType, browserHash, now) : undefined;
      if (!state) {
        const isOtherBrowsers = await repo.hasOpenState(db, stateHash, thirdType, now);
        return { errorStatus: 400, message: isOtherBrowsers ? MSG.oauthOtherBrowser : MSG.oauthStateInvalid };
      }
      const origin: OAuthOrigin = state.origin === 'safe' ? 'safe' : 'login';
      if (origin === 'safe' && state.memberId === null) return { errorStatus: 400, message: MSG.oauthStateInvalid };
      const scopedBrowserHash = state.browserHash ?? '';
      const returnTo = (values: Record<string, string | number | undefined>) =>
        origin === 'safe'
          ? withQuery(state.backUrl, values)
          : withQuery('/user/login', {
              ...values,
              backurl: state.backUrl === DEFAULT_LOGIN_BACK_URL ? undefined : state.backUrl,
            });

      if (query.error || !query.code) return { redirect: returnTo({ oauthError: 'denied' }) };

      let profile: Awaited<ReturnType<typeof provider.exchangeCode>>;
      try {
        profile = await provider.exchangeCode({
          code: query.code,
          codeVerifier: state.codeVerifier ?? undefined,
          redirectUri: oauth.redirectUri(provider),
        });
      } catch (error) {
        if (error instanceof OAuthExchangeError) return { errorStatus: 502, message: MSG.oauthExchangeFailed };
        throw error;
      }

      const found = await repo.findIdentity(db, thirdType, profile.openId);
      const ticket = () =>
        signOAuthTicket(
          { thirdType, openId: profile.openId, nickname: profile.nickname, avatar: profile.avatar },
          origin === 'safe' && state.memberId !== null
            ? { purpose: 'bind', browserHash: scopedBrowserHash, memberId: state.memberId }
            : { purpose: 'login', browserHash: scopedBrowserHash },
          secrets.jwtSecret,
          clock,
        );

      if (origin === 'safe') {
        // Binding from the safety page: the page binds with the ticket (it has the member's token; we don't).
        if (found) return { redirect: returnTo({ isBind: 1, thirdType }) };
        return { redirect: returnTo({ isBind: 0, thirdType, ticket: await ticket() }) };
      }

      if (found && found.member.status === 'closing') return { redirect: returnTo({ oauthError: 'closing' }) };
      if (found && found.member.status === 'active' && found.member.phone) {
        const code = randomToken(32);
        await repo.insertLoginCode(db, {
          codeHash: sha256(code),
          memberId: found.member.id,
          thirdType,
          browserHash: scopedBrowserHash,
          createdAt: now,
          expiresAt: new Date(now.getTime() + OAUTH_LOGIN_CODE_TTL_SECONDS * 1000),
        });
        return { redirect: returnTo({ oauthCode: code }) };
      }
      // Unbound, or bound to an old account without a phone: bind one first.
      return { redirect: returnTo({ isBind: 0, thirdType, ticket: await ticket() }) };
    },

    /** Step 3: the page, in the browser of the round trip, trades the one-time code for the login result. */
    async redeemLoginCode(code: string, client: ClientInfo, browserSecret: string | undefined) {
      if (!browserSecret) throw badRequest(MSG.oauthResultInvalid, 'code');
      const row = await repo.claimLoginCode(db, sha256(code), sha256(browserSecret), clock.now());
      if (!row) throw badRequest(MSG.oauthResultInvalid, 'code');
      const member = await findMemberById(db, row.memberId);
      if (member?.status !== 'active') throw badRequest(MSG.oauthResultInvalid, 'code');
      const provider = oauth.get(row.thirdType as ThirdType);
      return tokens.signIn({ memberId: member.id, method: provider?.name ?? 'oauth', ...client });
    },

    /** GET thirdBinder: the four kinds, bound or not. */
    async listBindings(memberId: number) {
      const rows = await repo.listMemberIdentities(db, memberId);
      return THIRD_PARTY_TYPES.map((type) => {
        const row = rows.find((identity) => identity.thirdType === type);
        return {
          type,
          name: THIRD_PARTY_NAMES[type],
          isBind: Boolean(row),
          nickname: row?.nickname ?? null,
          boundAt: row?.boundAt.toISOString() ?? null,
        };
      });
    },

    /**
     * The safety page's ticket, checked as PUT binder checks it: made by this member's own round trip in this
     * browser, and the account still free to bind. Answers what the member is asked to confirm.
     */
    async previewBind(memberId: number, ticketText: string, loginType: number, browserSecret: string | undefined) {
      const ticket = await verifyBindTicket(memberId, ticketText, loginType, browserSecret);
      return { type: ticket.thirdType, name: THIRD_PARTY_NAMES[ticket.thirdType], nickname: ticket.nickname };
    },

    /** PUT binder: the signed-in member takes the third-party account of the member's own safety-page ticket. */
    async bind(memberId: number, ticketText: string, loginType: number, browserSecret: string | undefined) {
      const ticket = await verifyBindTicket(memberId, ticketText, loginType, browserSecret);
      await identities.insertIdentityFromTicket(db, memberId, ticket, clock.now());
      return { type: ticket.thirdType, name: THIRD_PARTY_NAMES[ticket.thirdType] };
    },

    /** DELETE thirdBinder: never leaves an account without a way in (a phone, for the SMS sign-in). */
    async unbind(memberId: number, thirdType: ThirdType) {
      const member = await findMemberById(db, memberId);
      if (!member) throw notFound();
      if (!(await repo.findMemberIdentity(db, memberId, thirdType))) {
        throw new AppError(404, ErrorCode.notFound, MSG.thirdNotBound);
      }
      if (!member.phone) throw badRequest(MSG.unbindNeedsPhone, 'type');
      await repo.deleteMemberIdentity(db, memberId, thirdType);
    },
  };
}

export type ThirdPartyService = ReturnType<typeof createThirdPartyService>;
