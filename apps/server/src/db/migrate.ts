import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle } from './database';
import { accounts } from './migrations/0001-accounts';
import { ledger } from './migrations/0002-ledger';
import { market } from './migrations/0003-market';
import { spot } from './migrations/0004-spot';
import { custody } from './migrations/0005-custody';
import { operatorConsole } from './migrations/0006-console';
import { favourites } from './migrations/0007-favourites';
import { options } from './migrations/0009-options';
import { ledgerMemo } from './migrations/0010-ledger-memo';
import { loginFailureIndexes } from './migrations/0011-login-failure-indexes';
import { leverage } from './migrations/0012-leverage';
import { financial } from './migrations/0013-financial';
import { loan } from './migrations/0014-loan';
import { support } from './migrations/0016-support';
import { contentPages } from './migrations/0017-content-pages';
import { tickSources } from './migrations/0018-tick-sources';
import { clusterLeases } from './migrations/0019-cluster-leases';
import { team } from './migrations/0015-team';
import { ledgerJournal } from './migrations/0020-ledger-journal';
import { rateLimitCounters } from './migrations/0021-rate-limit-counters';
import { optionOrderSplit } from './migrations/0022-option-order-split';
import { teamRebateUncovered } from './migrations/0023-team-rebate-uncovered';
import type { MigrationContext } from './migrations/helpers';

/** In order; a migration, once released, is never edited: add a new one. */
function migrations(context: MigrationContext): Record<string, Migration> {
  return {
    '0001-accounts': accounts(context),
    '0002-ledger': ledger(context),
    '0003-market': market(context),
    '0004-spot': spot(context),
    '0005-custody': custody(context),
    '0006-console': operatorConsole(context),
    '0007-favourites': favourites(context),
    '0009-options': options(context),
    '0010-ledger-memo': ledgerMemo(context),
    '0011-login-failure-indexes': loginFailureIndexes(context),
    '0012-leverage': leverage(context),
    '0013-financial': financial(context),
    '0014-loan': loan(context),
    '0015-team': team(context),
    '0016-support': support(context),
    '0017-content-pages': contentPages(context),
    '0018-tick-sources': tickSources(context),
    '0019-cluster-leases': clusterLeases(context),
    '0020-ledger-journal': ledgerJournal(context),
    '0021-rate-limit-counters': rateLimitCounters(context),
    '0022-option-order-split': optionOrderSplit(context),
    '0023-team-rebate-uncovered': teamRebateUncovered(context),
  };
}

/** Brings the schema up to date; safe to run from several processes at once (Kysely locks). */
export function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  return migrateTo(handle, null);
}

/** Brings the schema up to `name` (null: the latest); tests of a migration start below it. */
export async function migrateTo(handle: DatabaseHandle, name: string | null): Promise<string[]> {
  const provider: MigrationProvider = {
    getMigrations: async () => migrations({ dialect: handle.dialect }),
  };
  const migrator = new Migrator({ db: handle.db, provider });
  const { error, results } = await (name === null
    ? migrator.migrateToLatest()
    : migrator.migrateTo(name));
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
