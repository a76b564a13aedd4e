import { consoleCalls } from '@tidemark/contract';
import en from '@tidemark/i18n/locales/en.json';
import zh from '@tidemark/i18n/locales/zh.json';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../ui/i18n';
import { ApiError, envelopeMessage, errorMessage, NetworkError, request } from './client';
import { currentToken, sessionExpired, signIn, signOut, TOKEN_KEY } from './session';

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const envelope = (status: number | string, data: unknown = null, code?: string) => ({
  status,
  enMsg: code ? `en:${code}` : 'ok',
  cnMsg: code ? `cn:${code}` : '成功',
  data,
  ...(code ? { code } : {}),
});

/** The requests the client sent, as the server would see them. */
const sent: { url: string; init: RequestInit }[] = [];
function stubFetch(...responses: (Response | Error)[]) {
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    sent.push({ url, init });
    const next = responses.shift();
    if (!next) throw new Error('unexpected request');
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  });
}

beforeAll(async () => {
  await i18next.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en }, zh: { translation: zh } },
  });
});

beforeEach(() => {
  sent.length = 0;
  signOut();
  localStorage.clear();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('request', () => {
  it('sends the bearer token, fills path parameters and posts the rest as JSON', async () => {
    signIn('tok-1');
    stubFetch(answer(envelope(1, { id: 7, status: 'rejected' })));
    const data = await request(consoleCalls.rejectDeposit, { id: 7, reason: 'blurred' });
    expect(data).toEqual({ id: 7, status: 'rejected' });
    const [{ url, init }] = sent as [{ url: string; init: RequestInit }];
    expect(url).toBe('/console/api/deposits/7/reject');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ reason: 'blurred' });
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('puts a GET call input in the query and leaves empty filters out', async () => {
    stubFetch(answer(envelope(1, { list: [], total: 0, page: 2, pageSize: 20 })));
    await request(consoleCalls.listDeposits, { status: 'pending', page: 2, pageSize: 20 });
    expect(sent[0]?.url).toBe('/console/api/deposits?status=pending&page=2&pageSize=20');
    expect(sent[0]?.init.body).toBeUndefined();
    expect((sent[0]?.init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('rejects a business refusal with the catalogue text of its code', async () => {
    stubFetch(answer(envelope('reviewStateChanged', null, 'reviewStateChanged')));
    const error = await request(consoleCalls.approveDeposit, { id: 3 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('reviewStateChanged');
    expect(errorMessage(error)).toBe(en.errors.reviewStateChanged);
  });

  it("ends the session on '401' so the console shows its login form", async () => {
    signIn('expired');
    stubFetch(answer(envelope('401', null, 'sessionExpired')));
    const error = await request(consoleCalls.me, {}).catch((e: unknown) => e);
    expect((error as ApiError).unauthenticated).toBe(true);
    expect(currentToken()).toBeNull();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(sessionExpired()).toBe(true);
  });

  it('turns an answer that is not an envelope into a StatusCode 500 error', async () => {
    stubFetch(new Response('<html>bad gateway</html>', { status: 502 }));
    const error = await request(consoleCalls.getDashboard, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).httpStatus).toBe(502);
    expect(errorMessage(error)).toBe(en.errors.statusCode500);
  });

  it('reports a failed connection as a network error in the current language', async () => {
    stubFetch(new TypeError('fetch failed'));
    const error = await request(consoleCalls.getDashboard, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    await i18next.changeLanguage('zh');
    expect(errorMessage(error)).toBe(zh.errors.networkError);
  });
});

describe('envelopeMessage', () => {
  it('prefers the pack text of the code, then cnMsg for Chinese and enMsg otherwise', async () => {
    expect(envelopeMessage({ code: 'reasonRequired', cnMsg: 'x', enMsg: 'y' })).toBe(
      en.errors.reasonRequired,
    );
    expect(envelopeMessage({ cnMsg: '中文', enMsg: 'English' })).toBe('English');
    await i18next.changeLanguage('zh');
    expect(envelopeMessage({ cnMsg: '中文', enMsg: 'English' })).toBe('中文');
    expect(envelopeMessage({ code: 'reasonRequired', cnMsg: 'x', enMsg: 'y' })).toBe(
      zh.errors.reasonRequired,
    );
  });
});

describe('session', () => {
  it('keeps the operator token in sessionStorage only, apart from the trader token', () => {
    signIn('op-token');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('op-token');
    expect(localStorage.length).toBe(0);
    signOut();
    expect(currentToken()).toBeNull();
    expect(sessionExpired()).toBe(false);
  });
});
