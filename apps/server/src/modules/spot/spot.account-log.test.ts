import {
  assetsCalls,
  formatMoney,
  mulMoney,
  parseMoney,
  spotCalls,
  userCalls,
  type AccountChange,
} from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemAccount, userAccount } from '../../ledger/accounts';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import { spotTestKit } from './spot.test-kit';

// What the account-change log says about spot orders: holds and releases named as such, with the
// pair and the order, and fills as what was bought or sold with their fee.

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimits: ROOMY_LIMITS });
});
afterAll(() => server.close());

const { buy, sell, book } = spotTestKit(() => server, 'account-log');
const units = (v: string) => parseMoney(v);

async function spotLog(token: string): Promise<AccountChange[]> {
  const answer = await server.call(
    assetsCalls.selectUserAccountChange,
    { type: 'spot', pageSize: 50 },
    { token },
  );
  expect(answer.status).toBe(1);
  return answer.data.list;
}

describe('the account-change log of spot orders', () => {
  it('shows a limit order placed then cancelled as its hold and its release, not as trades', async () => {
    const { token } = await server.register();
    const bestBid = units((await book('BTC/USDT', 5)).bids[0]![0]);
    const price = formatMoney(((bestBid * 80n) / 100n / 1_000_000n) * 1_000_000n, 2);
    const placed = await buy(token, { symbol: 'BTC/USDT', type: 1, price, quantity: '0.05' });
    expect(placed.status).toBe(1);
    const orderId = placed.data.orderId;
    const cost = formatMoney(mulMoney(units(price), units('0.05'), 'up'));
    const cancelled = await server.call(spotCalls.cancelBuyOrder, { orderId }, { token });
    expect(cancelled.status).toBe(1);

    const log = await spotLog(token);
    // Newest first: the release, then the hold; nothing was traded.
    expect(log.map((c) => [c.spot?.kind, c.currency, c.amount])).toEqual([
      ['release', 'USDT', cost],
      ['hold', 'USDT', `-${cost}`],
    ]);
    for (const change of log) {
      expect(change).toMatchObject({
        type: 'spot',
        filter: 'spot',
        wallet: 'coin',
        reference: `spot-order:${orderId}`,
        spot: { symbol: 'BTC/USDT', orderId, side: 'buy' },
      });
      expect(change.spot?.quantity).toBeUndefined();
    }
    expect(log[0]!.balanceAfter).toBe('100000.00000000');
  });

  it('shows a market buy as its hold, what it bought with the fee, and the unused rest', async () => {
    const { token } = await server.register();
    const placed = await buy(token, { symbol: 'BTC/USDT', type: 2, quantity: '0.05' });
    expect(placed.data).toMatchObject({ phase: 'filled', filled: '0.05000000' });
    const orderId = placed.data.orderId;

    const log = await spotLog(token);
    const [rest, ...others] = log;
    const hold = others.pop()!;
    const fills = others;
    expect(hold).toMatchObject({
      currency: 'USDT',
      reference: `spot-order:${orderId}`,
      spot: { kind: 'hold', symbol: 'BTC/USDT', orderId, side: 'buy' },
    });
    expect(rest).toMatchObject({
      currency: 'USDT',
      reference: `spot-order:${orderId}`,
      spot: { kind: 'rest', symbol: 'BTC/USDT', orderId, side: 'buy' },
    });
    expect(units(rest!.amount)).toBeGreaterThan(0n);
    // The rest is what the hold did not pay for: the hold less the USDT the fills took.
    let paid = 0n;
    let bought = 0n;
    expect(fills.length).toBeGreaterThanOrEqual(1);
    for (const fill of fills) {
      expect(fill).toMatchObject({
        currency: 'BTC',
        reference: expect.stringMatching(/^spot-trade:\d+$/),
        spot: { kind: 'fill', symbol: 'BTC/USDT', orderId, side: 'buy' },
      });
      const quantity = units(fill.spot!.quantity!);
      const fee = units(fill.spot!.fee!);
      // The taker fee, 0.1 % of the coin received, is named and already out of the amount.
      expect(fee).toBe(mulMoney(quantity, units('0.001'), 'down'));
      expect(units(fill.amount)).toBe(quantity - fee);
      paid += mulMoney(quantity, units(fill.spot!.price!), 'down');
      bought += quantity;
    }
    expect(bought).toBe(units('0.05'));
    const spent = -units(hold.amount) - units(rest!.amount);
    expect(spent - paid).toBeGreaterThanOrEqual(0n);
    expect(spent - paid).toBeLessThanOrEqual(BigInt(fills.length));

    // Selling it again: the coin's hold, then the USDT received with the seller's fee.
    const sold = await sell(token, { symbol: 'BTC/USDT', type: 2, quantity: '0.02' });
    expect(sold.data.phase).toBe('filled');
    const after = await spotLog(token);
    const sale = after.slice(0, after.length - log.length);
    expect(sale.at(-1)).toMatchObject({
      currency: 'BTC',
      amount: '-0.02000000',
      spot: { kind: 'hold', orderId: sold.data.orderId, side: 'sell' },
    });
    for (const fill of sale.slice(0, -1)) {
      expect(fill).toMatchObject({
        currency: 'USDT',
        spot: { kind: 'fill', orderId: sold.data.orderId, side: 'sell' },
      });
      const value = mulMoney(units(fill.spot!.quantity!), units(fill.spot!.price!), 'down');
      const fee = units(fill.spot!.fee!);
      expect(fee).toBeGreaterThan(0n);
      expect(units(fill.amount)).toBe(value - fee);
    }
  });

  it('still lists entries posted before the ledger kept memos, by their type alone', async () => {
    const { token } = await server.register();
    const log = await spotLog(token);
    expect(log).toEqual([]);
    // A spot transaction as the ledger wrote them before: no memo.
    const userId = await userIdOf(token);
    await server.app.writer.run((trx) =>
      server.app.ledger.post(trx, {
        type: 'spot',
        reference: 'spot-order:999999',
        postings: [
          { account: systemAccount('demo', 'treasury', 'USDT'), amount: -units('1') },
          { account: userAccount(userId, 'demo', 'coin', 'USDT'), amount: units('1') },
        ],
      }),
    );
    const [old] = await spotLog(token);
    expect(old).toMatchObject({
      type: 'spot',
      amount: '1.00000000',
      reference: 'spot-order:999999',
    });
    expect(old!.spot).toBeUndefined();
  });
});

describe('selling more than is held', () => {
  it('names the coin that is short instead of asking for a recharge', async () => {
    const { token } = await server.register();
    for (const type of [1, 2]) {
      const refused = await sell(token, {
        symbol: 'BTC/USDT',
        type,
        quantity: '0.5',
        ...(type === 1 ? { price: '90000' } : {}),
      });
      expect(refused).toMatchObject({
        status: '400',
        code: 'insufficientToSell',
        enMsg: 'Not enough BTC available to sell',
        cnMsg: '可卖出的 BTC 不足',
      });
    }
    // A buy that USDT cannot cover keeps the recharge text.
    expect(
      await buy(token, { symbol: 'BTC/USDT', type: 1, price: '90000', quantity: '5' }),
    ).toMatchObject({ code: 'insufficientBalance' });
    expect(await spotLog(token)).toEqual([]);
  });
});

async function userIdOf(token: string): Promise<number> {
  const me = await server.call(userCalls.findUserInfo, {}, { token });
  expect(me.status).toBe(1);
  return me.data.id;
}
