// The one HTTP client of the site: the only place that knows the API's base path. It adds the member's
// Bearer token (refreshing it first when it has expired), turns every failure into an ApiError whose
// message is fit to show, and ends the session on a 401 (docs/API-CONVENTIONS.md).
import { MSG } from '@anxin/shared/common/messages';
import {
  clearSession,
  getAccessToken,
  getRefreshToken,
  isAccessTokenExpired,
  isSignedIn,
  type LoginResult,
  saveRefreshedTokens,
} from './token-store.ts';

export const API_BASE_PATH = '/web-gateway';
const REFRESH_PATH = '/passport/account/token/refresh';
/** Serialises the refresh across tabs: refresh tokens rotate, and a reused one ends the whole sign-in. */
const REFRESH_LOCK_NAME = 'anxin-token-refresh';

/** Code of an ApiError raised when the request never got a reply (offline, DNS, connection reset). */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
/** Code of an ApiError whose reply carried no code. */
export const UNKNOWN_ERROR_CODE = 'UNKNOWN';

export type ApiErrorField = { field: string; message: string };

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: ApiErrorField[];
  /** True when `message` is the server's own text, false when the client chose a generic one. */
  readonly hasServerMessage: boolean;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: ApiErrorField[];
    hasServerMessage: boolean;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? [];
    this.hasServerMessage = init.hasServerMessage;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message to show for any error a call can throw ('请求错误' when the server sent none). */
export function getErrorMessage(error: unknown, fallback: string = MSG.unknownError): string {
  if (isApiError(error)) return error.message;
  return fallback;
}

/**
 * For calls whose page names its own text for a failure without a server message (registration,
 * SMS login, profile…): the server's message when it sent one; the network or server text when the call
 * never got a proper answer; else `fallback`.
 */
export function getFailureMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.hasServerMessage || error.status === 0 || error.status >= 500) return error.message;
  return fallback;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  body?: unknown;
  query?: Record<string, QueryValue | QueryValue[]>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** `/v2/member/vo` → `/web-gateway/v2/member/vo?…`; null and undefined query values are left out. */
export function buildApiUrl(path: string, query?: RequestOptions['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) if (item !== undefined && item !== null) search.append(key, String(item));
  }
  const queryString = search.toString();
  return `${API_BASE_PATH}${path}${queryString ? `?${queryString}` : ''}`;
}

export async function apiRequest<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  if (method === 'GET') {
    const early = takeEarlyGet(buildApiUrl(path, options.query));
    if (early) return early as Promise<T>;
  }
  try {
    return await requestWithToken<T>(method, path, options, await getUsableAccessToken());
  } catch (error) {
    if (isApiError(error) && error.status === 401) endSessionOnUnauthorized();
    throw error;
  }
}

/**
 * One call with the given bearer token (none when null), its failure an ApiError, and nothing done about a
 * session: the member's `apiRequest` and the console's client (its own staff token) both build on it.
 */
export async function requestWithToken<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions,
  accessToken: string | null,
): Promise<T> {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);

  const response = await fetchOrThrow(buildApiUrl(path, options.query), {
    method,
    headers,
    body,
    signal: options.signal,
    credentials: 'same-origin',
  });
  if (!response.ok) throw await toApiError(response, method, path);
  return (await readJson(response)) as T;
}

// ---- Early GETs: a page's first data, asked for as the script starts ----
/** How long an early answer waits for the page's request; older, the page asks again. */
export const EARLY_GET_MAX_AGE_MS = 10_000;
const earlyGets = new Map<string, { answer: Promise<unknown>; startedAt: number }>();

/**
 * Starts the GET a page will make first, before the page has loaded or rendered (main.tsx, a route's
 * `prefetch`): the page's own request for the same address, the first within EARLY_GET_MAX_AGE_MS, takes its
 * answer or its error instead of asking again. Outside the query cache on purpose: a prerendered page then
 * still hydrates in the loading state its markup shows, whenever the answer arrives.
 */
export function startEarlyGet(path: string, query?: RequestOptions['query']): void {
  const answer = apiRequest('GET', path, { query });
  // The page's request sees a failure; until then it is not an unhandled rejection.
  answer.catch(() => undefined);
  earlyGets.set(buildApiUrl(path, query), { answer, startedAt: Date.now() });
}

function takeEarlyGet(url: string): Promise<unknown> | undefined {
  const early = earlyGets.get(url);
  earlyGets.delete(url);
  return early && Date.now() - early.startedAt <= EARLY_GET_MAX_AGE_MS ? early.answer : undefined;
}

async function fetchOrThrow(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    // A cancelled query is not a failure to show: let the caller see the AbortError as it is.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: NETWORK_ERROR_CODE, message: MSG.networkPoor, hasServerMessage: false });
  }
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

type ErrorBody = { code?: unknown; message?: unknown; fields?: unknown };

async function toApiError(response: Response, method: string, path: string): Promise<ApiError> {
  const reply = ((await readJson(response).catch(() => undefined)) ?? {}) as ErrorBody;
  const code = typeof reply.code === 'string' && reply.code ? reply.code : UNKNOWN_ERROR_CODE;
  const serverMessage = typeof reply.message === 'string' && reply.message.trim() ? reply.message : undefined;
  const fields = Array.isArray(reply.fields) ? (reply.fields as ApiErrorField[]) : [];
  if (response.status >= 500) {
    // The HTTP client logs 5xx replies to the console.
    console.error(
      `[api] ${method} ${path} → ${response.status}`,
      code,
      response.headers.get('x-request-id') ?? '',
      serverMessage ?? '',
    );
  }
  if (response.status === 500) {
    return new ApiError({ status: 500, code, message: MSG.serverError, fields, hasServerMessage: false });
  }
  if (serverMessage) {
    return new ApiError({ status: response.status, code, message: serverMessage, fields, hasServerMessage: true });
  }
  const message = response.status > 500 ? MSG.serverError : MSG.requestError;
  return new ApiError({ status: response.status, code, message, fields, hasServerMessage: false });
}

/**
 * A 401 removes the member's session, except on the pages that sign a visitor in (their calls
 * may answer 401 for a wrong password or an unbound account without ending anything).
 */
export function isSessionKeptOnUnauthorized(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return /(register|login)$/.test(path) || /\/bind\/phone(\/[^/]+)?$/.test(path);
}

function endSessionOnUnauthorized(): void {
  if (!isSessionKeptOnUnauthorized(window.location.pathname)) clearSession('expired');
}

// ---- Access token refresh (single flight per page, serialised across tabs) ----
let refreshInFlight: Promise<string | null> | null = null;

async function getUsableAccessToken(): Promise<string | null> {
  if (!isSignedIn()) return null;
  if (!isAccessTokenExpired()) return getAccessToken();
  refreshInFlight ??= refreshWithLock().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function refreshWithLock(): Promise<string | null> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return refreshAccessToken();
  return locks.request(REFRESH_LOCK_NAME, () => refreshAccessToken());
}

async function refreshAccessToken(): Promise<string | null> {
  // Another tab may have refreshed while this one waited for the lock.
  if (!isAccessTokenExpired()) return getAccessToken();
  const refreshToken = getRefreshToken();
  if (!refreshToken) {
    endSessionOnUnauthorized();
    return null;
  }
  const response = await fetchOrThrow(buildApiUrl(REFRESH_PATH), {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ refreshToken }),
    credentials: 'same-origin',
  });
  if (response.ok) {
    const result = (await readJson(response)) as LoginResult;
    saveRefreshedTokens(result);
    return result.access_token;
  }
  if (response.status === 400 || response.status === 401 || response.status === 403) {
    // The refresh token is expired, used or revoked: the sign-in is over.
    endSessionOnUnauthorized();
    return null;
  }
  throw await toApiError(response, 'POST', REFRESH_PATH);
}
