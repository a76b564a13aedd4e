import { loanConsoleCalls as lc } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import { consoleCall } from '../console/console.test-support';
import { LoanJobs } from './loan.jobs';
import { adminToken, applyForLoan, loanTrader, productOf } from './loan.test-kit';

const DAY = 86_400_000;

/**
 * The accrual pass reads only loans that are behind: ten thousand old overdue loans already up
 * to date (more than a pass reads) never keep a loan that has just fallen due from going overdue.
 * SQLite and (with DATABASE_URL) PostgreSQL.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimits: ROOMY_LIMITS });
});
afterAll(() => server.close());

describe('loan accrual pass', () => {
  it('marks a loan overdue behind ten thousand up-to-date overdue loans', async () => {
    const admin = await adminToken(server);
    const trader = await loanTrader(server, admin);
    const applied = await applyForLoan(server, trader.token, {
      productId: await productOf(server, 7),
      amount: '400',
    });
    expect(applied.status, applied.enMsg).toBe(1);
    const approved = await consoleCall(
      server,
      lc.approveLoan,
      { id: applied.data.id },
      { token: admin },
    );
    expect(approved.status, approved.enMsg).toBe(1);
    const db = server.app.db;
    const loan = await db
      .selectFrom('loan_orders')
      .selectAll()
      .where('id', '=', BigInt(applied.data.id))
      .executeTakeFirstOrThrow();
    // Old loans of the same trader, overdue for long and with every day's penalty already added.
    const { id: _id, ...template } = loan;
    const old = {
      ...template,
      status: 'overdue',
      due_at: BigInt(server.clock.now() - 100 * DAY),
      penalty_days: 1_000n,
    };
    for (let i = 0; i < 10_000; i += 500)
      await db
        .insertInto('loan_orders')
        .values(Array.from({ length: 500 }, () => old))
        .execute();

    server.clock.advance(Number(loan.due_at) - server.clock.now() + 60_000);
    await new LoanJobs(server.app).accrueAll();
    const after = await db
      .selectFrom('loan_orders')
      .select(['status', 'penalty_days'])
      .where('id', '=', loan.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'overdue', penalty_days: 1n });
    // Keep the closing checks to the real loan: the stand-ins go.
    await db.deleteFrom('loan_orders').where('id', '!=', loan.id).execute();
  });
});
