import { createHash } from 'node:crypto';
import {
  amountOwed,
  CREDIT_COMPONENTS,
  type CreditInputs,
  creditLimit,
  type CreditScore,
  creditScoreOf,
  dailyPenalty,
  formatMoney,
  limitText,
  LOAN_DAY_MS,
  LOAN_IMAGE_KINDS,
  type LoanImageKind,
  loanInterest,
  type LoanProduct,
  type LoanRecord,
  type LoanStatus,
  MAX_CREDIT_SCORE,
  mulMoney,
  neededAmount,
  overdueDays,
  parseMoney,
  QUOTE_CURRENCY,
  type UploadFile,
} from '@tidemark/contract';
import type { Executor, Trx } from '../../db/database';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { systemAccount, userAccount } from '../../ledger/accounts';
import { fundOnce } from '../../ledger/funding';
import { earlierAnswer, once } from '../../ledger/idempotency';
import { systemBalances, userBalances } from '../../ledger/queries';
import { notifyBalances } from '../assets/assets.service';
import {
  insertUpload,
  prepareImage,
  withStoredImages,
  type PreparedImage,
} from '../images/images.service';
import { AGREEMENT_VERSION } from './loan.agreement';
import * as repo from './loan.repository';
import type { CreditScoreRow, LoanOrderRow, LoanProductRow } from './loan.table';

/**
 * Coin loans' rules (DESIGN.md section 3 "Loan"). Real book only. An application is judged with a
 * freshly evaluated credit score and stores its terms, images and the agreement version; approval
 * pays the principal out of the loan fund (a system account the operator funds from the treasury);
 * repayment takes principal + interest + accrued penalty at once back into the fund. Overdue
 * penalties accrue one per loan and day (loan_penalties' key), by the job on the app's clock.
 */

const BOOK = 'real' as const;

/** A fresh install's products: USDT bands by credit score. */
const SEED_PRODUCTS = [
  {
    minAmount: '100',
    maxAmount: '1000',
    cycleDays: 7,
    dailyRate: '0.001',
    overdueRate: '0.005',
    minScore: 200,
  },
  {
    minAmount: '500',
    maxAmount: '5000',
    cycleDays: 15,
    dailyRate: '0.0008',
    overdueRate: '0.005',
    minScore: 400,
  },
  {
    minAmount: '1000',
    maxAmount: '20000',
    cycleDays: 30,
    dailyRate: '0.0006',
    overdueRate: '0.005',
    minScore: 600,
  },
];

export { AGREEMENT_VERSION };

// --- seeding -------------------------------------------------------------------------------------

/** Seeds the products on a fresh install and funds the loan fund once from the real treasury. */
export async function seedLoans(app: AppContext): Promise<void> {
  const now = BigInt(app.clock.now());
  await app.writer.run(async (trx) => {
    if ((await repo.countProducts(trx)) > 0) return;
    for (const p of SEED_PRODUCTS) {
      await repo.insertProduct(trx, {
        currency: QUOTE_CURRENCY,
        min_amount: parseMoney(p.minAmount),
        max_amount: parseMoney(p.maxAmount),
        cycle_days: BigInt(p.cycleDays),
        daily_rate: parseMoney(p.dailyRate),
        overdue_rate: parseMoney(p.overdueRate),
        min_score: BigInt(p.minScore),
        enabled: 1n,
        updated_at: now,
      });
    }
  });
  await fundOnce(app, {
    book: BOOK,
    wallet: 'loan_fund',
    currency: QUOTE_CURRENCY,
    amount: parseMoney(app.config.loan.fundFunding),
    key: `loan-fund-initial:${BOOK}:${QUOTE_CURRENCY}`,
    reference: `loan-fund:${BOOK}:${QUOTE_CURRENCY}:initial`,
  });
}

// --- reading -------------------------------------------------------------------------------------

export function toProduct(row: LoanProductRow): LoanProduct {
  return {
    id: Number(row.id),
    currency: row.currency,
    minAmount: formatMoney(row.min_amount),
    maxAmount: formatMoney(row.max_amount),
    cycleDays: Number(row.cycle_days),
    dailyRate: formatMoney(row.daily_rate),
    overdueRate: formatMoney(row.overdue_rate),
    minScore: Number(row.min_score),
  };
}

export function toRecord(row: LoanOrderRow, kinds: readonly (string | null)[]): LoanRecord {
  const repaid = row.status === 'repaid';
  return {
    id: Number(row.id),
    productId: Number(row.product_id),
    currency: row.currency,
    amount: formatMoney(row.amount),
    cycleDays: Number(row.cycle_days),
    dailyRate: formatMoney(row.daily_rate),
    overdueRate: formatMoney(row.overdue_rate),
    interest: formatMoney(row.interest),
    repayTotal: formatMoney(row.repay_total),
    status: row.status as LoanStatus,
    creditScore: Number(row.credit_score),
    appliedAt: Number(row.applied_at),
    dueAt: row.due_at === null ? null : Number(row.due_at),
    decidedAt: row.decided_at === null ? null : Number(row.decided_at),
    reason: row.reason,
    penalty: formatMoney(row.penalty),
    penaltyDays: Number(row.penalty_days),
    owed: formatMoney(
      repaid && row.repaid_amount !== null
        ? row.repaid_amount
        : amountOwed(row.repay_total, row.penalty),
    ),
    repaidAt: row.repaid_at === null ? null : Number(row.repaid_at),
    agreementVersion: row.agreement_version,
    imageKinds: kinds.filter((k): k is LoanImageKind =>
      (LOAN_IMAGE_KINDS as readonly (string | null)[]).includes(k),
    ),
  };
}

/** Records with their image kinds, in one query for the images. */
export async function withKinds(db: Executor, rows: readonly LoanOrderRow[]) {
  const images = await repo.imagesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    row,
    images: images.filter((i) => i.loan_id === row.id),
  }));
}

export async function products(app: AppContext) {
  const rows = await repo.products(app.db, true);
  return { list: rows.map(toProduct), agreementVersion: AGREEMENT_VERSION };
}

export async function loanPage(
  app: AppContext,
  userId: number,
  input: { page: number; pageSize: number },
) {
  const { rows, total } = await repo.page(
    app.db,
    { userId },
    (input.page - 1) * input.pageSize,
    input.pageSize,
  );
  const list = (await withKinds(app.db, rows)).map(({ row, images }) =>
    toRecord(
      row,
      images.map((i) => i.kind),
    ),
  );
  return { list, total, page: input.page, pageSize: input.pageSize };
}

// --- credit score --------------------------------------------------------------------------------

function inputsJson(inputs: CreditInputs): string {
  return JSON.stringify(inputs, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/** USDT value of real-book deposits: USDT at par, other coins at the feed's last price (none: 0). */
async function depositsInUsdt(app: AppContext, db: Executor, userId: number): Promise<bigint> {
  let total = 0n;
  for (const row of await repo.depositsByCurrency(db, userId)) {
    const amount = BigInt(row.amount ?? 0);
    if (row.currency === QUOTE_CURRENCY) total += amount;
    else {
      const tick = app.market.lastTick(`${row.currency}/${QUOTE_CURRENCY}`);
      if (tick) total += mulMoney(amount, tick.price, 'down');
    }
  }
  return total;
}

export async function creditInputs(
  app: AppContext,
  db: Executor,
  userId: number,
  now: number,
): Promise<CreditInputs> {
  const user = await repo.scoreUser(db, userId);
  if (!user) throw new DomainError('sessionExpired');
  const [depositsUsdt, volumeUsdt, history] = await Promise.all([
    depositsInUsdt(app, db, userId),
    repo.realSpotVolume(db, userId),
    repo.repaymentHistory(db, userId, now),
  ]);
  return {
    verifyLevel: Number(user.verify_level),
    accountAgeDays: Math.max(0, Math.floor((now - Number(user.created_at)) / LOAN_DAY_MS)),
    depositsUsdt,
    volumeUsdt,
    ...history,
  };
}

/** Evaluates the score now and stores it with its inputs; answers the stored row. */
export async function evaluateScore(
  app: AppContext,
  userId: number,
  source: 'request' | 'daily' | 'apply',
): Promise<CreditScoreRow> {
  const now = app.clock.now();
  const inputs = await creditInputs(app, app.db, userId, now);
  const { score, components } = creditScoreOf(inputs);
  return app.writer.run(async (trx) => {
    const row = {
      user_id: BigInt(userId),
      score: BigInt(score),
      inputs_json: inputsJson(inputs),
      components_json: JSON.stringify(components),
      source,
      evaluated_at: BigInt(now),
    };
    const id = await repo.insertScore(trx, row);
    return { id, ...row };
  });
}

export function componentsOf(row: CreditScoreRow): CreditScore['components'] {
  const parsed = JSON.parse(row.components_json) as CreditScore['components'];
  return parsed.filter((c) => (CREDIT_COMPONENTS as readonly string[]).includes(c.name));
}

export async function creditScoreView(app: AppContext, row: CreditScoreRow): Promise<CreditScore> {
  const score = Number(row.score);
  const bands = (await repo.products(app.db, true)).map((p) => ({
    currency: p.currency,
    maxAmount: p.max_amount,
    minScore: Number(p.min_score),
  }));
  return {
    score,
    maxScore: MAX_CREDIT_SCORE,
    components: componentsOf(row),
    evaluatedAt: Number(row.evaluated_at),
    limit: formatMoney(creditLimit(score, bands, QUOTE_CURRENCY)),
  };
}

/** The stored score; evaluated again when asked to, when there is none or it is a day old. */
export async function currentScore(
  app: AppContext,
  userId: number,
  refresh: boolean,
): Promise<CreditScore> {
  let row = await repo.latestScore(app.db, userId);
  if (refresh || !row || app.clock.now() - Number(row.evaluated_at) >= LOAN_DAY_MS)
    row = await evaluateScore(app, userId, 'request');
  return creditScoreView(app, row);
}

// --- applying ------------------------------------------------------------------------------------

/** The terms the trader confirmed, as far as the client said (each one optional). */
export interface ShownLoanTerms {
  cycleDays?: number | undefined;
  dailyRate?: string | undefined;
  overdueRate?: string | undefined;
}

export interface ApplyInput extends ShownLoanTerms {
  productId: number;
  amount: string;
  images: UploadFile[];
  imageKinds?: LoanImageKind[] | undefined;
}

/** A term the trader confirmed that is no longer the product's: nothing is stored. */
export function checkShownTerms(shown: ShownLoanTerms, product: LoanProductRow): void {
  const rateDiffers = (text: string | undefined, current: bigint) =>
    text !== undefined && parseMoney(text) !== current;
  if (
    (shown.cycleDays !== undefined && BigInt(shown.cycleDays) !== product.cycle_days) ||
    rateDiffers(shown.dailyRate, product.daily_rate) ||
    rateDiffers(shown.overdueRate, product.overdue_rate)
  )
    throw new DomainError('loanTermsChanged');
}

/** The fund's rule at approval, said up front: it must hold the whole principal. */
async function checkFundCovers(db: Executor, currency: string, amount: bigint): Promise<void> {
  const balance = await fundBalance(db, currency);
  if (balance < amount)
    throw new DomainError('loanFundShort', {
      available: limitText(balance > 0n ? balance : 0n),
      currency,
    });
}

export interface LoanRequest {
  userId: number;
  idempotencyKey: string | undefined;
  call: string;
}

const bytesHash = (file: UploadFile) =>
  file instanceof Uint8Array ? createHash('sha256').update(file).digest('hex') : '';

/**
 * An application: the product open, the amount within its range, the kinds (when given) one per
 * image, a score evaluated now reaching the product's band, no other open application or loan.
 * The images are stored as uploads of purpose "loan" with the record, in one transaction.
 */
export async function apply(
  app: AppContext,
  request: LoanRequest,
  input: ApplyInput,
): Promise<LoanRecord> {
  const seen = await repo.product(app.db, input.productId);
  if (!seen || seen.enabled !== 1n) throw new DomainError('loanProductUnavailable');
  const amount = parseMoney(input.amount);
  let product = seen;
  if (amount < product.min_amount || amount > product.max_amount) {
    throw new DomainError('loanAmountRange', {
      min: limitText(product.min_amount),
      max: limitText(product.max_amount),
      currency: product.currency,
    });
  }
  const kinds = input.imageKinds;
  if (kinds && kinds.length !== input.images.length) throw new DomainError('loanImageKinds');
  const idempotent = {
    userId: request.userId,
    call: request.call,
    key: request.idempotencyKey,
    input: {
      productId: input.productId,
      amount: formatMoney(amount),
      images: input.images.map(bytesHash),
      kinds: kinds ?? null,
      cycleDays: input.cycleDays,
      dailyRate: input.dailyRate,
      overdueRate: input.overdueRate,
    },
    now: app.clock.now(),
  };
  // A retry of a request that went through answers as the first time, whatever changed since.
  const earlier = await earlierAnswer<LoanRecord>(app.db, idempotent);
  if (earlier) return earlier;
  checkShownTerms(input, seen);
  if (await repo.openLoanOf(app.db, request.userId)) throw new DomainError('loanOpenExists');
  await checkFundCovers(app.db, product.currency, amount);
  const score = await evaluateScore(app, request.userId, 'apply');
  if (Number(score.score) < Number(product.min_score)) {
    throw new DomainError('loanScoreTooLow', {
      score: Number(score.score),
      min: Number(product.min_score),
    });
  }
  const prepared: PreparedImage[] = [];
  for (const image of input.images) prepared.push(await prepareImage(app, image, 'loan'));
  return withStoredImages(app, prepared, () =>
    once(app.writer, idempotent, async (trx) => {
      if (await repo.openLoanOf(trx, request.userId)) throw new DomainError('loanOpenExists');
      // The terms stored are the product's as of this transaction, and the ones the trader saw.
      const fresh = await repo.product(trx, input.productId);
      if (!fresh || fresh.enabled !== 1n) throw new DomainError('loanProductUnavailable');
      checkShownTerms(input, fresh);
      product = fresh;
      await checkFundCovers(trx, product.currency, amount);
      const now = BigInt(app.clock.now());
      const interest = loanInterest(amount, product.daily_rate, Number(product.cycle_days));
      const row = await repo.insertLoan(trx, {
        user_id: BigInt(request.userId),
        product_id: product.id,
        currency: product.currency,
        amount,
        cycle_days: product.cycle_days,
        daily_rate: product.daily_rate,
        overdue_rate: product.overdue_rate,
        interest,
        repay_total: amount + interest,
        status: 'applying',
        credit_score: score.score,
        score_id: score.id,
        agreement_version: AGREEMENT_VERSION,
        reason: null,
        applied_at: now,
        decided_at: null,
        decided_by: null,
        due_at: null,
        penalty: 0n,
        penalty_days: 0n,
        repaid_at: null,
        repaid_amount: null,
        updated_at: now,
      });
      const images = [];
      for (const [i, p] of prepared.entries()) {
        images.push({
          uploadId: await insertUpload(app, trx, request.userId, p),
          kind: kinds?.[i] ?? null,
        });
      }
      await repo.insertImages(trx, row.id, images);
      return toRecord(
        row,
        images.map((i) => i.kind),
      );
    }),
  );
}

// --- penalties and overdue -----------------------------------------------------------------------

/**
 * Brings one loan up to `now`: marks it overdue once its due time has come, and adds one penalty
 * per overdue day begun that has none yet (loan_penalties' key makes each day once, whatever
 * retries or restarts happen; a server that was down catches up every missed day in one pass).
 * Inside the caller's transaction; answers the loan as it now is.
 */
export async function accrue(trx: Trx, row: LoanOrderRow, now: number): Promise<LoanOrderRow> {
  if (row.due_at === null || (row.status !== 'passed' && row.status !== 'overdue')) return row;
  const days = overdueDays(Number(row.due_at), now);
  const have = Number(row.penalty_days);
  if (days <= 0 || (days <= have && row.status === 'overdue')) return row;
  const perDay = dailyPenalty(row.repay_total, row.overdue_rate);
  const fresh = [];
  for (let day = have + 1; day <= days; day += 1)
    fresh.push({ loan_id: row.id, day: BigInt(day), amount: perDay, created_at: BigInt(now) });
  const added = await repo.insertPenalties(trx, fresh);
  const moved = await repo.transition(
    trx,
    row.id,
    [row.status],
    {
      status: 'overdue',
      penalty: row.penalty + perDay * BigInt(added),
      penalty_days: BigInt(Math.max(days, have)),
      updated_at: BigInt(now),
    },
    row.penalty_days,
  );
  // Moved on meanwhile (repaid, or another pass accrued): the stored row is the truth.
  return moved ?? (await repo.loan(trx, Number(row.id)))!;
}

/** While a loan is overdue, withdrawals are refused (the money module asks before holding). */
export async function refuseWithdrawalWhileOverdue(
  app: AppContext,
  db: Executor,
  userId: number,
): Promise<void> {
  if (await repo.hasOverdue(db, userId, app.clock.now()))
    throw new DomainError('loanOverdueWithdraw');
}

// --- repaying ------------------------------------------------------------------------------------

/**
 * Repays a passed or overdue loan at once, early or at maturity: principal + interest (for the
 * whole cycle) + every penalty accrued up to now, from the real coin wallet into the loan fund.
 * Refused, changing nothing, when the wallet holds less.
 */
export async function repay(
  app: AppContext,
  request: LoanRequest,
  loanId: number,
): Promise<LoanRecord> {
  const now = app.clock.now();
  return once(
    app.writer,
    {
      userId: request.userId,
      call: request.call,
      key: request.idempotencyKey,
      input: { loanId },
      now,
    },
    async (trx) => {
      const seen = await repo.loan(trx, loanId);
      if (!seen || Number(seen.user_id) !== request.userId) throw new DomainError('notFound');
      if (seen.status !== 'passed' && seen.status !== 'overdue')
        throw new DomainError('loanNotRepayable');
      const row = await accrue(trx, seen, now);
      const owed = amountOwed(row.repay_total, row.penalty);
      const balances = await userBalances(trx, request.userId, BOOK);
      const balance = BigInt(
        balances.find((b) => b.wallet === 'coin' && b.currency === row.currency)?.balance ?? 0n,
      );
      if (balance < owed) {
        throw new DomainError('loanRepayFunds', {
          amount: neededAmount(formatMoney(owed), row.currency),
          currency: row.currency,
        });
      }
      const moved = await repo.transition(trx, row.id, ['passed', 'overdue'], {
        status: 'repaid',
        repaid_at: BigInt(now),
        repaid_amount: owed,
        updated_at: BigInt(now),
      });
      if (!moved) throw new DomainError('loanNotRepayable');
      await app.ledger.post(trx, {
        type: 'loan',
        reference: `loan:${row.id}:repay`,
        postings: [
          { account: userAccount(request.userId, BOOK, 'coin', row.currency), amount: -owed },
          { account: systemAccount(BOOK, 'loan_fund', row.currency), amount: owed },
        ],
      });
      const images = await repo.imagesOf(trx, [row.id]);
      const currency = row.currency;
      app.writer.afterCommit(trx, () => {
        void notifyBalances(app, request.userId, BOOK, [{ wallet: 'coin', currency }]);
      });
      return toRecord(
        moved,
        images.map((i) => i.kind),
      );
    },
  );
}

/** The fund's balance in a currency (real book). */
export async function fundBalance(db: Executor, currency: string): Promise<bigint> {
  return (await systemBalances(db, BOOK, 'loan_fund')).get(currency) ?? 0n;
}

export const LOAN_BOOK = BOOK;
