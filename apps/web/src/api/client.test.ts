import {
  commonCalls,
  type ErrorKey,
  moneyCalls,
  optionsCalls,
  uploadCalls,
  userCalls,
} from '@tidemark/contract';
import en from '@tidemark/i18n/locales/en.json';
import zh from '@tidemark/i18n/locales/zh.json';
import i18next from 'i18next';
import { setImmediate as realSetImmediate } from 'node:timers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const toasts: string[] = [];
vi.mock('../ui/toast', () => ({
  showToast: (text: string) => toasts.push(text),
  showLoading: () => () => undefined,
}));

const {
  call,
  request,
  requestBlob,
  ApiError,
  NetworkError,
  envelopeMessage,
  loadProblem,
  mayRetry,
} = await import('./client');
const { useSession } = await import('./session');

function answer(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

const envelope = (status: number | string, code?: string, data: unknown = null) => ({
  status,
  enMsg: code ? `en:${code}` : 'ok',
  cnMsg: code ? `cn:${code}` : '成功',
  data,
  ...(code ? { code } : {}),
});

beforeAll(async () => {
  await i18next.init({
    lng: 'en',
    resources: { en: { translation: en }, zh: { translation: zh } },
  });
});

beforeEach(() => {
  toasts.length = 0;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  window.location.hash = '#/';
  localStorage.clear();
  useSession.setState({ token: null });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('newsign in the browser', () => {
  it('computes with Web Crypto exactly what the contract computes', async () => {
    const { signAt } = await import('./newsign');
    const { newsign, NEWSIGN_DEFAULT_SECRET } = await import('@tidemark/contract');
    for (const t of [0, 19_999, 20_000, 1_795_238_195_996, Date.now()]) {
      expect(await signAt(NEWSIGN_DEFAULT_SECRET, t)).toBe(newsign(NEWSIGN_DEFAULT_SECRET, t));
    }
  });
});

describe('request headers', () => {
  it('sends appToken, localtimes and an 8-digit newsign, form-encoded', async () => {
    useSession.getState().signIn('tok-123');
    const fetchMock = vi.fn(async () => answer(envelope(1, undefined, { token: 'x' })));
    vi.stubGlobal('fetch', fetchMock);
    await request(userCalls.login, { account: 'a@b.co', password: 'Secret12' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(url).toBe('/user/login');
    expect(headers.appToken).toBe('tok-123');
    expect(headers.newsign).toMatch(/^\d{8}$/);
    expect(Number(headers.localtimes)).toBeGreaterThan(0);
    expect(String(init.body)).toBe('account=a%40b.co&password=Secret12');
    expect(localStorage.getItem('allToken')).toBe('{"token":"tok-123"}');
  });

  it('puts GET input in the query string', async () => {
    const fetchMock = vi.fn(async () => answer(envelope(1, undefined, { mode: 'real' })));
    vi.stubGlobal('fetch', fetchMock);
    await request(userCalls.switchUser, { mode: 'real' });
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/copy/switchUser?mode=real');
  });

  it('fills a :name path segment from the input field of that name, not again in the query', async () => {
    const fetchMock = vi.fn(async () => answer(envelope(1, undefined, null)));
    vi.stubGlobal('fetch', fetchMock);
    await call(optionsCalls.findSettlement, { seq: 42 });
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/options/settlements/42');
  });
});

describe('status handling of SPEC.md section 8', () => {
  it('toasts a business refusal in the current language and still returns the envelope', async () => {
    vi.stubGlobal('fetch', async () => answer(envelope('400', 'passwordMismatch')));
    const { envelope: got } = await call(userCalls.register, {} as never);
    expect(got.status).toBe('400');
    expect(toasts).toEqual(['Inconsistent password entered twice']);
    await expect(request(userCalls.register, {} as never)).rejects.toBeInstanceOf(ApiError);
  });

  it('falls back to cnMsg for zh and ft, enMsg otherwise, when the pack lacks the code', async () => {
    vi.stubGlobal('fetch', async () =>
      answer({ status: '400', enMsg: 'english text', cnMsg: '中文', data: null }),
    );
    await call(commonCalls.findTimeTrade, {});
    await i18next.changeLanguage('zh');
    await call(commonCalls.findTimeTrade, {});
    await i18next.changeLanguage('en');
    expect(toasts).toEqual(['english text', '中文']);
    expect(envelopeMessage({ code: 'loginFailed', enMsg: '', cnMsg: '' })).toBe(
      'Login failed, please log in again',
    );
  });

  it('names a country sent as its code in the reader’s language', async () => {
    const restricted = {
      code: 'optionRestricted' as const,
      params: { country: 'DE' },
      enMsg: '',
      cnMsg: '',
    };
    expect(envelopeMessage(restricted)).toContain('residents of Germany,');
    await i18next.changeLanguage('zh');
    const chinese = envelopeMessage(restricted);
    await i18next.changeLanguage('en');
    expect(chinese).toContain('由于 德国 限制');
  });

  it("'401' toasts, forgets the token and returns to login after 1 s", async () => {
    useSession.getState().signIn('old');
    vi.stubGlobal('fetch', async () => answer(envelope('401', 'sessionExpired')));
    await call(userCalls.findUserInfo, {});
    expect(toasts).toEqual(['Your session has expired, please log in again']);
    expect(useSession.getState().token).toBeNull();
    expect(window.location.hash).toBe('#/');
    vi.advanceTimersByTime(999);
    expect(window.location.hash).toBe('#/');
    vi.advanceTimersByTime(1);
    expect(window.location.hash).toBe('#/pages/login/login');
  });

  it("'401' on the login page does not navigate", async () => {
    window.location.hash = '#/pages/login/login';
    vi.stubGlobal('fetch', async () => answer(envelope('401', 'notLoggedIn')));
    await call(userCalls.findUserInfo, {});
    vi.advanceTimersByTime(2_000);
    expect(window.location.hash).toBe('#/pages/login/login');
  });

  it("'402' shows nothing, and is retried once with the server's clock", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetchMock = vi.fn(async () =>
      answer(envelope('402', 'staleSignature'), 200, {
        'x-server-time': String(Date.now() + 120_000),
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await call(commonCalls.findTimeTrade, {});
    expect(toasts).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('HTTP 500 toasts "StatusCode 500" and rejects', async () => {
    vi.stubGlobal('fetch', async () => new Response('boom', { status: 500 }));
    await expect(call(commonCalls.findTimeTrade, {})).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual(['StatusCode 500']);
  });

  it('a network failure rejects', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(call(commonCalls.findTimeTrade, {})).rejects.toBeInstanceOf(NetworkError);
  });

  it('gives up after 60 s', async () => {
    let started = false;
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      started = true;
      return new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        ),
      );
    });
    const pending = call(commonCalls.findTimeTrade, {}, { quiet: true });
    // Signing is async (Web Crypto): the time-out starts once the request is on its way.
    for (let i = 0; !started && i < 1_000; i++)
      await new Promise((resolve) => realSetImmediate(resolve));
    expect(started).toBe(true);
    vi.advanceTimersByTime(59_999);
    const early = await Promise.race([
      pending.then(
        () => 'settled',
        () => 'settled',
      ),
      Promise.resolve('pending'),
    ]);
    expect(early).toBe('pending');
    vi.advanceTimersByTime(1);
    await expect(pending).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('multipart calls and uploaded images', () => {
  it('sends a file field as a multipart part, with the Idempotency-Key', async () => {
    const fetchMock = vi.fn(async () => answer(envelope(1, undefined, { id: 1 })));
    vi.stubGlobal('fetch', fetchMock);
    const image = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'shot.jpg', {
      type: 'image/jpeg',
    });
    await request(
      moneyCalls.insertUserRecharge,
      { currency: 'USDT', chain: 'TRC20', amount: '10', image, txHash: undefined },
      { idempotencyKey: 'key-1' },
    );
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/userMoney/insertUserRecharge');
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBe('key-1');
    const body = init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('currency')).toBe('USDT');
    expect(body.get('amount')).toBe('10');
    expect(body.has('txHash')).toBe(false);
    const part = body.get('image') as File;
    expect(part.name).toBe('shot.jpg');
    expect(part.size).toBe(3);
  });

  it("answers an upload's bytes, and an envelope instead of bytes as an ApiError", async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/jpeg' } }),
    );
    const blob = await requestBlob(uploadCalls.findUploadImage, { id: 4 });
    expect(blob.size).toBe(3);
    vi.stubGlobal('fetch', async () => answer(envelope('404', 'notFound')));
    await expect(requestBlob(uploadCalls.findUploadImage, { id: 5 })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(toasts).toEqual([]);
  });
});

describe('whether asking again may help', () => {
  const refused = (code: ErrorKey, httpStatus: number) =>
    new ApiError(
      { status: String(httpStatus), code, enMsg: code, cnMsg: code, data: null },
      httpStatus,
    );
  it('not after the server refused the request itself: not found, not allowed, bad input', () => {
    expect(mayRetry(refused('notFound', 404))).toBe(false);
    expect(mayRetry(refused('invalidInput', 400))).toBe(false);
    // As the server answers a refusal: HTTP 200, the status in the envelope.
    const inEnvelope = (code: ErrorKey, status: string) =>
      new ApiError({ status, code, enMsg: code, cnMsg: code, data: null }, 200);
    expect(mayRetry(inEnvelope('notFound', '404'))).toBe(false);
    expect(mayRetry(inEnvelope('invalidInput', '400'))).toBe(false);
    expect(mayRetry(inEnvelope('statusCode500', '500'))).toBe(true);
    expect(mayRetry(inEnvelope('marketUnavailable', '503'))).toBe(true);
  });
  it('names what went wrong where Retry is offered, and "not found" only where it is not', () => {
    const notFound = new ApiError(
      { status: '404', code: 'notFound', enMsg: 'x', cnMsg: 'x', data: null },
      200,
    );
    expect(loadProblem(notFound, 'This order could not be found')).toBe(
      'This order could not be found',
    );
    expect(
      loadProblem(new NetworkError(new Error('offline')), 'This order could not be found'),
    ).toBe(i18next.t('errors.networkError'));
    expect(loadProblem(refused('statusCode500', 500), 'This order could not be found')).toBe(
      envelopeMessage({ code: 'statusCode500', enMsg: 'x', cnMsg: 'x' }),
    );
    expect(i18next.t('errors.networkError')).not.toBe('This order could not be found');
  });
  it('after a timeout or a rate limit: they pass with time', () => {
    expect(mayRetry(refused('requestTimeout', 408))).toBe(true);
    expect(mayRetry(refused('tooManyRequests', 429))).toBe(true);
  });
  it('after a network failure or a server fault', () => {
    expect(mayRetry(new NetworkError(new Error('offline')))).toBe(true);
    expect(mayRetry(refused('statusCode500', 500))).toBe(true);
    expect(mayRetry(null)).toBe(true);
  });
});
