import {
  formatMoney,
  hasPrecision,
  parseMoney,
  QUOTE_CURRENCY,
  type AddressFormat,
  type ConsoleChain,
  type ConsoleWithdrawalSettings,
} from '@tidemark/contract';
import { isUniqueViolation } from '../../db/database';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { checkAmountLimit } from '../../ledger/amount-limits';
import {
  saveWithdrawSettings,
  withdrawSettings,
  type WithdrawSettings,
} from '../money/money.settings';
import { checkAddress } from '../wallet/wallet.service';
import type { CustodyChainRow } from '../wallet/wallet.table';
import { audit, type Actor } from './console.audit';
import { listPage, type Paging } from './console.paging';
import * as repo from './console.repository';

export function toConsoleChain(row: CustodyChainRow): ConsoleChain {
  return {
    id: Number(row.id),
    currency: row.currency,
    chain: row.chain,
    addressFormat: row.address_format,
    depositAddress: row.deposit_address,
    depositEnabled: BigInt(row.deposit_enabled) !== 0n,
    withdrawEnabled: BigInt(row.withdraw_enabled) !== 0n,
    withdrawFee: formatMoney(BigInt(row.withdraw_fee)),
    withdrawMin: formatMoney(BigInt(row.withdraw_min)),
    decimals: Number(row.decimals),
    sort: Number(row.sort),
    updatedAt: Number(row.updated_at),
  };
}

export function listChains(app: AppContext, query: Paging) {
  return listPage(
    query,
    (page) => repo.chainPage(app.db, page),
    (rows) => rows.map(toConsoleChain),
  );
}

/** Fee and minimum within the chain's decimal places and its currency's amount limit. */
function checkAmounts(
  app: AppContext,
  currency: string,
  amounts: (string | undefined)[],
  decimals: number,
): void {
  for (const amount of amounts) {
    if (amount === undefined) continue;
    const units = parseMoney(amount);
    if (!hasPrecision(units, decimals)) throw new DomainError('incorrectAmount');
    checkAmountLimit(app.config.amountLimits, currency, units);
  }
}

export async function addChain(
  app: AppContext,
  actor: Actor,
  input: {
    currency: string;
    chain: string;
    addressFormat: AddressFormat;
    depositAddress: string;
    depositEnabled: boolean;
    withdrawEnabled: boolean;
    withdrawFee: string;
    withdrawMin: string;
    decimals: number;
    sort: number;
  },
): Promise<ConsoleChain> {
  checkAddress({ chain: input.chain, address_format: input.addressFormat }, input.depositAddress);
  checkAmounts(app, input.currency, [input.withdrawFee, input.withdrawMin], input.decimals);
  try {
    return await app.writer.run(async (trx) => {
      const row = await repo.insertChain(trx, {
        currency: input.currency,
        chain: input.chain,
        address_format: input.addressFormat,
        deposit_address: input.depositAddress,
        deposit_enabled: input.depositEnabled ? 1n : 0n,
        withdraw_enabled: input.withdrawEnabled ? 1n : 0n,
        withdraw_fee: parseMoney(input.withdrawFee),
        withdraw_min: parseMoney(input.withdrawMin),
        decimals: BigInt(input.decimals),
        sort: BigInt(input.sort),
        updated_at: BigInt(app.clock.now()),
      });
      const after = toConsoleChain(row);
      await audit(app, trx, actor, {
        action: 'chain.add',
        targetType: 'chain',
        targetId: after.id,
        after,
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('chainExists');
    throw error;
  }
}

/**
 * Changes a chain's deposit address, switches, fee, minimum, decimals or order. Requests already
 * made keep the terms they were made with (they stored them); new ones see the change.
 */
export async function editChain(
  app: AppContext,
  actor: Actor,
  input: {
    id: number;
    depositAddress?: string | undefined;
    depositEnabled?: boolean | undefined;
    withdrawEnabled?: boolean | undefined;
    withdrawFee?: string | undefined;
    withdrawMin?: string | undefined;
    decimals?: number | undefined;
    sort?: number | undefined;
  },
): Promise<ConsoleChain> {
  return app.writer.run(async (trx) => {
    const before = await repo.findChain(trx, input.id);
    if (!before) throw new DomainError('notFound');
    if (input.depositAddress !== undefined) checkAddress(before, input.depositAddress);
    checkAmounts(
      app,
      before.currency,
      [input.withdrawFee, input.withdrawMin],
      input.decimals ?? Number(before.decimals),
    );
    const patch = {
      ...(input.depositAddress !== undefined ? { deposit_address: input.depositAddress } : {}),
      ...(input.depositEnabled !== undefined
        ? { deposit_enabled: input.depositEnabled ? 1n : 0n }
        : {}),
      ...(input.withdrawEnabled !== undefined
        ? { withdraw_enabled: input.withdrawEnabled ? 1n : 0n }
        : {}),
      ...(input.withdrawFee !== undefined ? { withdraw_fee: parseMoney(input.withdrawFee) } : {}),
      ...(input.withdrawMin !== undefined ? { withdraw_min: parseMoney(input.withdrawMin) } : {}),
      ...(input.decimals !== undefined ? { decimals: BigInt(input.decimals) } : {}),
      ...(input.sort !== undefined ? { sort: BigInt(input.sort) } : {}),
      updated_at: BigInt(app.clock.now()),
    };
    await repo.updateChain(trx, input.id, patch);
    const after = await repo.findChain(trx, input.id);
    if (!after) throw new Error(`chain ${input.id} vanished`);
    await audit(app, trx, actor, {
      action: 'chain.edit',
      targetType: 'chain',
      targetId: input.id,
      before: toConsoleChain(before),
      after: toConsoleChain(after),
    });
    return toConsoleChain(after);
  });
}

const toConsoleSettings = (settings: WithdrawSettings): ConsoleWithdrawalSettings => ({
  volumeThreshold: formatMoney(settings.volumeThreshold),
  estimateMinutes: settings.estimateMinutes,
  updatedAt: settings.updatedAt,
});

export async function withdrawalSettings(app: AppContext): Promise<ConsoleWithdrawalSettings> {
  return toConsoleSettings(await withdrawSettings(app.db));
}

/** New withdrawal settings; withdrawals already requested keep theirs. */
export async function setWithdrawalSettings(
  app: AppContext,
  actor: Actor,
  input: { volumeThreshold: string; estimateMinutes?: number | undefined },
): Promise<ConsoleWithdrawalSettings> {
  const now = app.clock.now();
  return app.writer.run(async (trx) => {
    // Read in the transaction that writes, so the audit's "before" is what this change replaced.
    const before = await withdrawSettings(trx);
    const after = {
      volumeThreshold: parseMoney(input.volumeThreshold),
      estimateMinutes: input.estimateMinutes ?? before.estimateMinutes,
    };
    checkAmountLimit(app.config.amountLimits, QUOTE_CURRENCY, after.volumeThreshold);
    await saveWithdrawSettings(trx, after, now);
    const shown = toConsoleSettings({ ...after, updatedAt: now });
    await audit(app, trx, actor, {
      action: 'setting.withdrawal',
      targetType: 'setting',
      targetId: 'withdrawal',
      before: {
        volumeThreshold: formatMoney(before.volumeThreshold),
        estimateMinutes: before.estimateMinutes,
      },
      after: { volumeThreshold: shown.volumeThreshold, estimateMinutes: shown.estimateMinutes },
    });
    return shown;
  });
}
