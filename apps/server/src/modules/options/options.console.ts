import {
  formatMoney,
  optionsConsoleCalls as c,
  parseMoney,
  QUOTE_CURRENCY,
  validRates,
  type AccountMode,
  type OptionDirection,
  type OptionStatus,
} from '@tidemark/contract';
import { isUniqueViolation } from '../../db/database';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { systemBalances } from '../../ledger/queries';
import { audit, type Actor } from '../console/console.audit';
import { fundFromTreasury } from '../console/console.funding';
import { actorOf, consoleHandle, type BoundConsoleCall } from '../console/console.http';
import { worstPayout } from './options.engine';
import * as repo from './options.repository';
import { parseCountries, restrictedCountries, RESTRICTED_KEY, toOrder } from './options.service';
import type { OptionPeriodRow } from './options.table';

/**
 * The operator's option calls. Terms apply to orders placed afterwards (every order keeps its own
 * copy); each change is audited with its before and after. Nothing here reads or writes a tick, a
 * price, an order's outcome or a settlement record.
 */

const CURRENCY = QUOTE_CURRENCY;

function shownPeriod(row: OptionPeriodRow) {
  return {
    id: Number(row.id),
    symbol: row.symbol,
    seconds: Number(row.seconds),
    returnRate: formatMoney(row.return_rate),
    lossRate: formatMoney(row.loss_rate),
    minAmount: formatMoney(row.min_amount),
    maxAmount: formatMoney(row.max_amount),
    enabled: row.enabled === 1n,
    updatedAt: Number(row.updated_at),
  };
}

export async function products(app: AppContext) {
  const [rows, periods, restricted] = await Promise.all([
    repo.products(app.db),
    repo.periods(app.db),
    restrictedCountries(app),
  ]);
  return {
    products: rows.map((p) => ({
      symbol: p.symbol,
      enabled: p.enabled === 1n,
      tradingOpen: Boolean(app.market.product(p.symbol)?.tradingOpen),
      periods: periods.filter((x) => x.symbol === p.symbol).map(shownPeriod),
    })),
    restrictedCountries: restricted,
  };
}

/** The contract's rates rule (loss rate 0 to 1, return rate above 0 up to 1), and 0 < min <= max. */
function checkTerms(t: { returnRate: bigint; lossRate: bigint; min: bigint; max: bigint }): void {
  if (!validRates(t.returnRate, t.lossRate) || t.min <= 0n || t.min > t.max)
    throw new DomainError('optionTermsInvalid');
}

async function productOrRefuse(app: AppContext, symbol: string) {
  const row = await repo.product(app.db, symbol);
  if (!row) throw new DomainError('notFound');
  return row;
}

export async function setProduct(
  app: AppContext,
  actor: Actor,
  input: { symbol: string; enabled: boolean },
) {
  const now = BigInt(app.clock.now());
  await app.writer.run(async (trx) => {
    const before = await repo.product(trx, input.symbol);
    if (!before) throw new DomainError('notFound');
    await trx
      .updateTable('option_products')
      .set({ enabled: input.enabled ? 1n : 0n, updated_at: now })
      .where('symbol', '=', input.symbol)
      .execute();
    await audit(app, trx, actor, {
      action: 'option.product',
      targetType: 'option',
      targetId: input.symbol,
      before: { enabled: before.enabled === 1n },
      after: { enabled: input.enabled },
    });
  });
  return products(app);
}

export async function addPeriod(
  app: AppContext,
  actor: Actor,
  input: {
    symbol: string;
    seconds: number;
    returnRate: string;
    lossRate: string;
    minAmount: string;
    maxAmount: string;
    enabled: boolean;
  },
) {
  await productOrRefuse(app, input.symbol);
  const values = {
    returnRate: parseMoney(input.returnRate),
    lossRate: parseMoney(input.lossRate),
    min: parseMoney(input.minAmount),
    max: parseMoney(input.maxAmount),
  };
  checkTerms(values);
  const now = BigInt(app.clock.now());
  try {
    await app.writer.run(async (trx) => {
      const row = await trx
        .insertInto('option_periods')
        .values({
          symbol: input.symbol,
          seconds: BigInt(input.seconds),
          return_rate: values.returnRate,
          loss_rate: values.lossRate,
          min_amount: values.min,
          max_amount: values.max,
          enabled: input.enabled ? 1n : 0n,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const after = shownPeriod(row);
      await audit(app, trx, actor, {
        action: 'option.periodAdd',
        targetType: 'option',
        targetId: `period:${after.id}`,
        before: null,
        after,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('optionPeriodExists');
    throw error;
  }
  return products(app);
}

export async function setPeriod(
  app: AppContext,
  actor: Actor,
  input: {
    id: number;
    returnRate?: string | undefined;
    lossRate?: string | undefined;
    minAmount?: string | undefined;
    maxAmount?: string | undefined;
    enabled?: boolean | undefined;
  },
) {
  const now = BigInt(app.clock.now());
  await app.writer.run(async (trx) => {
    const before = await repo.period(trx, input.id);
    if (!before) throw new DomainError('notFound');
    const next = {
      returnRate:
        input.returnRate === undefined ? before.return_rate : parseMoney(input.returnRate),
      lossRate: input.lossRate === undefined ? before.loss_rate : parseMoney(input.lossRate),
      min: input.minAmount === undefined ? before.min_amount : parseMoney(input.minAmount),
      max: input.maxAmount === undefined ? before.max_amount : parseMoney(input.maxAmount),
    };
    checkTerms(next);
    const after = await trx
      .updateTable('option_periods')
      .set({
        return_rate: next.returnRate,
        loss_rate: next.lossRate,
        min_amount: next.min,
        max_amount: next.max,
        enabled: input.enabled === undefined ? before.enabled : input.enabled ? 1n : 0n,
        updated_at: now,
      })
      .where('id', '=', before.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(app, trx, actor, {
      action: 'option.period',
      targetType: 'option',
      targetId: `period:${input.id}`,
      before: shownPeriod(before),
      after: shownPeriod(after),
    });
  });
  return products(app);
}

export async function setRestricted(app: AppContext, actor: Actor, input: { countries: string }) {
  const countries = parseCountries(input.countries);
  const bad = input.countries
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '' && !/^[A-Za-z]{2}$/.test(x));
  if (bad.length) throw new DomainError('countryInvalid');
  const now = BigInt(app.clock.now());
  await app.writer.run(async (trx) => {
    const before = await trx
      .selectFrom('app_config')
      .select('value')
      .where('key', '=', RESTRICTED_KEY)
      .executeTakeFirst();
    const value = countries.join(',');
    await trx
      .insertInto('app_config')
      .values({ key: RESTRICTED_KEY, value, is_public: 0n, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
      .execute();
    await audit(app, trx, actor, {
      action: 'option.restricted',
      targetType: 'option',
      targetId: 'restricted-countries',
      before: { countries: parseCountries(before?.value ?? '') },
      after: { countries },
    });
  });
  return products(app);
}

export async function exposure(app: AppContext) {
  const open = await repo.openStakes(app.db);
  const rows = new Map<
    string,
    {
      symbol: string;
      book: AccountMode;
      openOrders: number;
      long: bigint;
      short: bigint;
      worst: bigint;
    }
  >();
  for (const o of open) {
    const key = `${o.book}|${o.symbol}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        symbol: o.symbol,
        book: o.book as AccountMode,
        openOrders: 0,
        long: 0n,
        short: 0n,
        worst: 0n,
      };
      rows.set(key, row);
    }
    const stake = BigInt(o.stake);
    row.openOrders += 1;
    if ((o.direction as OptionDirection) === 'long') row.long += stake;
    else row.short += stake;
    row.worst += worstPayout(stake, BigInt(o.return_rate));
  }
  const books = [];
  for (const book of ['real', 'demo'] as const) {
    const pool = (await systemBalances(app.db, book, 'options_pool')).get(CURRENCY) ?? 0n;
    const worst = await repo.exposure(app.database, app.db, book, false);
    books.push({
      book,
      poolBalance: formatMoney(pool),
      worstCasePayout: formatMoney(worst),
      headroom: formatMoney(pool - worst),
    });
  }
  return {
    rows: [...rows.values()]
      .sort((a, b) => a.book.localeCompare(b.book) || a.symbol.localeCompare(b.symbol))
      .map((r) => ({
        symbol: r.symbol,
        book: r.book,
        openOrders: r.openOrders,
        longStake: formatMoney(r.long),
        shortStake: formatMoney(r.short),
        worstCasePayout: formatMoney(r.worst),
      })),
    books,
  };
}

export async function fundPool(
  app: AppContext,
  actor: Actor,
  input: { book: AccountMode; amount: string },
) {
  await fundFromTreasury(app, actor, {
    book: input.book,
    wallet: 'options_pool',
    currency: CURRENCY,
    amount: input.amount,
    reference: `options-pool:${input.book}:fund`,
    audit: {
      action: 'option.poolFund',
      targetType: 'option',
      targetId: `pool:${input.book}`,
      field: 'poolBalance',
    },
  });
  return exposure(app);
}

const DAY = 86_400_000;

export async function pnl(app: AppContext, input: { book: AccountMode; days: number }) {
  const today = Math.floor(app.clock.now() / DAY) * DAY;
  const from = today - (input.days - 1) * DAY;
  const rows = await repo.closedSince(app.db, input.book, from);
  const days = new Map<number, { settled: number; stakes: bigint; payouts: bigint }>();
  for (const r of rows) {
    const day = Math.floor(Number(r.settle_time) / DAY) * DAY;
    const d = days.get(day) ?? { settled: 0, stakes: 0n, payouts: 0n };
    d.settled += 1;
    d.stakes += BigInt(r.stake);
    d.payouts += BigInt(r.payout ?? 0n);
    days.set(day, d);
  }
  return {
    book: input.book,
    days: [...days.entries()]
      .sort(([a], [b]) => b - a)
      .map(([day, d]) => ({
        day: new Date(day).toISOString().slice(0, 10),
        settled: d.settled,
        stakes: formatMoney(d.stakes),
        payouts: formatMoney(d.payouts),
        profit: formatMoney(d.stakes - d.payouts),
      })),
  };
}

export async function orders(
  app: AppContext,
  input: {
    userId?: number | undefined;
    book?: AccountMode | undefined;
    status?: OptionStatus | undefined;
    page: number;
    pageSize: number;
  },
) {
  const { rows, total } = await repo.orderPage(app.db, {
    userId: input.userId,
    book: input.book,
    statuses: input.status ? [input.status] : undefined,
    offset: (input.page - 1) * input.pageSize,
    limit: input.pageSize,
  });
  return {
    list: rows.map((row) => {
      const o = toOrder(row);
      return {
        id: o.id,
        userId: Number(row.user_id),
        book: o.mode,
        kind: o.kind,
        symbol: o.symbol,
        direction: o.direction,
        amount: o.amount,
        periodSeconds: o.periodSeconds,
        returnRate: o.returnRate,
        lossRate: o.lossRate,
        status: o.status,
        openTime: o.openTime,
        settleTime: o.settleTime,
        strike: o.strike,
        settle: o.settle,
        outcome: o.outcome,
        payout: o.payout,
        recordSeq: o.recordSeq,
        createdAt: o.createdAt,
      };
    }),
    total,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** Every operator option call with its handler. */
export const optionsConsoleRoutes: readonly BoundConsoleCall[] = [
  consoleHandle(c.listOptionProducts, (_input, ctx) => products(ctx.app)),
  consoleHandle(c.setOptionProduct, (input, ctx) => setProduct(ctx.app, actorOf(ctx), input)),
  consoleHandle(c.addOptionPeriod, (input, ctx) => addPeriod(ctx.app, actorOf(ctx), input)),
  consoleHandle(c.setOptionPeriod, (input, ctx) => setPeriod(ctx.app, actorOf(ctx), input)),
  consoleHandle(c.setOptionRestrictedCountries, (input, ctx) =>
    setRestricted(ctx.app, actorOf(ctx), input),
  ),
  consoleHandle(c.fundOptionPool, (input, ctx) => fundPool(ctx.app, actorOf(ctx), input)),
  consoleHandle(c.optionExposure, (_input, ctx) => exposure(ctx.app)),
  consoleHandle(c.optionPoolPnl, (input, ctx) => pnl(ctx.app, input)),
  consoleHandle(c.listOptionOrders, (input, ctx) => orders(ctx.app, input)),
];
