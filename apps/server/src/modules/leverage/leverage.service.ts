import {
  closeFigures,
  firedTrigger,
  formatMoney,
  leverageCalls,
  type LeverageClosedBy,
  type LeverageDirection,
  type LeverageEvent,
  type LeveragePnlEvent,
  type LeveragePosition,
  type LeverageTerms,
  leverageTermsVersion,
  liquidationPrice,
  MEMBER_TIERS,
  type MemberTier,
  type MemberTierInfo,
  MONEY_UNIT,
  multiplesUpTo,
  neededAmount,
  openFigures,
  ORDER_TAB,
  parseMoney,
  positionPnl,
  QUOTE_CURRENCY,
  TIER_VOLUME_DAYS,
  tierOf,
  type TierStep,
  tpSlPassed,
  tpSlSides,
  validLeverageTerms,
  validTierSteps,
} from '@tidemark/contract';
import type { Trx } from '../../db/database';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import type { Book } from '../../ledger/accounts';
import { fundOnce } from '../../ledger/funding';
import { once } from '../../ledger/idempotency';
import { ledgerSql, type LedgerSql } from '../../ledger/ledger.sql';
import { systemBalances, userBalances } from '../../ledger/queries';
import type { Tick } from '../../market/tick-log';
import { userChannel } from '../../realtime/hub';
import { notifyBalances } from '../assets/assets.service';
import { openMarketOrEarlier } from '../market/market.open';
import { NO_SOURCES, sourcesBySeq, sourcesOfTick, type SourcesBySeq } from '../market/tick-sources';
import { recordTradingResult } from '../team/team.service';
import {
  closePostings,
  openPostings,
  topUpPostings,
  TriggerIndex,
  type IndexedPosition,
} from './leverage.engine';
import * as repo from './leverage.repository';
import type { LeveragePositionRow, LeverageTermsRow } from './leverage.table';

/**
 * The leveraged contract's rules (DESIGN.md section 3). Positions use the contract wallet of the
 * caller's book: the margin is frozen there, the insurance fund is the counterparty of the P&L and
 * covers negative equity while protection is on. Every figure comes from the contract's rules,
 * every price from a logged tick, every term from the position's own copy.
 */

const CURRENCY = QUOTE_CURRENCY;
const DAY_MS = 86_400_000;

// --- state: the trigger index of this process -------------------------------------------------------

/** An open position as the index keeps it: its triggers, and its row as last written. */
export interface TrackedPosition extends IndexedPosition {
  row: LeveragePositionRow;
}

export interface LeverageState {
  index: TriggerIndex<TrackedPosition>;
  /** The last tick the jobs checked (in memory; stored now and then). */
  checkedSeq: number;
  /** The last tick of each symbol the jobs checked. */
  checkedBySymbol: Map<string, number>;
  /** Positions indexed after ticks past their entry were checked: the jobs look those ticks up. */
  catchUp: TrackedPosition[];
  /**
   * Positions out of the index until their catch-up closes them at their first crossing (their
   * close was refused: the fund was short, or the unit failed); never closed at a later tick.
   */
  waiting: Set<number>;
  loaded: boolean;
  /**
   * Scale-out, while another process runs the triggers: a position opened, changed or closed
   * here is announced to it (LEVERAGE_POSITION_TOPIC) rather than indexed here.
   */
  following: boolean;
}

/** The announcement of a position that changed in a process not running the triggers. */
export const LEVERAGE_POSITION_TOPIC = 'leverage.position';

const states = new WeakMap<AppContext, LeverageState>();

export function stateOf(app: AppContext): LeverageState {
  let state = states.get(app);
  if (!state) {
    state = {
      index: new TriggerIndex<TrackedPosition>(),
      checkedSeq: 0,
      checkedBySymbol: new Map(),
      catchUp: [],
      waiting: new Set(),
      loaded: false,
      following: false,
    };
    states.set(app, state);
  }
  return state;
}

export function indexed(row: LeveragePositionRow): TrackedPosition {
  return {
    row,
    id: Number(row.id),
    userId: Number(row.user_id),
    book: row.book as Book,
    symbol: row.symbol,
    direction: row.direction as LeverageDirection,
    takeProfit: row.take_profit,
    stopLoss: row.stop_loss,
    liquidation: row.liquidation_price,
    entrySeq: Number(row.entry_seq),
    value: row.value,
    entry: row.entry_price,
    held: row.margin + row.top_up,
  };
}

/** An open position enters (or changes in) the index; one entered before the checked ticks is caught up. */
export function track(app: AppContext, row: LeveragePositionRow): void {
  const state = stateOf(app);
  if (state.following) app.bus.announce(LEVERAGE_POSITION_TOPIC, { id: Number(row.id) });
  if (!state.loaded) return;
  const position = indexed(row);
  state.waiting.delete(position.id);
  state.index.upsert(position);
  // A tick of its symbol after its entry was checked before it was here: look those ticks up.
  if (position.entrySeq < (state.checkedBySymbol.get(position.symbol) ?? 0))
    state.catchUp.push(position);
}

export function untrack(app: AppContext, id: bigint): void {
  const state = stateOf(app);
  if (state.following) app.bus.announce(LEVERAGE_POSITION_TOPIC, { id: Number(id) });
  state.index.remove(Number(id));
  state.waiting.delete(Number(id));
}

// --- terms and tiers --------------------------------------------------------------------------------

async function termsRow(app: AppContext, db = app.db): Promise<LeverageTermsRow> {
  const row = await repo.terms(db);
  if (!row) throw new Error('leverage terms are not seeded');
  return row;
}

/** The version of the terms a position opened now is bound by (the open call's termsVersion). */
const termsVersionOf = (row: LeverageTermsRow) =>
  leverageTermsVersion({
    lotPrice: row.lot_price,
    openFeeRate: row.open_fee_rate,
    closeFeeRate: row.close_fee_rate,
    maintenanceRate: row.maintenance_rate,
    protection: row.protection === 1n,
  });

export async function tierSteps(app: AppContext, db = app.db): Promise<TierStep[]> {
  return (await repo.tiers(db)).map((t) => ({
    tier: t.tier as MemberTier,
    threshold: t.threshold,
    maxMultiple: Number(t.max_multiple),
  }));
}

const tierTerms = (s: TierStep) => ({
  tier: s.tier,
  threshold: formatMoney(s.threshold),
  maxMultiple: s.maxMultiple,
  multiples: multiplesUpTo(s.maxMultiple),
});

/** The symbols a position may be opened on: open coins whose ticks are logged. */
function tradable(app: AppContext, symbol: string): boolean {
  const product = app.market.product(symbol);
  return Boolean(product?.tradingOpen && product.options);
}

export async function terms(app: AppContext): Promise<LeverageTerms> {
  const [row, steps] = await Promise.all([termsRow(app), tierSteps(app)]);
  return {
    lotPrice: formatMoney(row.lot_price),
    openFeeRate: formatMoney(row.open_fee_rate),
    closeFeeRate: formatMoney(row.close_fee_rate),
    maintenanceRate: formatMoney(row.maintenance_rate),
    negativeBalanceProtection: row.protection === 1n,
    termsVersion: termsVersionOf(row),
    tiers: steps.map(tierTerms),
    volumeDays: TIER_VOLUME_DAYS,
    products: app.market
      .products()
      .filter((p) => p.options)
      .map((p) => ({ symbol: p.symbol, enabled: tradable(app, p.symbol) })),
  };
}

/** The member tier from the 30-day real-book volume; the users row follows it. */
export async function memberTier(app: AppContext, userId: number): Promise<MemberTierInfo> {
  const since = app.clock.now() - TIER_VOLUME_DAYS * DAY_MS;
  const [parts, steps] = await Promise.all([
    repo.volumeSince(app.db, userId, since),
    tierSteps(app),
  ]);
  const volume = parts.spot + parts.options + parts.contracts;
  const { current, next, progress } = tierOf(volume, steps);
  const user = await app.db
    .selectFrom('users')
    .select('member_tier')
    .where('id', '=', BigInt(userId))
    .executeTakeFirst();
  if (user && user.member_tier !== current.tier) {
    await app.writer.run((trx) =>
      trx
        .updateTable('users')
        .set({ member_tier: current.tier })
        .where('id', '=', BigInt(userId))
        .execute(),
    );
  }
  return {
    tier: current.tier,
    multiples: multiplesUpTo(current.maxMultiple),
    volume: formatMoney(volume),
    volumeDays: TIER_VOLUME_DAYS,
    parts: {
      spot: formatMoney(parts.spot),
      options: formatMoney(parts.options),
      contracts: formatMoney(parts.contracts),
    },
    next: next && {
      tier: next.tier,
      threshold: formatMoney(next.threshold),
      multiples: multiplesUpTo(next.maxMultiple),
    },
    progress: formatMoney(progress > MONEY_UNIT ? MONEY_UNIT : progress),
    tiers: steps.map(tierTerms),
  };
}

export async function userMultiple(app: AppContext, userId: number) {
  const { tier, multiples } = await memberTier(app, userId);
  return { tier, multiples };
}

// --- the contract account -------------------------------------------------------------------------------

export async function openContract(app: AppContext, userId: number): Promise<{ opened: true }> {
  const now = app.clock.now();
  await app.writer.run((trx) => repo.openAccount(trx, userId, now));
  return { opened: true };
}

export async function contractStatus(app: AppContext, userId: number) {
  const openedAt = await repo.openedAt(app.db, userId);
  return { opened: openedAt !== null, openedAt };
}

// --- reading ----------------------------------------------------------------------------------------------

const money = (v: bigint | null) => (v === null ? null : formatMoney(v));

/** The entry and exit ticks' sources of positions (live ticks only), from the tick log. */
export function positionSources(
  app: AppContext,
  rows: readonly LeveragePositionRow[],
): Promise<SourcesBySeq> {
  return sourcesBySeq(
    app.db,
    rows
      .flatMap((r) => (r.exit_seq === null ? [r.entry_seq] : [r.entry_seq, r.exit_seq]))
      .map(Number),
  );
}

/** A stored tick as a position shows it, with a live tick's sources. */
function shownTick(price: bigint, time: bigint, seq: bigint, sources: SourcesBySeq) {
  const tick: LeveragePosition['entry'] = {
    price: formatMoney(price),
    time: Number(time),
    feedSeq: Number(seq),
  };
  const found = sources.get(Number(seq));
  if (found)
    tick.sources = found.map((s) => ({ name: s.name, price: formatMoney(s.price), time: s.time }));
  return tick;
}

export function toPosition(
  row: LeveragePositionRow,
  mark?: Tick,
  sources: SourcesBySeq = NO_SOURCES,
): LeveragePosition {
  const open = row.status === 'open';
  const held = row.margin + row.top_up;
  const direction = row.direction as LeverageDirection;
  const livePnl =
    open && mark ? positionPnl(direction, row.value, row.entry_price, mark.price) : null;
  const pnl = open ? livePnl : row.pnl;
  return {
    id: Number(row.id),
    symbol: row.symbol,
    direction,
    lots: Number(row.lots),
    lotPrice: formatMoney(row.lot_price),
    multiple: Number(row.multiple),
    margin: formatMoney(row.margin),
    entryPrice: formatMoney(row.entry_price),
    liquidationPrice: money(row.liquidation_price),
    takeProfit: money(row.take_profit),
    stopLoss: money(row.stop_loss),
    openFee: formatMoney(row.open_fee),
    status: open ? 'open' : 'closed',
    openTime: Number(row.open_time),
    positionValue: formatMoney(row.value),
    topUp: formatMoney(row.top_up),
    openFeeRate: formatMoney(row.open_fee_rate),
    closeFeeRate: formatMoney(row.close_fee_rate),
    maintenanceRate: formatMoney(row.maintenance_rate),
    maintenance: formatMoney(row.maintenance),
    protection: row.protection === 1n,
    mode: row.book as Book,
    entry: shownTick(row.entry_price, row.entry_time, row.entry_seq, sources),
    exit:
      row.exit_price === null || row.exit_time === null || row.exit_seq === null
        ? null
        : shownTick(row.exit_price, row.exit_time, row.exit_seq, sources),
    exitPrice: money(row.exit_price),
    closeTime: row.close_time === null ? null : Number(row.close_time),
    closeFee: money(row.close_fee),
    pnl: money(pnl),
    markPrice: open && mark ? formatMoney(mark.price) : null,
    equity: pnl === null ? null : formatMoney(held + pnl),
    closedBy: (row.closed_by as LeverageClosedBy | null) ?? null,
    payout: money(row.payout),
    gapCovered: money(row.gap),
  };
}

async function own(app: AppContext, userId: number, positionId: number) {
  const row = await repo.position(app.database, app.db, positionId);
  // Another user's position is "not found", never shown.
  if (!row || Number(row.user_id) !== userId) throw new DomainError('notFound');
  return row;
}

export async function result(app: AppContext, userId: number, positionId: number) {
  const row = await own(app, userId, positionId);
  return toPosition(row, app.market.lastTick(row.symbol), await positionSources(app, [row]));
}

export async function openList(
  app: AppContext,
  userId: number,
  book: Book,
  symbol: string | undefined,
): Promise<{ list: LeveragePosition[] }> {
  const rows = await repo.userOpen(app.db, userId, book, symbol);
  const sources = await positionSources(app, rows);
  return { list: rows.map((r) => toPosition(r, app.market.lastTick(r.symbol), sources)) };
}

export async function positionList(
  app: AppContext,
  userId: number,
  book: Book,
  query: { tab: number; symbol?: string | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await repo.positionPage(app.db, {
    userId,
    book,
    status: query.tab === ORDER_TAB.current ? 'open' : 'closed',
    symbol: query.symbol,
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  const sources = await positionSources(app, rows);
  return {
    list: rows.map((r) => toPosition(r, app.market.lastTick(r.symbol), sources)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

// --- opening -------------------------------------------------------------------------------------------

/** The contract wallet's USDT: negative needs a top-up first (SPEC.md "negative balance"). */
export async function contractBalance(trx: Trx, userId: number, book: Book): Promise<bigint> {
  const rows = await userBalances(trx, userId, book);
  return BigInt(
    rows.find((r) => r.wallet === 'contract' && r.currency === CURRENCY)?.balance ?? 0n,
  );
}

/** The last tick of a symbol, once it is in the log (an entry or exit names a logged tick). */
async function durableTick(app: AppContext, symbol: string): Promise<Tick> {
  const tick = app.market.lastTick(symbol);
  if (!tick || !(await app.market.tickDurable(tick.seq))) throw new DomainError('currencyNotOpen');
  return tick;
}

const priceOrNull = (text: string | undefined) =>
  text === undefined || text === '' ? null : parseMoney(text);

function checkSides(
  direction: LeverageDirection,
  entry: bigint,
  takeProfit: bigint | null,
  stopLoss: bigint | null,
): void {
  const sides = tpSlSides(direction, entry, takeProfit, stopLoss);
  if (!sides.takeProfit) throw new DomainError('leverageTakeProfitSide');
  if (!sides.stopLoss) throw new DomainError('leverageStopLossSide');
}

/** A take-profit or stop-loss the last price already reached would fire at once: refused. */
function checkNotPassed(
  direction: LeverageDirection,
  mark: bigint | undefined,
  takeProfit: bigint | null,
  stopLoss: bigint | null,
): void {
  if (mark === undefined) return;
  const passed = tpSlPassed(direction, mark, takeProfit, stopLoss);
  if (passed.takeProfit) throw new DomainError('leverageTakeProfitPassed');
  if (passed.stopLoss) throw new DomainError('leverageStopLossPassed');
}

export interface InsertInput {
  userId: number;
  book: Book;
  symbol: string;
  direction: LeverageDirection;
  lots: number;
  multiple: number;
  takeProfit?: string | undefined;
  stopLoss?: string | undefined;
  /** The terms the trader confirmed (findLeverageTerms.termsVersion); absent: the current ones. */
  termsVersion?: string | undefined;
  idempotencyKey: string | undefined;
  call: string;
}

export async function insert(app: AppContext, input: InsertInput): Promise<LeveragePosition> {
  const { userId, book, symbol, direction } = input;
  if ((await repo.openedAt(app.db, userId)) === null) throw new DomainError('contractNotOpened');
  if (input.lots < 1 || !Number.isInteger(input.lots)) throw new DomainError('leverageLots');
  if (input.lots > leverageCalls.LOTS_MAX)
    throw new DomainError('leverageLotsMax', { max: leverageCalls.LOTS_MAX_TEXT });
  if (!tradable(app, symbol)) throw new DomainError('currencyNotOpen');
  const keyed = {
    userId,
    call: input.call,
    key: input.idempotencyKey,
    input: {
      symbol,
      direction,
      lots: input.lots,
      multiple: input.multiple,
      takeProfit: input.takeProfit ?? '',
      stopLoss: input.stopLoss ?? '',
      book,
    },
  };
  // A blind market opens nothing: its last price may be far from the market's (issue 17).
  const earlier = await openMarketOrEarlier<LeveragePosition>(app, symbol, keyed);
  if (earlier) return earlier;
  const { multiples } = await userMultiple(app, userId);
  if (!multiples.includes(input.multiple))
    throw new DomainError('leverageMultiple', {
      multiples: multiples.map((x) => `${x}x`).join(', '),
    });
  const takeProfit = priceOrNull(input.takeProfit);
  const stopLoss = priceOrNull(input.stopLoss);
  const tick = await durableTick(app, symbol);
  checkSides(direction, tick.price, takeProfit, stopLoss);
  const now = app.clock.now();
  const t = await termsRow(app);
  // Charged only with the terms the trader saw before confirming (DESIGN.md section 1).
  if (input.termsVersion !== undefined && input.termsVersion !== termsVersionOf(t))
    throw new DomainError('leverageTermsChanged');
  const f = openFigures({
    lots: input.lots,
    lotPrice: t.lot_price,
    multiple: input.multiple,
    openFeeRate: t.open_fee_rate,
    maintenanceRate: t.maintenance_rate,
  });
  const liquidation = liquidationPrice({
    direction,
    value: f.value,
    entry: tick.price,
    held: f.margin,
    maintenance: f.maintenance,
  });
  return once(app.writer, { ...keyed, now }, async (trx) => {
    const balance = await contractBalance(trx, userId, book);
    if (balance < 0n) throw new DomainError('negativeBalance');
    if (balance < f.required)
      throw new DomainError('leverageInsufficientMargin', {
        amount: neededAmount(formatMoney(f.required), 'USDT'),
      });
    const row = await repo.insertPosition(trx, {
      user_id: BigInt(userId),
      book,
      symbol,
      direction,
      lots: BigInt(input.lots),
      lot_price: t.lot_price,
      multiple: BigInt(input.multiple),
      margin: f.margin,
      value: f.value,
      top_up: 0n,
      open_fee: f.openFee,
      open_fee_rate: t.open_fee_rate,
      close_fee_rate: t.close_fee_rate,
      maintenance_rate: t.maintenance_rate,
      maintenance: f.maintenance,
      protection: t.protection,
      entry_price: tick.price,
      entry_time: BigInt(tick.time),
      entry_seq: BigInt(tick.seq),
      liquidation_price: liquidation,
      take_profit: takeProfit,
      stop_loss: stopLoss,
      status: 'open',
      open_time: BigInt(now),
      exit_price: null,
      exit_time: null,
      exit_seq: null,
      close_time: null,
      close_fee: null,
      pnl: null,
      payout: null,
      gap: null,
      closed_by: null,
      created_at: BigInt(now),
      updated_at: BigInt(now),
    });
    await app.ledger.post(trx, {
      type: 'contract',
      reference: `leverage:${row.id}:open`,
      postings: openPostings(userId, book, f.margin, f.openFee),
    });
    const shown = toPosition(row, tick, sourcesOfTick(tick));
    app.writer.afterCommit(trx, () => {
      track(app, row);
      publish(app, userId, 'leverage.opened', shown);
    });
    return shown;
  });
}

/** A decimal without trailing zeros, for texts: "100", "0.5". */

// --- changing ---------------------------------------------------------------------------------------------

export async function updateTpSl(
  app: AppContext,
  userId: number,
  input: { positionId: number; takeProfit?: string | undefined; stopLoss?: string | undefined },
  idempotencyKey: string | undefined,
  call: string,
): Promise<LeveragePosition> {
  const first = await own(app, userId, input.positionId);
  if (first.status !== 'open') throw new DomainError('leveragePositionClosed');
  const takeProfit = priceOrNull(input.takeProfit);
  const stopLoss = priceOrNull(input.stopLoss);
  checkSides(first.direction as LeverageDirection, first.entry_price, takeProfit, stopLoss);
  checkNotPassed(
    first.direction as LeverageDirection,
    app.market.lastTick(first.symbol)?.price,
    takeProfit,
    stopLoss,
  );
  const now = app.clock.now();
  return once(
    app.writer,
    {
      userId,
      call,
      key: idempotencyKey,
      input: {
        positionId: input.positionId,
        takeProfit: input.takeProfit ?? '',
        stopLoss: input.stopLoss ?? '',
      },
      now,
    },
    async (trx) => {
      const row = await repo.updateOpen(trx, first.id, {
        take_profit: takeProfit,
        stop_loss: stopLoss,
        updated_at: BigInt(now),
      });
      if (!row) throw new DomainError('leveragePositionClosed');
      const shown = toPosition(row, app.market.lastTick(row.symbol));
      app.writer.afterCommit(trx, () => {
        track(app, row);
        publish(app, userId, 'leverage.updated', shown);
      });
      return shown;
    },
  );
}

export async function addMargin(
  app: AppContext,
  userId: number,
  input: { positionId: number; amount: string },
  idempotencyKey: string | undefined,
  call: string,
): Promise<LeveragePosition> {
  const amount = parseMoney(input.amount);
  const first = await own(app, userId, input.positionId);
  if (first.status !== 'open') throw new DomainError('leveragePositionClosed');
  const now = app.clock.now();
  return once(app.writer, { userId, call, key: idempotencyKey, input, now }, async (trx) => {
    const current = await repo.position(app.database, trx, input.positionId, true);
    if (!current || current.status !== 'open') throw new DomainError('leveragePositionClosed');
    const book = current.book as Book;
    const balance = await contractBalance(trx, userId, book);
    if (balance < 0n) throw new DomainError('negativeBalance');
    if (balance < amount) throw new DomainError('insufficientBalance');
    const topUp = current.top_up + amount;
    const row = await repo.updateOpen(trx, current.id, {
      top_up: topUp,
      liquidation_price: liquidationPrice({
        direction: current.direction as LeverageDirection,
        value: current.value,
        entry: current.entry_price,
        held: current.margin + topUp,
        maintenance: current.maintenance,
      }),
      updated_at: BigInt(now),
    });
    if (!row) throw new DomainError('leveragePositionClosed');
    await app.ledger.post(trx, {
      type: 'contract',
      reference: `leverage:${row.id}:margin:${now}`,
      postings: topUpPostings(userId, book, amount),
    });
    const shown = toPosition(row, app.market.lastTick(row.symbol));
    app.writer.afterCommit(trx, () => {
      track(app, row);
      publish(app, userId, 'leverage.updated', shown);
    });
    return shown;
  });
}

// --- closing ----------------------------------------------------------------------------------------------

export async function close(
  app: AppContext,
  userId: number,
  positionId: number,
  idempotencyKey: string | undefined,
  call: string,
): Promise<LeveragePosition> {
  const first = await own(app, userId, positionId);
  if (first.status !== 'open') {
    // A retry of the close that closed it answers as the first time (once() below).
    if (idempotencyKey === undefined) throw new DomainError('leveragePositionClosed');
  }
  const keyed = { userId, call, key: idempotencyKey, input: { positionId } };
  // While the coin is blind there is no price to close at (as an exchange refuses a market close
  // without one); its triggers wait for the next valid tick (issue 17).
  if (first.status === 'open') {
    const earlier = await openMarketOrEarlier<LeveragePosition>(app, first.symbol, keyed);
    if (earlier) return earlier;
  }
  const tick = first.status === 'open' ? await durableTick(app, first.symbol) : undefined;
  const now = app.clock.now();
  return once(app.writer, { ...keyed, now }, async (trx) => {
    if (!tick) throw new DomainError('leveragePositionClosed');
    const funds = new Map<Book, bigint>();
    const closed = await closeAt(app, trx, first, tick, 'user', funds);
    if (closed === 'closed' || closed === 'kept') throw new DomainError('leveragePositionClosed');
    if (closed === 'uncovered') throw new DomainError('leverageFundCover');
    return toPosition(closed, undefined, sourcesOfTick(tick));
  });
}

/**
 * Closes one position at a tick, inside the caller's unit of work: the row moves from open to
 * closed (never twice), the ledger settles it, a real-book result goes to the team rebates.
 * `funds` carries each book's insurance fund balance through a unit (read once), so a profit the
 * fund cannot pay is left open ('uncovered') without failing the unit.
 */
export async function closeAt(
  app: AppContext,
  trx: Trx,
  seen: LeveragePositionRow,
  tick: Tick,
  by: LeverageClosedBy,
  funds: Map<Book, bigint>,
): Promise<LeveragePositionRow | 'closed' | 'uncovered' | 'kept'> {
  const book = seen.book as Book;
  const userId = Number(seen.user_id);
  const held = seen.margin + seen.top_up;
  const figures = closeFigures({
    direction: seen.direction as LeverageDirection,
    value: seen.value,
    entry: seen.entry_price,
    exit: tick.price,
    held,
    closeFeeRate: seen.close_fee_rate,
    protection: seen.protection === 1n,
  });
  let fund = funds.get(book);
  if (fund === undefined) {
    fund = (await systemBalances(trx, book, 'insurance_fund')).get(CURRENCY) ?? 0n;
  }
  const fundAfter = fund - figures.pnl - figures.gap;
  if (fundAfter < 0n) return 'uncovered';
  const now = BigInt(app.clock.now());
  const patch = {
    status: 'closed',
    exit_price: tick.price,
    exit_time: BigInt(tick.time),
    exit_seq: BigInt(tick.seq),
    close_time: now,
    close_fee: figures.closeFee,
    pnl: figures.pnl,
    payout: figures.payout,
    gap: figures.gap,
    closed_by: by,
    updated_at: now,
  };
  // The hot statement of closing, prepared once (the ledger's raw-statement path).
  const moved = await sqlOf(app).all(trx, CLOSE_SQL, [
    patch.exit_price,
    patch.exit_time,
    patch.exit_seq,
    now,
    patch.close_fee,
    patch.pnl,
    patch.payout,
    patch.gap,
    by,
    now,
    seen.id,
    seen.top_up,
    seen.take_profit,
    seen.stop_loss,
  ]);
  const row: LeveragePositionRow | undefined = moved.length ? { ...seen, ...patch } : undefined;
  if (!row) {
    // Closed meanwhile, or its margin or triggers changed since it was read: read it again.
    const current = await repo.position(app.database, trx, Number(seen.id), true);
    if (!current || current.status !== 'open') return 'closed';
    if (by === 'user') return closeAt(app, trx, current, tick, by, funds);
    // A trigger close stands only if the position as it is now is still crossed at this tick:
    // a take-profit or stop-loss changed through another process (scale-out) may have reached
    // the trigger index after the tick was checked against the old level.
    const fired = firedTrigger(
      {
        direction: current.direction as LeverageDirection,
        takeProfit: current.take_profit,
        stopLoss: current.stop_loss,
        liquidation: current.liquidation_price,
      },
      tick.price,
    );
    if (fired === null) {
      app.writer.afterCommit(trx, () => track(app, current));
      return 'kept';
    }
    return closeAt(app, trx, current, tick, fired, funds);
  }
  funds.set(book, fundAfter);
  const { close: postings, gap } = closePostings(userId, book, held, figures);
  await app.ledger.post(trx, {
    type: 'contract',
    reference: `leverage:${row.id}:close`,
    postings,
  });
  if (gap.length)
    await app.ledger.post(trx, {
      type: 'contract',
      reference: `leverage:${row.id}:gap`,
      postings: gap,
    });
  if (book === 'real') {
    // The trader's net result: what came back (with a covered gap) less what went in.
    await recordTradingResult(app, trx, {
      userId,
      book,
      pnl: figures.payout + figures.gap - held - row.open_fee,
      at: Number(now),
      source: `leverage:${row.id}`,
    });
  }
  app.writer.afterCommit(trx, () => {
    untrack(app, row.id);
    publish(app, userId, 'leverage.closed', () => toPosition(row, undefined, sourcesOfTick(tick)));
  });
  return row;
}

const CLOSE_SQL =
  "UPDATE leverage_positions SET status = 'closed', exit_price = ?, exit_time = ?, exit_seq = ?, " +
  'close_time = ?, close_fee = ?, pnl = ?, payout = ?, gap = ?, closed_by = ?, updated_at = ? ' +
  "WHERE id = ? AND status = 'open' AND top_up = ? " +
  'AND take_profit IS NOT DISTINCT FROM ? AND stop_loss IS NOT DISTINCT FROM ? RETURNING id';
const sqlCache = new WeakMap<AppContext, LedgerSql>();
function sqlOf(app: AppContext): LedgerSql {
  let statements = sqlCache.get(app);
  if (!statements) sqlCache.set(app, (statements = ledgerSql(app.database)));
  return statements;
}

// --- events --------------------------------------------------------------------------------------------------

function publish(
  app: AppContext,
  userId: number,
  event: LeverageEvent['event'],
  position: LeveragePosition | (() => LeveragePosition),
): void {
  if (!app.bus.listened(userChannel(userId))) return;
  const shown = typeof position === 'function' ? position() : position;
  const message: LeverageEvent = { event, mode: shown.mode, position: shown };
  app.bus.publish(userChannel(userId), message);
  void notifyBalances(app, userId, shown.mode, [{ wallet: 'contract', currency: CURRENCY }]).catch(
    (error: unknown) => app.log.warn({ err: error }, 'leverage balance event failed'),
  );
}

/** Live P&L of the open positions on a symbol at a tick, to each trader who is listening. */
export function publishPnl(app: AppContext, tick: Tick): number {
  const byUser = new Map<number, { mode: Book; rows: LeveragePnlEvent['positions'] }[]>();
  for (const [userId, positions] of stateOf(app).index.holdersOf(tick.symbol)) {
    if (!app.bus.listened(userChannel(userId))) continue;
    const books: { mode: Book; rows: LeveragePnlEvent['positions'] }[] = [];
    byUser.set(userId, books);
    for (const p of positions) {
      const pnl = positionPnl(p.direction, p.value, p.entry, tick.price);
      let group = books.find((b) => b.mode === p.book);
      if (!group) books.push((group = { mode: p.book, rows: [] }));
      group.rows.push({ id: p.id, pnl: formatMoney(pnl), equity: formatMoney(p.held + pnl) });
    }
  }
  for (const [userId, books] of byUser) {
    for (const { mode, rows } of books) {
      const message: LeveragePnlEvent = {
        event: 'leverage.pnl',
        mode,
        symbol: tick.symbol,
        markPrice: formatMoney(tick.price),
        time: tick.time,
        positions: rows,
      };
      app.bus.publish(userChannel(userId), message);
    }
  }
  return byUser.size;
}

// --- first start -----------------------------------------------------------------------------------------------

/**
 * The terms and tiers of a fresh install from the configuration, the jobs' cursor at the newest
 * logged tick, and each book's insurance fund funded from its treasury (once, through the
 * ledger). Idempotent.
 */
export async function seedLeverage(app: AppContext): Promise<void> {
  const cfg = app.config.leverage;
  const now = BigInt(app.clock.now());
  const steps = MEMBER_TIERS.map((tier, rank) => ({
    tier,
    threshold: parseMoney(cfg.tierThresholds[rank] ?? '0'),
    maxMultiple: cfg.tierMultiples[rank] ?? 0,
  }));
  if (!validTierSteps(steps))
    throw new Error(
      'LEVERAGE_TIER_THRESHOLDS must rise from 0 and LEVERAGE_TIER_MULTIPLES (1 to 100) never fall, tier by tier',
    );
  const first = {
    lotPrice: parseMoney(cfg.lotPrice),
    openFeeRate: parseMoney(cfg.openFeeRate),
    closeFeeRate: parseMoney(cfg.closeFeeRate),
    maintenanceRate: parseMoney(cfg.maintenanceRate),
  };
  if (!validLeverageTerms(first)) throw new Error('LEVERAGE_LOT_PRICE must be above 0');
  await app.writer.run(async (trx) => {
    await trx
      .insertInto('leverage_terms')
      .values({
        id: 1n,
        lot_price: first.lotPrice,
        open_fee_rate: first.openFeeRate,
        close_fee_rate: first.closeFeeRate,
        maintenance_rate: first.maintenanceRate,
        protection: cfg.protection ? 1n : 0n,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    for (const [rank, step] of steps.entries()) {
      await trx
        .insertInto('leverage_tiers')
        .values({
          tier: step.tier,
          rank: BigInt(rank),
          threshold: step.threshold,
          max_multiple: BigInt(step.maxMultiple),
          updated_at: now,
        })
        .onConflict((oc) => oc.column('tier').doNothing())
        .execute();
    }
    if ((await repo.cursor(trx)) === null) await repo.setCursor(trx, await repo.maxTickSeq(trx));
  });
  for (const book of ['demo', 'real'] as const) {
    await fundOnce(app, {
      book,
      wallet: 'insurance_fund',
      currency: CURRENCY,
      amount: parseMoney(cfg.fundFunding[book]),
      key: `insurance-fund-initial:${book}`,
      reference: `insurance-fund:${book}:initial`,
    });
  }
}
