import { formatMoney, mulMoney, QUOTE_CURRENCY } from '@tidemark/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Book } from '../../ledger/accounts';
import { MARKET_MAKER } from './spot.settle';

/** The reference of the market maker's inventory transfers from the treasury. */
export const INVENTORY_REFERENCE = 'market-maker:inventory';

/** One currency of the market maker's inventory. */
export interface InventoryLine {
  currency: string;
  /** What it holds now. */
  balance: string;
  /** What the treasury has given it, net. */
  funded: string;
  /** balance - funded: what trading has added (or taken). */
  traded: string;
  /** USDT per unit used for the values below; empty when no price is known. */
  price: string;
  /** traded x price, in USDT. */
  tradedUsdt: string;
}

/** The market maker of one book, for operators: inventory, trading result, activity. */
export interface MarketMakerReport {
  book: Book;
  inventory: InventoryLine[];
  /**
   * Mark-to-market result of its trading in USDT: the sum of tradedUsdt, i.e. what it has earned on
   * the spread less what price moves against its inventory have cost, at the prices given.
   */
  pnlUsdt: string;
  trades: number;
  /** Quote value of all its trades. */
  volumeUsdt: string;
}

/**
 * The report, from the ledger alone (so it runs against a stopped server's database too): the
 * market maker's balances, the net funding it received from the treasury (the adjustments the
 * market maker posts for its inventory), and its trades. `priceOf` answers USDT per unit of a coin
 * (1 for USDT), or undefined.
 */
export async function marketMakerReport(
  db: Db,
  book: Book,
  priceOf: (currency: string) => bigint | undefined,
): Promise<MarketMakerReport> {
  const balances = await sql<{ currency: string; balance: bigint; funded: bigint }>`
    SELECT a.currency, a.balance,
      COALESCE((SELECT SUM(e.amount) FROM ledger_entries e
                JOIN ledger_transactions t ON t.id = e.transaction_id
                WHERE e.account_id = a.id
                  -- Through the ledger's per-account index and the journal's tail (ledger/queries.ts).
                  AND e.id IN (SELECT entry_id FROM ledger_entries_by_account WHERE account_id = a.id
                               UNION ALL
                               SELECT id FROM ledger_entries WHERE account_id = a.id
                                 AND id > (SELECT entries_up_to FROM ledger_projection))
                  AND t.type = 'adjustment'
                  AND t.reference = ${INVENTORY_REFERENCE}), 0) AS funded
    FROM ledger_accounts a
    WHERE a.owner = 'system' AND a.wallet = 'market_maker' AND a.book = ${book}
    ORDER BY a.currency`.execute(db);
  let pnl = 0n;
  const inventory = balances.rows.map((row): InventoryLine => {
    const balance = BigInt(row.balance);
    const funded = BigInt(row.funded);
    const traded = balance - funded;
    const price = row.currency === QUOTE_CURRENCY ? 100_000_000n : priceOf(row.currency);
    const tradedUsdt = price === undefined ? 0n : mulMoney(traded, price, 'down');
    pnl += tradedUsdt;
    return {
      currency: row.currency,
      balance: formatMoney(balance),
      funded: formatMoney(funded),
      traded: formatMoney(traded),
      price: price === undefined ? '' : formatMoney(price),
      tradedUsdt: formatMoney(tradedUsdt),
    };
  });
  const activity = await sql<{ trades: bigint; volume: bigint | null }>`
    SELECT COUNT(*) AS trades, SUM(quote) AS volume FROM spot_trades
    WHERE book = ${book} AND (maker_owner = ${MARKET_MAKER} OR taker_owner = ${MARKET_MAKER})`.execute(
    db,
  );
  const { trades, volume } = activity.rows[0] ?? { trades: 0n, volume: 0n };
  return {
    book,
    inventory,
    pnlUsdt: formatMoney(pnl),
    trades: Number(trades),
    volumeUsdt: formatMoney(BigInt(volume ?? 0n)),
  };
}
