import {
  addDays,
  formatMoney,
  isTransferDay,
  localDay,
  maskAccount,
  minutesOf,
  nextTransferDay,
  parseMoney,
  QUOTE_CURRENCY,
  rebateOf,
  releasable,
  windowOn,
  type DirectFriend,
  type PersonAndProfit,
  type RebateSource,
  type RebateState,
  type ReferralRecord,
  type TeamEarnings,
  type TeamTerms,
  type WithdrawalRecord,
} from '@tidemark/contract';
import { locksRows, type Executor, type Trx } from '../../db/database';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { systemAccount, userAccount, type Book } from '../../ledger/accounts';
import { once } from '../../ledger/idempotency';
import { systemBalances } from '../../ledger/queries';
import { notifyBalances } from '../assets/assets.service';
import { requestWithdrawal } from '../money/money.service';
import * as repo from './team.repository';
import type { TeamRebateRow } from './team.table';

/**
 * Team and share link (issue 15). Rebates are paid on the real book only, from the rebate budget
 * (a system account the operator funds from the treasury) into rebates payable, which holds every
 * trader's released earnings; the team tables say whose part is whose. Double entry:
 * - released:    rebate_budget -amount, rebates_payable +amount (once per rebate, in its window);
 * - transferred: rebates_payable -amount, the trader's coin wallet +amount (the transfer day only);
 * - withdrawn:   rebates_payable -(amount + fee), coin +(amount + fee), and in the same
 *                transaction the normal withdrawal holds it (coin -> coin_hold) for review.
 */

const BOOK = 'real' as const;
export const TERMS_KEY = 'teamTerms';

// --- terms ---------------------------------------------------------------------------------------

export function defaultTerms(app: AppContext): TeamTerms {
  const c = app.config.team;
  return {
    depositRate: formatMoney(parseMoney(c.depositRate)),
    profitRate: formatMoney(parseMoney(c.profitRate)),
    depositRate2: formatMoney(parseMoney(c.depositRate2)),
    profitRate2: formatMoney(parseMoney(c.profitRate2)),
    windowStart: c.windowStart,
    windowEnd: c.windowEnd,
    timeZone: c.timeZone,
    transferDay: c.transferDay,
  };
}

/** The terms new rebates take: the console's, over the configured defaults. */
export async function terms(app: AppContext, db: Executor = app.db): Promise<TeamTerms> {
  const row = await db
    .selectFrom('app_config')
    .select('value')
    .where('key', '=', TERMS_KEY)
    .executeTakeFirst();
  const base = defaultTerms(app);
  if (!row) return base;
  const stored = JSON.parse(row.value) as Partial<TeamTerms>;
  // The zone and the day are configuration of the deployment, not of the console.
  return { ...base, ...stored, timeZone: base.timeZone, transferDay: base.transferDay };
}

/** Rates within 0..1 and a window that starts before it ends. */
export function validTerms(t: TeamTerms): boolean {
  const rates = [t.depositRate, t.profitRate, t.depositRate2, t.profitRate2].map((r) =>
    parseMoney(r),
  );
  const from = minutesOf(t.windowStart);
  const to = minutesOf(t.windowEnd);
  return (
    rates.every((r) => r >= 0n && r <= parseMoney('1')) && from !== null && to !== null && from < to
  );
}

// --- rebates from sources ------------------------------------------------------------------------

/** Inviters never change after registration, so who invited whom is kept once read. */
const inviters = new WeakMap<AppContext, Map<number, number | null>>();

async function inviter(app: AppContext, db: Executor, userId: number): Promise<number | null> {
  let cache = inviters.get(app);
  if (!cache) inviters.set(app, (cache = new Map()));
  if (cache.has(userId)) return cache.get(userId)!;
  const id = await repo.inviterOf(db, userId);
  const value = id === null ? null : Number(id);
  cache.set(userId, value);
  return value;
}

interface SourceInput {
  friendId: number;
  source: RebateSource;
  sourceRef: string;
  currency: string;
  base: bigint;
  /** The local day of the source: released in the window of the day after. */
  day: string;
}

/**
 * What the rebate budget can still promise in a currency: its balance less every pending rebate
 * (locked on PostgreSQL until the transaction ends).
 */
async function headroomOf(app: AppContext, trx: Trx, currency: string): Promise<bigint> {
  const balance = await repo.budgetBalance(trx, currency, locksRows(app.database));
  return balance - (await repo.pendingTotal(trx, currency));
}

/** A rebate within the headroom: granted in full, in part, or (no headroom) not at all. */
export function grantWithin(
  full: bigint,
  headroom: bigint,
): { granted: bigint; uncovered: bigint } {
  const granted = headroom <= 0n ? 0n : full < headroom ? full : headroom;
  return { granted, uncovered: full - granted };
}

/**
 * Level 1 (the friend's inviter) and level 2 (that inviter's inviter) at the terms' rates, each
 * granted only up to the rebate budget's headroom (level 1 first): every rebate is paid from the
 * budget the operator funds, and what it cannot cover is refused up front rather than promised.
 * The source itself (a deposit, a day's trading) is never refused for it; the uncovered part is
 * recorded beside the rebate, so the trader and the console see what was not granted and why.
 */
async function recordRebates(app: AppContext, trx: Trx, input: SourceInput): Promise<number> {
  const level1 = await inviter(app, trx, input.friendId);
  if (level1 === null || input.base <= 0n) return 0;
  const level2 = await inviter(app, trx, level1);
  const t = await terms(app, trx);
  const window = windowOn(addDays(input.day), t);
  const rates =
    input.source === 'deposit' ? [t.depositRate, t.depositRate2] : [t.profitRate, t.profitRate2];
  const now = BigInt(app.clock.now());
  let recorded = 0;
  for (const [i, beneficiary] of [level1, level2].entries()) {
    if (beneficiary === null || beneficiary === input.friendId) continue;
    const rate = parseMoney(rates[i]!);
    const full = rebateOf(input.base, rate);
    if (full <= 0n) continue;
    const { granted: amount, uncovered } = grantWithin(
      full,
      await headroomOf(app, trx, input.currency),
    );
    if (uncovered > 0n) {
      app.log.warn(
        { currency: input.currency, source: input.sourceRef, uncovered: formatMoney(uncovered) },
        'rebate budget headroom short: part of a rebate not granted',
      );
    }
    const inserted = await repo.insertRebate(trx, {
      user_id: BigInt(beneficiary),
      friend_id: BigInt(input.friendId),
      level: BigInt(i + 1),
      source: input.source,
      source_ref: input.sourceRef,
      currency: input.currency,
      base: input.base,
      rate,
      amount,
      uncovered,
      state: amount > 0n ? 'pending' : 'uncovered',
      source_day: input.day,
      due_from: BigInt(window.from),
      due_to: BigInt(window.to),
      window_start: t.windowStart,
      window_end: t.windowEnd,
      time_zone: t.timeZone,
      created_at: now,
      released_at: null,
      ledger_transaction_id: null,
    });
    recorded += Number(inserted);
  }
  return recorded;
}

/**
 * A friend's deposit was credited (the money module calls this inside the approval's
 * transaction): pending rebates of the deposit's currency for the inviters. Real book only.
 */
export function recordDepositRebates(
  app: AppContext,
  trx: Trx,
  deposit: {
    userId: number;
    depositId: number | bigint;
    currency: string;
    amount: bigint;
    at: number;
  },
): Promise<number> {
  return recordRebates(app, trx, {
    friendId: deposit.userId,
    source: 'deposit',
    sourceRef: `deposit:${deposit.depositId}`,
    currency: deposit.currency,
    base: deposit.amount,
    day: localDay(deposit.at, app.config.team.timeZone),
  });
}

export interface TradingResult {
  userId: number;
  book: Book;
  /** Signed profit in USDT units of the closed trade (payout - stake, or a position's P&L). */
  pnl: bigint;
  /** When it closed (ms). */
  at: number;
  /** The closed trade, once per result: "option:12", "leverage:7". */
  source: string;
}

/**
 * Whether a closed trade's result may count toward rebates at all: the real book's, with a profit
 * or a loss (callers settling many trades at once skip the others without a call each).
 */
export function mayCount(book: string, pnl: bigint): boolean {
  return book === BOOK && pnl !== 0n;
}

/**
 * A closed trade of the real book (an option settled, a leveraged position closed), inside the
 * transaction that closed it. Its day's net counts once the day is over: a positive net earns
 * the inviters their profit rebates (recorded by the job, released the next day). Demo results
 * and traders nobody invited leave nothing behind. Once per `source`.
 */
export async function recordTradingResult(
  app: AppContext,
  trx: Trx,
  result: TradingResult,
): Promise<void> {
  if (!mayCount(result.book, result.pnl)) return;
  if ((await inviter(app, trx, result.userId)) === null) return;
  const zone = app.config.team.timeZone;
  // A result recorded after its day closed counts on the day it arrives (never lost).
  const day = localDay(Math.max(result.at, app.clock.now()), zone);
  await repo.insertTradingResult(trx, {
    ref: result.source,
    user_id: BigInt(result.userId),
    day,
    pnl: result.pnl,
    at: BigInt(result.at),
  });
}

/** How far back a pass looks for trading days to close. */
const CATCH_UP_DAYS = 35;

/** Closes the days before today: each positive net profit becomes its pending rebates. */
export async function closeTradingDays(app: AppContext): Promise<number> {
  const today = localDay(app.clock.now(), app.config.team.timeZone);
  // Days that made no rebate (a level-1 rate of 0) stay unclosed: only the recent ones are read
  // again, so a pass does not grow with history; a downtime up to this long is still caught up.
  const since = addDays(today, -CATCH_UP_DAYS);
  let recorded = 0;
  for (;;) {
    const days = await repo.profitableDays(app.db, today, since, 200);
    if (days.length === 0) return recorded;
    const made = await app.writer.run(async (trx) => {
      let n = 0;
      for (const d of days) {
        n += await recordRebates(app, trx, {
          friendId: Number(d.user_id),
          source: 'profit',
          sourceRef: `profit:${d.user_id}:${d.day}`,
          currency: QUOTE_CURRENCY,
          base: d.pnl,
          day: d.day,
        });
      }
      return n;
    });
    recorded += made;
    // Days whose trader has no inviter left make no rows: stop rather than loop on them.
    if (made === 0 || days.length < 200) return recorded;
  }
}

// --- release ---------------------------------------------------------------------------------------

function inItsWindow(row: TeamRebateRow, now: number): boolean {
  return releasable(
    now,
    { from: Number(row.due_from), to: Number(row.due_to) },
    {
      timeZone: row.time_zone,
      windowStart: row.window_start,
      windowEnd: row.window_end,
    },
  );
}

/**
 * Releases every due rebate inside its window: one ledger transaction each, exactly once (the
 * state guard and the ledger key), from the rebate budget. What the budget cannot cover waits
 * (the console shows it) and goes at a later pass once funded. Answers how many were released.
 */
export async function releaseDue(app: AppContext): Promise<number> {
  const now = app.clock.now();
  let released = 0;
  const short = new Set<string>();
  let afterId = 0n;
  for (;;) {
    // Paged by id, so rebates waiting (outside their window, or for a short currency's budget)
    // never hide the ones after them.
    const page = await repo.dueRebates(app.db, now, 500, afterId);
    if (page.length === 0) return released;
    afterId = page[page.length - 1]!.id;
    for (const row of page) {
      if (!inItsWindow(row, now) || short.has(row.currency)) continue;
      try {
        const done = await app.writer.run(async (trx) => {
          const posted = await app.ledger.post(trx, {
            type: 'rebate',
            reference: `rebate:${row.id}`,
            idempotencyKey: `rebate-release:${row.id}`,
            postings: [
              { account: systemAccount(BOOK, 'rebate_budget', row.currency), amount: -row.amount },
              { account: systemAccount(BOOK, 'rebates_payable', row.currency), amount: row.amount },
            ],
          });
          const moved = await repo.markReleased(trx, row.id, now, posted.transactionId);
          // Released by another process meanwhile: this transaction (and its post) rolls back.
          if (!moved) throw new DomainError('reviewStateChanged');
          return true;
        });
        if (done) released += 1;
      } catch (error) {
        if (error instanceof DomainError && error.key === 'insufficientBalance') {
          short.add(row.currency);
          app.log.warn(
            { currency: row.currency },
            'rebate budget cannot cover a release: it waits',
          );
        } else if (!(error instanceof DomainError && error.key === 'reviewStateChanged')) {
          throw error;
        }
      }
    }
  }
}

// --- the trader's views ----------------------------------------------------------------------------

function earningsOf(
  rebates: { currency: string; state: string; total: bigint }[],
  payouts: { currency: string; kind: string; total: bigint }[],
): Map<string, { pending: bigint; released: bigint; transferred: bigint; withdrawn: bigint }> {
  const map = new Map<
    string,
    { pending: bigint; released: bigint; transferred: bigint; withdrawn: bigint }
  >();
  const of = (c: string) => {
    let e = map.get(c);
    if (!e) map.set(c, (e = { pending: 0n, released: 0n, transferred: 0n, withdrawn: 0n }));
    return e;
  };
  for (const r of rebates) {
    if (r.state === 'pending') of(r.currency).pending += r.total;
    else if (r.state === 'released') of(r.currency).released += r.total;
  }
  for (const p of payouts) {
    if (p.kind === 'transfer') of(p.currency).transferred += p.total;
    else of(p.currency).withdrawn += p.total;
  }
  return map;
}

/** Released and not yet moved out, in one currency. */
async function availableOf(trx: Executor, userId: number, currency: string): Promise<bigint> {
  const e = earningsOf(await repo.rebateSums(trx, userId), await repo.payoutSums(trx, userId)).get(
    currency,
  );
  return e ? e.released - e.transferred - e.withdrawn : 0n;
}

export function inviteLink(app: AppContext, code: string): string {
  return `${app.config.publicUrl ?? ''}/#/pages/login/register?inviteCode=${encodeURIComponent(code)}`;
}

export async function personAndProfit(
  app: AppContext,
  userId: number,
  currency: string,
): Promise<PersonAndProfit> {
  const [me, count, rebates, payouts, t] = await Promise.all([
    repo.member(app.db, userId),
    repo.counts(app.db, userId),
    repo.rebateSums(app.db, userId),
    repo.payoutSums(app.db, userId),
    terms(app),
  ]);
  if (!me) throw new DomainError('sessionExpired');
  const map = earningsOf(rebates, payouts);
  const shown = (c: string): TeamEarnings => {
    const e = map.get(c) ?? { pending: 0n, released: 0n, transferred: 0n, withdrawn: 0n };
    return {
      currency: c,
      pending: formatMoney(e.pending),
      released: formatMoney(e.released),
      transferred: formatMoney(e.transferred),
      withdrawn: formatMoney(e.withdrawn),
      available: formatMoney(e.released - e.transferred - e.withdrawn),
    };
  };
  const current = shown(currency);
  const now = app.clock.now();
  return {
    inviteCode: me.invite_code,
    inviteLink: inviteLink(app, me.invite_code),
    directCount: count.direct,
    agentCount: count.agents,
    pending: current.pending,
    released: current.released,
    transferred: current.transferred,
    withdrawn: current.withdrawn,
    currency,
    available: current.available,
    earnings: [
      current,
      ...[...map.keys()]
        .filter((c) => c !== currency)
        .sort()
        .map(shown),
    ],
    terms: t,
    transferOpen: isTransferDay(now, t),
    nextTransferAt: nextTransferDay(now, t).from,
    serverTime: now,
  };
}

/** Currencies whose budget cannot pay the rebates already due: those releases wait. */
export async function shortCurrencies(app: AppContext): Promise<Set<string>> {
  const [owed, balances] = await Promise.all([
    repo.obligations(app.db, app.clock.now()),
    systemBalances(app.db, BOOK, 'rebate_budget'),
  ]);
  return new Set(
    owed.filter((o) => o.due > (balances.get(o.currency) ?? 0n)).map((o) => o.currency),
  );
}

/** A pending rebate past its release time whose currency's budget is short. */
export function waitsForBudget(
  r: Pick<TeamRebateRow, 'state' | 'due_from' | 'currency'>,
  now: number,
  short: Set<string>,
): boolean {
  return r.state === 'pending' && Number(r.due_from) <= now && short.has(r.currency);
}

function accountOf(m: { email: string | null; phone: string | null }): string {
  return maskAccount(m.email ?? m.phone ?? '');
}

export async function referralRecords(
  app: AppContext,
  userId: number,
  page: { page: number; pageSize: number },
) {
  const [[rows, total], short] = await Promise.all([
    repo.rebatePage(
      app.db,
      { userId },
      { offset: (page.page - 1) * page.pageSize, limit: page.pageSize },
    ),
    shortCurrencies(app),
  ]);
  const now = app.clock.now();
  const friendIds = [...new Set(rows.map((r) => Number(r.friend_id)))];
  const friends = new Map<number, string>();
  for (const id of friendIds) {
    const m = await repo.member(app.db, id);
    friends.set(id, m ? accountOf(m) : '');
  }
  const list: ReferralRecord[] = rows.map((r) => ({
    id: Number(r.id),
    createdAt: Number(r.created_at),
    friend: friends.get(Number(r.friend_id)) ?? '',
    level: Number(r.level),
    source: r.source as RebateSource,
    orderTotal: formatMoney(r.base),
    rebate: formatMoney(r.amount),
    currency: r.currency,
    rate: formatMoney(r.rate),
    state: r.state as RebateState,
    uncovered: formatMoney(r.uncovered),
    dueAt: Number(r.due_from),
    releasedAt: r.released_at === null ? null : Number(r.released_at),
    waitingForBudget: waitsForBudget(r, now, short),
  }));
  return { list, total, page: page.page, pageSize: page.pageSize };
}

export async function directFriends(
  app: AppContext,
  userId: number,
  page: { page: number; pageSize: number },
) {
  const [rows, count] = await Promise.all([
    repo.friends(app.db, [BigInt(userId)], {
      offset: (page.page - 1) * page.pageSize,
      limit: page.pageSize,
    }),
    repo.counts(app.db, userId),
  ]);
  const list: DirectFriend[] = rows.map((m) => ({
    id: Number(m.id),
    account: accountOf(m),
    joinedAt: Number(m.created_at),
  }));
  return { list, total: count.direct, page: page.page, pageSize: page.pageSize };
}

export async function depositRebateTotal(app: AppContext, userId: number, currency: string) {
  const sums = await repo.rebateSums(app.db, userId, 'deposit');
  const total = sums.filter((s) => s.currency === currency).reduce((a, s) => a + s.total, 0n);
  return { total: formatMoney(total), currency };
}

/** The latest real releases, accounts masked: nothing here is ever made up. */
export async function recentReleases(app: AppContext) {
  const rows = await repo.recentReleases(app.db, 20);
  return {
    list: rows.map((r) => ({
      account: accountOf(r),
      amount: formatMoney(r.amount),
      currency: r.currency,
      at: Number(r.released_at),
    })),
  };
}

// --- moving earnings out ---------------------------------------------------------------------------

interface MoveRequest {
  userId: number;
  idempotencyKey: string | undefined;
  call: string;
}

/** The transfer day in the terms' zone, else rebateOnly25th. */
async function checkTransferDay(app: AppContext, trx: Executor): Promise<void> {
  if (!isTransferDay(app.clock.now(), await terms(app, trx)))
    throw new DomainError('rebateOnly25th');
}

/** One move at a time per trader (PostgreSQL: the user row; SQLite writes one at a time). */
async function lockTrader(app: AppContext, trx: Trx, userId: number): Promise<void> {
  if (!locksRows(app.database)) return;
  await trx.selectFrom('users').select('id').where('id', '=', BigInt(userId)).forUpdate().execute();
}

async function takeEarnings(
  app: AppContext,
  trx: Trx,
  userId: number,
  currency: string,
  amount: bigint,
  kind: 'transfer' | 'withdraw',
): Promise<number> {
  await lockTrader(app, trx, userId);
  await checkTransferDay(app, trx);
  if (amount > (await availableOf(trx, userId, currency))) {
    throw new DomainError('teamEarningsInsufficient');
  }
  const posted = await app.ledger.post(trx, {
    type: 'rebate',
    reference: `team-${kind}:${userId}:${app.clock.now()}`,
    postings: [
      { account: systemAccount(BOOK, 'rebates_payable', currency), amount: -amount },
      { account: userAccount(userId, BOOK, 'coin', currency), amount },
    ],
  });
  return posted.transactionId;
}

/** moneyTransfer: released earnings to the real coin wallet, on the transfer day only. */
export async function transferEarnings(
  app: AppContext,
  request: MoveRequest,
  input: { amount: string; currency: string },
): Promise<PersonAndProfit> {
  const amount = parseMoney(input.amount);
  await once(
    app.writer,
    {
      userId: request.userId,
      call: request.call,
      key: request.idempotencyKey,
      input: { amount: formatMoney(amount), currency: input.currency },
      now: app.clock.now(),
    },
    async (trx) => {
      const transactionId = await takeEarnings(
        app,
        trx,
        request.userId,
        input.currency,
        amount,
        'transfer',
      );
      await repo.insertPayout(trx, {
        user_id: BigInt(request.userId),
        kind: 'transfer',
        currency: input.currency,
        amount,
        withdrawal_id: null,
        ledger_transaction_id: BigInt(transactionId),
        created_at: BigInt(app.clock.now()),
      });
      return { transactionId };
    },
  );
  await notifyBalances(app, request.userId, BOOK, [{ wallet: 'coin', currency: input.currency }]);
  return personAndProfit(app, request.userId, input.currency);
}

/**
 * withdrawCurrency: the normal withdrawal (bound address, primary verification, pay password,
 * volume threshold, chain minimum and fee, review) paid from the earnings: amount + fee leave
 * rebates payable for the coin wallet and are held there in the same transaction.
 */
export async function withdrawEarnings(
  app: AppContext,
  request: MoveRequest,
  input: { walletId: number; amount: string; payPassword: string },
): Promise<WithdrawalRecord> {
  return requestWithdrawal(
    app,
    request,
    input,
    async (trx, hold) => {
      const transactionId = await takeEarnings(
        app,
        trx,
        request.userId,
        hold.currency,
        hold.total,
        'withdraw',
      );
      return async (withdrawalId: bigint) => {
        await repo.insertPayout(trx, {
          user_id: BigInt(request.userId),
          kind: 'withdraw',
          currency: hold.currency,
          amount: hold.total,
          withdrawal_id: withdrawalId,
          ledger_transaction_id: BigInt(transactionId),
          created_at: BigInt(app.clock.now()),
        });
      };
    },
    // A keyed retry answers its first result whatever the day; otherwise the day comes first: on
    // another day the withdrawal's own checks have nothing to say yet.
    () => checkTransferDay(app, app.db),
  );
}
