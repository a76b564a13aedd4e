import { assetsCalls, userCalls, type CallDef } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EN } from '../../test/envelopes';
import { expectRefusal } from '../../test/envelopes';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimits: ROOMY_LIMITS });
});
afterAll(() => server.close());

let keyCounter = 0;
const freshKey = () => `test-key-${process.pid}-${++keyCounter}-${Date.now()}`;

function transfer(token: string, input: Record<string, unknown>, key: string | null = freshKey()) {
  return server.call(assetsCalls.transferUserMoney, input as never, {
    token,
    ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
  });
}

async function money(token: string) {
  const answer = await server.call(assetsCalls.findUserMoney, {}, { token });
  expect(answer.status).toBe(1);
  return answer.data;
}

const coinUsdt = (
  m: Awaited<ReturnType<typeof money>>,
  wallet: 'coin' | 'contract' | 'cft' = 'coin',
) => m.wallets[wallet].find((b) => b.currency === 'USDT')!;

function changes(token: string, input: Record<string, unknown> = {}) {
  return server.call(assetsCalls.selectUserAccountChange, input as never, { token });
}

function loose(def: CallDef, input: Record<string, unknown>, token: string) {
  return server.call(def, input as never, { token });
}

describe('a new account', () => {
  it('has 100,000 demo USDT in the coin wallet and an empty real book', async () => {
    const { token } = await server.register();
    const demo = await money(token);
    expect(demo.mode).toBe('demo');
    expect(coinUsdt(demo)).toEqual({
      currency: 'USDT',
      available: '100000.00000000',
      frozen: '0.00000000',
      usdtValue: '100000.00000000',
    });
    expect(coinUsdt(demo, 'contract').available).toBe('0.00000000');
    expect(demo.walletTotals).toEqual({
      coin: '100000.00000000',
      contract: '0.00000000',
      cft: '0.00000000',
    });
    expect(demo.totalUsdt).toBe('100000.00000000');

    await server.call(userCalls.switchUser, { mode: 'real' }, { token });
    const real = await money(token);
    expect(real.mode).toBe('real');
    expect(real.totalUsdt).toBe('0.00000000');
    expect(coinUsdt(real).available).toBe('0.00000000');
  });

  it('shows the demo funding in the account-change log', async () => {
    const { token } = await server.register();
    const log = await changes(token);
    expect(log.data.total).toBe(1);
    expect(log.data.list[0]).toMatchObject({
      type: 'demo-funding',
      filter: 'other',
      wallet: 'coin',
      currency: 'USDT',
      amount: '100000.00000000',
      balanceAfter: '100000.00000000',
    });
  });

  it('needs a token for every assets call', async () => {
    expectRefusal(await server.call(assetsCalls.findUserMoney, {}), 'notLoggedIn');
    expectRefusal(await server.call(assetsCalls.selectUserAccountChange, {}), 'notLoggedIn');
    expectRefusal(
      await server.call(assetsCalls.transferUserMoney, { from: 'coin', to: 'cft', amount: '1' }),
      'notLoggedIn',
    );
  });
});

describe('transfers between wallets', () => {
  it('moves funds, logs both sides, and tells the user socket', async () => {
    const { token } = await server.register();
    const live = await server.subscribe(['user'], token);
    const { frames } = live;

    const answer = await transfer(token, { from: 'coin', to: 'contract', amount: '250.5' });
    expect(answer.status).toBe(1);
    expect(answer.data).toMatchObject({
      from: 'coin',
      to: 'contract',
      currency: 'USDT',
      amount: '250.50000000',
      mode: 'demo',
    });
    const after = await money(token);
    expect(coinUsdt(after).available).toBe('99749.50000000');
    expect(coinUsdt(after, 'contract').available).toBe('250.50000000');
    expect(after.totalUsdt).toBe('100000.00000000');

    const log = await changes(token, { type: 'other' });
    expect(log.data.total).toBe(3);
    expect(log.data.list.slice(0, 2).map((c) => [c.wallet, c.amount, c.type])).toEqual(
      expect.arrayContaining([
        ['coin', '-250.50000000', 'transfer'],
        ['contract', '250.50000000', 'transfer'],
      ]),
    );
    expect((await changes(token, { type: 'deposit' })).data).toMatchObject({ total: 0, list: [] });

    await expect.poll(() => frames.length).toBeGreaterThanOrEqual(2);
    expect(frames).toEqual(
      expect.arrayContaining([
        {
          channel: 'user',
          data: {
            event: 'balance',
            mode: 'demo',
            wallet: 'coin',
            currency: 'USDT',
            available: '99749.50000000',
            frozen: '0.00000000',
          },
        },
        {
          channel: 'user',
          data: {
            event: 'balance',
            mode: 'demo',
            wallet: 'contract',
            currency: 'USDT',
            available: '250.50000000',
            frozen: '0.00000000',
          },
        },
      ]),
    );
    live.close();
  });

  it('reads and sends no balance event when no socket of the user listens', async () => {
    const { token } = await server.register();
    const publish = vi.spyOn(server.app.bus, 'publish');
    try {
      expect((await transfer(token, { from: 'coin', to: 'cft', amount: '1' })).status).toBe(1);
      const toUsers = publish.mock.calls.filter(([channel]) => channel.startsWith('user:'));
      expect(toUsers).toEqual([]);
    } finally {
      publish.mockRestore();
    }
  });

  it('applies a retried request once and refuses the key with another amount', async () => {
    const { token } = await server.register();
    const key = freshKey();
    const first = await transfer(token, { from: 'coin', to: 'cft', amount: '10' }, key);
    const again = await transfer(token, { from: 'coin', to: 'cft', amount: '10' }, key);
    expect(again).toEqual(first);
    expect(coinUsdt(await money(token), 'cft').available).toBe('10.00000000');
    const other = await transfer(token, { from: 'coin', to: 'cft', amount: '11' }, key);
    expect(other).toMatchObject({ status: '409', code: 'idempotencyConflict' });
    expect(coinUsdt(await money(token), 'cft').available).toBe('10.00000000');
  });

  it('without an Idempotency-Key applies once per request (a client built from SPEC.md)', async () => {
    const { token } = await server.register();
    const input = { from: 'coin', to: 'cft', amount: '10' };
    const first = await transfer(token, input, null);
    const second = await transfer(token, input, null);
    expect([first.status, second.status]).toEqual([1, 1]);
    expect(second.data.transferId).not.toBe(first.data.transferId);
    const after = await money(token);
    expect(coinUsdt(after, 'cft').available).toBe('20.00000000');
    expect(coinUsdt(after).available).toBe('99980.00000000');
    // Refused keyless requests move nothing either.
    const refused = await transfer(token, { from: 'cft', to: 'coin', amount: '21' }, null);
    expect(refused).toMatchObject({ status: '400', code: 'insufficientBalance' });
    expect(coinUsdt(await money(token), 'cft').available).toBe('20.00000000');
  });

  it('refuses bad input with a clear reason and changes nothing', async () => {
    const { token } = await server.register();
    const cases: [
      Record<string, unknown>,
      keyof typeof EN | 'transferSameWallet' | 'incorrectAmount',
    ][] = [
      [{ from: 'coin', to: 'coin', amount: '1' }, 'transferSameWallet'],
      [{ from: 'coin', to: 'contract', amount: '0' }, 'incorrectAmount'],
      [{ from: 'coin', to: 'contract', amount: '-5' }, 'incorrectAmount'],
      [{ from: 'coin', to: 'contract', amount: 'ten' }, 'incorrectAmount'],
      [{ from: 'coin', to: 'contract', amount: '1.123456789' }, 'incorrectAmount'],
      [{ from: 'coin', to: 'contract' }, 'requiredItems'],
      [{ to: 'contract', amount: '1' }, 'requiredItems'],
      [{ from: 'savings', to: 'contract', amount: '1' }, 'invalidInput'],
      [{ from: 'coin', to: 'contract', amount: '1', currency: 'B$D' }, 'invalidInput'],
    ];
    for (const [input, code] of cases) {
      const answer = await transfer(token, input);
      expect(answer, JSON.stringify(input)).toMatchObject({ status: '400', code });
    }
    const tooMuch = await transfer(token, {
      from: 'coin',
      to: 'contract',
      amount: '100000.00000001',
    });
    expect(tooMuch).toMatchObject({
      status: '400',
      code: 'insufficientBalance',
      enMsg: 'Insufficient balance, please recharge first',
    });
    const nothingYet = await transfer(token, { from: 'contract', to: 'coin', amount: '1' });
    expect(nothingYet).toMatchObject({ code: 'insufficientBalance' });
    const unknownCoin = await transfer(token, {
      from: 'coin',
      to: 'contract',
      amount: '1',
      currency: 'BTC',
    });
    expect(unknownCoin).toMatchObject({ code: 'insufficientBalance' });
    const after = await money(token);
    expect(after.totalUsdt).toBe('100000.00000000');
    expect(coinUsdt(after).available).toBe('100000.00000000');
    expect((await changes(token)).data.total).toBe(1);
  });

  it('uses the book of the current mode', async () => {
    const { token } = await server.register();
    await server.call(userCalls.switchUser, { mode: 'real' }, { token });
    expect(await transfer(token, { from: 'coin', to: 'contract', amount: '1' })).toMatchObject({
      code: 'insufficientBalance',
    });
    await server.call(userCalls.switchUser, { mode: 'demo' }, { token });
    expect((await transfer(token, { from: 'coin', to: 'contract', amount: '1' })).status).toBe(1);
  });

  it('never overdraws under hundreds of concurrent transfers', async () => {
    const { token } = await server.register();
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, () =>
        transfer(token, { from: 'coin', to: 'cft', amount: '1000' }),
      ),
    );
    const ok = outcomes.filter((o) => o.status === 1).length;
    expect(ok).toBe(100);
    expect(outcomes.filter((o) => o.code === 'insufficientBalance')).toHaveLength(100);
    const after = await money(token);
    expect(coinUsdt(after).available).toBe('0.00000000');
    expect(coinUsdt(after, 'cft').available).toBe('100000.00000000');
  });
});

describe('the account-change log', () => {
  it('pages newest first and refuses unknown filters', async () => {
    const { token } = await server.register();
    for (let i = 1; i <= 3; i++)
      await transfer(token, { from: 'coin', to: 'contract', amount: String(i) });
    const firstPage = await changes(token, { page: 1, pageSize: 4 });
    expect(firstPage.data).toMatchObject({ total: 7, page: 1, pageSize: 4 });
    expect(firstPage.data.list).toHaveLength(4);
    const ids = firstPage.data.list.map((c) => c.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const lastPage = await changes(token, { page: 2, pageSize: 4 });
    expect(lastPage.data.list).toHaveLength(3);
    expect(lastPage.data.list.at(-1)?.type).toBe('demo-funding');
    expect(
      await loose(assetsCalls.selectUserAccountChange, { type: 'lottery' }, token),
    ).toMatchObject({
      code: 'invalidInput',
    });
    expect(
      await loose(assetsCalls.selectUserAccountChange, { pageSize: 500 }, token),
    ).toMatchObject({
      code: 'invalidInput',
    });
  });
});
