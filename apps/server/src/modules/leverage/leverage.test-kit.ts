import {
  assetsCalls,
  leverageCalls,
  type Envelope,
  type LeveragePosition,
} from '@tidemark/contract';
import { expect } from 'vitest';
import type { TestServer } from '../../test/harness';
import { contractTrader, scriptedFeedStart, type ContractTrader } from '../../test/scripted';

/**
 * The scripted feed of the leverage tests (chosen at start, like any deployment's feed): BTC
 * rises 5 USDT a second (a long's take-profit is reached), ETH stays flat, SOL falls 5 a second
 * from 50,000 (a long's stop-loss and liquidation are reached; a jump of the test clock is a gap).
 */
export function leverageFeedEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...scriptedFeedStart('leverage-feed', {
      'BTC/USDT': { from: '95000', perSecond: '5' },
      'ETH/USDT': { from: '3400', perSecond: '0' },
      'SOL/USDT': { from: '50000', perSecond: '-5' },
    }),
    ...extra,
  };
}

export type LeverageTrader = ContractTrader;

/** A demo trader with `contract` USDT in the contract wallet and the contract opened. */
export async function leverageTrader(
  server: TestServer,
  contract = '10000',
  open = true,
): Promise<LeverageTrader> {
  const trader = await contractTrader(server, contract);
  if (open) {
    const opened = await server.call(leverageCalls.openContract, {}, { token: trader.token });
    if (opened.status !== 1) throw new Error(`openContract: ${opened.enMsg}`);
  }
  return trader;
}

export async function contractWallet(server: TestServer, token: string) {
  const money = await server.call(assetsCalls.findUserMoney, {}, { token });
  const row = money.data.wallets.contract.find((w) => w.currency === 'USDT');
  return { available: row?.available ?? '0.00000000', frozen: row?.frozen ?? '0.00000000' };
}

export function refused(answer: Envelope<unknown>, code: string, enMsg?: string) {
  expect(answer.status).not.toBe(1);
  expect((answer as { code?: string }).code).toBe(code);
  if (enMsg) expect(answer.enMsg).toBe(enMsg);
  expect(answer.cnMsg).not.toBe(answer.enMsg);
  expect(answer.data).toBeNull();
}

/** Waits (real time) until the position is closed; answers it. */
export async function waitClosed(
  server: TestServer,
  token: string,
  positionId: number,
  ms = 8_000,
): Promise<LeveragePosition> {
  const until = Date.now() + ms;
  for (;;) {
    const answer = await server.call(
      leverageCalls.findContractOrderResult,
      { positionId },
      { token },
    );
    expect(answer.status).toBe(1);
    if (answer.data.status === 'closed') return answer.data;
    if (Date.now() > until) throw new Error(`position ${positionId} still open`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first logged tick of `symbol` after `afterSeq` at or past `trigger` (above when `rising`). */
export function firstTickPast(
  server: TestServer,
  symbol: string,
  afterSeq: number,
  trigger: bigint,
  rising: boolean,
) {
  return server.app.db
    .selectFrom('tick_log')
    .select(['seq', 'price'])
    .where('symbol', '=', symbol)
    .where('seq', '>', BigInt(afterSeq))
    .where('price', rising ? '>=' : '<=', trigger)
    .orderBy('seq')
    .limit(1)
    .executeTakeFirstOrThrow();
}

/** The last tick's price of a symbol as the server has it. */
export function lastPrice(server: TestServer, symbol: string): bigint {
  const tick = server.app.market.lastTick(symbol);
  if (!tick) throw new Error(`no tick of ${symbol}`);
  return tick.price;
}

/** Every ledger transaction balances and no trader's coin or frozen wallet is below zero. */
export async function expectLedgerBalanced(server: TestServer): Promise<void> {
  const sums = await server.app.db
    .selectFrom('ledger_entries')
    .select(['transaction_id', (eb) => eb.fn.sum<string | bigint>('amount').as('s')])
    .groupBy('transaction_id')
    .execute();
  expect(sums.filter((r) => BigInt(r.s) !== 0n)).toEqual([]);
  const negative = await server.app.db
    .selectFrom('ledger_accounts')
    .select(['wallet', 'balance'])
    .where('owner', '=', 'user')
    .where('wallet', '!=', 'contract')
    .where('balance', '<', 0n)
    .execute();
  expect(negative).toEqual([]);
  // Every trader's frozen contract USDT is exactly the margin and top-ups of their open positions.
  const holds = await server.app.db
    .selectFrom('ledger_accounts')
    .select(['owner_id', 'book', 'balance'])
    .where('owner', '=', 'user')
    .where('wallet', '=', 'contract_hold')
    .where('currency', '=', 'USDT')
    .execute();
  const open = await server.app.db
    .selectFrom('leverage_positions')
    .select(['user_id', 'book', 'margin', 'top_up'])
    .where('status', '=', 'open')
    .execute();
  const held = new Map<string, bigint>();
  for (const p of open) {
    const k = `${p.user_id}/${p.book}`;
    held.set(k, (held.get(k) ?? 0n) + BigInt(p.margin) + BigInt(p.top_up));
  }
  for (const h of holds) expect(BigInt(h.balance)).toBe(held.get(`${h.owner_id}/${h.book}`) ?? 0n);
}
