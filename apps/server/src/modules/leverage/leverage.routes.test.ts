import {
  channels,
  formatMoney,
  leverageCalls as c,
  liquidationPrice,
  optionsCalls,
  parseMoney,
  type Envelope,
  type LeveragePosition,
} from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import {
  contractWallet,
  expectLedgerBalanced,
  firstTickPast,
  lastPrice,
  leverageFeedEnv,
  leverageTrader,
  refused,
  waitClosed,
  type LeverageTrader,
} from './leverage.test-kit';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimits: ROOMY_LIMITS, env: leverageFeedEnv() });
});
afterAll(() => server.close());

let keys = 0;
const key = () => `leverage-test-${process.pid}-${++keys}`;

function open(
  trader: LeverageTrader,
  input: Partial<{
    symbol: string;
    direction: string;
    lots: string | number;
    multiple: string | number;
    takeProfit: string;
    stopLoss: string;
    termsVersion: string;
  }> = {},
  headers: Record<string, string> = {},
): Promise<Envelope<LeveragePosition>> {
  return server.call(
    c.insert,
    { symbol: 'BTC/USDT', direction: 'long', lots: 2, multiple: 2, ...input } as never,
    { token: trader.token, headers },
  ) as Promise<Envelope<LeveragePosition>>;
}

const m = parseMoney;

describe('the contract account and the member tier', () => {
  it('refuses positions until the contract is opened once; opening again answers the same', async () => {
    const trader = await leverageTrader(server, '1000', false);
    expect((await server.call(c.findContractStatus, {}, { token: trader.token })).data).toEqual({
      opened: false,
      openedAt: null,
    });
    refused(await open(trader), 'contractNotOpened');
    for (let i = 0; i < 2; i++) {
      const opened = await server.call(c.openContract, {}, { token: trader.token });
      expect(opened.status).toBe(1);
      expect(opened.data).toEqual({ opened: true });
    }
    const status = await server.call(c.findContractStatus, {}, { token: trader.token });
    expect(status.data.opened).toBe(true);
    expect(status.data.openedAt).toBeLessThanOrEqual(server.clock.now());
    expect(status.data.openedAt).toBeGreaterThan(server.clock.now() - 10_000);
    refused(await server.call(c.openContract, {}), 'notLoggedIn');
  });

  it('answers the tier and its multiples, the measure and the next tier', async () => {
    const trader = await leverageTrader(server);
    const back = await server.call(c.backUserMultiple, {}, { token: trader.token });
    expect(back.data).toEqual({ tier: 'ordinary', multiples: [1, 2] });
    const tier = await server.call(c.findMemberTier, {}, { token: trader.token });
    expect(tier.data).toMatchObject({
      tier: 'ordinary',
      multiples: [1, 2],
      volume: '0.00000000',
      volumeDays: 30,
      next: { tier: 'gold', threshold: '10000.00000000', multiples: [1, 2, 3] },
      progress: '0.00000000',
    });
    expect(tier.data.tiers.map((t) => [t.tier, t.maxMultiple])).toEqual([
      ['ordinary', 2],
      ['gold', 3],
      ['platinum', 4],
      ['diamond', 5],
    ]);
    // The demo book's trading does not count (the measure is the real book's).
    expect((await open(trader)).status).toBe(1);
    expect((await server.call(c.findMemberTier, {}, { token: trader.token })).data.volume).toBe(
      '0.00000000',
    );
    const terms = await server.call(c.findLeverageTerms, {});
    expect(terms.data).toMatchObject({
      lotPrice: '100.00000000',
      openFeeRate: '0.00100000',
      closeFeeRate: '0.00100000',
      maintenanceRate: '0.50000000',
      negativeBalanceProtection: true,
    });
    expect(terms.data.products.find((p) => p.symbol === 'BTC/USDT')?.enabled).toBe(true);
    // The terms' version opens a position; a client that sends none is bound by the current terms.
    const versioned = await open(trader, { lots: 1, termsVersion: terms.data.termsVersion });
    expect(versioned.status).toBe(1);
    expect(versioned.data.lotPrice).toBe('100.00000000');
  });
});

describe('opening a position', () => {
  it('takes margin and opening fee at the entry tick and shows every figure', async () => {
    const trader = await leverageTrader(server, '1000');
    const answer = await open(trader, { takeProfit: '200000', stopLoss: '1000' });
    expect(answer.status).toBe(1);
    const p = answer.data;
    const entry = m(p.entryPrice);
    expect(p).toMatchObject({
      symbol: 'BTC/USDT',
      direction: 'long',
      lots: 2,
      lotPrice: '100.00000000',
      multiple: 2,
      margin: '200.00000000',
      positionValue: '400.00000000',
      openFee: '0.40000000',
      topUp: '0.00000000',
      takeProfit: '200000.00000000',
      stopLoss: '1000.00000000',
      status: 'open',
      mode: 'demo',
      protection: true,
      closedBy: null,
    });
    expect(p.liquidationPrice).toBe(
      formatMoney(
        liquidationPrice({
          direction: 'long',
          value: m('400'),
          entry,
          held: m('200'),
          maintenance: m('100'),
        })!,
      ),
    );
    expect(entry).toBeGreaterThan(0n);
    const tick = await server.app.db
      .selectFrom('tick_log')
      .selectAll()
      .where('seq', '=', BigInt(p.entry.feedSeq))
      .executeTakeFirstOrThrow();
    expect(BigInt(tick.price)).toBe(entry);
    expect(await contractWallet(server, trader.token)).toEqual({
      available: '799.60000000',
      frozen: '200.00000000',
    });
    const now = await server.call(c.findNowCurrencyOrder, {}, { token: trader.token });
    expect(now.data.list.map((x) => x.id)).toEqual([p.id]);
    expect(now.data.list[0]!.markPrice).not.toBeNull();
    expect(now.data.list[0]!.pnl).not.toBeNull();
  });

  it('refuses bad input with clear texts', async () => {
    const trader = await leverageTrader(server, '300');
    const btc = lastPrice(server, 'BTC/USDT');
    refused(
      await open(trader, { lots: 0 }),
      'leverageLots',
      'The lot count must be a whole number greater than 0',
    );
    refused(await open(trader, { lots: '1.5' }), 'leverageLots');
    refused(await open(trader, { lots: -2 }), 'leverageLots');
    refused(await open(trader, { lots: '' }), 'requiredItems');
    refused(
      await open(trader, { multiple: 3 }),
      'leverageMultiple',
      'This multiple is not available at your member tier; you can choose 1x, 2x',
    );
    refused(await open(trader, { multiple: 0 }), 'invalidInput');
    refused(
      await open(trader, { lots: 3 }),
      'leverageInsufficientMargin',
      'Insufficient margin: this position needs 300.60 USDT (margin and opening fee) in the contract account',
    );
    refused(await open(trader, { symbol: 'ADA/USDT', lots: 1 }), 'currencyNotOpen');
    refused(await open(trader, { symbol: 'NOPE', lots: 1 }), 'currencyNotOpen');
    refused(await open(trader, { direction: 'up', lots: 1 }), 'invalidInput');
    refused(
      await open(trader, { lots: 1, takeProfit: formatMoney(btc - m('1000')) }),
      'leverageTakeProfitSide',
    );
    refused(
      await open(trader, { lots: 1, stopLoss: formatMoney(btc + m('1000')) }),
      'leverageStopLossSide',
    );
    refused(
      await open(trader, { lots: 1, direction: 'short', takeProfit: formatMoney(btc + m('1000')) }),
      'leverageTakeProfitSide',
    );
    refused(
      await open(trader, { lots: 1, stopLoss: '-5' }),
      'leveragePriceInvalid',
      'Please enter a correct price: greater than 0, with at most 8 decimal places',
    );
    refused(
      await open(trader, { lots: 1, takeProfit: '200000.123456789' }),
      'leveragePriceInvalid',
      'Please enter a correct price: greater than 0, with at most 8 decimal places',
    );
    refused(
      await open(trader, { lots: 1, takeProfit: '90000000.5' }),
      'leveragePriceTooLarge',
      'The price is too large (at most 90,000,000)',
    );
    refused(
      await open(trader, { lots: 100_001 }),
      'leverageLotsMax',
      'A position may have at most 100,000 lots',
    );
    refused(await open(trader, { lots: '100001' }), 'leverageLotsMax');
    refused(await open(trader, { lots: 1, termsVersion: 'v1:stale' }), 'leverageTermsChanged');
    expect(await contractWallet(server, trader.token)).toEqual({
      available: '300.00000000',
      frozen: '0.00000000',
    });
  });

  it('answers a double submit with one Idempotency-Key once, and refuses the key with other input', async () => {
    const trader = await leverageTrader(server, '1000');
    const k = key();
    const [a, b] = await Promise.all([
      open(trader, {}, { 'Idempotency-Key': k }),
      open(trader, {}, { 'Idempotency-Key': k }),
    ]);
    expect(a.status).toBe(1);
    expect(b.data).toEqual(a.data);
    refused(await open(trader, { lots: 1 }, { 'Idempotency-Key': k }), 'idempotencyConflict');
    const list = await server.call(c.findNowCurrencyOrder, {}, { token: trader.token });
    expect(list.data.list).toHaveLength(1);
    expect((await contractWallet(server, trader.token)).available).toBe('799.60000000');

    const ck = key();
    const [x, y] = await Promise.all([
      server.call(
        c.close,
        { positionId: a.data.id },
        { token: trader.token, headers: { 'Idempotency-Key': ck } },
      ),
      server.call(
        c.close,
        { positionId: a.data.id },
        { token: trader.token, headers: { 'Idempotency-Key': ck } },
      ),
    ]);
    expect(x.status).toBe(1);
    expect(y.data).toEqual(x.data);
    const closes = await server.app.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('reference', '=', `leverage:${a.data.id}:close`)
      .execute();
    expect(closes).toHaveLength(1);
  });
});

describe('changing and closing a position', () => {
  it('sets, changes and clears take-profit and stop-loss on the right sides only', async () => {
    const trader = await leverageTrader(server);
    const p = (await open(trader, { direction: 'short' })).data;
    const entry = m(p.entryPrice);
    const set = await server.call(
      c.updateTpSl,
      {
        positionId: p.id,
        takeProfit: formatMoney(entry - m('500')),
        stopLoss: formatMoney(entry + m('500')),
      },
      { token: trader.token },
    );
    expect(set.status).toBe(1);
    expect(set.data.takeProfit).toBe(formatMoney(entry - m('500')));
    expect(set.data.stopLoss).toBe(formatMoney(entry + m('500')));
    refused(
      await server.call(
        c.updateTpSl,
        { positionId: p.id, takeProfit: formatMoney(entry + m('1')) },
        { token: trader.token },
      ),
      'leverageTakeProfitSide',
    );
    refused(
      await server.call(
        c.updateTpSl,
        { positionId: p.id, stopLoss: formatMoney(entry - m('1')) },
        { token: trader.token },
      ),
      'leverageStopLossSide',
    );
    refused(
      await server.call(
        c.updateTpSl,
        { positionId: p.id, takeProfit: '1.123456789' },
        { token: trader.token },
      ),
      'leveragePriceInvalid',
      'Please enter a correct price: greater than 0, with at most 8 decimal places',
    );
    refused(
      await server.call(
        c.updateTpSl,
        { positionId: p.id, stopLoss: '90000001' },
        { token: trader.token },
      ),
      'leveragePriceTooLarge',
      'The price is too large (at most 90,000,000)',
    );
    const cleared = await server.call(
      c.updateTpSl,
      { positionId: p.id, takeProfit: '', stopLoss: '' },
      { token: trader.token },
    );
    expect(cleared.data).toMatchObject({ takeProfit: null, stopLoss: null });
    const other = await leverageTrader(server);
    refused(
      await server.call(c.updateTpSl, { positionId: p.id, takeProfit: '' }, { token: other.token }),
      'notFound',
    );
    refused(
      await server.call(
        c.updateTpSl,
        { positionId: 999_999, takeProfit: '' },
        { token: trader.token },
      ),
      'notFound',
    );
  });

  it('refuses a take-profit or stop-loss the current price has already passed', async () => {
    // BTC rises: a long's take-profit and a short's stop-loss between the entry and the mark are
    // on the right side of the entry but would fire at the next tick.
    const trader = await leverageTrader(server);
    const long = (await open(trader, { lots: 1, multiple: 1 })).data;
    const short = (await open(trader, { lots: 1, multiple: 1, direction: 'short' })).data;
    const entry = m(long.entryPrice);
    server.clock.advance(4_000);
    const until = Date.now() + 5_000;
    while (lastPrice(server, 'BTC/USDT') < entry + m('10') && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const mark = lastPrice(server, 'BTC/USDT');
    expect(mark).toBeGreaterThan(entry + m('5'));
    const between = formatMoney(
      m(short.entryPrice) > entry ? m(short.entryPrice) + m('1') : entry + m('1'),
    );
    refused(
      await server.call(
        c.updateTpSl,
        { positionId: long.id, takeProfit: between },
        { token: trader.token },
      ),
      'leverageTakeProfitPassed',
      'The current price has already passed this take-profit: it would close the position at once',
    );
    refused(
      await server.call(
        c.updateTpSl,
        { positionId: short.id, stopLoss: between },
        { token: trader.token },
      ),
      'leverageStopLossPassed',
      'The current price has already passed this stop-loss: it would close the position at once',
    );
    // Nothing was saved; beyond the mark both are taken.
    const still = await server.call(
      c.findContractOrderResult,
      { positionId: long.id },
      { token: trader.token },
    );
    expect(still.data).toMatchObject({ status: 'open', takeProfit: null });
    const beyond = formatMoney(mark + m('10000'));
    expect(
      (
        await server.call(
          c.updateTpSl,
          { positionId: long.id, takeProfit: beyond },
          { token: trader.token },
        )
      ).status,
    ).toBe(1);
    expect(
      (
        await server.call(
          c.updateTpSl,
          { positionId: short.id, stopLoss: beyond },
          { token: trader.token },
        )
      ).status,
    ).toBe(1);
  });

  it('adds margin: the cumulative top-up grows and the liquidation price moves away', async () => {
    const trader = await leverageTrader(server, '500');
    const p = (await open(trader)).data;
    const added = await server.call(
      c.addMargin,
      { positionId: p.id, amount: '50' },
      { token: trader.token, headers: { 'Idempotency-Key': key() } },
    );
    expect(added.status).toBe(1);
    expect(added.data.topUp).toBe('50.00000000');
    expect(m(added.data.liquidationPrice!)).toBeLessThan(m(p.liquidationPrice!));
    expect(added.data.liquidationPrice).toBe(
      formatMoney(
        liquidationPrice({
          direction: 'long',
          value: m('400'),
          entry: m(p.entryPrice),
          held: m('250'),
          maintenance: m('100'),
        })!,
      ),
    );
    expect(await contractWallet(server, trader.token)).toEqual({
      available: '249.60000000',
      frozen: '250.00000000',
    });
    refused(
      await server.call(c.addMargin, { positionId: p.id, amount: '1000' }, { token: trader.token }),
      'insufficientBalance',
    );
    refused(
      await server.call(
        c.addMargin,
        { positionId: p.id, amount: '90000000.01' },
        { token: trader.token },
      ),
      'amountTooLarge',
      'The amount is too large (at most 90,000,000)',
    );
    refused(
      await server.call(c.addMargin, { positionId: p.id, amount: '0' }, { token: trader.token }),
      'incorrectAmount',
    );
    const other = await leverageTrader(server);
    refused(
      await server.call(c.addMargin, { positionId: p.id, amount: '1' }, { token: other.token }),
      'notFound',
    );
  });

  it('closes at the last tick: held margin plus P&L less the closing fee back to the wallet', async () => {
    const trader = await leverageTrader(server, '1000');
    const p = (await open(trader)).data;
    server.clock.advance(2_000);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const other = await leverageTrader(server);
    refused(await server.call(c.close, { positionId: p.id }, { token: other.token }), 'notFound');
    refused(
      await server.call(c.findContractOrderResult, { positionId: p.id }, { token: other.token }),
      'notFound',
    );
    const closed = await server.call(c.close, { positionId: p.id }, { token: trader.token });
    expect(closed.status).toBe(1);
    const r = closed.data;
    const pnl = (m('400') * (m(r.exitPrice!) - m(p.entryPrice))) / m(p.entryPrice);
    expect(r).toMatchObject({
      status: 'closed',
      closedBy: 'user',
      closeFee: '0.40000000',
      gapCovered: '0.00000000',
    });
    expect(m(r.pnl!) - pnl).toBeLessThanOrEqual(1n);
    expect(m(r.pnl!)).toBeGreaterThan(0n);
    expect(r.payout).toBe(formatMoney(m('200') + m(r.pnl!) - m('0.4')));
    expect(r.exit!.time).toBeGreaterThan(r.entry.time);
    expect(await contractWallet(server, trader.token)).toEqual({
      available: formatMoney(m('799.6') + m(r.payout!)),
      frozen: '0.00000000',
    });
    refused(
      await server.call(c.close, { positionId: p.id }, { token: trader.token }),
      'leveragePositionClosed',
    );
    refused(
      await server.call(c.addMargin, { positionId: p.id, amount: '1' }, { token: trader.token }),
      'leveragePositionClosed',
    );
    const result = await server.call(
      c.findContractOrderResult,
      { positionId: p.id },
      { token: trader.token },
    );
    expect(result.data).toEqual(r);
    const history = await server.call(c.findUserOrderList, { tab: 1 }, { token: trader.token });
    expect(history.data).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(history.data.list[0]!.id).toBe(p.id);
    const current = await server.call(c.findUserOrderList, { tab: 0 }, { token: trader.token });
    expect(current.data.total).toBe(0);
  });
});

describe('triggers on the feed', () => {
  it('takes profit at the first tick that crosses the take-profit, pushing the events over /ws', async () => {
    const trader = await leverageTrader(server, '1000');
    const socket = await server.subscribe([channels.user], trader.token);
    const entry = lastPrice(server, 'BTC/USDT');
    const p = (await open(trader, { takeProfit: formatMoney(entry + m('20')) })).data;
    await socket.next((f) => (f.data as { event?: string }).event === 'leverage.opened');
    server.clock.advance(1_000);
    await socket.next((f) => (f.data as { event?: string }).event === 'leverage.pnl');
    server.clock.advance(10_000);
    const r = await waitClosed(server, trader.token, p.id);
    expect(r.closedBy).toBe('takeProfit');
    expect(m(r.exitPrice!)).toBeGreaterThanOrEqual(m(r.takeProfit!));
    const first = await firstTickPast(server, 'BTC/USDT', p.entry.feedSeq, m(r.takeProfit!), true);
    expect(r.exit!.feedSeq).toBe(Number(first.seq));
    const closedEvent = await socket.next(
      (f) => (f.data as { event?: string }).event === 'leverage.closed',
    );
    expect((closedEvent.data as { position: LeveragePosition }).position.id).toBe(p.id);
    socket.close();
  });

  it('liquidates past a gap and the insurance fund covers negative equity (protection on)', async () => {
    const trader = await leverageTrader(server, '300');
    const p = (await open(trader, { symbol: 'SOL/USDT', lots: 1 })).data;
    expect(p.protection).toBe(true);
    // A 60 % fall in one step: far past the liquidation price.
    const drop = (m(p.entryPrice) * 6n) / 10n / m('5');
    server.clock.advance(Number(drop) * 1000);
    const r = await waitClosed(server, trader.token, p.id);
    expect(r.closedBy).toBe('liquidation');
    expect(m(r.equity!)).toBeLessThan(0n);
    expect(r.closeFee).toBe('0.00000000');
    expect(r.gapCovered).toBe(formatMoney(-m(r.equity!)));
    expect(await contractWallet(server, trader.token)).toEqual({
      available: formatMoney(m('300') - m('100') - m(p.openFee)),
      frozen: '0.00000000',
    });
    const gap = await server.app.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('reference', '=', `leverage:${p.id}:gap`)
      .execute();
    expect(gap).toHaveLength(1);
    await expectLedgerBalanced(server);
  });
});

describe('options and a negative contract wallet', () => {
  it('lists the option call the negative balance check guards', () => {
    expect(optionsCalls.insertCurrencyOrder.path).toBe('/currencyorder/insertCurrencyOrder');
  });
});
