import type { AppContext } from '../http/context';
import type { Book, SystemWallet } from './accounts';
import { systemAccount } from './accounts';

/** A system wallet's first funding from the treasury of its book, posted once under its key. */
export interface InitialFunding {
  book: Book;
  wallet: SystemWallet;
  currency: string;
  /** Nothing is posted when it is zero or less. */
  amount: bigint;
  /** The ledger idempotency key that marks it done (checked before posting). */
  key: string;
  reference: string;
}

/**
 * Funds a system wallet from the treasury on first start: treasury -amount, wallet +amount, one
 * ledger transaction under `key`. A start that finds the key posted (or a zero amount) posts nothing.
 */
export async function fundOnce(app: AppContext, funding: InitialFunding): Promise<void> {
  if (funding.amount <= 0n) return;
  const funded = await app.db
    .selectFrom('ledger_idempotency')
    .select('transaction_id')
    .where('idempotency_key', '=', funding.key)
    .executeTakeFirst();
  if (funded) return;
  await app.writer.run((trx) =>
    app.ledger.post(trx, {
      type: 'adjustment',
      reference: funding.reference,
      idempotencyKey: funding.key,
      postings: [
        {
          account: systemAccount(funding.book, 'treasury', funding.currency),
          amount: -funding.amount,
        },
        {
          account: systemAccount(funding.book, funding.wallet, funding.currency),
          amount: funding.amount,
        },
      ],
    }),
  );
}
