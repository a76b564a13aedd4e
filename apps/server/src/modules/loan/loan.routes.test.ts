import {
  consoleCalls,
  formatMoney,
  loanCalls as c,
  loanConsoleCalls as lc,
} from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../ledger/check';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import {
  auditRows,
  consoleCall,
  idempotencyKey,
  newOperator,
  requestWithdrawal,
} from '../console/console.test-support';
import { expectRefused } from '../money/custody.test-kit';
import {
  adminToken,
  applyForLoan,
  coinBalance,
  fundBalanceOf,
  loanRecord,
  loanTrader,
  productOf,
  type LoanTrader,
} from './loan.test-kit';

const DAY = 86_400_000;
const U = 100_000_000n;

let server: TestServer;
let admin: string;
let week: number;
let month: number;

beforeAll(async () => {
  server = await startServer({ rateLimits: ROOMY_LIMITS });
  admin = await adminToken(server);
  week = await productOf(server, 7);
  month = await productOf(server, 30);
});
afterAll(() => server.close());

describe('loan products and the credit score', () => {
  it('lists the seeded products with all their terms and the agreement version', async () => {
    const answer = await server.call(c.findLoanProducts, {});
    expect(answer.status).toBe(1);
    expect(answer.data.list[0]).toEqual({
      id: week,
      currency: 'USDT',
      minAmount: '100.00000000',
      maxAmount: '1000.00000000',
      cycleDays: 7,
      dailyRate: '0.00100000',
      overdueRate: '0.00500000',
      minScore: 200,
    });
    expect(answer.data.list).toHaveLength(3);
    expect(answer.data.agreementVersion).toMatch(/^[0-9a-f]{64}$/);
  });

  it('scores a fresh trader from stored inputs and a verified, funded one higher', async () => {
    const { token } = await server.register();
    const fresh = await server.call(c.findCreditScore, {}, { token });
    expect(fresh.status).toBe(1);
    expect(fresh.data.score).toBe(100);
    expect(fresh.data.components.map((x) => [x.name, x.weight, x.points])).toEqual([
      ['verification', 20, 0],
      ['accountAge', 15, 0],
      ['deposits', 25, 0],
      ['tradingVolume', 20, 0],
      ['repayment', 20, 100],
    ]);
    expect(fresh.data.limit).toBe('0.00000000');
    const trader = await loanTrader(server, admin);
    const scored = await server.call(c.findCreditScore, { refresh: true }, { token: trader.token });
    expect(scored.data.score).toBe(232);
    expect(scored.data.limit).toBe('1000.00000000');
    expect(scored.data.evaluatedAt).toBe(
      Number(
        (
          await server.app.db
            .selectFrom('credit_scores')
            .select('evaluated_at')
            .where('user_id', '=', BigInt(trader.userId))
            .orderBy('id', 'desc')
            .executeTakeFirstOrThrow()
        ).evaluated_at,
      ),
    );
    const stored = await server.app.db
      .selectFrom('credit_scores')
      .selectAll()
      .where('user_id', '=', BigInt(trader.userId))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.inputs_json)).toMatchObject({
      verifyLevel: 1,
      depositsUsdt: String(500n * U),
      repaidOnTime: 0,
    });
  });

  it('needs a token for the score', async () => {
    const answer = await server.call(c.findCreditScore, {});
    expect(answer.status).toBe('401');
  });
});

describe('applying', () => {
  let trader: LoanTrader;
  beforeAll(async () => {
    trader = await loanTrader(server, admin);
  });

  it('refuses below the minimum and above the maximum with the range', async () => {
    const low = await applyForLoan(server, trader.token, { productId: week, amount: '99.99' });
    expectRefused(low, 'loanAmountRange', 'The loan amount must be between 100 and 1000 USDT');
    const high = await applyForLoan(server, trader.token, { productId: week, amount: '1000.01' });
    expectRefused(high, 'loanAmountRange');
  });

  it('refuses one image, five images, kinds that do not match and a missing agreement', async () => {
    expectRefused(
      await applyForLoan(server, trader.token, { productId: week, amount: '200', images: 1 }),
      'loanImagesCount',
      'Please upload 2 to 4 images',
    );
    const five = await applyForLoan(server, trader.token, {
      productId: week,
      amount: '200',
      images: 5,
      imageKinds: 'idPhoto,incomeProof,creditReport,houseInfo',
    });
    expect(five.status).not.toBe(1);
    expectRefused(
      await applyForLoan(server, trader.token, {
        productId: week,
        amount: '200',
        imageKinds: 'idPhoto,idPhoto',
      }),
      'loanImageKinds',
    );
    expectRefused(
      await applyForLoan(server, trader.token, {
        productId: week,
        amount: '200',
        agreementAccepted: '',
      }),
      'loanAgreementRequired',
      'Please read and accept the coin-lending agreement',
    );
    expectRefused(
      await applyForLoan(server, trader.token, {
        productId: week,
        amount: '200',
        agreementAccepted: 'false',
      }),
      'loanAgreementRequired',
    );
  });

  it('refuses a band the score does not reach and an unknown product', async () => {
    expectRefused(
      await applyForLoan(server, trader.token, { productId: month, amount: '1000' }),
      'loanScoreTooLow',
      'Your credit score 232 is below the 600 this loan needs',
    );
    expectRefused(
      await applyForLoan(server, trader.token, { productId: 9999, amount: '200' }),
      'loanProductUnavailable',
    );
  });

  it('refuses terms the trader saw when the operator changed them since, storing nothing', async () => {
    const seen = (await server.call(c.findLoanProducts, {})).data.list.find((p) => p.id === week)!;
    const shown = {
      productId: week,
      amount: '200',
      cycleDays: seen.cycleDays,
      dailyRate: seen.dailyRate,
      overdueRate: seen.overdueRate,
    };
    const count = async () =>
      (
        await server.app.db
          .selectFrom('loan_orders')
          .select('id')
          .where('user_id', '=', BigInt(trader.userId))
          .execute()
      ).length;
    const before = await count();
    // The operator edits the product while the application sheet is open.
    const set = (terms: { cycleDays: number; dailyRate: string; overdueRate?: string }) =>
      consoleCall(server, lc.setLoanProduct, { id: week, ...terms }, { token: admin });
    expect((await set({ cycleDays: 10, dailyRate: '0.002' })).status).toBe(1);
    expectRefused(
      await applyForLoan(server, trader.token, shown),
      'loanTermsChanged',
      'The terms of this loan product have changed; please check them and apply again',
    );
    expectRefused(
      await applyForLoan(server, trader.token, { ...shown, dailyRate: '0.002' }),
      'loanTermsChanged',
    );
    expectRefused(
      await applyForLoan(server, trader.token, { ...shown, cycleDays: 10, overdueRate: '0.01' }),
      'loanTermsChanged',
    );
    expect(await count()).toBe(before);
    expect((await set({ cycleDays: seen.cycleDays, dailyRate: seen.dailyRate })).status).toBe(1);
  });

  it('stores an application with its terms, images, score and agreement version; one Idempotency-Key applies once', async () => {
    const key = idempotencyKey();
    const first = await applyForLoan(server, trader.token, { productId: week, amount: '500' }, key);
    expect(first.status, first.enMsg).toBe(1);
    expect(first.data).toMatchObject({
      productId: week,
      currency: 'USDT',
      amount: '500.00000000',
      cycleDays: 7,
      dailyRate: '0.00100000',
      interest: '3.50000000',
      repayTotal: '503.50000000',
      status: 'applying',
      creditScore: 232,
      dueAt: null,
      imageKinds: ['idPhoto', 'incomeProof'],
    });
    const again = await applyForLoan(server, trader.token, { productId: week, amount: '500' }, key);
    expect(again.data).toEqual(first.data);
    const rows = await server.app.db
      .selectFrom('loan_orders')
      .selectAll()
      .where('user_id', '=', BigInt(trader.userId))
      .execute();
    expect(rows).toHaveLength(1);
    const products = await server.call(c.findLoanProducts, {});
    expect(rows[0]!.agreement_version).toBe(products.data.agreementVersion);
    const images = await server.app.db
      .selectFrom('loan_images')
      .innerJoin('uploads', 'uploads.id', 'loan_images.upload_id')
      .select(['uploads.purpose', 'uploads.owner_user_id', 'loan_images.kind'])
      .where('loan_id', '=', rows[0]!.id)
      .execute();
    expect(images).toEqual([
      { purpose: 'loan', owner_user_id: BigInt(trader.userId), kind: 'idPhoto' },
      { purpose: 'loan', owner_user_id: BigInt(trader.userId), kind: 'incomeProof' },
    ]);
    // The same key with another amount is refused; a second application while one is open too.
    const conflict = await applyForLoan(
      server,
      trader.token,
      { productId: week, amount: '600' },
      key,
    );
    expect(conflict.code).toBe('idempotencyConflict');
    expectRefused(
      await applyForLoan(server, trader.token, { productId: week, amount: '200' }),
      'loanOpenExists',
    );
    const page = await server.call(
      c.findLoanCurrencyOrderPage,
      { page: 1, pageSize: 10 },
      { token: trader.token },
    );
    expect(page.data).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(page.data.list[0]!.id).toBe(first.data.id);
  });
});

describe('review, repayment, overdue', () => {
  it('rejects with a reason: audited, mailed, shown on the record; only once', async () => {
    const trader = await loanTrader(server, admin);
    const applied = await applyForLoan(server, trader.token, { productId: week, amount: '100' });
    const missing = await consoleCall(
      server,
      lc.rejectLoan,
      { id: applied.data.id, reason: ' ' },
      { token: admin },
    );
    expect(missing.code).toBe('reasonRequired');
    const rejected = await consoleCall(
      server,
      lc.rejectLoan,
      { id: applied.data.id, reason: 'Income proof unreadable' },
      { token: admin },
    );
    expect(rejected.data).toMatchObject({
      status: 'rejected',
      reason: 'Income proof unreadable',
      userId: trader.userId,
    });
    expect((await auditRows(server))[0]).toMatchObject({
      action: 'loan.reject',
      target_id: String(applied.data.id),
    });
    const again = await consoleCall(
      server,
      lc.approveLoan,
      { id: applied.data.id },
      { token: admin },
    );
    expect(again.code).toBe('loanNotApplying');
    const page = await server.call(
      c.findLoanCurrencyOrderPage,
      { page: 1, pageSize: 10 },
      { token: trader.token },
    );
    expect(page.data.list[0]).toMatchObject({
      status: 'rejected',
      reason: 'Income proof unreadable',
    });
    const mail = await server.app.db
      .selectFrom('site_mails')
      .select(['kind'])
      .where('user_id', '=', BigInt(trader.userId))
      .execute();
    expect(mail.map((m) => m.kind)).toContain('loanRejected');
  });

  it('approves from the fund, repays at once; refuses another user, no funds, and withdrawals while overdue', async () => {
    const trader = await loanTrader(server, admin);
    const other = await loanTrader(server, admin);
    const applied = await applyForLoan(server, trader.token, { productId: week, amount: '1000' });
    expect(applied.status, applied.enMsg).toBe(1);

    const queue = await consoleCall(
      server,
      lc.listLoans,
      { status: 'applying', page: 1, pageSize: 50 },
      { token: admin },
    );
    const item = queue.data.list.find((l) => l.id === applied.data.id)!;
    expect(item).toMatchObject({ userId: trader.userId, status: 'applying' });
    expect(item.images).toHaveLength(2);
    expect(item.score!.components.map((x) => x.name)).toEqual([
      'verification',
      'accountAge',
      'deposits',
      'tradingVolume',
      'repayment',
    ]);
    const image = await server.fetch(`/console/api/uploads/${item.images[0]!.uploadId}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(image.headers.get('content-type')).toBe('image/jpeg');

    // Support may read the queue but not decide.
    const support = await newOperator(server, admin, 'support');
    const denied = await consoleCall(
      server,
      lc.approveLoan,
      { id: applied.data.id },
      { token: support.token },
    );
    expect(denied.code).toBe('forbidden');

    const fundBefore = await fundBalanceOf(server);
    const coinBefore = await coinBalance(server, trader.userId);
    const approved = await consoleCall(
      server,
      lc.approveLoan,
      { id: applied.data.id },
      { token: admin },
    );
    expect(approved.status, approved.enMsg).toBe(1);
    expect(approved.data.status).toBe('passed');
    expect(approved.data.dueAt! - approved.data.decidedAt!).toBe(7 * DAY);
    expect(await fundBalanceOf(server)).toBe(fundBefore - 1000n * U);
    expect(await coinBalance(server, trader.userId)).toBe(coinBefore + 1000n * U);
    expect((await auditRows(server))[0]).toMatchObject({ action: 'loan.approve' });
    // The trader's mail says the amount as a person writes it, not the wire's 8 decimals.
    const mail = await server.app.db
      .selectFrom('site_mails')
      .select(['body'])
      .where('user_id', '=', BigInt(trader.userId))
      .where('kind', '=', 'loanApproved')
      .executeTakeFirstOrThrow();
    expect(mail.body).toContain('1,000 USDT');

    // Another trader cannot repay it.
    const foreign = await server.call(
      c.repayLoan,
      { loanId: applied.data.id },
      { token: other.token },
    );
    expect(foreign.code).toBe('notFound');

    // Spend below what is owed: repaying is refused and changes nothing.
    await server.app.writer.run((trx) =>
      server.app.ledger.post(trx, {
        type: 'adjustment',
        reference: 'test:spend',
        postings: [
          {
            account: {
              owner: 'user',
              userId: trader.userId,
              book: 'real',
              wallet: 'coin',
              currency: 'USDT',
            },
            amount: -(1400n * U),
          },
          {
            account: { owner: 'system', book: 'real', wallet: 'treasury', currency: 'USDT' },
            amount: 1400n * U,
          },
        ],
      }),
    );
    const poor = await server.call(
      c.repayLoan,
      { loanId: applied.data.id },
      { token: trader.token, headers: { 'idempotency-key': idempotencyKey() } },
    );
    expectRefused(
      poor,
      'loanRepayFunds',
      'Insufficient balance: repaying needs 1,007.00 USDT in your currency account',
    );

    // Past due: overdue, a day's penalty accrued, and withdrawals refused with a clear text.
    server.clock.advance(7 * DAY + 1000);
    const refused = await requestWithdrawal(server, trader, '10');
    expectRefused(
      refused,
      'loanOverdueWithdraw',
      'You have an overdue loan. Please repay it before withdrawing',
    );
    await waitForStatus(trader, applied.data.id, 'overdue');
    const overdue = await loanRecord(server, trader, applied.data.id);
    // 1007 x 0.5 % = 5.035 for the first overdue day.
    expect(overdue).toMatchObject({ penalty: '5.03500000', penaltyDays: 1, owed: '1012.03500000' });

    // Top the wallet up and repay principal + interest + penalty at once, once per key.
    await server.app.writer.run((trx) =>
      server.app.ledger.post(trx, {
        type: 'adjustment',
        reference: 'test:topup',
        postings: [
          {
            account: { owner: 'system', book: 'real', wallet: 'treasury', currency: 'USDT' },
            amount: -(2000n * U),
          },
          {
            account: {
              owner: 'user',
              userId: trader.userId,
              book: 'real',
              wallet: 'coin',
              currency: 'USDT',
            },
            amount: 2000n * U,
          },
        ],
      }),
    );
    const coin = await coinBalance(server, trader.userId);
    const fund = await fundBalanceOf(server);
    const key = idempotencyKey();
    const repaid = await server.call(
      c.repayLoan,
      { loanId: applied.data.id },
      { token: trader.token, headers: { 'idempotency-key': key } },
    );
    expect(repaid.status, repaid.enMsg).toBe(1);
    expect(repaid.data).toMatchObject({ status: 'repaid', owed: '1012.03500000' });
    const twice = await server.call(
      c.repayLoan,
      { loanId: applied.data.id },
      { token: trader.token, headers: { 'idempotency-key': key } },
    );
    expect(twice.data).toEqual(repaid.data);
    expect(await coinBalance(server, trader.userId)).toBe(coin - 101_203_500_000n);
    expect(await fundBalanceOf(server)).toBe(fund + 101_203_500_000n);
    const after = await server.call(
      c.repayLoan,
      { loanId: applied.data.id },
      { token: trader.token },
    );
    expect(after.code).toBe('loanNotRepayable');
    // Withdrawals go again.
    const withdrawal = await requestWithdrawal(server, trader, '10');
    expect(withdrawal.status, withdrawal.enMsg).toBe(1);
    // Repaid late: the repayment component says so.
    const score = await server.call(c.findCreditScore, { refresh: true }, { token: trader.token });
    expect(score.data.components.find((x) => x.name === 'repayment')).toMatchObject({
      value: '0/1/0',
      points: 0,
    });
    expect((await checkLedger(server.app.db)).problems).toEqual([]);
  });

  it('refuses approval the fund cannot cover, and the operator funds it from the treasury (audited)', async () => {
    // The clock moved a week on above: a fresh console session.
    admin = await adminToken(server);
    const fund = await consoleCall(server, lc.loanFund, {}, { token: admin });
    const usdt = fund.data.funds.find((f) => f.currency === 'USDT')!;
    const balance = BigInt(usdt.balance.replace('.', ''));
    // A 100 USDT application, then the fund drained to 50 USDT through the ledger (as if lent
    // out meanwhile), then its approval.
    const trader = await loanTrader(server, admin);
    const applied = await applyForLoan(server, trader.token, { productId: week, amount: '100' });
    expect(applied.status, applied.enMsg).toBe(1);
    await server.app.writer.run((trx) =>
      server.app.ledger.post(trx, {
        type: 'adjustment',
        reference: 'test:drain',
        postings: [
          {
            account: { owner: 'system', book: 'real', wallet: 'loan_fund', currency: 'USDT' },
            amount: -(balance - 50n * U),
          },
          {
            account: { owner: 'system', book: 'real', wallet: 'treasury', currency: 'USDT' },
            amount: balance - 50n * U,
          },
        ],
      }),
    );
    const refused = await consoleCall(
      server,
      lc.approveLoan,
      { id: applied.data.id },
      { token: admin },
    );
    expect(refused.code).toBe('loanFundCover');
    expect(refused.enMsg).toBe('The loan fund cannot cover this loan: 50 USDT available');
    const funded = await consoleCall(
      server,
      lc.fundLoanFund,
      { currency: 'USDT', amount: '10000' },
      { token: admin },
    );
    expect(funded.data.funds.find((f) => f.currency === 'USDT')).toMatchObject({
      balance: '10050.00000000',
      // This one and the 500 USDT application still under review above.
      applying: '600.00000000',
      headroom: '9450.00000000',
    });
    expect((await auditRows(server))[0]).toMatchObject({
      action: 'loan.fund',
      target_id: 'fund:USDT',
    });
    const approved = await consoleCall(
      server,
      lc.approveLoan,
      { id: applied.data.id },
      { token: admin },
    );
    expect(approved.data.status).toBe('passed');
    const outstanding = await consoleCall(
      server,
      lc.listLoans,
      { status: 'passed', page: 1, pageSize: 10 },
      { token: admin },
    );
    expect(outstanding.data.list.map((l) => l.id)).toContain(applied.data.id);
  });

  it('changes product terms for later applications only, audited', async () => {
    admin = await adminToken(server);
    const changed = await consoleCall(
      server,
      lc.setLoanProduct,
      { id: week, dailyRate: '0.002' },
      { token: admin },
    );
    expect(changed.data.list.find((p) => p.id === week)?.dailyRate).toBe('0.00200000');
    const bad = await consoleCall(
      server,
      lc.setLoanProduct,
      { id: week, minAmount: '5000' },
      { token: admin },
    );
    expect(bad.code).toBe('loanTermsInvalid');
    const kept = await server.app.db.selectFrom('loan_orders').select('daily_rate').execute();
    expect(kept.every((r) => r.daily_rate === 100_000n)).toBe(true);
    await consoleCall(
      server,
      lc.setLoanProduct,
      { id: week, dailyRate: '0.001' },
      { token: admin },
    );
    const audit = await consoleCall(
      server,
      consoleCalls.listAudit,
      { page: 1, pageSize: 5 },
      { token: admin },
    );
    expect(audit.data.list.some((a) => a.action === 'loan.productSet')).toBe(true);
  });
});

describe('sanity of terms and the fund up front', () => {
  it('refuses rates out of bounds and a currency that is no configured coin, for products and the fund', async () => {
    admin = await adminToken(server);
    const add = (terms: Partial<{ currency: string; dailyRate: string; overdueRate: string }>) =>
      consoleCall(
        server,
        lc.addLoanProduct,
        {
          currency: 'USDT',
          minAmount: '100',
          maxAmount: '1000',
          cycleDays: 7,
          dailyRate: '0.001',
          overdueRate: '0.005',
          minScore: 900,
          enabled: false,
          ...terms,
        },
        { token: admin },
      );
    const rateText =
      'Check the rates: the daily rate is above 0 and below 1 (100%); the overdue rate is from 0 to below 1';
    expectRefused(await add({ dailyRate: '2' }), 'loanRateInvalid', rateText);
    expectRefused(await add({ dailyRate: '1' }), 'loanRateInvalid');
    expectRefused(await add({ dailyRate: '0' }), 'loanRateInvalid');
    expectRefused(await add({ overdueRate: '5' }), 'loanRateInvalid');
    expectRefused(await add({ overdueRate: '1' }), 'loanRateInvalid');
    expectRefused(
      await add({ currency: 'XYZ' }),
      'loanCurrencyUnknown',
      'XYZ is not a configured coin: choose one the platform lists',
    );
    expectRefused(
      await consoleCall(server, lc.setLoanProduct, { id: week, dailyRate: '2' }, { token: admin }),
      'loanRateInvalid',
    );
    expectRefused(
      await consoleCall(
        server,
        lc.setLoanProduct,
        { id: week, overdueRate: '5' },
        { token: admin },
      ),
      'loanRateInvalid',
    );
    expectRefused(
      await consoleCall(
        server,
        lc.fundLoanFund,
        { currency: 'XYZ', amount: '10' },
        { token: admin },
      ),
      'loanCurrencyUnknown',
    );
    const products = await consoleCall(server, lc.listLoanProducts, {}, { token: admin });
    expect(products.data.list.every((p) => p.currency === 'USDT')).toBe(true);
    expect(products.data.list.find((p) => p.id === week)?.dailyRate).toBe('0.00100000');
    // A configured coin and sane rates are taken (a zero overdue rate too).
    const btc = await add({ currency: 'BTC', overdueRate: '0' });
    expect(btc.status, btc.enMsg).toBe(1);
  });

  it('refuses at application a loan the fund cannot cover, as approval would', async () => {
    admin = await adminToken(server);
    const balance = await fundBalanceOf(server);
    const big = await consoleCall(
      server,
      lc.addLoanProduct,
      {
        currency: 'USDT',
        minAmount: '100',
        maxAmount: formatMoney(balance + 1000n * U),
        cycleDays: 7,
        dailyRate: '0.001',
        overdueRate: '0.005',
        minScore: 0,
        enabled: true,
      },
      { token: admin },
    );
    expect(big.status, big.enMsg).toBe(1);
    const product = big.data.list.find((p) => p.maxAmount === formatMoney(balance + 1000n * U))!;
    const trader = await loanTrader(server, admin);
    const over = formatMoney(balance + U);
    const answer = await applyForLoan(server, trader.token, {
      productId: product.id,
      amount: over,
    });
    expectRefused(
      answer,
      'loanFundShort',
      `The platform cannot lend this much right now: at most ${formatMoney(balance).replace(/\.?0+$/, '')} USDT. Please enter a smaller amount`,
    );
    const stored = await server.app.db
      .selectFrom('loan_orders')
      .select('id')
      .where('user_id', '=', BigInt(trader.userId))
      .execute();
    expect(stored).toHaveLength(0);
    await consoleCall(
      server,
      lc.setLoanProduct,
      { id: product.id, enabled: false },
      { token: admin },
    );
  });
});

async function waitForStatus(trader: LoanTrader, id: number, status: string) {
  for (let i = 0; i < 60; i += 1) {
    if ((await loanRecord(server, trader, id)).status === status) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`loan ${id} never became ${status}`);
}
