import {
  formatMoney,
  loanConsoleCalls as c,
  LOAN_DAY_MS,
  parseMoney,
  QUOTE_CURRENCY,
  validLoanRates,
  type ConsoleLoan,
  type ConsoleLoanFund,
  type LoanImageKind,
  type LoanStatus,
} from '@tidemark/contract';
import type { Insertable } from 'kysely';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { systemAccount, userAccount } from '../../ledger/accounts';
import { notifyBalances } from '../assets/assets.service';
import { audit, type Actor } from '../console/console.audit';
import { fundFromTreasury } from '../console/console.funding';
import { actorOf, consoleHandle, type BoundConsoleCall } from '../console/console.http';
import { mailAmount, sendSystemMail } from '../content/content.mail';
import * as repo from './loan.repository';
import { componentsOf, fundBalance, LOAN_BOOK, toRecord, withKinds } from './loan.service';
import type { LoanOrderRow, LoanProductRow, LoanProductTable } from './loan.table';

/**
 * The operator's loan calls: the review queue (images and the stored score's components),
 * approve or reject, products (terms for later applications only), the loan fund. Every change is
 * audited in its own transaction; nothing here touches a repayment, a penalty or a stored score.
 */

const plain = (value: bigint) => formatMoney(value).replace(/\.?0+$/, '');

function accountText(u: { email: string | null; phone: string | null; area_code: string | null }) {
  if (u.email) return u.email;
  if (u.phone) return `${u.area_code ? `+${u.area_code} ` : ''}${u.phone}`;
  return '';
}

async function consoleLoans(
  app: AppContext,
  rows: readonly LoanOrderRow[],
): Promise<ConsoleLoan[]> {
  const [withImages, scores, users] = await Promise.all([
    withKinds(app.db, rows),
    repo.scoresById(
      app.db,
      rows.map((r) => r.score_id),
    ),
    repo.accountsOf(app.db, [...new Set(rows.map((r) => r.user_id))]),
  ]);
  return withImages.map(({ row, images }) => {
    const score = scores.find((s) => s.id === row.score_id);
    const user = users.find((u) => u.id === row.user_id);
    return {
      ...toRecord(
        row,
        images.map((i) => i.kind),
      ),
      userId: Number(row.user_id),
      userAccount: user ? accountText(user) : '',
      images: images.map((i) => ({
        uploadId: Number(i.upload_id),
        kind: (i.kind as LoanImageKind | null) ?? null,
      })),
      score: score
        ? {
            id: Number(score.id),
            score: Number(score.score),
            evaluatedAt: Number(score.evaluated_at),
            components: componentsOf(score),
          }
        : null,
      decidedBy: row.decided_by === null ? null : Number(row.decided_by),
    };
  });
}

export async function list(
  app: AppContext,
  input: {
    status?: LoanStatus | undefined;
    userId?: number | undefined;
    page: number;
    pageSize: number;
  },
) {
  const { rows, total } = await repo.page(
    app.db,
    { userId: input.userId, statuses: input.status ? [input.status] : undefined },
    (input.page - 1) * input.pageSize,
    input.pageSize,
    input.status === 'applying',
  );
  return { list: await consoleLoans(app, rows), total, page: input.page, pageSize: input.pageSize };
}

async function one(app: AppContext, row: LoanOrderRow): Promise<ConsoleLoan> {
  return (await consoleLoans(app, [row]))[0]!;
}

/** Approves an application: fund -> trader's real coin wallet, due after its cycle; mail. */
export async function approve(app: AppContext, actor: Actor, id: number): Promise<ConsoleLoan> {
  const now = app.clock.now();
  const moved = await app.writer.run(async (trx) => {
    const row = await repo.loan(trx, id);
    if (!row) throw new DomainError('notFound');
    if (row.status !== 'applying') throw new DomainError('loanNotApplying');
    const balance = await fundBalance(trx, row.currency);
    if (balance < row.amount)
      throw new DomainError('loanFundCover', { balance: plain(balance), currency: row.currency });
    const passed = await repo.transition(trx, row.id, ['applying'], {
      status: 'passed',
      decided_at: BigInt(now),
      decided_by: BigInt(actor.operatorId),
      due_at: BigInt(now + Number(row.cycle_days) * LOAN_DAY_MS),
      updated_at: BigInt(now),
    });
    if (!passed) throw new DomainError('loanNotApplying');
    const posted = await app.ledger.post(trx, {
      type: 'loan',
      reference: `loan:${row.id}:disburse`,
      postings: [
        { account: systemAccount(LOAN_BOOK, 'loan_fund', row.currency), amount: -row.amount },
        {
          account: userAccount(Number(row.user_id), LOAN_BOOK, 'coin', row.currency),
          amount: row.amount,
        },
      ],
    });
    await audit(app, trx, actor, {
      action: 'loan.approve',
      targetType: 'loan',
      targetId: id,
      before: { status: 'applying' },
      after: {
        status: 'passed',
        dueAt: Number(passed.due_at),
        amount: formatMoney(row.amount),
        transactionId: posted.transactionId,
      },
    });
    await sendSystemMail(app, trx, Number(row.user_id), 'loanApproved', {
      amount: mailAmount(row.amount),
      currency: row.currency,
    });
    const currency = row.currency;
    const userId = Number(row.user_id);
    app.writer.afterCommit(trx, () => {
      void notifyBalances(app, userId, LOAN_BOOK, [{ wallet: 'coin', currency }]);
    });
    return passed;
  });
  return one(app, moved);
}

export async function reject(
  app: AppContext,
  actor: Actor,
  input: { id: number; reason: string },
): Promise<ConsoleLoan> {
  const now = app.clock.now();
  const moved = await app.writer.run(async (trx) => {
    const row = await repo.loan(trx, input.id);
    if (!row) throw new DomainError('notFound');
    if (row.status !== 'applying') throw new DomainError('loanNotApplying');
    const rejected = await repo.transition(trx, row.id, ['applying'], {
      status: 'rejected',
      reason: input.reason,
      decided_at: BigInt(now),
      decided_by: BigInt(actor.operatorId),
      updated_at: BigInt(now),
    });
    if (!rejected) throw new DomainError('loanNotApplying');
    await audit(app, trx, actor, {
      action: 'loan.reject',
      targetType: 'loan',
      targetId: input.id,
      before: { status: 'applying' },
      after: { status: 'rejected' },
      reason: input.reason,
    });
    await sendSystemMail(app, trx, Number(row.user_id), 'loanRejected', {
      amount: mailAmount(row.amount),
      currency: row.currency,
      reason: input.reason,
    });
    return rejected;
  });
  return one(app, moved);
}

// --- products ------------------------------------------------------------------------------------

function shownProduct(row: LoanProductRow) {
  return {
    id: Number(row.id),
    currency: row.currency,
    minAmount: formatMoney(row.min_amount),
    maxAmount: formatMoney(row.max_amount),
    cycleDays: Number(row.cycle_days),
    dailyRate: formatMoney(row.daily_rate),
    overdueRate: formatMoney(row.overdue_rate),
    minScore: Number(row.min_score),
    enabled: row.enabled === 1n,
    updatedAt: Number(row.updated_at),
  };
}

export async function productList(app: AppContext) {
  return { list: (await repo.products(app.db, false)).map(shownProduct) };
}

interface Terms {
  minAmount?: string | undefined;
  maxAmount?: string | undefined;
  cycleDays?: number | undefined;
  dailyRate?: string | undefined;
  overdueRate?: string | undefined;
  minScore?: number | undefined;
  enabled?: boolean | undefined;
}

function termChanges(input: Terms): Partial<Insertable<LoanProductTable>> {
  const changes: Partial<Insertable<LoanProductTable>> = {};
  if (input.minAmount !== undefined) changes.min_amount = parseMoney(input.minAmount);
  if (input.maxAmount !== undefined) changes.max_amount = parseMoney(input.maxAmount);
  if (input.cycleDays !== undefined) changes.cycle_days = BigInt(input.cycleDays);
  if (input.dailyRate !== undefined) changes.daily_rate = parseMoney(input.dailyRate);
  if (input.overdueRate !== undefined) changes.overdue_rate = parseMoney(input.overdueRate);
  if (input.minScore !== undefined) changes.min_score = BigInt(input.minScore);
  if (input.enabled !== undefined) changes.enabled = input.enabled ? 1n : 0n;
  return changes;
}

function checkRange(min: bigint, max: bigint) {
  if (min <= 0n || max < min) throw new DomainError('loanTermsInvalid');
}

/** The contract bounds each rate; this holds them together on the row as it will be. */
function checkRates(daily: bigint, overdue: bigint) {
  if (!validLoanRates(daily, overdue)) throw new DomainError('loanRateInvalid');
}

/** Loans and the fund are in a configured coin only: USDT or a listed pair's base. */
function checkCurrency(app: AppContext, currency: string) {
  const known =
    currency === QUOTE_CURRENCY || app.market.products().some((p) => p.base === currency);
  if (!known) throw new DomainError('loanCurrencyUnknown', { currency });
}

export async function addProduct(
  app: AppContext,
  actor: Actor,
  input: Terms & { currency: string },
) {
  const changes = termChanges(input);
  checkCurrency(app, input.currency);
  checkRange(changes.min_amount!, changes.max_amount!);
  checkRates(changes.daily_rate!, changes.overdue_rate!);
  await app.writer.run(async (trx) => {
    const row = await repo.insertProduct(trx, {
      currency: input.currency,
      min_amount: changes.min_amount!,
      max_amount: changes.max_amount!,
      cycle_days: changes.cycle_days!,
      daily_rate: changes.daily_rate!,
      overdue_rate: changes.overdue_rate!,
      min_score: changes.min_score!,
      enabled: changes.enabled ?? 1n,
      updated_at: BigInt(app.clock.now()),
    });
    await audit(app, trx, actor, {
      action: 'loan.productAdd',
      targetType: 'loan',
      targetId: `product:${row.id}`,
      after: shownProduct(row),
    });
  });
  return productList(app);
}

export async function setProduct(app: AppContext, actor: Actor, input: Terms & { id: number }) {
  await app.writer.run(async (trx) => {
    const before = await repo.product(trx, input.id);
    if (!before) throw new DomainError('notFound');
    const changes = termChanges(input);
    checkRange(changes.min_amount ?? before.min_amount, changes.max_amount ?? before.max_amount);
    checkRates(
      changes.daily_rate ?? before.daily_rate,
      changes.overdue_rate ?? before.overdue_rate,
    );
    const after = await repo.updateProduct(trx, before.id, {
      ...changes,
      updated_at: BigInt(app.clock.now()),
    });
    await audit(app, trx, actor, {
      action: 'loan.productSet',
      targetType: 'loan',
      targetId: `product:${input.id}`,
      before: shownProduct(before),
      after: after ? shownProduct(after) : null,
    });
  });
  return productList(app);
}

// --- the fund ------------------------------------------------------------------------------------

export async function fund(app: AppContext): Promise<ConsoleLoanFund> {
  const [figures, productRows, balances] = await Promise.all([
    repo.fundFigures(app.db),
    repo.products(app.db, false),
    app.db
      .selectFrom('ledger_accounts')
      .select(['currency', 'balance'])
      .where('owner', '=', 'system')
      .where('book', '=', LOAN_BOOK)
      .where('wallet', '=', 'loan_fund')
      .execute(),
  ]);
  const currencies = new Set<string>([
    ...productRows.map((p) => p.currency),
    ...balances.map((b) => b.currency),
    ...figures.map((f) => f.currency),
  ]);
  return {
    funds: [...currencies].sort().map((currency) => {
      const balance = BigInt(balances.find((b) => b.currency === currency)?.balance ?? 0n);
      const of = (status: string) =>
        figures.find((f) => f.currency === currency && f.status === status);
      const sum = (v: string | null | undefined) => BigInt(v ?? 0);
      const outstanding = sum(of('passed')?.amount) + sum(of('overdue')?.amount);
      const owed = sum(of('passed')?.owed) + sum(of('overdue')?.owed);
      const applying = sum(of('applying')?.amount);
      return {
        currency,
        balance: formatMoney(balance),
        outstanding: formatMoney(outstanding),
        owed: formatMoney(owed),
        applying: formatMoney(applying),
        passed: Number(of('passed')?.n ?? 0),
        overdue: Number(of('overdue')?.n ?? 0),
        headroom: formatMoney(balance - applying),
      };
    }),
  };
}

/** Treasury -> loan fund (real book), audited with the balance before and after. */
export async function fundIt(
  app: AppContext,
  actor: Actor,
  input: { currency: string; amount: string },
): Promise<ConsoleLoanFund> {
  checkCurrency(app, input.currency);
  await fundFromTreasury(app, actor, {
    book: LOAN_BOOK,
    wallet: 'loan_fund',
    currency: input.currency,
    amount: input.amount,
    reference: `loan-fund:${LOAN_BOOK}:${input.currency}:fund`,
    audit: {
      action: 'loan.fund',
      targetType: 'loan',
      targetId: `fund:${input.currency}`,
      field: 'balance',
    },
  });
  return fund(app);
}

/** Every operator loan call with its handler. */
export const loanConsoleRoutes: readonly BoundConsoleCall[] = [
  consoleHandle(c.listLoans, (input, ctx) => list(ctx.app, input)),
  consoleHandle(c.approveLoan, (input, ctx) => approve(ctx.app, actorOf(ctx), input.id)),
  consoleHandle(c.rejectLoan, (input, ctx) => reject(ctx.app, actorOf(ctx), input)),
  consoleHandle(c.listLoanProducts, (_input, ctx) => productList(ctx.app)),
  consoleHandle(c.addLoanProduct, (input, ctx) => addProduct(ctx.app, actorOf(ctx), input)),
  consoleHandle(c.setLoanProduct, (input, ctx) => setProduct(ctx.app, actorOf(ctx), input)),
  consoleHandle(c.loanFund, (_input, ctx) => fund(ctx.app)),
  consoleHandle(c.fundLoanFund, (input, ctx) => fundIt(ctx.app, actorOf(ctx), input)),
];
