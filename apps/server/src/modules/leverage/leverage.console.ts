import {
  formatMoney,
  leverageConsoleCalls as c,
  parseMoney,
  positionPnl,
  QUOTE_CURRENCY,
  validLeverageTerms,
  validTierSteps,
  type AccountMode,
  type LeverageDirection,
  type LeverageStatus,
  type MemberTier,
} from '@tidemark/contract';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { accountEntries, systemBalances } from '../../ledger/queries';
import { audit, type Actor } from '../console/console.audit';
import { fundFromTreasury } from '../console/console.funding';
import { actorOf, consoleHandle, type BoundConsoleCall } from '../console/console.http';
import * as repo from './leverage.repository';
import { positionSources, tierSteps, toPosition } from './leverage.service';

/**
 * The operator's leverage calls. Terms and tiers apply to positions opened afterwards (every
 * position keeps its own copy); each change is audited with its before and after. Nothing here
 * reads or writes a tick, a price, a position's entry or exit, or a P&L: exposure and coverage are
 * computed from the feed's last ticks, never stored.
 */

const CURRENCY = QUOTE_CURRENCY;

export async function termsView(app: AppContext, db = app.db) {
  const [row, steps] = await Promise.all([repo.terms(db), tierSteps(app, db)]);
  if (!row) throw new Error('leverage terms are not seeded');
  return {
    lotPrice: formatMoney(row.lot_price),
    openFeeRate: formatMoney(row.open_fee_rate),
    closeFeeRate: formatMoney(row.close_fee_rate),
    maintenanceRate: formatMoney(row.maintenance_rate),
    negativeBalanceProtection: row.protection === 1n,
    tiers: steps.map((s) => ({
      tier: s.tier,
      threshold: formatMoney(s.threshold),
      maxMultiple: s.maxMultiple,
    })),
    updatedAt: Number(row.updated_at),
  };
}

export async function setTerms(
  app: AppContext,
  actor: Actor,
  input: {
    lotPrice?: string | undefined;
    openFeeRate?: string | undefined;
    closeFeeRate?: string | undefined;
    maintenanceRate?: string | undefined;
    negativeBalanceProtection?: boolean | undefined;
  },
) {
  const now = BigInt(app.clock.now());
  await app.writer.run(async (trx) => {
    const before = await repo.terms(trx);
    if (!before) throw new Error('leverage terms are not seeded');
    const pick = (text: string | undefined, old: bigint) =>
      text === undefined ? old : parseMoney(text);
    const next = {
      lotPrice: pick(input.lotPrice, before.lot_price),
      openFeeRate: pick(input.openFeeRate, before.open_fee_rate),
      closeFeeRate: pick(input.closeFeeRate, before.close_fee_rate),
      maintenanceRate: pick(input.maintenanceRate, before.maintenance_rate),
    };
    if (!validLeverageTerms(next)) throw new DomainError('leverageTermsInvalid');
    const shownBefore = await termsView(app, trx);
    await trx
      .updateTable('leverage_terms')
      .set({
        lot_price: next.lotPrice,
        open_fee_rate: next.openFeeRate,
        close_fee_rate: next.closeFeeRate,
        maintenance_rate: next.maintenanceRate,
        protection:
          input.negativeBalanceProtection === undefined
            ? before.protection
            : input.negativeBalanceProtection
              ? 1n
              : 0n,
        updated_at: now,
      })
      .where('id', '=', 1n)
      .execute();
    const { tiers: _b, ...beforeTerms } = shownBefore;
    const { tiers: _a, ...afterTerms } = await termsView(app, trx);
    await audit(app, trx, actor, {
      action: 'leverage.terms',
      targetType: 'leverage',
      targetId: 'terms',
      before: beforeTerms,
      after: afterTerms,
    });
  });
  return termsView(app);
}

export async function setTier(
  app: AppContext,
  actor: Actor,
  input: { tier: MemberTier; threshold?: string | undefined; maxMultiple?: number | undefined },
) {
  const now = BigInt(app.clock.now());
  await app.writer.run(async (trx) => {
    const steps = await tierSteps(app, trx);
    const at = steps.findIndex((s) => s.tier === input.tier);
    const before = steps[at];
    if (!before) throw new DomainError('notFound');
    const after = {
      ...before,
      threshold: input.threshold === undefined ? before.threshold : parseMoney(input.threshold),
      maxMultiple: input.maxMultiple ?? before.maxMultiple,
    };
    const next = steps.map((s, i) => (i === at ? after : s));
    if (!validTierSteps(next)) throw new DomainError('leverageTermsInvalid');
    await trx
      .updateTable('leverage_tiers')
      .set({
        threshold: after.threshold,
        max_multiple: BigInt(after.maxMultiple),
        updated_at: now,
      })
      .where('tier', '=', input.tier)
      .execute();
    await audit(app, trx, actor, {
      action: 'leverage.tier',
      targetType: 'leverage',
      targetId: `tier:${input.tier}`,
      before: { threshold: formatMoney(before.threshold), maxMultiple: before.maxMultiple },
      after: { threshold: formatMoney(after.threshold), maxMultiple: after.maxMultiple },
    });
  });
  return termsView(app);
}

export async function exposure(app: AppContext) {
  const open = await repo.openSummary(app.db);
  const rows = new Map<
    string,
    {
      symbol: string;
      book: AccountMode;
      count: number;
      long: bigint;
      short: bigint;
      held: bigint;
      pnl: bigint;
      mark: bigint | null;
    }
  >();
  const profit = new Map<AccountMode, bigint>();
  for (const p of open) {
    const book = p.book as AccountMode;
    const key = `${book}|${p.symbol}`;
    const mark = app.market.lastTick(p.symbol)?.price ?? null;
    let row = rows.get(key);
    if (!row) {
      row = { symbol: p.symbol, book, count: 0, long: 0n, short: 0n, held: 0n, pnl: 0n, mark };
      rows.set(key, row);
    }
    const direction = p.direction as LeverageDirection;
    row.count += 1;
    if (direction === 'long') row.long += p.value;
    else row.short += p.value;
    row.held += p.margin + p.top_up;
    if (mark !== null) {
      const pnl = positionPnl(direction, p.value, p.entry_price, mark);
      row.pnl += pnl;
      if (pnl > 0n) profit.set(book, (profit.get(book) ?? 0n) + pnl);
    }
  }
  const books = [];
  for (const book of ['real', 'demo'] as const) {
    const fund = (await systemBalances(app.db, book, 'insurance_fund')).get(CURRENCY) ?? 0n;
    const negative = await app.db
      .selectFrom('ledger_accounts')
      .select((eb) => [
        eb.fn.countAll().as('n'),
        eb.fn.sum<bigint | string | null>('balance').as('s'),
      ])
      .where('owner', '=', 'user')
      .where('book', '=', book)
      .where('wallet', '=', 'contract')
      .where('balance', '<', 0n)
      .executeTakeFirstOrThrow();
    const openProfit = profit.get(book) ?? 0n;
    books.push({
      book,
      fundBalance: formatMoney(fund),
      openProfit: formatMoney(openProfit),
      headroom: formatMoney(fund - openProfit),
      negativeWallets: Number(negative.n),
      negativeTotal: formatMoney(BigInt(negative.s ?? 0)),
    });
  }
  return {
    rows: [...rows.values()]
      .sort((a, b) => a.book.localeCompare(b.book) || a.symbol.localeCompare(b.symbol))
      .map((r) => ({
        symbol: r.symbol,
        book: r.book,
        openPositions: r.count,
        longValue: formatMoney(r.long),
        shortValue: formatMoney(r.short),
        held: formatMoney(r.held),
        unrealisedPnl: formatMoney(r.pnl),
        markPrice: r.mark === null ? null : formatMoney(r.mark),
      })),
    books,
  };
}

export async function positions(
  app: AppContext,
  input: {
    userId?: number | undefined;
    book?: AccountMode | undefined;
    status?: LeverageStatus | undefined;
    page: number;
    pageSize: number;
  },
) {
  const { rows, total } = await repo.positionPage(app.db, {
    userId: input.userId,
    book: input.book,
    status: input.status,
    offset: (input.page - 1) * input.pageSize,
    limit: input.pageSize,
  });
  const sources = await positionSources(app, rows);
  return {
    list: rows.map((row) => ({
      ...toPosition(row, app.market.lastTick(row.symbol), sources),
      userId: Number(row.user_id),
    })),
    total,
    page: input.page,
    pageSize: input.pageSize,
  };
}

function movementKind(reference: string): 'funding' | 'pnl' | 'gap' | 'other' {
  if (reference.startsWith('insurance-fund:')) return 'funding';
  if (reference.startsWith('leverage:') && reference.endsWith(':gap')) return 'gap';
  if (reference.startsWith('leverage:')) return 'pnl';
  return 'other';
}

export async function fund(
  app: AppContext,
  input: { book: AccountMode; page: number; pageSize: number },
) {
  const account = await app.db
    .selectFrom('ledger_accounts')
    .select(['id', 'balance'])
    .where('owner', '=', 'system')
    .where('book', '=', input.book)
    .where('wallet', '=', 'insurance_fund')
    .where('currency', '=', CURRENCY)
    .executeTakeFirst();
  const empty = { list: [], total: 0, page: input.page, pageSize: input.pageSize };
  if (!account) return { book: input.book, balance: formatMoney(0n), movements: empty };
  // The fund's entries through the ledger's per-account index and the journal's tail.
  const fundAccount = app.db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('id', '=', account.id);
  const base = app.db.selectFrom(accountEntries(app.db, fundAccount).as('ledger_entries'));
  const [rows, count] = await Promise.all([
    base
      .innerJoin('ledger_transactions as t', 't.id', 'ledger_entries.transaction_id')
      .select([
        'ledger_entries.transaction_id',
        'ledger_entries.amount',
        'ledger_entries.balance_after',
        'ledger_entries.created_at',
        't.reference',
      ])
      .orderBy('ledger_entries.id', 'desc')
      .offset((input.page - 1) * input.pageSize)
      .limit(input.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    book: input.book,
    balance: formatMoney(BigInt(account.balance)),
    movements: {
      list: rows.map((r) => ({
        transactionId: Number(r.transaction_id),
        time: Number(r.created_at),
        amount: formatMoney(BigInt(r.amount)),
        balanceAfter: formatMoney(BigInt(r.balance_after)),
        kind: movementKind(r.reference),
        reference: r.reference,
      })),
      total: Number(count.n),
      page: input.page,
      pageSize: input.pageSize,
    },
  };
}

export async function fundInsurance(
  app: AppContext,
  actor: Actor,
  input: { book: AccountMode; amount: string },
) {
  await fundFromTreasury(app, actor, {
    book: input.book,
    wallet: 'insurance_fund',
    currency: CURRENCY,
    amount: input.amount,
    reference: `insurance-fund:${input.book}:fund`,
    audit: {
      action: 'leverage.fund',
      targetType: 'leverage',
      targetId: `insurance-fund:${input.book}`,
      field: 'fundBalance',
    },
  });
  return exposure(app);
}

/** Every operator leverage call with its handler. */
export const leverageConsoleRoutes: readonly BoundConsoleCall[] = [
  consoleHandle(c.listLeverageTerms, (_input, ctx) => termsView(ctx.app)),
  consoleHandle(c.setLeverageTerms, (input, ctx) => setTerms(ctx.app, actorOf(ctx), input)),
  consoleHandle(c.setLeverageTier, (input, ctx) => setTier(ctx.app, actorOf(ctx), input)),
  consoleHandle(c.leverageExposure, (_input, ctx) => exposure(ctx.app)),
  consoleHandle(c.listLeveragePositions, (input, ctx) => positions(ctx.app, input)),
  consoleHandle(c.leverageFund, (input, ctx) => fund(ctx.app, input)),
  consoleHandle(c.fundInsurance, (input, ctx) => fundInsurance(ctx.app, actorOf(ctx), input)),
];
