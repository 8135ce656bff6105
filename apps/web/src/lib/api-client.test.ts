import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The client runs in the browser; these stand-ins give it the few browser objects it touches.
const storage = new Map<string, string>();
let cookieJar = new Map<string, string>();
const fakeWindow = {
  localStorage: {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  },
  location: { pathname: '/user' },
  addEventListener: () => {},
};
const fakeDocument = {
  get cookie() {
    return [...cookieJar].map(([name, value]) => `${name}=${value}`).join('; ');
  },
  set cookie(text: string) {
    const [pair, ...attributes] = text.split(';').map((part) => part.trim());
    const [name, value = ''] = (pair ?? '').split('=');
    if (!name) return;
    if (attributes.some((attribute) => attribute === 'max-age=0')) cookieJar.delete(name);
    else cookieJar.set(name, value);
  },
};

vi.stubGlobal('window', fakeWindow);
vi.stubGlobal('document', fakeDocument);

type ClientModule = typeof import('./api-client.ts');
type StoreModule = typeof import('./token-store.ts');
let client: ClientModule;
let store: StoreModule;

beforeAll(async () => {
  client = await import('./api-client.ts');
  store = await import('./token-store.ts');
});

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  storage.clear();
  cookieJar = new Map();
  fakeWindow.location.pathname = '/user';
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The Authorization header a mocked fetch call was given. */
function authorizationOf(init: RequestInit | undefined): string | null {
  return new Headers(init?.headers).get('Authorization');
}

function signIn(expiresInSeconds: number) {
  store.saveLoginResult({ access_token: 'access-1', refresh_token: 'refresh-1', expires_in: expiresInSeconds });
}

describe('apiRequest', () => {
  it('prefixes the base path, drops empty query values and parses JSON', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await expect(
      client.apiRequest('GET', '/v3/orders', { query: { type: 'all', page: 1, q: undefined } }),
    ).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/web-gateway/v3/orders?type=all&page=1');
  });

  it('answers undefined for 204', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(client.apiRequest('POST', '/v2/captcha/sms/v3/captchas/new', { body: {} })).resolves.toBeUndefined();
  });

  it("uses the server's message, code and fields", async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, {
        code: 'VALIDATION_FAILED',
        message: '请输入正确的手机号',
        fields: [{ field: 'phoneNum', message: '请输入正确的手机号' }],
      }),
    );
    const error = await client.apiRequest('POST', '/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(client.ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: '请输入正确的手机号',
      hasServerMessage: true,
    });
    expect((error as InstanceType<ClientModule['ApiError']>).fields).toHaveLength(1);
  });

  it('says 请求错误 for a reply without a message', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 404 }));
    await expect(client.apiRequest('GET', '/x')).rejects.toMatchObject({
      status: 404,
      message: '请求错误',
      hasServerMessage: false,
    });
  });

  it('says 服务异常，请刷新重试 for a 500 and logs it', async () => {
    fetchMock.mockResolvedValueOnce(json(500, { code: 'INTERNAL', message: 'boom' }));
    await expect(client.apiRequest('GET', '/x')).rejects.toMatchObject({
      status: 500,
      message: '服务异常，请刷新重试',
    });
    expect(console.error).toHaveBeenCalled();
  });

  it('says 网络不佳，请稍后重试 when the request never got an answer', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(client.apiRequest('GET', '/x')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: '网络不佳，请稍后重试',
    });
  });

  it('adds the Bearer token when signed in', async () => {
    signIn(7200);
    fetchMock.mockResolvedValueOnce(json(200, {}));
    await client.apiRequest('GET', '/v2/member/vo');
    expect(authorizationOf(fetchMock.mock.calls[0]?.[1])).toBe('Bearer access-1');
  });

  it('refreshes an expired access token once for concurrent calls', async () => {
    signIn(30); // within the 60 s margin: already expired
    fetchMock.mockImplementation(async (url) => {
      if (String(url).endsWith('/passport/account/token/refresh')) {
        return json(200, { access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 7200 });
      }
      return json(200, {});
    });
    await Promise.all([client.apiRequest('GET', '/a'), client.apiRequest('GET', '/b'), client.apiRequest('GET', '/c')]);
    const refreshCalls = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/token/refresh'));
    expect(refreshCalls).toHaveLength(1);
    expect(JSON.parse(String(refreshCalls[0]?.[1]?.body))).toEqual({ refreshToken: 'refresh-1' });
    const authorizations = fetchMock.mock.calls
      .filter(([url]) => !String(url).endsWith('/token/refresh'))
      .map(([, init]) => authorizationOf(init));
    expect(authorizations).toEqual(['Bearer access-2', 'Bearer access-2', 'Bearer access-2']);
    expect(store.getRefreshToken()).toBe('refresh-2');
  });

  it('ends the session when the refresh token is refused', async () => {
    signIn(30);
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/token/refresh')
        ? json(401, { code: 'UNAUTHORIZED', message: '登录已失效，请重新登录' })
        : json(200, {}),
    );
    await client.apiRequest('GET', '/a');
    expect(store.isSignedIn()).toBe(false);
    expect(authorizationOf(fetchMock.mock.calls[1]?.[1])).toBeNull();
  });

  it('clears the session on a 401', async () => {
    signIn(7200);
    fetchMock.mockResolvedValueOnce(json(401, { code: 'UNAUTHORIZED', message: '登录已失效，请重新登录' }));
    await expect(client.apiRequest('GET', '/v2/member/vo')).rejects.toMatchObject({ status: 401 });
    expect(store.isSignedIn()).toBe(false);
    expect(store.getAccessToken()).toBeNull();
    expect(store.getLastSignOutReason()).toBe('expired');
  });

  it.each(['/user/login', '/user/register', '/user/bind/phone/add', '/user/bind/phone'])(
    'keeps the session on a 401 while on %s',
    async (pathname) => {
      signIn(7200);
      fakeWindow.location.pathname = pathname;
      fetchMock.mockResolvedValueOnce(json(401, { code: 'UNAUTHORIZED', message: '账号或密码错误' }));
      await expect(client.apiRequest('POST', '/x')).rejects.toMatchObject({ status: 401 });
      expect(store.isSignedIn()).toBe(true);
    },
  );
});

describe('startEarlyGet', () => {
  it("hands its answer to the page's first GET of the same address, which does not ask again", async () => {
    fetchMock.mockResolvedValueOnce(json(200, { name: 'early' }));
    client.startEarlyGet('/v2/products/1', { from: 'sms' });
    await expect(client.apiRequest('GET', '/v2/products/1', { query: { from: 'sms' } })).resolves.toEqual({
      name: 'early',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockResolvedValueOnce(json(200, { name: 'again' }));
    await expect(client.apiRequest('GET', '/v2/products/1', { query: { from: 'sms' } })).resolves.toEqual({
      name: 'again',
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('hands over its failure as the error the page would have had', async () => {
    fetchMock.mockResolvedValueOnce(json(404, { code: 'NOT_FOUND', message: '商品不存在' }));
    client.startEarlyGet('/v2/products/2');
    await expect(client.apiRequest('GET', '/v2/products/2')).rejects.toMatchObject({
      status: 404,
      message: '商品不存在',
    });
  });

  it('is not taken by another address, another method, or after EARLY_GET_MAX_AGE_MS', async () => {
    fetchMock.mockImplementation(async () => json(200, {}));
    client.startEarlyGet('/v2/products/3');
    await client.apiRequest('GET', '/v2/products/4');
    await client.apiRequest('POST', '/v2/products/3');
    expect(fetchMock).toHaveBeenCalledTimes(3);

    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + client.EARLY_GET_MAX_AGE_MS + 1);
    await client.apiRequest('GET', '/v2/products/3');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});

describe('getFailureMessage', () => {
  it('prefers the server message, else the network or server text, else the fallback', () => {
    const make = (status: number, message: string, hasServerMessage: boolean) =>
      new client.ApiError({ status, code: 'X', message, hasServerMessage });
    expect(client.getFailureMessage(make(400, '该手机号已注册', true), '注册失败，请重试')).toBe('该手机号已注册');
    expect(client.getFailureMessage(make(400, '请求错误', false), '注册失败，请重试')).toBe('注册失败，请重试');
    expect(client.getFailureMessage(make(0, '网络不佳，请稍后重试', false), '请刷新重试')).toBe('网络不佳，请稍后重试');
    expect(client.getFailureMessage(make(500, '服务异常，请刷新重试', false), '请刷新重试')).toBe(
      '服务异常，请刷新重试',
    );
    expect(client.getFailureMessage(new Error('x'), '请刷新重试')).toBe('请刷新重试');
  });
});

describe('token store', () => {
  it('sets the expiry 60 s before the server says', () => {
    store.saveLoginResult({ access_token: 'a', refresh_token: 'r', expires_in: 7200 }, 1_000_000);
    expect(store.isAccessTokenExpired(1_000_000 + 7_140_000 - 1)).toBe(false);
    expect(store.isAccessTokenExpired(1_000_000 + 7_140_000)).toBe(true);
  });

  it('marks the sign-in with the anxin_member cookie and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = store.subscribeSession(listener);
    store.saveLoginResult({ access_token: 'a', refresh_token: 'r', expires_in: 7200 });
    expect(fakeDocument.cookie).toContain('anxin_member=1');
    store.clearSession('logout');
    expect(fakeDocument.cookie).not.toContain('anxin_member');
    expect(store.getLastSignOutReason()).toBe('logout');
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
