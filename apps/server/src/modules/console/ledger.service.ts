import {
  formatMoney,
  type AccountMode,
  type ConsoleLedgerAccount,
  type ConsoleLedgerCheck,
  type ConsoleLedgerEntry,
  type LedgerOwner,
} from '@tidemark/contract';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { checkPlatform } from '../../ledger/check';
import { audit, type Actor } from './console.audit';
import { listPage, type Paging } from './console.paging';
import * as repo from './console.repository';

/**
 * The ledger explorer: accounts, transactions and their entries, and the invariant check. Read
 * only: nothing here (nor anywhere in the operator API) changes a posted transaction.
 */

const ownerOf = (owner: string, ownerId: bigint) => ({
  owner: owner as LedgerOwner,
  userId: owner === 'user' ? Number(ownerId) : null,
});

export function accounts(
  app: AppContext,
  query: Paging & {
    owner?: LedgerOwner | undefined;
    userId?: number | undefined;
    book?: AccountMode | undefined;
    wallet: string | undefined;
    currency: string | undefined;
  },
) {
  return listPage(
    query,
    (page) => repo.ledgerAccountPage(app.db, query, page),
    (rows) =>
      rows.map((r): ConsoleLedgerAccount => ({
        id: Number(r.id),
        ...ownerOf(r.owner, r.owner_id),
        book: r.book as AccountMode,
        wallet: r.wallet,
        currency: r.currency,
        balance: formatMoney(BigInt(r.balance)),
        canBeNegative: BigInt(r.can_be_negative) !== 0n,
        createdAt: Number(r.created_at),
      })),
  );
}

export function transactions(
  app: AppContext,
  query: Paging & {
    type: string | undefined;
    userId?: number | undefined;
    reference: string | undefined;
  },
) {
  return listPage(
    query,
    (page) => repo.ledgerTransactionPage(app.db, query, page),
    async (rows) => {
      const counts = await repo.entryCounts(
        app.db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({
        id: Number(r.id),
        type: r.type,
        reference: r.reference,
        createdAt: Number(r.created_at),
        entryCount: counts.get(String(r.id)) ?? 0,
      }));
    },
  );
}

export async function transaction(app: AppContext, id: number) {
  const row = await repo.findLedgerTransaction(app.db, id);
  if (!row) throw new DomainError('notFound');
  const entries = await repo.transactionEntries(app.db, id);
  return {
    transaction: {
      id: Number(row.id),
      type: row.type,
      reference: row.reference,
      createdAt: Number(row.created_at),
      entryCount: entries.length,
    },
    entries: entries.map((e): ConsoleLedgerEntry => ({
      id: Number(e.id),
      accountId: Number(e.account_id),
      ...ownerOf(e.owner, e.owner_id),
      book: e.book as AccountMode,
      wallet: e.wallet,
      currency: e.currency,
      amount: formatMoney(BigInt(e.amount)),
      balanceAfter: formatMoney(BigInt(e.balance_after)),
      createdAt: Number(e.created_at),
    })),
  };
}

/** Runs the platform check (npm run ledger:check) and records who ran it and what it found. */
export async function check(app: AppContext, actor: Actor): Promise<ConsoleLedgerCheck> {
  const report = await checkPlatform(app.db, app.clock.now());
  await app.writer.run((trx) =>
    audit(app, trx, actor, {
      action: 'ledger.check',
      targetType: 'ledger',
      targetId: 'platform',
      after: {
        ok: report.ok,
        accounts: report.accounts,
        transactions: report.transactions,
        entries: report.entries,
        problems: report.problems.length,
      },
    }),
  );
  return report;
}
