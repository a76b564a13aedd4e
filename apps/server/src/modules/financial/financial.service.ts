import { randomBytes } from 'node:crypto';
import {
  coverableAmount,
  dailyInterest,
  expectedProfit,
  formatMoney,
  orderSchedule,
  parseMoney,
  QUOTE_CURRENCY,
  redemption,
  wallTime,
  yearlyRate,
  zonedInstant,
  type AccountMode,
  type FinancialProductStatus,
  type FinancialTier,
  type MoneyDividend,
  type MoneyOrder,
  type MoneyOrderDetail,
  type MoneyProduct,
  type MoneyProfit,
} from '@tidemark/contract';
import type { Trx } from '../../db/database';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { systemAccount, userAccount, type Book } from '../../ledger/accounts';
import { fundOnce } from '../../ledger/funding';
import { once } from '../../ledger/idempotency';
import { systemBalances, userBalances } from '../../ledger/queries';
import { notifyBalances } from '../assets/assets.service';
import { mailAmount, sendSystemMail } from '../content/content.mail';
import * as repo from './financial.repository';
import type {
  FinancialDividendRow,
  FinancialOrderRow,
  FinancialProductRow,
} from './financial.table';

/**
 * Financial packages' rules (DESIGN.md section 3 "Financial"). Bought from the cft wallet of the
 * caller's book: the principal moves to the wallet's frozen part (cft_hold) until it returns.
 * Interest is paid from the book's yield reserve, which must cover all interest promised on open
 * orders before another order is accepted; every order keeps the terms it was bought on.
 */

const CURRENCY = QUOTE_CURRENCY;
const BOOKS = ['demo', 'real'] as const;

/** A decimal without trailing zeros, for texts: "10", "0.5". */
function plain(value: bigint): string {
  return formatMoney(value).replace(/\.?0+$/, '');
}

// --- products ------------------------------------------------------------------------------------

export function productStatus(
  row: FinancialProductRow,
  remaining: bigint,
  now: number,
): FinancialProductStatus {
  if (row.enabled !== 1n) return 'closed';
  if (row.sale_start !== null && now < Number(row.sale_start)) return 'upcoming';
  if (row.sale_end !== null && now >= Number(row.sale_end)) return 'ended';
  if (remaining < row.min_amount || remaining <= 0n) return 'soldOut';
  return 'selling';
}

/**
 * A product as listed. `headroom` (the yield reserve less the interest promised on open orders),
 * when given, caps `remaining` at the amount whose interest it can still fund: a trader is never
 * offered more than a purchase would be accepted for.
 */
export function toProduct(
  row: FinancialProductRow,
  openPrincipal: bigint,
  now: number,
  headroom?: bigint,
): MoneyProduct {
  const capacityLeft = row.capacity > openPrincipal ? row.capacity - openPrincipal : 0n;
  const coverable =
    headroom === undefined
      ? capacityLeft
      : coverableAmount(headroom, row.daily_rate, Number(row.days));
  const remaining = coverable < capacityLeft ? coverable : capacityLeft;
  return {
    id: Number(row.id),
    tier: row.tier as FinancialTier,
    name: row.name,
    days: Number(row.days),
    dailyRate: formatMoney(row.daily_rate),
    yearlyRate: formatMoney(yearlyRate(row.daily_rate)),
    minAmount: formatMoney(row.min_amount),
    maxAmount: formatMoney(row.max_amount),
    capacity: formatMoney(row.capacity),
    remaining: formatMoney(remaining),
    dividendTime: row.dividend_time,
    timeZone: row.time_zone,
    penaltyRate: formatMoney(row.penalty_rate),
    lock: row.lock === 1n,
    saleStart: row.sale_start === null ? null : Number(row.sale_start),
    saleEnd: row.sale_end === null ? null : Number(row.sale_end),
    status: productStatus(row, remaining, now),
  };
}

/** Products a trader may see (closed ones are not listed), with the capacity left in `book`. */
export async function listProducts(
  app: AppContext,
  book: Book,
  tier: FinancialTier | undefined,
): Promise<{ list: MoneyProduct[] }> {
  const [rows, open, reserve, promised] = await Promise.all([
    repo.products(app.db),
    repo.openPrincipal(app.db, book),
    reserveBalance(app.db, book),
    repo.promised(app.database, app.db, book, false),
  ]);
  const now = app.clock.now();
  const principal = new Map(open.map((o) => [String(o.product_id), o.principal]));
  return {
    list: rows
      .filter((r) => r.enabled === 1n && (tier === undefined || r.tier === tier))
      .map((r) => toProduct(r, principal.get(String(r.id)) ?? 0n, now, reserve - promised)),
  };
}

// --- orders --------------------------------------------------------------------------------------

function scheduleOf(row: FinancialOrderRow) {
  return orderSchedule(Number(row.start_time), Number(row.days), row.dividend_time, row.time_zone);
}

export function toOrder(row: FinancialOrderRow, now: number): MoneyOrder {
  const days = Number(row.days);
  const paid = Number(row.days_paid);
  const open = row.status === repo.IN_PROGRESS;
  const remainingDays = open
    ? Math.max(
        0,
        Math.ceil((Number(row.end_time) - Math.max(now, Number(row.start_time))) / 86_400_000),
      )
    : 0;
  const next = open && paid < days ? scheduleOf(row).interestRun(paid + 1) : null;
  return {
    id: Number(row.id),
    orderNo: row.order_no,
    productId: Number(row.product_id),
    amount: formatMoney(row.amount),
    dailyRate: formatMoney(row.daily_rate),
    expectedProfit: formatMoney(row.expected_profit),
    profitEarned: formatMoney(row.profit_earned),
    remainingDays,
    startTime: Number(row.start_time),
    endTime: Number(row.end_time),
    days,
    status: Number(row.status) as 0 | 1 | 2,
    returnedPrincipal: row.returned_principal === null ? null : formatMoney(row.returned_principal),
    productName: row.product_name,
    tier: row.tier as FinancialTier,
    yearlyRate: formatMoney(yearlyRate(row.daily_rate)),
    penaltyRate: formatMoney(row.penalty_rate),
    lock: row.lock === 1n,
    dividendTime: row.dividend_time,
    timeZone: row.time_zone,
    daysPaid: paid,
    nextDividendAt: next,
    principalAt: row.closed_at !== null ? Number(row.closed_at) : Number(row.principal_at),
    penalty: row.penalty === null ? null : formatMoney(row.penalty),
    closedAt: row.closed_at === null ? null : Number(row.closed_at),
    mode: row.book as AccountMode,
  };
}

function toDividend(row: FinancialDividendRow, orderNo: string): MoneyDividend {
  return {
    id: Number(row.id),
    orderId: Number(row.order_id),
    orderNo,
    day: Number(row.day),
    amount: formatMoney(row.amount),
    dueAt: Number(row.due_at),
    paidAt: Number(row.paid_at),
  };
}

export async function orderList(
  app: AppContext,
  userId: number,
  book: Book,
  q: { tab: number; page: number; pageSize: number },
) {
  const { rows, total } = await repo.orderPage(app.db, {
    userId,
    book,
    status: BigInt(q.tab),
    offset: (q.page - 1) * q.pageSize,
    limit: q.pageSize,
  });
  const now = app.clock.now();
  return { list: rows.map((r) => toOrder(r, now)), total, page: q.page, pageSize: q.pageSize };
}

async function ownOrder(app: AppContext, userId: number, orderId: number) {
  const row = await repo.order(app.database, app.db, orderId);
  // Another user's order is "not found", never shown.
  if (!row || Number(row.user_id) !== userId) throw new DomainError('notFound');
  return row;
}

export async function detail(
  app: AppContext,
  userId: number,
  orderId: number,
): Promise<MoneyOrderDetail> {
  const row = await ownOrder(app, userId, orderId);
  const dividends = await repo.dividendsOf(app.db, row.id);
  const quote =
    row.status === repo.IN_PROGRESS && row.lock !== 1n
      ? redemption(row.amount, row.penalty_rate)
      : null;
  return {
    ...toOrder(row, app.clock.now()),
    dividends: dividends.map((d) => toDividend(d, row.order_no)),
    redeemPenalty: quote ? formatMoney(quote.penalty) : null,
    redeemPrincipal: quote ? formatMoney(quote.principal) : null,
  };
}

export async function dividends(
  app: AppContext,
  userId: number,
  book: Book,
  q: { orderId?: number | undefined; page: number; pageSize: number },
) {
  if (q.orderId !== undefined) await ownOrder(app, userId, q.orderId);
  const { rows, total } = await repo.dividendPage(app.db, {
    userId,
    book,
    orderId: q.orderId,
    offset: (q.page - 1) * q.pageSize,
    limit: q.pageSize,
  });
  return {
    list: rows.map((r) => toDividend(r, r.order_no)),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Local midnight of today in `zone`. */
function startOfDay(now: number, zone: string): number {
  const w = wallTime(now, zone);
  return zonedInstant(zone, w, 0, 0);
}

export async function profit(
  app: AppContext,
  userId: number,
  book: Book,
  timeZone: string | undefined,
): Promise<MoneyProfit> {
  const since = startOfDay(app.clock.now(), timeZone ?? 'UTC');
  const p = await repo.profit(app.db, userId, book, since);
  return {
    totalInvested: formatMoney(p.invested),
    totalProfit: formatMoney(p.total),
    todayProfit: formatMoney(p.today),
  };
}

// --- buying --------------------------------------------------------------------------------------

/** The terms the trader confirmed, as far as the client said (each one optional). */
export interface ShownTerms {
  dailyRate?: string | undefined;
  days?: number | undefined;
  penaltyRate?: string | undefined;
  lock?: boolean | undefined;
}

export interface BuyInput extends ShownTerms {
  userId: number;
  book: Book;
  productId: number;
  amount: string;
  idempotencyKey: string | undefined;
  call: string;
}

/** A term the trader confirmed that is no longer the package's: the order is not placed. */
export function checkShownTerms(shown: ShownTerms, product: FinancialProductRow): void {
  const rateDiffers = (text: string | undefined, current: bigint) =>
    text !== undefined && parseMoney(text) !== current;
  if (
    rateDiffers(shown.dailyRate, product.daily_rate) ||
    rateDiffers(shown.penaltyRate, product.penalty_rate) ||
    (shown.days !== undefined && BigInt(shown.days) !== product.days) ||
    (shown.lock !== undefined && shown.lock !== (product.lock === 1n))
  )
    throw new DomainError('financialTermsChanged');
}

/** An instant as the error texts give it, the same in every language: "2026-12-10 08:00 UTC". */
function utcText(at: number): string {
  return `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

async function reserveBalance(db: Parameters<typeof systemBalances>[0], book: Book) {
  return (await systemBalances(db, book, 'yield_reserve')).get(CURRENCY) ?? 0n;
}

function orderNumber(now: number): string {
  const w = wallTime(now, 'UTC');
  const date = `${w.year}${String(w.month).padStart(2, '0')}${String(w.day).padStart(2, '0')}`;
  return `FP${date}${randomBytes(5).toString('hex').toUpperCase()}`;
}

export async function buy(app: AppContext, input: BuyInput): Promise<MoneyOrder> {
  const { userId, book } = input;
  const amount = parseMoney(input.amount);
  const now = app.clock.now();
  return once(
    app.writer,
    {
      userId,
      call: input.call,
      key: input.idempotencyKey,
      input: {
        productId: input.productId,
        amount: input.amount,
        book,
        dailyRate: input.dailyRate,
        days: input.days,
        penaltyRate: input.penaltyRate,
        lock: input.lock,
      },
      now,
    },
    async (trx) => {
      const product = await repo.product(trx, input.productId);
      if (!product || product.enabled !== 1n) throw new DomainError('financialProductUnavailable');
      checkShownTerms(input, product);
      if (product.sale_start !== null && now < Number(product.sale_start))
        throw new DomainError('financialNotStarted', {
          start: utcText(Number(product.sale_start)),
        });
      if (product.sale_end !== null && now >= Number(product.sale_end))
        throw new DomainError('miningEnded');
      if (amount < product.min_amount || amount > product.max_amount)
        throw new DomainError('financialAmountRange', {
          min: plain(product.min_amount),
          max: plain(product.max_amount),
        });
      // One purchase of a book at a time from here: the book's promised row is locked.
      const promised = await repo.promised(app.database, trx, book, true);
      const open = (await repo.openPrincipal(trx, book)).find((o) => o.product_id === product.id);
      const capacityLeft = product.capacity - (open?.principal ?? 0n);
      const days = Number(product.days);
      const profit = expectedProfit(amount, product.daily_rate, days);
      const headroom = (await reserveBalance(trx, book)) - promised;
      const coverable = coverableAmount(headroom, product.daily_rate, days);
      const remaining = [capacityLeft, coverable].reduce((a, b) => (a < b ? a : b));
      if (amount > capacityLeft || profit > headroom)
        throw new DomainError('financialSoldOut', {
          remaining: plain(remaining > 0n ? remaining : 0n),
        });

      const balance = BigInt(
        (await userBalances(trx, userId, book)).find(
          (r) => r.wallet === 'cft' && r.currency === CURRENCY,
        )?.balance ?? 0n,
      );
      if (balance < 0n) throw new DomainError('negativeBalance');
      if (balance < amount) throw new DomainError('insufficientBalance');

      const schedule = orderSchedule(now, days, product.dividend_time, product.time_zone);
      const row = await repo.insertOrder(trx, {
        order_no: orderNumber(now),
        user_id: BigInt(userId),
        book,
        product_id: product.id,
        product_name: product.name,
        tier: product.tier,
        amount,
        daily_rate: product.daily_rate,
        days: product.days,
        penalty_rate: product.penalty_rate,
        lock: product.lock,
        dividend_time: product.dividend_time,
        time_zone: product.time_zone,
        daily_interest: dailyInterest(amount, product.daily_rate),
        expected_profit: profit,
        profit_earned: 0n,
        days_paid: 0n,
        status: repo.IN_PROGRESS,
        start_time: BigInt(now),
        end_time: BigInt(schedule.endTime),
        principal_at: BigInt(schedule.principalRun),
        next_due_at: BigInt(schedule.interestRun(1)),
        returned_principal: null,
        penalty: null,
        closed_at: null,
        created_at: BigInt(now),
        updated_at: BigInt(now),
      });
      await app.ledger.post(trx, {
        type: 'financial',
        reference: `financial:${row.id}:buy`,
        postings: [
          { account: userAccount(userId, book, 'cft', CURRENCY), amount: -amount },
          { account: userAccount(userId, book, 'cft_hold', CURRENCY), amount },
        ],
      });
      await repo.addPromised(trx, book, profit);
      app.writer.afterCommit(trx, () => notify(app, userId, book));
      return toOrder(row, now);
    },
  );
}

// --- redeeming -----------------------------------------------------------------------------------

export async function redeem(
  app: AppContext,
  userId: number,
  orderId: number,
  idempotencyKey: string | undefined,
  call: string,
): Promise<MoneyOrder> {
  const now = app.clock.now();
  const first = await ownOrder(app, userId, orderId);
  const book = first.book as Book;
  return once(
    app.writer,
    { userId, call, key: idempotencyKey, input: { orderId }, now },
    async (trx) => {
      // Days whose run has come are paid first, as the job would have: a redemption between a
      // run and the job's pass takes nothing the trader was owed. (Locks as in buying.)
      await payDue(app, trx, first.id, now);
      await repo.promised(app.database, trx, book, true);
      const row = (await repo.order(app.database, trx, orderId, true))!;
      if (row.status !== repo.IN_PROGRESS) throw new DomainError('financialNotRedeemable');
      if (row.lock === 1n) throw new DomainError('financialLocked');
      const { penalty, principal } = redemption(row.amount, row.penalty_rate);
      const moved = await repo.updateOrder(
        trx,
        row.id,
        { status: repo.IN_PROGRESS, daysPaid: row.days_paid },
        {
          status: repo.REDEEMED,
          returned_principal: principal,
          penalty,
          next_due_at: null,
          closed_at: BigInt(now),
          updated_at: BigInt(now),
        },
      );
      if (!moved) throw new DomainError('financialNotRedeemable');
      const postings = [
        { account: userAccount(userId, book, 'cft_hold', CURRENCY), amount: -row.amount },
        { account: userAccount(userId, book, 'cft', CURRENCY), amount: principal },
      ];
      // The penalty goes to the yield reserve, which funds later interest.
      if (penalty > 0n)
        postings.push({ account: systemAccount(book, 'yield_reserve', CURRENCY), amount: penalty });
      await app.ledger.post(trx, {
        type: 'financial',
        reference: `financial:${row.id}:redeem`,
        postings,
      });
      // Interest not yet paid is no longer promised.
      await repo.addPromised(trx, book, -(row.expected_profit - row.profit_earned));
      app.writer.afterCommit(trx, () => notify(app, userId, book));
      return toOrder(moved, now);
    },
  );
}

// --- paying (the job calls this) -----------------------------------------------------------------

export interface Paid {
  days: number;
  matured: boolean;
}

/**
 * Pays what has come due on one order up to `now`: each unpaid day whose run has passed, one
 * ledger transaction and one dividend row each (unique per order and day), then the principal at
 * its run once every day is paid. A day is paid once: the order's days_paid guards the update
 * and the dividend row's uniqueness backs it up. After downtime the first pass pays every missed
 * day, each once.
 */
export async function payDue(
  app: AppContext,
  trx: Trx,
  orderId: bigint,
  now: number,
): Promise<Paid> {
  const seen = await repo.order(app.database, trx, orderId);
  if (!seen || seen.status !== repo.IN_PROGRESS) return { days: 0, matured: false };
  const book = seen.book as Book;
  await repo.promised(app.database, trx, book, true);
  let row = (await repo.order(app.database, trx, orderId, true))!;
  if (row.status !== repo.IN_PROGRESS) return { days: 0, matured: false };
  const schedule = scheduleOf(row);
  const userId = Number(row.user_id);
  const days = Number(row.days);
  let paid = 0;
  let promisedDelta = 0n;
  while (Number(row.days_paid) < days) {
    const day = Number(row.days_paid) + 1;
    const dueAt = schedule.interestRun(day);
    if (dueAt > now) break;
    const amount = row.daily_interest;
    const posted = await app.ledger.post(trx, {
      type: 'financial',
      reference: `financial:${row.id}:day:${day}`,
      idempotencyKey: `financial:${row.id}:day:${day}`,
      postings: [
        { account: systemAccount(book, 'yield_reserve', CURRENCY), amount: -amount },
        { account: userAccount(userId, book, 'cft', CURRENCY), amount },
      ],
    });
    const nextDue = day < days ? schedule.interestRun(day + 1) : schedule.principalRun;
    const moved = await repo.updateOrder(
      trx,
      row.id,
      { status: repo.IN_PROGRESS, daysPaid: row.days_paid },
      {
        days_paid: BigInt(day),
        profit_earned: row.profit_earned + amount,
        next_due_at: BigInt(nextDue),
        updated_at: BigInt(now),
      },
    );
    if (!moved) throw new Error(`financial order ${row.id}: day ${day} raced`);
    await repo.insertDividend(trx, {
      order_id: row.id,
      user_id: row.user_id,
      book,
      day: BigInt(day),
      amount,
      due_at: BigInt(dueAt),
      paid_at: BigInt(now),
      transaction_id: BigInt(posted.transactionId),
    });
    promisedDelta -= amount;
    paid += 1;
    row = moved;
  }
  let matured = false;
  if (Number(row.days_paid) === days && schedule.principalRun <= now) {
    const moved = await repo.updateOrder(
      trx,
      row.id,
      { status: repo.IN_PROGRESS, daysPaid: row.days_paid },
      {
        status: repo.COMPLETED,
        returned_principal: row.amount,
        next_due_at: null,
        closed_at: BigInt(now),
        updated_at: BigInt(now),
      },
    );
    if (moved) {
      await app.ledger.post(trx, {
        type: 'financial',
        reference: `financial:${row.id}:principal`,
        postings: [
          { account: userAccount(userId, book, 'cft_hold', CURRENCY), amount: -row.amount },
          { account: userAccount(userId, book, 'cft', CURRENCY), amount: row.amount },
        ],
      });
      matured = true;
      // The trader's site mail, in their language, commits with the principal's return.
      await sendSystemMail(app, trx, userId, 'financialMatured', {
        product: row.product_name,
        amount: mailAmount(row.amount),
        interest: mailAmount(moved.profit_earned),
        currency: CURRENCY,
      });
    }
  }
  // Rounding: the promised total is days x daily_interest, exactly what the days pay.
  if (promisedDelta !== 0n) await repo.addPromised(trx, book, promisedDelta);
  if (paid > 0 || matured) app.writer.afterCommit(trx, () => notify(app, userId, book));
  return { days: paid, matured };
}

function notify(app: AppContext, userId: number, book: Book): void {
  void notifyBalances(app, userId, book, [{ wallet: 'cft', currency: CURRENCY }]).catch(
    (error: unknown) => app.log.warn({ err: error }, 'financial balance event failed'),
  );
}

// --- first start ---------------------------------------------------------------------------------

/**
 * Seeded packages, one per tier, with modest rates the seeded reserve funds many times over:
 * beginner 7 days at 0.02 % a day, advanced 30 days at 0.03 %, premium 90 days at 0.04 %.
 */
const SEED_PRODUCTS = [
  {
    tier: 'beginner',
    name: 'USDT Starter 7D',
    days: 7,
    dailyRate: '0.0002',
    min: '10',
    max: '5000',
    capacity: '1000000',
    penalty: '0.005',
  },
  {
    tier: 'advanced',
    name: 'USDT Growth 30D',
    days: 30,
    dailyRate: '0.0003',
    min: '100',
    max: '50000',
    capacity: '5000000',
    penalty: '0.01',
  },
  {
    tier: 'premium',
    name: 'USDT Premium 90D',
    days: 90,
    dailyRate: '0.0004',
    min: '1000',
    max: '200000',
    capacity: '10000000',
    penalty: '0.02',
  },
] as const;
export const SEED_DIVIDEND_TIME = '00:00';
export const SEED_TIME_ZONE = 'UTC';

/**
 * The seeded packages (when there are none), each book's promised row, and each book's yield
 * reserve funded from its treasury once, through the ledger. Idempotent.
 */
export async function seedFinancial(app: AppContext): Promise<void> {
  const now = BigInt(app.clock.now());
  await app.writer.run(async (trx) => {
    for (const book of BOOKS) {
      await trx
        .insertInto('financial_reserve')
        .values({ book, promised: 0n })
        .onConflict((oc) => oc.column('book').doNothing())
        .execute();
    }
    if ((await repo.products(trx)).length > 0) return;
    for (const p of SEED_PRODUCTS) {
      await repo.insertProduct(trx, {
        tier: p.tier,
        name: p.name,
        days: BigInt(p.days),
        daily_rate: parseMoney(p.dailyRate),
        min_amount: parseMoney(p.min),
        max_amount: parseMoney(p.max),
        capacity: parseMoney(p.capacity),
        dividend_time: SEED_DIVIDEND_TIME,
        time_zone: SEED_TIME_ZONE,
        penalty_rate: parseMoney(p.penalty),
        lock: 0n,
        sale_start: null,
        sale_end: null,
        enabled: 1n,
        created_at: now,
        updated_at: now,
      });
    }
  });
  for (const book of BOOKS) {
    await fundOnce(app, {
      book,
      wallet: 'yield_reserve',
      currency: CURRENCY,
      amount: parseMoney(app.config.financial.reserveFunding[book]),
      key: `yield-reserve-initial:${book}`,
      reference: `yield-reserve:${book}:initial`,
    });
  }
}
