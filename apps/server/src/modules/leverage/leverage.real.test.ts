import {
  assetsCalls,
  formatMoney,
  leverageCalls as c,
  parseMoney,
  userCalls,
} from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import { fund } from '../money/custody.test-kit';
import { join } from '../team/team.test-kit';
import { memberTier } from './leverage.service';
import { expectLedgerBalanced, leverageFeedEnv } from './leverage.test-kit';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimits: ROOMY_LIMITS, env: leverageFeedEnv() });
});
afterAll(() => server.close());

const m = parseMoney;

describe('the real book', () => {
  it('counts a position toward the member tier, and hands a closed one’s net result to the team rebates', async () => {
    const inviter = await join(server);
    const trader = await join(server, inviter.inviteCode);
    await fund(server, trader.token, '10000');
    expect(
      (await server.call(userCalls.switchUser, { mode: 'real' }, { token: trader.token })).status,
    ).toBe(1);
    const moved = await server.call(
      assetsCalls.transferUserMoney,
      { from: 'coin', to: 'contract', currency: 'USDT', amount: '8000' },
      { token: trader.token },
    );
    expect(moved.status).toBe(1);
    await server.call(c.openContract, {}, { token: trader.token });
    const p = (
      await server.call(
        c.insert,
        { symbol: 'BTC/USDT', direction: 'long', lots: 5, multiple: 2 },
        { token: trader.token },
      )
    ).data;
    expect(p.mode).toBe('real');

    const tier = await server.call(c.findMemberTier, {}, { token: trader.token });
    expect(tier.data).toMatchObject({
      tier: 'ordinary',
      volume: '1000.00000000',
      parts: { spot: '0.00000000', options: '0.00000000', contracts: '1000.00000000' },
      progress: '0.10000000',
    });

    server.clock.advance(3_000);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const r = (await server.call(c.close, { positionId: p.id }, { token: trader.token })).data;
    expect(r.closedBy).toBe('user');
    const results = await server.app.db
      .selectFrom('team_trading_results')
      .selectAll()
      .where('user_id', '=', BigInt(trader.userId))
      .execute();
    expect(results.map((x) => [x.ref, formatMoney(BigInt(x.pnl))])).toEqual([
      [`leverage:${p.id}`, formatMoney(m(r.payout!) - m(p.margin) - m(p.openFee))],
    ]);

    // A gold volume unlocks 3x: 10,000 USDT of positions in 30 days.
    for (let i = 0; i < 5; i++) {
      const big = await server.call(
        c.insert,
        { symbol: 'ETH/USDT', direction: 'short', lots: 9, multiple: 2 },
        { token: trader.token },
      );
      expect(big.status).toBe(1);
    }
    expect((await server.call(c.backUserMultiple, {}, { token: trader.token })).data).toEqual({
      tier: 'gold',
      multiples: [1, 2, 3],
    });
    const info = await server.call(userCalls.findUserInfo, {}, { token: trader.token });
    expect(info.data.memberTier).toBe('gold');
    // Thirty days on, the volume has aged out (the session has too: asked of the service).
    server.clock.advance(31 * 86_400_000);
    expect((await memberTier(server.app, trader.userId)).tier).toBe('ordinary');
    await expectLedgerBalanced(server);
  });

  it('measures spot trades on either side of the real book over the last 30 days', async () => {
    const trader = await join(server);
    const now = server.clock.now();
    const trade = (
      id: bigint,
      book: string,
      taker: number,
      maker: number,
      quote: string,
      at: number,
    ) => ({
      id,
      book,
      symbol: 'BTC/USDT',
      price: m('100000'),
      quantity: m('0.01'),
      quote: m(quote),
      taker_side: 'buy',
      maker_order_id: 0n,
      taker_order_id: 0n,
      maker_owner: BigInt(maker),
      taker_owner: BigInt(taker),
      maker_fee: 0n,
      taker_fee: 0n,
      created_at: BigInt(at),
    });
    const base = 9_000_000_000n + BigInt(trader.userId) * 10n;
    await server.app.db
      .insertInto('spot_trades')
      .values([
        trade(base + 1n, 'real', trader.userId, 0, '1200', now - 1_000),
        trade(base + 2n, 'real', 0, trader.userId, '800', now - 86_400_000),
        trade(base + 3n, 'demo', trader.userId, 0, '5000', now - 1_000),
        trade(base + 4n, 'real', trader.userId, 0, '9000', now - 31 * 86_400_000),
      ])
      .execute();
    const tier = await memberTier(server.app, trader.userId);
    expect(tier).toMatchObject({
      tier: 'ordinary',
      volume: '2000.00000000',
      parts: { spot: '2000.00000000', options: '0.00000000', contracts: '0.00000000' },
      progress: '0.20000000',
    });
  });
});
