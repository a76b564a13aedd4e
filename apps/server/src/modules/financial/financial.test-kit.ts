import {
  assetsCalls,
  financialCalls as c,
  type Envelope,
  type MoneyOrder,
  userCalls,
} from '@tidemark/contract';
import { expect } from 'vitest';
import type { TestServer } from '../../test/harness';
import { FinancialJobs } from './financial.jobs';

export interface Saver {
  token: string;
  userId: number;
}

/** A demo trader with `cft` USDT moved from the demo coin wallet to the financial (cft) wallet. */
export async function saver(server: TestServer, cft = '10000'): Promise<Saver> {
  const { token } = await server.register();
  const info = await server.call(userCalls.findUserInfo, {}, { token });
  const moved = await server.call(
    assetsCalls.transferUserMoney,
    { from: 'coin', to: 'cft', currency: 'USDT', amount: cft },
    { token },
  );
  if (moved.status !== 1) throw new Error(`transfer: ${moved.enMsg}`);
  return { token, userId: info.data.id };
}

/** The seeded product of a tier. */
export async function productOf(server: TestServer, tier: 'beginner' | 'advanced' | 'premium') {
  const answer = await server.call(c.findMoneyProduct, { tier });
  const found = answer.data.list[0];
  if (!found) throw new Error(`no ${tier} product`);
  return found;
}

export async function buy(
  server: TestServer,
  who: Saver,
  productId: number,
  amount: string,
  headers: Record<string, string> = {},
): Promise<Envelope<MoneyOrder>> {
  return server.call(c.buyMoneyProduct, { productId, amount }, { token: who.token, headers });
}

/** One pass of the dividend job at the server's clock (as the running job would, any time). */
export function runJobs(server: TestServer): Promise<void> {
  return new FinancialJobs(server.app).pass();
}

export async function wallet(server: TestServer, token: string) {
  const money = await server.call(assetsCalls.findUserMoney, {}, { token });
  const usdt = money.data.wallets.cft.find((w) => w.currency === 'USDT');
  return { available: usdt?.available ?? '0.00000000', frozen: usdt?.frozen ?? '0.00000000' };
}

export function refused(answer: Envelope<unknown>, code: string, enMsg?: string) {
  expect(answer.status).not.toBe(1);
  expect((answer as { code?: string }).code).toBe(code);
  if (enMsg) expect(answer.enMsg).toBe(enMsg);
  expect(answer.data).toBeNull();
}

/**
 * The financial invariants as the database holds them: every user's cft_hold equals the principal
 * of their in-progress orders; each order's paid days match its dividend rows and profit; each
 * book's promised equals the interest still to pay; no reserve is below zero.
 */
export async function expectFinancialSound(server: TestServer): Promise<void> {
  const db = server.app.db;
  const orders = await db.selectFrom('financial_orders').selectAll().execute();
  const dividends = await db.selectFrom('financial_dividends').selectAll().execute();
  const holds = await db
    .selectFrom('ledger_accounts')
    .select(['owner_id', 'book', 'balance'])
    .where('owner', '=', 'user')
    .where('wallet', '=', 'cft_hold')
    .execute();
  const held = new Map<string, bigint>();
  const promised = new Map<string, bigint>();
  for (const o of orders) {
    const mine = dividends.filter((d) => d.order_id === o.id);
    expect(mine.map((d) => Number(d.day)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: Number(o.days_paid) }, (_, i) => i + 1),
    );
    expect(mine.reduce((s, d) => s + BigInt(d.amount), 0n)).toBe(BigInt(o.profit_earned));
    if (BigInt(o.status) === 0n) {
      const k = `${o.user_id}/${o.book}`;
      held.set(k, (held.get(k) ?? 0n) + BigInt(o.amount));
      promised.set(
        o.book,
        (promised.get(o.book) ?? 0n) + BigInt(o.expected_profit) - BigInt(o.profit_earned),
      );
    } else {
      expect(Number(o.days_paid)).toBe(
        BigInt(o.status) === 1n ? Number(o.days) : Number(o.days_paid),
      );
    }
  }
  for (const h of holds) {
    expect(BigInt(h.balance)).toBe(held.get(`${h.owner_id}/${h.book}`) ?? 0n);
  }
  const rows = await db.selectFrom('financial_reserve').selectAll().execute();
  for (const r of rows) expect(BigInt(r.promised)).toBe(promised.get(r.book) ?? 0n);
  const reserves = await db
    .selectFrom('ledger_accounts')
    .select(['book', 'balance'])
    .where('owner', '=', 'system')
    .where('wallet', '=', 'yield_reserve')
    .execute();
  for (const r of reserves) expect(BigInt(r.balance)).toBeGreaterThanOrEqual(0n);
}
