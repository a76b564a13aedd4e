import {
  formatMoney,
  type ConsoleDeposit,
  type DepositStatus,
  type KycKind,
  type ConsoleKyc,
  type KycSubmissionState,
  type ConsoleWithdrawal,
  type WithdrawalStatus,
} from '@tidemark/contract';
import type { KycSubmissionRow } from '../kyc/kyc.table';
import type { DepositRow, WithdrawalRow } from '../money/money.table';
import type { UserRow } from '../user/user.table';

const id = (v: bigint | null) => (v === null ? null : Number(v));

/** "a@b.co" or "+86 13800000000": how the console names a trader. */
export function userAccount(user: Pick<UserRow, 'id' | 'email' | 'phone' | 'area_code'>): string {
  return (
    user.email ?? (user.phone ? `+${user.area_code ?? ''} ${user.phone}` : `#${String(user.id)}`)
  );
}

/** Rows of the review queues as the console shows them; `account` names the trader. */
export function toConsoleDeposit(row: DepositRow, account: string): ConsoleDeposit {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    userAccount: account,
    currency: row.currency,
    chain: row.chain,
    address: row.address,
    amount: formatMoney(BigInt(row.amount)),
    imageUploadId: Number(row.image_upload_id),
    txHash: row.tx_hash,
    status: row.status as DepositStatus,
    reason: row.reason,
    reviewedBy: id(row.reviewed_by),
    reviewedAt: id(row.reviewed_at),
    ledgerTransactionId: id(row.ledger_transaction_id),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export function toConsoleWithdrawal(row: WithdrawalRow, account: string): ConsoleWithdrawal {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    userAccount: account,
    walletId: Number(row.wallet_id),
    currency: row.currency,
    chain: row.chain,
    address: row.address,
    amount: formatMoney(BigInt(row.amount)),
    fee: formatMoney(BigInt(row.fee)),
    status: row.status as WithdrawalStatus,
    reason: row.reason,
    txHash: row.tx_hash,
    reviewedBy: id(row.reviewed_by),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    riskAt: id(row.risk_at),
    packagingAt: id(row.packaging_at),
    finishedAt: id(row.finished_at),
    ledgerTransactionId: id(row.ledger_transaction_id),
  };
}

export function toConsoleKyc(row: KycSubmissionRow, account: string): ConsoleKyc {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    userAccount: account,
    kind: row.kind as KycKind,
    country: row.country,
    address: row.address,
    realName: row.real_name,
    idNumber: row.id_number,
    passportNumber: row.passport_number,
    frontUploadId: id(row.front_upload_id),
    backUploadId: id(row.back_upload_id),
    status: row.status as KycSubmissionState,
    reason: row.reason,
    reviewedBy: id(row.reviewed_by),
    reviewedAt: id(row.reviewed_at),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}
