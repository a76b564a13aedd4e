import { randomBytes } from 'node:crypto';
import {
  formatMoney,
  GENESIS_HASH,
  ORDER_TAB,
  parseMoney,
  QUOTE_CURRENCY,
  type AccountMode,
  type OptionDirection,
  type OptionEvent,
  type OptionKind,
  type OptionOrder,
  type OptionOutcome,
  type OptionPeriod,
  type OptionStatus,
  type OptionTerms,
  type OptionTick,
  type SettlementRecord,
} from '@tidemark/contract';
import type { Trx } from '../../db/database';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { systemAccount, userAccount, type Book } from '../../ledger/accounts';
import { fundOnce } from '../../ledger/funding';
import { once } from '../../ledger/idempotency';
import { ledgerSql, type LedgerSql } from '../../ledger/ledger.sql';
import { systemBalances, userBalances } from '../../ledger/queries';
import { sourcesOfJson, type Tick, type TickSourcePrice } from '../../market/tick-log';
import { userChannel } from '../../realtime/hub';
import { notifyBalances } from '../assets/assets.service';
import { verifiedPrimaryCountry } from '../kyc/kyc.service';
import { openMarketOrEarlier, suspended } from '../market/market.open';
import { NO_SOURCES, sourcesOfTick, type SourcesBySeq } from '../market/tick-sources';
import {
  poolCovers,
  pseudonym,
  sealRecord,
  settle,
  settlementTick,
  tickOf,
  worstPayout,
  type RecordBody,
} from './options.engine';
import { mayCount, recordTradingResult, type TradingResult } from '../team/team.service';
import { blindWatch } from './options.blind';
import * as repo from './options.repository';
import type { OptionOrderRow, OptionPeriodRow, OptionRecordRow } from './options.table';

/**
 * Option delivery's rules (DESIGN.md section 3). Orders use the contract wallet of the caller's
 * book; the options pool is the counterparty and never takes a bet it could not pay; every result
 * comes from logged ticks and the terms stored on the order, and is appended to the public chain.
 */

const CURRENCY = QUOTE_CURRENCY;

/** EU/EEA, the UK, Australia, Israel, Canada, the US: where retail binaries are banned or unregistered. */
const DEFAULT_RESTRICTED_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'IS',
  'LI',
  'NO',
  'GB',
  'AU',
  'IL',
  'CA',
  'US',
];
export const RESTRICTED_KEY = 'optionsRestrictedCountries';

/** Default terms of the seeded periods, by length. */
const SEED_TERMS: Record<number, { returnRate: string; lossRate: string }> = {
  60: { returnRate: '0.80', lossRate: '1' },
  120: { returnRate: '0.85', lossRate: '1' },
  300: { returnRate: '0.90', lossRate: '1' },
};
const SEED_MIN = '10';
const SEED_MAX = '10000';

/** A decimal without trailing zeros, for texts: "10", "0.5". */
export function plain(value: bigint): string {
  return formatMoney(value).replace(/\.?0+$/, '');
}

// --- reading -------------------------------------------------------------------------------------

function toPeriod(row: OptionPeriodRow): OptionPeriod {
  return {
    id: Number(row.id),
    seconds: Number(row.seconds),
    returnRate: formatMoney(row.return_rate),
    lossRate: formatMoney(row.loss_rate),
    minAmount: formatMoney(row.min_amount),
    maxAmount: formatMoney(row.max_amount),
  };
}

const tickFrom = (
  price: bigint | null,
  time: bigint | null,
  seq: bigint | null,
  sources: SourcesBySeq,
) =>
  price === null || time === null || seq === null
    ? null
    : tickOf({ price, time: Number(time), seq: Number(seq), sources: sources.get(Number(seq)) });

export function toOrder(
  row: OptionOrderRow,
  recordHash: string | null = null,
  sources: SourcesBySeq = NO_SOURCES,
): OptionOrder {
  const strike = tickFrom(row.strike_price, row.strike_time, row.strike_seq, sources);
  const settled = tickFrom(row.settle_price, row.settle_tick_time, row.settle_seq, sources);
  const payout = row.payout === null ? null : BigInt(row.payout);
  return {
    id: Number(row.id),
    symbol: row.symbol,
    direction: row.direction as OptionDirection,
    amount: formatMoney(row.stake),
    periodSeconds: Number(row.period_seconds),
    returnRate: formatMoney(row.return_rate),
    lossRate: formatMoney(row.loss_rate),
    strikePrice: strike?.price ?? null,
    openTime: Number(row.open_time),
    settleTime: Number(row.settle_time),
    status: row.status as OptionStatus,
    kind: row.kind as OptionKind,
    startTime: row.kind === 'period' ? Number(row.open_time) : null,
    mode: row.book as AccountMode,
    strike,
    settle: settled,
    settlePrice: settled?.price ?? null,
    payout: payout === null ? null : formatMoney(payout),
    profit: payout === null ? null : formatMoney(payout - BigInt(row.stake)),
    outcome: (row.outcome as OptionOutcome | null) ?? null,
    recordSeq: row.record_seq === null ? null : Number(row.record_seq),
    recordHash,
    createdAt: Number(row.created_at),
  };
}

/** The strike and settlement ticks' sources of orders (live ticks only), from the tick log. */
function tickSources(app: AppContext, rows: readonly OptionOrderRow[]): Promise<SourcesBySeq> {
  return repo.sourcesBySeq(
    app.db,
    rows.flatMap((r) =>
      [r.strike_seq, r.settle_seq].flatMap((seq) => (seq === null ? [] : [Number(seq)])),
    ),
  );
}

async function withHashes(app: AppContext, rows: OptionOrderRow[]): Promise<OptionOrder[]> {
  const seqs = rows.flatMap((r) => (r.record_seq === null ? [] : [r.record_seq]));
  const hashes = new Map<string, string>();
  const [found, sources] = await Promise.all([
    seqs.length
      ? app.db
          .selectFrom('option_records')
          .select(['seq', 'hash'])
          .where('seq', 'in', seqs)
          .execute()
      : Promise.resolve([]),
    tickSources(app, rows),
  ]);
  for (const f of found) hashes.set(String(f.seq), f.hash);
  return rows.map((r) =>
    toOrder(r, r.record_seq === null ? null : (hashes.get(String(r.record_seq)) ?? null), sources),
  );
}

/** Enabled periods of an open symbol, for orders placed now. */
export async function productPeriods(
  app: AppContext,
  symbol: string,
): Promise<{ list: OptionPeriod[] }> {
  const product = await openProduct(app, symbol);
  if (!product) return { list: [] };
  const rows = await repo.periods(app.db, symbol);
  return { list: rows.filter((r) => r.enabled === 1n).map(toPeriod) };
}

async function openProduct(app: AppContext, symbol: string) {
  const market = app.market.product(symbol);
  if (!market?.tradingOpen || !market.options) return undefined;
  const row = await repo.product(app.db, symbol);
  return row?.enabled === 1n ? row : undefined;
}

export async function restrictedCountries(app: AppContext): Promise<string[]> {
  const row = await app.db
    .selectFrom('app_config')
    .select('value')
    .where('key', '=', RESTRICTED_KEY)
    .executeTakeFirst();
  return parseCountries(row?.value ?? DEFAULT_RESTRICTED_COUNTRIES.join(','));
}

export function parseCountries(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter((c) => /^[A-Z]{2}$/.test(c)),
    ),
  ].sort();
}

export async function terms(app: AppContext): Promise<OptionTerms> {
  const [restricted, products] = await Promise.all([
    restrictedCountries(app),
    repo.products(app.db),
  ]);
  return {
    restrictedCountries: restricted,
    realNeedsPrimary: true,
    settleToleranceMs: app.config.options.settleToleranceMs,
    products: products.map((p) => ({
      symbol: p.symbol,
      enabled: p.enabled === 1n && Boolean(app.market.product(p.symbol)?.tradingOpen),
    })),
  };
}

export async function orderList(
  app: AppContext,
  userId: number,
  book: Book,
  kind: OptionKind | undefined,
  query: { tab: number; symbol?: string | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await repo.orderPage(app.db, {
    userId,
    book,
    kind,
    statuses: query.tab === ORDER_TAB.current ? repo.OPEN_STATUSES : repo.CLOSED_STATUSES,
    symbol: query.symbol,
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { list: await withHashes(app, rows), total, page: query.page, pageSize: query.pageSize };
}

/** Open orders: running ones of both kinds (`kind` undefined), or a kind's scheduled and running. */
export async function openList(
  app: AppContext,
  userId: number,
  book: Book,
  kind: OptionKind | undefined,
  symbol: string | undefined,
): Promise<{ list: OptionOrder[] }> {
  const rows = await repo.openOrders(app.db, userId, book, kind, symbol);
  const list = kind === undefined ? rows.filter((r) => r.status === 'running') : rows;
  if (kind === 'period')
    list.sort((a, b) => Number(a.status === 'running') - Number(b.status === 'running'));
  const sources = await tickSources(app, list);
  return { list: list.map((r) => toOrder(r, null, sources)) };
}

/** One of the caller's own orders (another user's id is "not found", never shown). */
export async function result(
  app: AppContext,
  userId: number,
  orderId: number,
): Promise<OptionOrder> {
  const row = await repo.order(app.database, app.db, orderId);
  if (!row || Number(row.user_id) !== userId) throw new DomainError('notFound');
  const [order] = await withHashes(app, [row]);
  return order!;
}

// --- placing -----------------------------------------------------------------------------------------

export interface PlaceInput {
  userId: number;
  book: Book;
  kind: OptionKind;
  symbol: string;
  direction: OptionDirection;
  amount: string;
  periodId: number;
  /** The rates the trader confirmed, when the client says (the order is taken only under them). */
  returnRate?: string | undefined;
  lossRate?: string | undefined;
  idempotencyKey: string | undefined;
  /** The call's path: one Idempotency-Key may be reused across calls. */
  call: string;
}

/** A rate the trader confirmed that is no longer the period's: the order is not placed. */
function checkShownTerms(input: PlaceInput, period: OptionPeriodRow): void {
  const differs = (shown: string | undefined, current: bigint) =>
    shown !== undefined && parseMoney(shown) !== current;
  if (differs(input.returnRate, period.return_rate) || differs(input.lossRate, period.loss_rate))
    throw new DomainError('optionTermsChanged');
}

/** Real-book options need primary verification from a country where they are offered. */
async function checkJurisdiction(app: AppContext, userId: number, book: Book): Promise<void> {
  if (book !== 'real') return;
  const country = await verifiedPrimaryCountry(app, userId);
  if (country === null) throw new DomainError('optionPrimaryRequired');
  const code = country.toUpperCase();
  // The code, not a name: each language names the country itself (localiseParams).
  if ((await restrictedCountries(app)).includes(code)) {
    throw new DomainError('optionRestricted', { country: code });
  }
}

function checkBounds(stake: bigint, period: OptionPeriodRow): void {
  if (stake <= 0n || stake < period.min_amount || stake > period.max_amount) {
    throw new DomainError('optionAmountRange', {
      min: plain(period.min_amount),
      max: plain(period.max_amount),
    });
  }
}

/** The contract wallet's USDT: negative needs a top-up first; less than the stake is refused. */
async function checkWallet(app: AppContext, trx: Trx, userId: number, book: Book, stake: bigint) {
  const rows = await userBalances(trx, userId, book);
  const balance = BigInt(
    rows.find((r) => r.wallet === 'contract' && r.currency === CURRENCY)?.balance ?? 0n,
  );
  if (balance < 0n) throw new DomainError('negativeBalance');
  if (balance < stake) throw new DomainError('insufficientBalance');
}

/** Refuses an order the pool could not pay in the worst case, with every open order's. */
async function checkCover(app: AppContext, trx: Trx, book: Book, stake: bigint, worstCase: bigint) {
  const openWorstCase = await repo.exposure(app.database, trx, book, true);
  const poolBalance = (await systemBalances(trx, book, 'options_pool')).get(CURRENCY) ?? 0n;
  if (!poolCovers({ poolBalance, openWorstCase, stake, worstCase }))
    throw new DomainError('optionPoolCover');
}

const stakePostings = (userId: number, book: Book, amount: bigint) => [
  { account: userAccount(userId, book, 'contract', CURRENCY), amount: -amount },
  { account: systemAccount(book, 'options_pool', CURRENCY), amount },
];

export async function place(app: AppContext, input: PlaceInput): Promise<OptionOrder> {
  const { userId, book, symbol } = input;
  const stake = parseMoney(input.amount);
  if (!(await openProduct(app, symbol))) throw new DomainError('currencyNotOpen');
  const keyed = {
    userId,
    call: input.call,
    key: input.idempotencyKey,
    input: {
      symbol,
      direction: input.direction,
      amount: input.amount,
      periodId: input.periodId,
      returnRate: input.returnRate,
      lossRate: input.lossRate,
      book,
    },
  };
  // A blind market takes no new orders: its next price is unknown (issue 17).
  const earlier = await openMarketOrEarlier<OptionOrder>(app, symbol, keyed);
  if (earlier) return earlier;
  const period = await repo.period(app.db, input.periodId);
  if (!period || period.symbol !== symbol || period.enabled !== 1n)
    throw new DomainError('optionPeriodUnavailable');
  checkShownTerms(input, period);
  checkBounds(stake, period);
  await checkJurisdiction(app, userId, book);

  const ms = Number(period.seconds) * 1000;
  let strike: Tick | undefined;
  if (input.kind === 'instant') {
    strike = app.market.lastTick(symbol);
    if (!strike) throw new DomainError('currencyNotOpen');
    // The strike tick is in the log before the order that names it; one the log lost is no strike.
    if (!(await app.market.tickDurable(strike.seq))) throw new DomainError('currencyNotOpen');
  }
  const now = app.clock.now();
  const openTime = input.kind === 'instant' ? now : Math.floor(now / ms) * ms + ms;
  const worstCase = worstPayout(stake, period.return_rate);

  return once(app.writer, { ...keyed, now }, async (trx) => {
    await checkWallet(app, trx, userId, book, stake);
    await checkCover(app, trx, book, stake, worstCase);
    const postings = stakePostings(userId, book, stake);
    const row = await repo.insertOrder(trx, {
      user_id: BigInt(userId),
      book,
      kind: input.kind,
      symbol,
      direction: input.direction,
      stake,
      period_id: period.id,
      period_seconds: period.seconds,
      return_rate: period.return_rate,
      loss_rate: period.loss_rate,
      status: input.kind === 'instant' ? 'running' : 'scheduled',
      open_time: BigInt(openTime),
      settle_time: BigInt(openTime + ms),
      strike_price: strike ? strike.price : null,
      strike_time: strike ? BigInt(strike.time) : null,
      strike_seq: strike ? BigInt(strike.seq) : null,
      created_at: BigInt(now),
      updated_at: BigInt(now),
    });
    await app.ledger.post(trx, { type: 'option', reference: `option:${row.id}`, postings });
    await repo.addExposure(trx, book, worstCase);
    const order = toOrder(row, null, strike ? sourcesOfTick(strike) : NO_SOURCES);
    app.writer.afterCommit(trx, () => publish(app, userId, 'option.placed', order));
    return order;
  });
}

/** Before its start only: the stake comes back in full. */
export async function cancel(
  app: AppContext,
  userId: number,
  orderId: number,
  idempotencyKey: string | undefined,
  call: string,
): Promise<OptionOrder> {
  const now = app.clock.now();
  return once(
    app.writer,
    { userId, call, key: idempotencyKey, input: { orderId }, now },
    async (trx) => {
      const seen = await repo.order(app.database, trx, orderId);
      if (!seen || Number(seen.user_id) !== userId) throw new DomainError('notFound');
      const book = seen.book as Book;
      // Lock order as everywhere: the book's exposure first, then the order.
      await repo.exposure(app.database, trx, book, true);
      const row = (await repo.order(app.database, trx, orderId, true))!;
      refuseUnlessWaiting(row, now);
      const moved = await repo.transition(trx, row.id, 'scheduled', {
        status: 'cancelled',
        updated_at: BigInt(now),
      });
      if (!moved) throw new DomainError('optionOrderStarted');
      // Its stake comes back, all of it (option_orders shows a cancelled order's stake as payout).
      const cancelled = { ...moved, payout: row.stake };
      await app.ledger.post(trx, {
        type: 'option',
        reference: `option:${row.id}:cancel`,
        postings: [
          { account: systemAccount(book, 'options_pool', CURRENCY), amount: -row.stake },
          { account: userAccount(userId, book, 'contract', CURRENCY), amount: row.stake },
        ],
      });
      await repo.addExposure(trx, book, -worstPayout(row.stake, row.return_rate));
      const order = toOrder(cancelled);
      app.writer.afterCommit(trx, () => publish(app, userId, 'option.settled', order));
      return order;
    },
  );
}

/**
 * Only an order waiting for its period to start may be cancelled or topped up; the refusal says
 * why this one may not: cancelled already, an instant order (it starts at once), or started.
 */
function refuseUnlessWaiting(row: OptionOrderRow, now: number): void {
  if (row.status === 'scheduled' && Number(row.open_time) > now) return;
  if (row.status === 'cancelled') throw new DomainError('optionOrderCancelled');
  if (row.kind === 'instant') throw new DomainError('optionOrderInstant');
  throw new DomainError('optionOrderStarted');
}

/** insertOrderMoney: before its start only, within the period's max, covered by the pool. */
export async function topUp(
  app: AppContext,
  userId: number,
  input: { orderId: number; amount: string },
  idempotencyKey: string | undefined,
  call: string,
): Promise<OptionOrder> {
  const extra = parseMoney(input.amount);
  const now = app.clock.now();
  const first = await repo.order(app.database, app.db, input.orderId);
  if (!first || Number(first.user_id) !== userId) throw new DomainError('notFound');
  const keyed = { userId, call, key: idempotencyKey, input };
  const earlier = await openMarketOrEarlier<OptionOrder>(app, first.symbol, keyed);
  if (earlier) return earlier;
  if (first.book === 'real') await checkJurisdiction(app, userId, 'real');
  return once(app.writer, { ...keyed, now }, async (trx) => {
    // Lock order as everywhere: the book's exposure first, then the order.
    await repo.exposure(app.database, trx, first.book as Book, true);
    const row = await repo.order(app.database, trx, input.orderId, true);
    if (!row || Number(row.user_id) !== userId) throw new DomainError('notFound');
    refuseUnlessWaiting(row, now);
    const book = row.book as Book;
    const period = await repo.period(trx, Number(row.period_id));
    const stake = row.stake + extra;
    // The new stake keeps within the period's maximum: the refusal says how much still fits.
    if (period && stake > period.max_amount)
      throw new DomainError('optionTopUpMax', {
        max: plain(period.max_amount),
        room: plain(period.max_amount > row.stake ? period.max_amount - row.stake : 0n),
      });
    const delta = worstPayout(stake, row.return_rate) - worstPayout(row.stake, row.return_rate);
    await checkWallet(app, trx, userId, book, extra);
    await checkCover(app, trx, book, extra, delta);
    const postings = stakePostings(userId, book, extra);
    const moved = await repo.transition(trx, row.id, 'scheduled', {
      stake,
      updated_at: BigInt(now),
    });
    if (!moved) throw new DomainError('optionOrderStarted');
    await app.ledger.post(trx, {
      type: 'option',
      reference: `option:${row.id}:topup:${now}`,
      postings,
    });
    await repo.addExposure(trx, book, delta);
    const order = toOrder(moved);
    app.writer.afterCommit(trx, () => publish(app, userId, 'option.placed', order));
    return order;
  });
}

// --- starting and settling (the jobs call these) ---------------------------------------------------

/**
 * Starts a scheduled order at its boundary with the last tick at or before it (within the
 * tolerance), or fails it with a full refund. One unit of work; a second call does nothing.
 * Answers whether the order moved on.
 */
export async function start(
  app: AppContext,
  trx: Trx,
  row: OptionOrderRow,
  tick: Tick | null,
): Promise<boolean> {
  if (!tick) return (await settleOrders(app, trx, 'scheduled', [{ row, tick: null }])) > 0;
  const moved = await repo.transition(trx, row.id, 'scheduled', {
    status: 'running',
    strike_price: tick.price,
    strike_time: BigInt(tick.time),
    strike_seq: BigInt(tick.seq),
    updated_at: BigInt(app.clock.now()),
  });
  if (!moved) return false;
  await repo.queueToSettle(trx, moved);
  const order = toOrder(moved);
  app.writer.afterCommit(trx, () => publish(app, Number(row.user_id), 'option.started', order));
  return true;
}

/** Traders' pseudonyms never change: each is computed once, and kept once committed. */
const pseudonyms = new WeakMap<AppContext, Map<bigint, string>>();

/**
 * The pseudonyms of the given traders (each once), into `names` by user id: those not known yet
 * are read in one statement per chunk, and traders without a salt get theirs in one more, on
 * settling's statement path (none of them flushes the ledger's held rows, unlike a query per
 * trader).
 */
async function tradersOf(
  app: AppContext,
  statements: LedgerSql,
  trx: Trx,
  userIds: Iterable<bigint>,
  names: Map<bigint, string>,
): Promise<void> {
  let cache = pseudonyms.get(app);
  if (!cache) pseudonyms.set(app, (cache = new Map()));
  const unknown = new Set<bigint>();
  for (const userId of userIds) {
    const known = cache.get(userId);
    if (known !== undefined) names.set(userId, known);
    else unknown.add(userId);
  }
  if (unknown.size === 0) return;
  const salts = await saltsOf(statements, trx, [...unknown]);
  const missing = [...unknown].filter((userId) => !salts.has(userId));
  if (missing.length > 0) {
    for (let i = 0; i < missing.length; i += CLAIM_ROWS) {
      const chunk = missing.slice(i, i + CLAIM_ROWS);
      const values: unknown[] = [];
      for (const userId of chunk) values.push(userId, randomBytes(16).toString('hex'));
      await statements.all(trx, insertSaltsSql(chunk.length), values);
    }
    // Another process may have given a user a salt meanwhile: the stored one counts.
    for (const [userId, salt] of await saltsOf(statements, trx, missing)) salts.set(userId, salt);
  }
  const opened = new Map<bigint, string>();
  for (const userId of unknown) {
    const name = pseudonym(salts.get(userId)!, Number(userId));
    names.set(userId, name);
    opened.set(userId, name);
  }
  // Kept only once committed: a rolled-back salt must not name the user.
  app.writer.afterCommit(trx, () => {
    for (const [userId, name] of opened) cache.set(userId, name);
  });
}

/** The stored salts of the given traders, by user id. */
async function saltsOf(
  statements: LedgerSql,
  trx: Trx,
  userIds: readonly bigint[],
): Promise<Map<bigint, string>> {
  const salts = new Map<bigint, string>();
  for (let i = 0; i < userIds.length; i += CLAIM_ROWS) {
    const chunk = userIds.slice(i, i + CLAIM_ROWS);
    const rows = await statements.raw(
      trx,
      listSql(
        saltTexts,
        chunk.length,
        'SELECT user_id, salt FROM option_trader_salts WHERE user_id IN (',
        '?',
        ', ',
        ')',
      ),
      chunk,
    );
    for (const [userId, salt] of rows) salts.set(BigInt(userId as bigint), salt as string);
  }
  return salts;
}

/**
 * A running order due to settle, as the job finds it: what it needs to find the order's tick and
 * group it, and everything settling reads of it (`claimed`, see settleOrders' `asRead`).
 */
export type DueOrder = Pick<OptionOrderRow, 'id' | 'book' | 'symbol' | 'settle_time'> & {
  claimed: ClaimedRow;
};

/**
 * Running orders due to settle by `before`, up to `limit`, in the order of their expiry (with
 * `after`, those that come after it in that order: the job reads ahead while it settles). Read as
 * arrays on the settling statements' path, in a unit of the group committer (it holds the
 * connection on SQLite): better-sqlite3's row objects cost more than settling the order.
 */
export async function dueToSettle(
  app: AppContext,
  before: number,
  limit: number,
  after?: DueOrder,
): Promise<DueOrder[]> {
  const statements = sqlOf(app);
  const rows = await app.writer.run(async (trx) => {
    if (!after) return statements.raw(trx, DUE_SQL, [BigInt(before), BigInt(limit)]);
    // Past `after` in (settle_time, id) order: first the rest of its expiry (one range of the
    // queue's index), then the later expiries; a single row-value comparison would walk every
    // order of `after`'s expiry again, and a burst has them all in one.
    const rest = await statements.raw(trx, DUE_SAME_TIME_SQL, [
      after.settle_time,
      after.id,
      BigInt(limit),
    ]);
    if (rest.length >= limit) return rest;
    const later = await statements.raw(trx, DUE_LATER_SQL, [
      after.settle_time,
      BigInt(before),
      BigInt(limit - rest.length),
    ]);
    return rest.length === 0 ? later : [...rest, ...later];
  });
  return rows.map((row) => {
    const claimed = row as ClaimedRow;
    return {
      id: claimed[0],
      book: claimed[2],
      symbol: claimed[3],
      settle_time: claimed[8],
      claimed,
    };
  });
}

/** What settling reads of an order (settleOrders' claim), in the order of CLAIM_COLUMNS. */
type ClaimedRow = [
  id: bigint,
  userId: bigint,
  book: string,
  symbol: string,
  direction: string,
  stake: bigint,
  returnRate: bigint,
  lossRate: bigint,
  settleTime: bigint,
  strikePrice: bigint | null,
  strikeTime: bigint | null,
  strikeSeq: bigint | null,
];
const CLAIM_COLUMNS =
  'id, user_id, book, symbol, direction, stake, return_rate, loss_rate, settle_time, ' +
  'strike_price, strike_time, strike_seq';

/**
 * Settles orders, each with its own ledger transaction and record, in one unit of work: the
 * chain head and the exposure are read and written once for all of them (orders expiring
 * together are settled together). Only the ids of `items` count: what settling needs of each
 * order is read again inside the unit, from those still in status `from` (on PostgreSQL locked),
 * so an order that has moved on already (settled by another process or an earlier pass) is
 * skipped: never twice. With `asRead` on SQLite, running orders are settled as the due read found
 * them (DueOrder.claimed; a running order's terms and strike never change) without reading them
 * again; the update that settles them changes only orders still running, and should it change
 * fewer than were settled, the unit throws OrdersMovedError and rolls back: the job then runs it
 * again reading them afresh. Every statement of settling comes before the ledger posts or after them
 * and none reads the ledger's tables, so the posts' held rows are written once, at the commit
 * (ledger.ts). Answers the orders settled (their events are built only for a trader listening).
 */
export async function settleOrders(
  app: AppContext,
  trx: Trx,
  from: 'scheduled' | 'running',
  items: readonly {
    row: Pick<OptionOrderRow, 'id' | 'book'> & { claimed?: ClaimedRow };
    tick: Tick | null;
  }[],
  asRead = false,
): Promise<number> {
  const now = BigInt(app.clock.now());
  const statements = sqlOf(app);
  const postgres = app.database.dialect === 'postgres';
  // Lock order as in placing: exposure, then the chain head, then the orders, then the ledger's
  // accounts (SQLite has one writer and needs no locks).
  if (postgres) {
    const books = [...new Set(items.map((i) => i.row.book))].sort();
    for (const book of books) await statements.all(trx, EXPOSURE_LOCK_SQL, [book]);
  }
  const [head] = await statements.raw(trx, postgres ? HEAD_LOCK_SQL : HEAD_READ_SQL, []);
  let seq = Number(head![0]);
  let hash = head![1] as string;
  const claimed =
    asRead && !postgres && from === 'running' && items.every((i) => i.row.claimed)
      ? new Map(items.map((i) => [BigInt(i.row.id), i.row.claimed!]))
      : await claim(statements, trx, from, items, postgres);
  if (claimed.size === 0) return 0;
  const names = new Map<bigint, string>();
  await tradersOf(
    app,
    statements,
    trx,
    [...claimed.values()].map((row) => row[1]),
    names,
  );
  // The orders of a unit share their stakes and rates: each amount is written out once.
  const written = new Map<bigint, string>();
  const money = (v: bigint) => {
    let text = written.get(v);
    if (text === undefined) written.set(v, (text = formatMoney(v)));
    return text;
  };
  // The strike ticks' sources (live ticks): the order stores the tick, the log its sources.
  const strikeSources =
    from === 'running' ? await strikeSourcesOf(statements, trx, claimed) : NO_SOURCES;
  const shownSources = new Map<number, readonly TickSourcePrice[]>(strikeSources);
  // The orders of a unit share their ticks too: each strike and each tick as the record shows it
  // is built once (a strike only for the same stored price and time under its sequence number).
  const strikes = new Map<bigint, Strike>();
  const shownTicks = new Map<Strike | Tick, OptionTick | null>();
  const shownTick = (t: Strike | Tick | null) => {
    if (!t) return null;
    let text = shownTicks.get(t);
    if (text === undefined) shownTicks.set(t, (text = tickOf(t)));
    return text;
  };
  const exposure = new Map<Book, bigint>();
  let worstOf: [stake: bigint, returnRate: bigint, worst: bigint] = [-1n, -1n, 0n];
  // The queue keys the orders leave: a running order its expiry and id in option_due, a
  // scheduled one (failed at its start) its id.
  const leaving: bigint[] = [];
  const records: unknown[] = [];
  const results: TradingResult[] = [];
  // Events are built only for traders listening, each trader asked once.
  const listening = new Map<number, boolean>();
  const listened: { userId: number; id: bigint; hash: string; values: SettleValues }[] = [];
  let settledCount = 0;
  for (const { row: item, tick } of items) {
    const row = claimed.get(BigInt(item.id));
    if (!row) continue;
    // Each order once, even if named twice.
    claimed.delete(BigInt(item.id));
    const [id, userIdBig, bookText, symbol, directionText, stake, returnRate, lossRate, expiry] =
      row;
    const [strikePrice, strikeTime, strikeSeq] = [row[9], row[10], row[11]];
    const book = bookText as Book;
    const direction = directionText as OptionDirection;
    const userId = Number(userIdBig);
    let strike: Strike | null = null;
    if (from === 'running' && strikePrice !== null) {
      const known = strikes.get(strikeSeq!);
      if (known && known.price === strikePrice && known.time === Number(strikeTime)) strike = known;
      else {
        strike = {
          price: strikePrice,
          time: Number(strikeTime),
          seq: Number(strikeSeq),
          sources: strikeSources.get(Number(strikeSeq)),
        };
        strikes.set(strikeSeq!, strike);
      }
    }
    const settleTick = strike && tick ? tick : null;
    const { outcome, payout } = settle({
      direction,
      stake,
      returnRate,
      lossRate,
      expiry: Number(expiry),
      strike,
      settle: settleTick,
    });
    const status = outcome === 'failed' ? 'failed' : 'settled';
    seq += 1;
    const recordSeq = BigInt(seq);
    const settlePrice = settleTick?.price ?? null;
    const settleTickTime = settleTick ? BigInt(settleTick.time) : null;
    const settleSeq = settleTick ? BigInt(settleTick.seq) : null;
    if (from === 'running') leaving.push(expiry, id);
    else leaving.push(id);
    if (settleTick?.sources) shownSources.set(settleTick.seq, settleTick.sources);
    const trader = names.get(userIdBig)!;
    const sealed = sealRecord({
      seq,
      orderId: Number(id),
      trader,
      book,
      symbol,
      direction,
      stake: money(stake),
      returnRate: money(returnRate),
      lossRate: money(lossRate),
      expiry: Number(expiry),
      strike: shownTick(strike),
      settle: shownTick(settleTick),
      outcome,
      payout: money(payout),
      prevHash: hash,
    });
    hash = sealed.hash;
    records.push(recordSeq, id, symbol, expiry, sealed.body, sealed.hash, now, status);
    records.push(settlePrice, settleTickTime, settleSeq, outcome, payout);
    if (payout > 0n) {
      await app.ledger.post(trx, {
        type: 'option',
        reference: `option:${id}:settle`,
        postings: [
          { account: systemAccount(book, 'options_pool', CURRENCY), amount: -payout },
          { account: userAccount(userId, book, 'contract', CURRENCY), amount: payout },
        ],
      });
    }
    // A friend's result counts toward their inviters' profit rebate of the day (real book only):
    // recorded after the posts, so that its statements do not write their held rows out.
    const pnl = payout - stake;
    if (outcome !== 'failed' && mayCount(book, pnl)) {
      results.push({
        userId,
        book,
        pnl,
        at: Number(expiry),
        source: `option:${id}`,
      });
    }
    // Orders of a burst share their stakes and rates: each worst case is worked out once.
    if (stake !== worstOf[0] || returnRate !== worstOf[1])
      worstOf = [stake, returnRate, worstPayout(stake, returnRate)];
    exposure.set(book, (exposure.get(book) ?? 0n) - worstOf[2]);
    settledCount += 1;
    let heard = listening.get(userId);
    if (heard === undefined) listening.set(userId, (heard = app.bus.listened(userChannel(userId))));
    if (heard) {
      const values: SettleValues = [
        id,
        status,
        settlePrice,
        settleTickTime,
        settleSeq,
        outcome,
        payout,
        recordSeq,
      ];
      listened.push({ userId, id, hash: sealed.hash, values });
    }
  }
  // Orders of traders listening, as they were (their events show the whole order).
  const shown = new Map<bigint, OptionOrderRow>();
  for (let i = 0; i < listened.length; i += CLAIM_ROWS) {
    const ids = listened.slice(i, i + CLAIM_ROWS).map((s) => s.id);
    const rows = await statements.all(
      trx,
      listSql(shownTexts, ids.length, 'SELECT * FROM option_orders WHERE id IN (', '?', ', ', ')'),
      ids,
    );
    for (const r of rows) shown.set(BigInt(r.id as bigint), r as unknown as OptionOrderRow);
  }
  // Only orders still queued as `from` leave their queue: should fewer leave than settled here
  // (one settled elsewhere since they were read as due), the unit rolls back with everything it
  // posted. An order has one record at most (its key): never two settlements of an order.
  const left =
    from === 'running'
      ? await leaveSettlementQueue(statements, trx, leaving)
      : await leaveStartQueue(statements, trx, leaving, now);
  if (left !== settledCount) throw new OrdersMovedError(settledCount - left);
  for (const [book, delta] of exposure) await statements.all(trx, EXPOSURE_ADD_SQL, [delta, book]);
  for (let i = 0; i < records.length; i += RECORD_ROWS * RECORD_WIDTH) {
    const chunk = records.slice(i, i + RECORD_ROWS * RECORD_WIDTH);
    await statements.all(trx, insertRecordsSql(chunk.length / RECORD_WIDTH), chunk);
  }
  await statements.all(trx, HEAD_SQL, [BigInt(seq), hash]);
  for (const result of results) await recordTradingResult(app, trx, result);
  app.writer.afterCommit(trx, () => {
    for (const { userId, id, hash, values } of listened) {
      const row = shown.get(id);
      if (row)
        publish(app, userId, 'option.settled', () =>
          toOrder(settledRow(row, values, now), hash, shownSources),
        );
    }
  });
  return settledCount;
}

/**
 * Orders of a unit were no longer in the status it settles them from when it wrote them (settled
 * elsewhere since they were read): the unit rolls back, posts and all.
 */
export class OrdersMovedError extends Error {
  constructor(readonly moved: number) {
    super(`${moved} option order(s) moved on during their settlement`);
  }
}

/** An order's strike as settling reads it (the stored tick and the log's sources of it). */
interface Strike {
  price: bigint;
  time: number;
  seq: number;
  sources: readonly TickSourcePrice[] | undefined;
}

/** What settling decides of an order, as its record keeps it (for the order's event). */
type SettleValues = [
  id: bigint,
  status: 'settled' | 'failed',
  settlePrice: bigint | null,
  settleTickTime: bigint | null,
  settleSeq: bigint | null,
  outcome: string,
  payout: bigint,
  recordSeq: bigint,
];

/** An order as its settlement left it (built only for a trader listening). */
function settledRow(row: OptionOrderRow, values: SettleValues, now: bigint): OptionOrderRow {
  const [, status, settlePrice, settleTickTime, settleSeq, outcome, payout, recordSeq] = values;
  return {
    ...row,
    status,
    settle_price: settlePrice,
    settle_tick_time: settleTickTime,
    settle_seq: settleSeq,
    outcome,
    payout,
    record_seq: recordSeq,
    updated_at: now,
  };
}

/**
 * Of `items`, the orders still in status `from`, as settling reads them (ClaimedRow), by id; on
 * PostgreSQL their rows are locked to the commit (in id order), so nothing moves them before this
 * unit's update does. On SQLite a chunk whose ids lie close together (orders placed together
 * expire together) is read as one range of ids and the others dropped: a walk along the table
 * instead of a lookup per bound id (PostgreSQL would lock the others too).
 */
async function claim(
  statements: LedgerSql,
  trx: Trx,
  from: 'scheduled' | 'running',
  items: readonly { row: Pick<OptionOrderRow, 'id'> }[],
  postgres: boolean,
): Promise<Map<bigint, ClaimedRow>> {
  const claimed = new Map<bigint, ClaimedRow>();
  const texts = CLAIM_SQL[from];
  for (let i = 0; i < items.length; i += CLAIM_ROWS) {
    const ids = items.slice(i, i + CLAIM_ROWS).map(({ row }) => BigInt(row.id));
    let low = ids[0]!;
    let high = low;
    for (const id of ids) {
      if (id < low) low = id;
      else if (id > high) high = id;
    }
    if (!postgres && high - low < BigInt(ids.length) * RANGE_SPREAD) {
      const wanted = new Set(ids);
      for (const r of await statements.raw(trx, texts.range, [low, high])) {
        if (wanted.has(r[0] as bigint)) claimed.set(r[0] as bigint, r as ClaimedRow);
      }
      continue;
    }
    const rows = await statements.raw(
      trx,
      listSql(
        texts.lists,
        ids.length,
        texts.head,
        '?',
        ', ',
        `) ORDER BY ${from === 'running' ? 'o.id' : 'id'}${postgres ? texts.lock : ''}`,
      ),
      ids,
    );
    for (const r of rows) claimed.set(BigInt(r[0] as bigint), r as ClaimedRow);
  }
  return claimed;
}

/** The sources of the claimed orders' strike ticks (those the log keeps and that have them). */
async function strikeSourcesOf(
  statements: LedgerSql,
  trx: Trx,
  claimed: ReadonlyMap<bigint, ClaimedRow>,
): Promise<SourcesBySeq> {
  const seqs = new Set<bigint>();
  for (const row of claimed.values()) if (row[11] !== null) seqs.add(BigInt(row[11]));
  if (seqs.size === 0) return NO_SOURCES;
  const found = new Map<number, TickSourcePrice[]>();
  const all = [...seqs];
  for (let i = 0; i < all.length; i += CLAIM_ROWS) {
    const chunk = all.slice(i, i + CLAIM_ROWS);
    const rows = await statements.raw(
      trx,
      listSql(
        sourceTexts,
        chunk.length,
        'SELECT seq, sources FROM tick_log WHERE sources IS NOT NULL AND seq IN (',
        '?',
        ', ',
        ')',
      ),
      chunk,
    );
    for (const [seq, json] of rows) {
      const sources = sourcesOfJson(json as string | null);
      if (sources) found.set(Number(seq), sources);
    }
  }
  return found;
}

/** The hot statements of settling, prepared once (the ledger's own raw-statement path). */
const CLAIM_ROWS = 500;
/** A claim reads a range of ids when it is at most this many times as wide as its ids. */
const RANGE_SPREAD = 2n;
/** CLAIM_COLUMNS of the terms row `o`, for statements that join it. */
const CLAIM_COLUMNS_O = CLAIM_COLUMNS.split(', ')
  .map((column) => `o.${column}`)
  .join(', ');
/**
 * Claiming orders still `scheduled` (their terms row says so) or still `running` (they are in
 * the settlement queue; PostgreSQL locks their queue row, which settling deletes).
 */
const RUNNING_FROM =
  `SELECT ${CLAIM_COLUMNS_O} FROM option_order_terms o ` +
  'JOIN option_due d ON d.settle_time = o.settle_time AND d.id = o.id ';
const CLAIM_SQL = {
  scheduled: {
    range: `SELECT ${CLAIM_COLUMNS} FROM option_order_terms WHERE status = 'scheduled' AND id BETWEEN ? AND ?`,
    head: `SELECT ${CLAIM_COLUMNS} FROM option_order_terms WHERE status = 'scheduled' AND id IN (`,
    lock: ' FOR UPDATE',
    lists: new Map<number, string>(),
  },
  running: {
    range: `${RUNNING_FROM}WHERE o.id BETWEEN ? AND ?`,
    head: `${RUNNING_FROM}WHERE o.id IN (`,
    lock: ' FOR UPDATE OF d',
    lists: new Map<number, string>(),
  },
} as const;
const DUE_DELETE_SQL = 'DELETE FROM option_due WHERE settle_time = ? AND id = ?';
const DUE_RANGE_DELETE_SQL = 'DELETE FROM option_due WHERE settle_time = ? AND id BETWEEN ? AND ?';
/**
 * Settled orders leave the settlement queue (`keys`: expiry and id of each, as settled): orders of
 * one expiry with consecutive ids (placed together) as one range, every other one by its key.
 * A range holds only the unit's own orders, so what it deletes counts them exactly. Answers how
 * many were still queued.
 */
async function leaveSettlementQueue(
  statements: LedgerSql,
  trx: Trx,
  keys: readonly bigint[],
): Promise<number> {
  let left = 0;
  for (let i = 0; i < keys.length;) {
    const time = keys[i]!;
    let last = i;
    while (
      last + 2 < keys.length &&
      keys[last + 2] === time &&
      keys[last + 3] === keys[last + 1]! + 1n
    )
      last += 2;
    left +=
      last === i
        ? await statements.run(trx, DUE_DELETE_SQL, [time, keys[i + 1]])
        : await statements.run(trx, DUE_RANGE_DELETE_SQL, [time, keys[i + 1], keys[last + 1]]);
    i = last + 2;
  }
  return left;
}
/** Orders failed at their start leave the start queue (their terms row says failed). */
async function leaveStartQueue(
  statements: LedgerSql,
  trx: Trx,
  ids: readonly bigint[],
  now: bigint,
): Promise<number> {
  let left = 0;
  for (let i = 0; i < ids.length; i += CLAIM_ROWS) {
    const chunk = ids.slice(i, i + CLAIM_ROWS);
    left += await statements.run(
      trx,
      listSql(
        failTexts,
        chunk.length,
        "UPDATE option_order_terms SET status = 'failed', updated_at = ? WHERE status = 'scheduled' AND id IN (",
        '?',
        ', ',
        ')',
      ),
      [now, ...chunk],
    );
  }
  return left;
}
const failTexts = new Map<number, string>();
const sourceTexts = new Map<number, string>();
const shownTexts = new Map<number, string>();
const saltTexts = new Map<number, string>();
const insertSaltTexts = new Map<number, string>();
/** A statement with `rows` copies of `each` between `head` and `tail`, built once per count. */
function listSql(
  texts: Map<number, string>,
  rows: number,
  head: string,
  each: string,
  separator: string,
  tail: string,
): string {
  let text = texts.get(rows);
  if (!text) texts.set(rows, (text = head + Array(rows).fill(each).join(separator) + tail));
  return text;
}
function insertSaltsSql(rows: number): string {
  return listSql(
    insertSaltTexts,
    rows,
    'INSERT INTO option_trader_salts (user_id, salt) VALUES ',
    '(?, ?)',
    ', ',
    ' ON CONFLICT (user_id) DO NOTHING',
  );
}
// The settlement queue in its key's order, each order's terms row by its id.
const DUE_FROM = `SELECT ${CLAIM_COLUMNS_O} FROM option_due d JOIN option_order_terms o ON o.id = d.id `;
const DUE_SQL = `${DUE_FROM}WHERE d.settle_time <= ? ORDER BY d.settle_time, d.id LIMIT ?`;
const DUE_SAME_TIME_SQL = `${DUE_FROM}WHERE d.settle_time = ? AND d.id > ? ORDER BY d.id LIMIT ?`;
const DUE_LATER_SQL =
  `${DUE_FROM}WHERE d.settle_time > ? AND d.settle_time <= ? ` +
  'ORDER BY d.settle_time, d.id LIMIT ?';
const HEAD_SQL = 'UPDATE option_chain SET seq = ?, hash = ? WHERE id = 1';
const HEAD_READ_SQL = 'SELECT seq, hash FROM option_chain WHERE id = 1';
const HEAD_LOCK_SQL = `${HEAD_READ_SQL} FOR UPDATE`;
const EXPOSURE_LOCK_SQL = 'SELECT worst_case FROM option_exposure WHERE book = ? FOR UPDATE';
const EXPOSURE_ADD_SQL = 'UPDATE option_exposure SET worst_case = worst_case + ? WHERE book = ?';
/** 13 bound values a row: far below either database's parameter limit. */
const RECORD_ROWS = 500;
const RECORD_WIDTH = 13;
const recordTexts = new Map<number, string>();
function insertRecordsSql(rows: number): string {
  return listSql(
    recordTexts,
    rows,
    'INSERT INTO option_records (seq, order_id, symbol, expiry, body, hash, created_at, status, ' +
      'settle_price, settle_tick_time, settle_seq, outcome, payout) VALUES ',
    '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ', ',
    '',
  );
}
const sqlCache = new WeakMap<AppContext, LedgerSql>();
function sqlOf(app: AppContext): LedgerSql {
  let statements = sqlCache.get(app);
  // None of settling's statements names the ledger's tables: the posts' rows stay held to COMMIT.
  if (!statements) sqlCache.set(app, (statements = ledgerSql(app.database)));
  return statements;
}

function publish(
  app: AppContext,
  userId: number,
  event: OptionEvent['event'],
  order: OptionOrder | (() => OptionOrder),
): void {
  if (!app.bus.listened(userChannel(userId))) return;
  const shown = typeof order === 'function' ? order() : order;
  const message: OptionEvent = { event, mode: shown.mode, order: shown };
  app.bus.publish(userChannel(userId), message);
  void notifyBalances(app, userId, shown.mode, [{ wallet: 'contract', currency: CURRENCY }]).catch(
    (error: unknown) => app.log.warn({ err: error }, 'option balance event failed'),
  );
}

/**
 * The settlement (or start) tick of an order from the log: the last at or before `time`, within
 * the tolerance, unless the market went blind after that tick and `time` fell in the blind window
 * (issue 17): then there is no price at `time`, and the order fails and is refunded. A window is
 * known while it lasts (the coin is suspended and the tick is still its newest) and, once it is
 * over, from what this server saw of it (blindWatch); an expiry while no server ran settles within
 * the tolerance as before.
 */
export async function settlementTickOf(
  app: AppContext,
  symbol: string,
  time: number,
): Promise<Tick | null> {
  const tick = settlementTick(
    await repo.tickAtOrBefore(app.db, symbol, time),
    time,
    app.config.options.settleToleranceMs,
  );
  if (!tick || tick.time === time) return tick;
  if (blindWatch(app).wentBlindAfter(symbol, tick.seq)) return null;
  if (suspended(app, symbol) && !(await repo.tickAfter(app.db, symbol, tick.seq))) return null;
  return tick;
}

// --- public record ------------------------------------------------------------------------------------

function toRecord(row: OptionRecordRow): SettlementRecord {
  const body = JSON.parse(row.body) as RecordBody;
  return { ...body, hash: row.hash };
}

export async function settlements(
  app: AppContext,
  query: {
    symbol?: string | undefined;
    from?: number | undefined;
    to?: number | undefined;
    page: number;
    pageSize: number;
  },
) {
  const { rows, total } = await repo.recordPage(app.db, {
    ...query,
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { list: rows.map(toRecord), total, page: query.page, pageSize: query.pageSize };
}

/** Ticks on each side of the strike and the settlement tick shown with a record. */
const CONTEXT_TICKS = 10;

export async function settlementDetail(app: AppContext, seq: number) {
  const row = await repo.record(app.db, seq);
  if (!row) throw new DomainError('notFound');
  const record = toRecord(row);
  const around = async (t: SettlementRecord['strike']) =>
    t
      ? (await repo.ticksAround(app.db, record.symbol, t.feedSeq, CONTEXT_TICKS)).map((x) =>
          tickOf(x)!,
        )
      : [];
  const [strike, settleTicks] = await Promise.all([around(record.strike), around(record.settle)]);
  return { record, ticks: { strike, settle: settleTicks } };
}

// --- first start ----------------------------------------------------------------------------------------

/**
 * Products and periods for every option coin, the chain's genesis, the exposure rows, the
 * restricted countries, and each book's options pool funded from its treasury (once, through the
 * ledger). Idempotent.
 */
export async function seedOptions(app: AppContext): Promise<void> {
  const now = BigInt(app.clock.now());
  await app.writer.run(async (trx) => {
    for (const product of app.market.products()) {
      if (!product.options) continue;
      await trx
        .insertInto('option_products')
        .values({ symbol: product.symbol, enabled: 1n, updated_at: now })
        .onConflict((oc) => oc.column('symbol').doNothing())
        .execute();
      const existing = await repo.periods(trx, product.symbol);
      if (existing.length) continue;
      for (const seconds of app.config.options.periods) {
        const seeded = SEED_TERMS[seconds] ?? { returnRate: '0.80', lossRate: '1' };
        await trx
          .insertInto('option_periods')
          .values({
            symbol: product.symbol,
            seconds: BigInt(seconds),
            return_rate: parseMoney(seeded.returnRate),
            loss_rate: parseMoney(seeded.lossRate),
            min_amount: parseMoney(SEED_MIN),
            max_amount: parseMoney(SEED_MAX),
            enabled: 1n,
            updated_at: now,
          })
          .execute();
      }
    }
    await trx
      .insertInto('option_chain')
      .values({ id: 1n, seq: 0n, hash: GENESIS_HASH })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    for (const book of ['demo', 'real'] as const) {
      await trx
        .insertInto('option_exposure')
        .values({ book, worst_case: 0n })
        .onConflict((oc) => oc.column('book').doNothing())
        .execute();
    }
    await trx
      .insertInto('app_config')
      .values({
        key: RESTRICTED_KEY,
        value: DEFAULT_RESTRICTED_COUNTRIES.join(','),
        is_public: 0n,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  });
  for (const book of ['demo', 'real'] as const) {
    await fundOnce(app, {
      book,
      wallet: 'options_pool',
      currency: CURRENCY,
      amount: parseMoney(app.config.options.poolFunding[book]),
      key: `options-pool-initial:${book}`,
      reference: `options-pool:${book}:initial`,
    });
  }
}
