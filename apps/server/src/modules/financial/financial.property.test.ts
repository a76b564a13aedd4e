import {
  financialCalls as c,
  financialConsoleCalls as fc,
  orderSchedule,
} from '@tidemark/contract';
import fcheck from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import { consoleCall, consoleLogin, initialAdmin } from '../console/console.test-support';
import {
  buy,
  expectFinancialSound,
  productOf,
  runJobs,
  saver,
  type Saver,
} from './financial.test-kit';

const HOUR = 3_600_000;
let server: TestServer;
let traders: Saver[];
let products: number[];

beforeAll(async () => {
  // A small demo reserve, so that sold-out refusals happen among the purchases.
  server = await startServer({
    rateLimits: ROOMY_LIMITS,
    env: { FINANCIAL_RESERVE_FUNDING_DEMO: '40' },
  });
  const admin = await consoleLogin(server, initialAdmin(server));
  const added = await consoleCall(
    server,
    fc.addMoneyProduct,
    {
      tier: 'advanced',
      name: 'Two days in New York',
      days: 2,
      dailyRate: '0.001',
      minAmount: '10',
      maxAmount: '3000',
      capacity: '20000',
      dividendTime: '09:30',
      timeZone: 'America/New_York',
      penaltyRate: '0.02',
      lock: false,
      enabled: true,
    },
    { token: admin },
  );
  products = [
    (await productOf(server, 'beginner')).id,
    added.data.list.find((p) => p.name === 'Two days in New York')!.id,
  ];
}, 60_000);
afterAll(() => server.close());

type Step =
  | { kind: 'buy'; trader: number; product: number; amount: number }
  | { kind: 'redeem'; trader: number; pick: number }
  | { kind: 'wait'; hours: number }
  | { kind: 'pass' }
  | { kind: 'restart'; hours: number };

const step: fcheck.Arbitrary<Step> = fcheck.oneof(
  {
    weight: 4,
    arbitrary: fcheck.record({
      kind: fcheck.constant('buy' as const),
      trader: fcheck.integer({ min: 0, max: 1 }),
      product: fcheck.integer({ min: 0, max: 1 }),
      amount: fcheck.integer({ min: 5, max: 3200 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fcheck.record({
      kind: fcheck.constant('redeem' as const),
      trader: fcheck.integer({ min: 0, max: 1 }),
      pick: fcheck.nat(),
    }),
  },
  {
    weight: 3,
    arbitrary: fcheck.record({
      kind: fcheck.constant('wait' as const),
      hours: fcheck.integer({ min: 1, max: 30 }),
    }),
  },
  { weight: 2, arbitrary: fcheck.record({ kind: fcheck.constant('pass' as const) }) },
  {
    weight: 1,
    arbitrary: fcheck.record({
      kind: fcheck.constant('restart' as const),
      hours: fcheck.integer({ min: 1, max: 40 }),
    }),
  },
);

async function reserveNotNegative(): Promise<void> {
  const rows = await server.app.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('owner', '=', 'system')
    .where('wallet', '=', 'yield_reserve')
    .execute();
  for (const r of rows) expect(BigInt(r.balance)).toBeGreaterThanOrEqual(0n);
}

/** Each order has exactly the days paid whose run came before now (or before its redemption). */
async function everyDayPaidOnce(): Promise<void> {
  const now = server.clock.now();
  const orders = await server.app.db.selectFrom('financial_orders').selectAll().execute();
  const dividends = await server.app.db.selectFrom('financial_dividends').selectAll().execute();
  const transactions = await server.app.db
    .selectFrom('ledger_transactions')
    .select('reference')
    .where('reference', 'like', 'financial:%:day:%')
    .execute();
  const posted = new Map<string, number>();
  for (const t of transactions) posted.set(t.reference, (posted.get(t.reference) ?? 0) + 1);
  for (const o of orders) {
    const schedule = orderSchedule(
      Number(o.start_time),
      Number(o.days),
      o.dividend_time,
      o.time_zone,
    );
    const until = o.status === 2n ? Number(o.closed_at) : now;
    let due = 0;
    while (due < Number(o.days) && schedule.interestRun(due + 1) <= until) due += 1;
    expect(Number(o.days_paid)).toBe(due);
    const mine = dividends.filter((d) => d.order_id === o.id);
    for (const d of mine) {
      expect(Number(d.due_at)).toBe(schedule.interestRun(Number(d.day)));
      expect(Number(d.paid_at)).toBeGreaterThanOrEqual(Number(d.due_at));
      expect(posted.get(`financial:${o.id}:day:${d.day}`)).toBe(1);
    }
    // The principal is back (completed) exactly when its run has passed and every day is paid.
    if (o.status !== 2n) expect(o.status === 1n).toBe(schedule.principalRun <= now);
  }
}

describe('random days, purchases, redemptions and restarts', () => {
  it('pays every order each day exactly once, keeps the ledger balanced and the reserve above zero', async () => {
    await fcheck.assert(
      fcheck.asyncProperty(fcheck.array(step, { minLength: 3, maxLength: 14 }), async (steps) => {
        // Traders of this run (sessions last 30 days; the clock only moves forward).
        traders = [await saver(server, '20000'), await saver(server, '20000')];
        for (const s of steps) {
          if (s.kind === 'buy') {
            const answer = await buy(
              server,
              traders[s.trader]!,
              products[s.product]!,
              String(s.amount),
            );
            if (answer.status !== 1)
              expect(['financialAmountRange', 'financialSoldOut', 'insufficientBalance']).toContain(
                (answer as { code?: string }).code,
              );
          } else if (s.kind === 'redeem') {
            const trader = traders[s.trader]!;
            const open = await server.call(
              c.findUserMoneyProduct,
              { tab: 0, pageSize: 100 },
              { token: trader.token },
            );
            const order = open.data.list[s.pick % Math.max(1, open.data.list.length)];
            if (order) {
              const answer = await server.call(
                c.findMoneyProductReturn,
                { orderId: order.id },
                { token: trader.token },
              );
              // The job may have completed it meanwhile.
              if (answer.status !== 1)
                expect((answer as { code?: string }).code).toBe('financialNotRedeemable');
            }
          } else if (s.kind === 'wait') {
            server.clock.advance(s.hours * HOUR);
          } else if (s.kind === 'pass') {
            await Promise.all([runJobs(server), runJobs(server)]);
          } else {
            server = await server.restart(() => server.clock.advance(s.hours * HOUR));
          }
          await reserveNotNegative();
        }
        // Catch up once, as the running job would: then every due day is paid, each once.
        await runJobs(server);
        await everyDayPaidOnce();
        await expectFinancialSound(server);
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});
