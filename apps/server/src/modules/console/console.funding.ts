import { formatMoney, parseMoney, type AuditAction, type AuditTarget } from '@tidemark/contract';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { systemAccount, type Book, type SystemWallet } from '../../ledger/accounts';
import { systemBalances } from '../../ledger/queries';
import { audit, type Actor } from './console.audit';

/** An operator's transfer from a book's treasury to one of its system wallets, and how it is audited. */
export interface TreasuryFunding {
  book: Book;
  wallet: SystemWallet;
  currency: string;
  /** The amount as typed (a decimal string); zero or less is refused with incorrectAmount. */
  amount: string;
  reference: string;
  audit: {
    action: AuditAction;
    targetType: AuditTarget;
    targetId: string;
    /** The name of the balance in the audit record's before and after. */
    field: string;
  };
}

/**
 * Treasury -> system wallet in one database transaction with its audit record, which holds the
 * wallet's balance before and after and the ledger transaction.
 */
export async function fundFromTreasury(
  app: AppContext,
  actor: Actor,
  funding: TreasuryFunding,
): Promise<void> {
  const amount = parseMoney(funding.amount);
  if (amount <= 0n) throw new DomainError('incorrectAmount');
  const { book, wallet, currency } = funding;
  await app.writer.run(async (trx) => {
    const before = (await systemBalances(trx, book, wallet)).get(currency) ?? 0n;
    const posted = await app.ledger.post(trx, {
      type: 'adjustment',
      reference: funding.reference,
      postings: [
        { account: systemAccount(book, 'treasury', currency), amount: -amount },
        { account: systemAccount(book, wallet, currency), amount },
      ],
    });
    const { field } = funding.audit;
    await audit(app, trx, actor, {
      action: funding.audit.action,
      targetType: funding.audit.targetType,
      targetId: funding.audit.targetId,
      before: { [field]: formatMoney(before) },
      after: { [field]: formatMoney(before + amount), transactionId: posted.transactionId },
    });
  });
}
