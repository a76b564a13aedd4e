import {
  DEMO_FUNDING,
  formatMoney,
  mulMoney,
  parseMoney,
  QUOTE_CURRENCY,
  type AccountChange,
  type AccountChangeFilter,
  type AccountMode,
  type AccountType,
  type BalanceEvent,
  type LedgerTxType,
  type SpotChange,
  type UserMoney,
  type WalletBalance,
} from '@tidemark/contract';
import type { Trx } from '../../db/database';
import type { AppContext } from '../../http/context';
import {
  holdOf,
  systemAccount,
  userAccount,
  USER_WALLETS,
  type UserWallet,
} from '../../ledger/accounts';
import { checkAmountLimit } from '../../ledger/amount-limits';
import { once } from '../../ledger/idempotency';
import type { Posted } from '../../ledger/ledger';
import { readMemo, type LedgerMemo } from '../../ledger/memo';
import { userBalances, userEntries } from '../../ledger/queries';
import { userChannel } from '../../realtime/hub';
import * as repo from './assets.repository';

/** Ledger transaction types behind each filter of the account-change log (SPEC.md section 2). */
const FILTER_TYPES: Record<Exclude<AccountChangeFilter, 'all'>, readonly LedgerTxType[]> = {
  deposit: ['deposit'],
  withdrawal: ['withdrawal'],
  spot: ['spot'],
  delivery: ['option'],
  contract: ['contract'],
  financial: ['financial'],
  other: ['transfer', 'loan', 'rebate', 'fee', 'demo-funding', 'adjustment'],
};

function filterOf(type: LedgerTxType): Exclude<AccountChangeFilter, 'all'> {
  for (const [filter, types] of Object.entries(FILTER_TYPES)) {
    if (types.includes(type)) return filter as Exclude<AccountChangeFilter, 'all'>;
  }
  return 'other';
}

/**
 * A new account's books: the real one starts empty, the demo one gets 100,000 USDT from the demo
 * treasury (DESIGN.md section 3), in the transaction that creates the user.
 */
export function fundDemoBook(app: AppContext, trx: Trx, userId: number): Promise<Posted> {
  const amount = parseMoney(DEMO_FUNDING.amount);
  return app.ledger.post(trx, {
    type: 'demo-funding',
    reference: `user:${userId}`,
    idempotencyKey: `demo-funding:${userId}`,
    postings: [
      { account: systemAccount('demo', 'treasury', DEMO_FUNDING.currency), amount: -amount },
      { account: userAccount(userId, 'demo', 'coin', DEMO_FUNDING.currency), amount },
    ],
  });
}

/** The USDT value of a holding; null for a currency without a price (never a made-up one). */
function usdtValue(app: AppContext, currency: string, units: bigint): bigint | null {
  if (currency === QUOTE_CURRENCY) return units;
  const rate = app.market.rateToUsdt(currency, 'live');
  // Shown value, rounded down: never more than the holding is worth.
  return rate === undefined ? null : mulMoney(units, rate, 'down');
}

/** The book's three wallets: per currency what is available, what is held, and the USDT value. */
export async function userMoney(
  app: AppContext,
  userId: number,
  mode: AccountMode,
): Promise<UserMoney> {
  const rows = await userBalances(app.db, userId, mode);
  const balances = new Map<string, bigint>();
  for (const row of rows) balances.set(`${row.wallet}/${row.currency}`, BigInt(row.balance));
  const wallets = {} as UserMoney['wallets'];
  const walletTotals = {} as UserMoney['walletTotals'];
  let total = 0n;
  for (const wallet of USER_WALLETS) {
    const currencies = new Set<string>([QUOTE_CURRENCY]);
    for (const row of rows) {
      if (row.wallet === wallet || row.wallet === holdOf(wallet)) currencies.add(row.currency);
    }
    const list: (WalletBalance & { value: bigint })[] = [...currencies].map((currency) => {
      const available = balances.get(`${wallet}/${currency}`) ?? 0n;
      const frozen = balances.get(`${holdOf(wallet)}/${currency}`) ?? 0n;
      const value = usdtValue(app, currency, available + frozen);
      return {
        currency,
        available: formatMoney(available),
        frozen: formatMoney(frozen),
        usdtValue: value === null ? null : formatMoney(value),
        // Without a price it counts nothing towards the totals.
        value: value ?? 0n,
      };
    });
    list.sort((a, b) =>
      a.currency === QUOTE_CURRENCY
        ? -1
        : b.currency === QUOTE_CURRENCY
          ? 1
          : Number(b.value - a.value) || a.currency.localeCompare(b.currency),
    );
    const walletTotal = list.reduce((sum, b) => sum + b.value, 0n);
    total += walletTotal;
    wallets[wallet] = list.map(({ value: _value, ...balance }) => balance);
    walletTotals[wallet] = formatMoney(walletTotal);
  }
  return { mode, wallets, walletTotals, totalUsdt: formatMoney(total) };
}

/** Pushes the new available and frozen amounts of changed wallets to the user's sockets. */
export async function notifyBalances(
  app: AppContext,
  userId: number,
  mode: AccountMode,
  changed: readonly { wallet: AccountType; currency: string }[],
): Promise<void> {
  // Reading the balances is most of the cost: skip it when no socket of the user listens.
  if (!app.bus.listened(userChannel(userId))) return;
  const rows = await userBalances(app.db, userId, mode);
  const find = (wallet: string, currency: string) =>
    BigInt(rows.find((r) => r.wallet === wallet && r.currency === currency)?.balance ?? 0n);
  for (const { wallet, currency } of changed) {
    const event: BalanceEvent = {
      event: 'balance',
      mode,
      wallet,
      currency,
      available: formatMoney(find(wallet, currency)),
      frozen: formatMoney(find(holdOf(wallet), currency)),
    };
    app.bus.publish(userChannel(userId), event);
  }
}

export interface TransferInput {
  from: AccountType;
  to: AccountType;
  currency: string;
  amount: string;
}

/** Moves funds between two of the user's wallets in the current book, once per Idempotency-Key. */
export async function transfer(
  app: AppContext,
  request: { userId: number; mode: AccountMode; idempotencyKey: string | undefined; call: string },
  input: TransferInput,
) {
  const amount = parseMoney(input.amount);
  checkAmountLimit(app.config.amountLimits, input.currency, amount);
  const { userId, mode } = request;
  const result = await once(
    app.writer,
    {
      userId,
      call: request.call,
      key: request.idempotencyKey,
      input: { ...input, mode },
      now: app.clock.now(),
    },
    async (trx) => {
      const now = app.clock.now();
      const transferId = await repo.insertTransfer(trx, {
        user_id: BigInt(userId),
        book: mode,
        from_wallet: input.from,
        to_wallet: input.to,
        currency: input.currency,
        amount,
        created_at: BigInt(now),
      });
      await app.ledger.post(trx, {
        type: 'transfer',
        reference: `transfer:${transferId}`,
        postings: [
          {
            account: userAccount(userId, mode, input.from as UserWallet, input.currency),
            amount: -amount,
          },
          { account: userAccount(userId, mode, input.to as UserWallet, input.currency), amount },
        ],
      });
      return {
        transferId,
        from: input.from,
        to: input.to,
        currency: input.currency,
        amount: formatMoney(amount),
        mode,
        time: now,
      };
    },
  );
  await notifyBalances(app, userId, mode, [
    { wallet: input.from, currency: input.currency },
    { wallet: input.to, currency: input.currency },
  ]);
  return result;
}

/**
 * A spot entry as the trader knows it, from the memo its transaction was posted with. A fill pays
 * both sides in one transaction: the entry in the pair's base coin is the buyer's (it received
 * the coin), the one in the quote currency the seller's.
 */
function spotDetail(memo: LedgerMemo | null, currency: string): { spot?: SpotChange } {
  if (!memo) return {};
  if (memo.kind !== 'spot-fill') {
    const kind =
      memo.kind === 'spot-hold' ? 'hold' : memo.kind === 'spot-rest' ? 'rest' : 'release';
    return { spot: { kind, symbol: memo.symbol, orderId: memo.order, side: memo.side } };
  }
  const side = currency === memo.symbol.split('/')[0] ? 'buy' : 'sell';
  return {
    spot: {
      kind: 'fill',
      symbol: memo.symbol,
      orderId: memo[side].order,
      side,
      price: memo.price,
      quantity: memo.quantity,
      fee: memo[side].fee,
    },
  };
}

export async function accountChanges(
  app: AppContext,
  userId: number,
  mode: AccountMode,
  query: { type: AccountChangeFilter; page: number; pageSize: number },
): Promise<{ list: AccountChange[]; total: number; page: number; pageSize: number }> {
  const { rows, total } = await userEntries(app.db, {
    userId,
    book: mode,
    wallets: USER_WALLETS,
    types: query.type === 'all' ? null : FILTER_TYPES[query.type],
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  const list = rows.map((row) => {
    const type = row.type as LedgerTxType;
    return {
      id: Number(row.id),
      time: Number(row.created_at),
      type,
      filter: filterOf(type),
      wallet: row.wallet as AccountType,
      currency: row.currency,
      amount: formatMoney(BigInt(row.amount)),
      balanceAfter: formatMoney(BigInt(row.balance_after)),
      reference: row.reference,
      ...spotDetail(readMemo(row.memo), row.currency),
    };
  });
  return { list, total, page: query.page, pageSize: query.pageSize };
}
