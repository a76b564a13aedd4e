import {
  financialConsoleCalls as c,
  formatMoney,
  MONEY_UNIT,
  parseMoney,
  QUOTE_CURRENCY,
  trimDecimal,
  validFinancialRates,
  type AccountMode,
  type ConsoleMoneyProduct,
  type ConsoleYieldReserve,
} from '@tidemark/contract';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { systemBalances } from '../../ledger/queries';
import { audit, type Actor } from '../console/console.audit';
import { fundFromTreasury } from '../console/console.funding';
import { actorOf, consoleHandle, type BoundConsoleCall } from '../console/console.http';
import * as repo from './financial.repository';
import { toOrder, toProduct } from './financial.service';
import type { FinancialProductRow, NewFinancialProductRow } from './financial.table';

/**
 * The operator's financial calls. Terms apply to orders placed afterwards (each order keeps its
 * copy); every change is audited with its before and after. Funding moves USDT from the book's
 * treasury to its yield reserve through the ledger. Nothing here touches a paid dividend or an
 * order.
 */

const CURRENCY = QUOTE_CURRENCY;
const BOOKS = ['demo', 'real'] as const;

export async function products(app: AppContext): Promise<{ list: ConsoleMoneyProduct[] }> {
  const [rows, open] = await Promise.all([repo.products(app.db), repo.openPrincipal(app.db)]);
  const now = app.clock.now();
  return {
    list: rows.map((row) => {
      const mine = open.filter((o) => o.product_id === row.id);
      // Status and remaining as the real book's traders see them.
      const real = mine.find((o) => o.book === 'real')?.principal ?? 0n;
      return {
        ...toProduct(row, real, now),
        enabled: row.enabled === 1n,
        updatedAt: Number(row.updated_at),
        open: BOOKS.map((book) => {
          const o = mine.find((x) => x.book === book);
          return {
            book,
            orders: Number(o?.orders ?? 0n),
            principal: formatMoney(o?.principal ?? 0n),
          };
        }),
      };
    }),
  };
}

interface TermsInput {
  tier?: string | undefined;
  name?: string | undefined;
  days?: number | undefined;
  dailyRate?: string | undefined;
  minAmount?: string | undefined;
  maxAmount?: string | undefined;
  capacity?: string | undefined;
  dividendTime?: string | undefined;
  timeZone?: string | undefined;
  penaltyRate?: string | undefined;
  lock?: boolean | undefined;
  saleStart?: number | null | undefined;
  saleEnd?: number | null | undefined;
  enabled?: boolean | undefined;
}

type Terms = Omit<NewFinancialProductRow, 'id' | 'created_at' | 'updated_at'>;

function termsOf(row: FinancialProductRow): Terms {
  const { id: _id, created_at: _c, updated_at: _u, ...terms } = row;
  return terms;
}

/** The stored terms with the input's changes, checked as a whole. */
function merged(base: Terms, input: TermsInput): Terms {
  const t: Terms = {
    tier: input.tier ?? base.tier,
    name: input.name ?? base.name,
    days: input.days !== undefined ? BigInt(input.days) : base.days,
    daily_rate: input.dailyRate !== undefined ? parseMoney(input.dailyRate) : base.daily_rate,
    min_amount: input.minAmount !== undefined ? parseMoney(input.minAmount) : base.min_amount,
    max_amount: input.maxAmount !== undefined ? parseMoney(input.maxAmount) : base.max_amount,
    capacity: input.capacity !== undefined ? parseMoney(input.capacity) : base.capacity,
    dividend_time: input.dividendTime ?? base.dividend_time,
    time_zone: input.timeZone ?? base.time_zone,
    penalty_rate:
      input.penaltyRate !== undefined ? parseMoney(input.penaltyRate) : base.penalty_rate,
    lock: input.lock !== undefined ? (input.lock ? 1n : 0n) : base.lock,
    sale_start:
      input.saleStart !== undefined
        ? input.saleStart === null
          ? null
          : BigInt(input.saleStart)
        : (base.sale_start ?? null),
    sale_end:
      input.saleEnd !== undefined
        ? input.saleEnd === null
          ? null
          : BigInt(input.saleEnd)
        : (base.sale_end ?? null),
    enabled: input.enabled !== undefined ? (input.enabled ? 1n : 0n) : base.enabled,
  };
  const minAmount = BigInt(t.min_amount);
  const maxAmount = BigInt(t.max_amount);
  const valid =
    validFinancialRates(BigInt(t.daily_rate), BigInt(t.penalty_rate)) &&
    minAmount > 0n &&
    minAmount <= maxAmount &&
    // One purchase can be no larger than the whole package.
    BigInt(t.capacity) >= maxAmount &&
    (t.sale_start === null || t.sale_end === null || BigInt(t.sale_end!) > BigInt(t.sale_start!));
  if (!valid) throw new DomainError('financialTermsInvalid');
  return t;
}

const shown = (t: Terms) => ({
  ...t,
  daily_rate: formatMoney(BigInt(t.daily_rate)),
  min_amount: formatMoney(BigInt(t.min_amount)),
  max_amount: formatMoney(BigInt(t.max_amount)),
  capacity: formatMoney(BigInt(t.capacity)),
  penalty_rate: formatMoney(BigInt(t.penalty_rate)),
});

const EMPTY: Terms = {
  tier: 'beginner',
  name: '',
  days: 0n,
  daily_rate: 0n,
  min_amount: 0n,
  max_amount: 0n,
  capacity: 0n,
  dividend_time: '00:00',
  time_zone: 'UTC',
  penalty_rate: 0n,
  lock: 0n,
  sale_start: null,
  sale_end: null,
  enabled: 1n,
};

export async function addProduct(app: AppContext, actor: Actor, input: TermsInput) {
  const terms = merged(EMPTY, input);
  const now = BigInt(app.clock.now());
  await app.writer.run(async (trx) => {
    const row = await repo.insertProduct(trx, { ...terms, created_at: now, updated_at: now });
    await audit(app, trx, actor, {
      action: 'financial.productAdd',
      targetType: 'financial',
      targetId: `product:${row.id}`,
      after: shown(terms),
    });
  });
  return products(app);
}

export async function setProduct(
  app: AppContext,
  actor: Actor,
  input: TermsInput & { id: number },
) {
  const now = BigInt(app.clock.now());
  await app.writer.run(async (trx) => {
    const before = await repo.product(trx, input.id);
    if (!before) throw new DomainError('notFound');
    const terms = merged(termsOf(before), input);
    // Capacity below what the package's open orders already hold (in either book) would promise
    // what is already sold: refused, naming the field and the amount.
    const sold = (await repo.openPrincipal(trx))
      .filter((o) => o.product_id === before.id)
      .reduce((most, o) => (o.principal > most ? o.principal : most), 0n);
    if (BigInt(terms.capacity) < sold)
      throw new DomainError('financialCapacityBelowSold', { sold: trimDecimal(formatMoney(sold)) });
    await trx
      .updateTable('financial_products')
      .set({ ...terms, updated_at: now })
      .where('id', '=', before.id)
      .execute();
    await audit(app, trx, actor, {
      action: 'financial.product',
      targetType: 'financial',
      targetId: `product:${before.id}`,
      before: shown(termsOf(before)),
      after: shown(terms),
    });
  });
  return products(app);
}

export async function reserve(app: AppContext): Promise<ConsoleYieldReserve> {
  const open = await repo.openPrincipal(app.db);
  const books = await Promise.all(
    BOOKS.map(async (book) => {
      const balance = (await systemBalances(app.db, book, 'yield_reserve')).get(CURRENCY) ?? 0n;
      const promised = await repo.promised(app.database, app.db, book, false);
      return {
        book,
        balance: formatMoney(balance),
        promised: formatMoney(promised),
        headroom: formatMoney(balance - promised),
        coverage: promised > 0n ? formatMoney((balance * MONEY_UNIT) / promised) : null,
        openOrders: open.filter((o) => o.book === book).reduce((n, o) => n + Number(o.orders), 0),
      };
    }),
  );
  return { books };
}

export async function fundReserve(
  app: AppContext,
  actor: Actor,
  input: { book: AccountMode; amount: string },
) {
  await fundFromTreasury(app, actor, {
    book: input.book,
    wallet: 'yield_reserve',
    currency: CURRENCY,
    amount: input.amount,
    reference: `yield-reserve:${input.book}:fund`,
    audit: {
      action: 'financial.reserveFund',
      targetType: 'financial',
      targetId: `reserve:${input.book}`,
      field: 'balance',
    },
  });
  return reserve(app);
}

export async function orders(
  app: AppContext,
  input: {
    userId?: number | undefined;
    book?: AccountMode | undefined;
    status?: number | undefined;
    page: number;
    pageSize: number;
  },
) {
  const { rows, total } = await repo.orderPage(app.db, {
    userId: input.userId,
    book: input.book,
    status: input.status === undefined ? undefined : BigInt(input.status),
    offset: (input.page - 1) * input.pageSize,
    limit: input.pageSize,
  });
  const now = app.clock.now();
  return {
    list: rows.map((row) => ({ ...toOrder(row, now), userId: Number(row.user_id) })),
    total,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** Every operator financial call with its handler. */
export const financialConsoleRoutes: readonly BoundConsoleCall[] = [
  consoleHandle(c.listMoneyProducts, (_input, ctx) => products(ctx.app)),
  consoleHandle(c.addMoneyProduct, (input, ctx) => addProduct(ctx.app, actorOf(ctx), input)),
  consoleHandle(c.setMoneyProduct, (input, ctx) => setProduct(ctx.app, actorOf(ctx), input)),
  consoleHandle(c.yieldReserve, (_input, ctx) => reserve(ctx.app)),
  consoleHandle(c.fundYieldReserve, (input, ctx) => fundReserve(ctx.app, actorOf(ctx), input)),
  consoleHandle(c.listMoneyOrders, (input, ctx) => orders(ctx.app, input)),
];
