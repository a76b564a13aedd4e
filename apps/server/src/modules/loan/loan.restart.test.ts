import { loanCalls as c, loanConsoleCalls as lc } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../ledger/check';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import { consoleCall, idempotencyKey } from '../console/console.test-support';
import {
  adminToken,
  applyForLoan,
  loanRecord,
  loanTrader,
  productOf,
  type LoanTrader,
} from './loan.test-kit';

const DAY = 86_400_000;

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimits: ROOMY_LIMITS });
});
afterAll(() => server.close());

async function penaltyRows(id: number) {
  return server.app.db
    .selectFrom('loan_penalties')
    .select(['day', 'amount'])
    .where('loan_id', '=', BigInt(id))
    .orderBy('day')
    .execute();
}

/** Waits for the loan job's next pass to have brought the loan to `days` penalty days. */
async function waitForDays(trader: LoanTrader, id: number, days: number) {
  for (let i = 0; i < 80; i += 1) {
    const r = await loanRecord(server, trader, id);
    if (r.penaltyDays === days) return r;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`loan ${id} never reached ${days} penalty days`);
}

describe('a loan on the clock, across restarts', () => {
  it('runs to maturity, goes overdue while the server is down, catches up each day once, and repays', async () => {
    const admin = await adminToken(server);
    const trader = await loanTrader(server, admin);
    const week = await productOf(server, 7);
    const applied = await applyForLoan(server, trader.token, { productId: week, amount: '400' });
    expect(applied.status, applied.enMsg).toBe(1);
    const approved = await consoleCall(
      server,
      lc.approveLoan,
      { id: applied.data.id },
      { token: admin },
    );
    expect(approved.status, approved.enMsg).toBe(1);
    const dueAt = approved.data.dueAt!;

    // One minute before maturity: still passed, no penalty.
    server.clock.advance(dueAt - server.clock.now() - 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await loanRecord(server, trader, applied.data.id)).toMatchObject({
      status: 'passed',
      penaltyDays: 0,
    });

    // Down across maturity and two more days: the first pass adds days 1, 2 and 3, once each.
    server = await server.restart(() => server.clock.advance(60_000 + 2 * DAY + 3_600_000));
    const overdue = await waitForDays(trader, applied.data.id, 3);
    // 402.8 owed on time (400 + 7 x 0.1 %), 0.5 % of it a day: 2.014 x 3.
    expect(overdue).toMatchObject({
      status: 'overdue',
      repayTotal: '402.80000000',
      penalty: '6.04200000',
      owed: '408.84200000',
    });
    expect((await penaltyRows(applied.data.id)).map((r) => [Number(r.day), r.amount])).toEqual([
      [1, 201_400_000n],
      [2, 201_400_000n],
      [3, 201_400_000n],
    ]);

    // Another restart without time passing changes nothing; the next day adds exactly one.
    server = await server.restart();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await penaltyRows(applied.data.id)).toHaveLength(3);
    server.clock.advance(DAY);
    await waitForDays(trader, applied.data.id, 4);
    expect(await penaltyRows(applied.data.id)).toHaveLength(4);

    const repaid = await server.call(
      c.repayLoan,
      { loanId: applied.data.id },
      { token: trader.token, headers: { 'idempotency-key': idempotencyKey() } },
    );
    expect(repaid.status, repaid.enMsg).toBe(1);
    expect(repaid.data).toMatchObject({ status: 'repaid', penaltyDays: 4, owed: '410.85600000' });
    // Repaid: the job adds nothing more.
    server.clock.advance(DAY);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await penaltyRows(applied.data.id)).toHaveLength(4);
    expect((await checkLedger(server.app.db)).problems).toEqual([]);
  });
});
