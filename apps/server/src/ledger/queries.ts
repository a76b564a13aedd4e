import type { LedgerTxType } from '@tidemark/contract';
import type { SelectQueryBuilder } from 'kysely';
import type { Executor } from '../db/database';
import type { Database } from '../db/schema';
import type { Book, UserWallet } from './accounts';

/** A query answering ledger account ids. */
export type AccountIds = SelectQueryBuilder<Database, 'ledger_accounts', { id: bigint }>;

/**
 * Every entry of some accounts, as rows of ledger_entries: those the per-account index holds and
 * the journal's tail above the projection's mark (ledger/projection.ts). Exact the moment a post
 * commits, whether or not the projection has caught up; select from it `.as('e')`.
 */
export function accountEntries(db: Executor, accounts: AccountIds) {
  const columns = [
    'j.id',
    'j.account_id',
    'j.transaction_id',
    'j.amount',
    'j.balance_after',
    'j.created_at',
  ] as const;
  const indexed = db
    .selectFrom('ledger_entries_by_account as p')
    .innerJoin('ledger_entries as j', (join) =>
      join.onRef('j.id', '=', 'p.entry_id').onRef('j.account_id', '=', 'p.account_id'),
    )
    .select(columns)
    .where('p.account_id', 'in', accounts);
  const tail = db
    .selectFrom('ledger_entries as j')
    .select(columns)
    .where('j.account_id', 'in', accounts)
    .where('j.id', '>', db.selectFrom('ledger_projection').select('entries_up_to'));
  return indexed.unionAll(tail);
}

/** Every ledger account of a user in one book: spendable wallets and their holds. */
export function userBalances(db: Executor, userId: number, book: Book) {
  return db
    .selectFrom('ledger_accounts')
    .select(['wallet', 'currency', 'balance'])
    .where('owner', '=', 'user')
    .where('owner_id', '=', BigInt(userId))
    .where('book', '=', book)
    .execute();
}

export interface EntryPage {
  rows: {
    id: bigint;
    created_at: bigint;
    amount: bigint;
    balance_after: bigint;
    wallet: string;
    currency: string;
    type: string;
    reference: string;
    memo: string;
  }[];
  total: number;
}

/**
 * A user's entries on their spendable wallets (not holds) in one book, newest first, optionally
 * only of some transaction types.
 */
export async function userEntries(
  db: Executor,
  query: {
    userId: number;
    book: Book;
    wallets: readonly UserWallet[];
    types: readonly LedgerTxType[] | null;
    offset: number;
    limit: number;
  },
): Promise<EntryPage> {
  const accounts = db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('owner', '=', 'user')
    .where('owner_id', '=', BigInt(query.userId))
    .where('book', '=', query.book)
    .where('wallet', 'in', [...query.wallets]);
  const base = db
    .selectFrom(accountEntries(db, accounts).as('e'))
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .where('a.owner', '=', 'user')
    .where('a.owner_id', '=', BigInt(query.userId))
    .where('a.book', '=', query.book)
    .where('a.wallet', 'in', [...query.wallets])
    .$if(query.types !== null, (qb) => qb.where('t.type', 'in', [...(query.types ?? [])]));
  const [rows, count] = await Promise.all([
    base
      .select([
        'e.id',
        'e.created_at',
        'e.amount',
        'e.balance_after',
        'a.wallet',
        'a.currency',
        't.type',
        't.reference',
        't.memo',
      ])
      .orderBy('e.id', 'desc')
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Balances of one system wallet in one book, by currency. */
export async function systemBalances(
  db: Executor,
  book: Book,
  wallet: string,
): Promise<Map<string, bigint>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['currency', 'balance'])
    .where('owner', '=', 'system')
    .where('book', '=', book)
    .where('wallet', '=', wallet)
    .execute();
  return new Map(rows.map((r) => [r.currency, BigInt(r.balance)]));
}
