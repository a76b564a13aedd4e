import {
  formatMoney,
  type AccountChangeFilter,
  type AccountMode,
  type ConsoleBoundWallet,
  type ConsoleSpotOrder,
  type FreezeScope,
  type MemberTier,
  type ConsoleUserBalance,
  type ConsoleUserDetail,
  type UserStatus,
  type ConsoleUser,
} from '@tidemark/contract';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { accountChanges } from '../assets/assets.service';
import { closeAllSessions, disconnectUser } from '../auth/session.service';
import { maskedAccount } from '../user/user.service';
import type { UserRow } from '../user/user.table';
import { audit, type Actor } from './console.audit';
import { listPage, type Paging } from './console.paging';
import * as repo from './console.repository';
import { toConsoleKyc, userAccount } from './queues.mappers';

const RECENT_ORDERS = 20;

/**
 * The nickname the trader chose, or null: an account starts with its masked e-mail or phone as its
 * nickname (user.service register), and showing that to an operator as a nickname misleads.
 */
function chosenNickname(row: UserRow): string | null {
  let initial: string | null = null;
  if (row.email !== null) initial = maskedAccount({ channel: 'email', email: row.email });
  else if (row.phone !== null) {
    initial = maskedAccount({ channel: 'sms', areaCode: row.area_code ?? '', phone: row.phone });
  }
  return row.nickname === '' || row.nickname === initial ? null : row.nickname;
}

export function toConsoleUser(row: UserRow): ConsoleUser {
  return {
    id: Number(row.id),
    userId: Number(row.id),
    email: row.email,
    phone: row.phone,
    areaCode: row.area_code,
    nickname: chosenNickname(row),
    verifyLevel: Number(row.verify_level),
    memberTier: row.member_tier as MemberTier,
    mode: row.mode as AccountMode,
    status: row.status as UserStatus,
    withdrawFrozen: BigInt(row.withdraw_frozen) !== 0n,
    createdAt: Number(row.created_at),
    lastSeenAt: row.last_seen_at === null ? null : Number(row.last_seen_at),
  };
}

export function listUsers(app: AppContext, query: Paging & { q: string | undefined }) {
  return listPage(
    query,
    (page) => repo.userPage(app.db, query.q, page),
    (rows) => rows.map(toConsoleUser),
  );
}

async function requireUser(app: AppContext, id: number): Promise<UserRow> {
  const row = await repo.findUser(app.db, id);
  if (!row) throw new DomainError('notFound');
  return row;
}

/** Available and held amounts per book, wallet and currency, straight from the ledger. */
function balancesOf(rows: { book: string; wallet: string; currency: string; balance: bigint }[]) {
  const byKey = new Map<string, ConsoleUserBalance>();
  for (const row of rows) {
    const held = row.wallet.endsWith('_hold');
    const wallet = held ? row.wallet.slice(0, -'_hold'.length) : row.wallet;
    const key = `${row.book}/${wallet}/${row.currency}`;
    const entry = byKey.get(key) ?? {
      book: row.book as AccountMode,
      wallet,
      currency: row.currency,
      available: formatMoney(0n),
      frozen: formatMoney(0n),
    };
    if (held) entry.frozen = formatMoney(BigInt(row.balance));
    else entry.available = formatMoney(BigInt(row.balance));
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}

export async function userDetail(
  app: AppContext,
  query: {
    id: number;
    book: AccountMode;
    type: AccountChangeFilter;
    page: number;
    pageSize: number;
  },
): Promise<ConsoleUserDetail> {
  const row = await requireUser(app, query.id);
  const userId = query.id;
  const [ledger, kyc, wallets, addresses, orders, changes] = await Promise.all([
    repo.userLedgerAccounts(app.db, userId),
    repo.userKyc(app.db, userId),
    repo.userWallets(app.db, userId),
    repo.userDepositAddresses(app.db, userId),
    repo.recentOrders(app.db, userId, RECENT_ORDERS),
    accountChanges(app, userId, query.book, {
      type: query.type,
      page: query.page,
      pageSize: query.pageSize,
    }),
  ]);
  const account = userAccount(row);
  return {
    user: toConsoleUser(row),
    inviterId: row.inviter_id === null ? null : Number(row.inviter_id),
    inviteCode: row.invite_code,
    hasPayPassword: row.pay_password_hash !== null,
    balances: balancesOf(ledger),
    kyc: kyc.map((k) => toConsoleKyc(k, account)),
    wallets: wallets.map((w): ConsoleBoundWallet => ({
      id: Number(w.id),
      userId: Number(w.user_id),
      currency: w.currency,
      chain: w.chain,
      address: w.address,
      imageUploadId: w.image_upload_id === null ? null : Number(w.image_upload_id),
      deletedAt: w.deleted_at === null ? null : Number(w.deleted_at),
      createdAt: Number(w.created_at),
    })),
    depositAddresses: addresses.map((a) => ({
      id: Number(a.id),
      userId: Number(a.user_id),
      currency: a.currency,
      chain: a.chain,
      address: a.address,
      createdAt: Number(a.created_at),
    })),
    orders: orders.map((o): ConsoleSpotOrder => ({
      id: Number(o.id),
      userId: Number(o.user_id),
      book: o.book as AccountMode,
      symbol: o.symbol,
      side: o.side,
      type: Number(o.type),
      price: o.price === null ? '' : formatMoney(o.price),
      quantity: o.quantity === null ? '' : formatMoney(o.quantity),
      filled: formatMoney(o.filled),
      filledAmount: formatMoney(o.filled_quote),
      fee: formatMoney(o.fee),
      feeCurrency: o.fee_currency,
      phase: o.phase,
      createdAt: Number(o.created_at),
    })),
    changes: {
      book: query.book,
      list: changes.list.map((c) => ({
        id: c.id,
        time: c.time,
        type: c.type,
        wallet: c.wallet,
        currency: c.currency,
        amount: c.amount,
        balanceAfter: c.balanceAfter,
        reference: c.reference,
      })),
      total: changes.total,
      page: changes.page,
      pageSize: changes.pageSize,
    },
  };
}

/**
 * Freezes or lifts a freeze. Login: the account's status, and every session of the user ends (its
 * websockets close once committed). Withdrawal: new withdrawal requests are refused. Setting what
 * is already so answers reviewStateChanged and writes nothing.
 */
export async function setFreeze(
  app: AppContext,
  actor: Actor,
  input: { id: number; scope: FreezeScope; reason: string },
  frozen: boolean,
): Promise<ConsoleUser> {
  const login = input.scope === 'login';
  // From the other state to this one: the conditional update refuses what is already so, and the
  // second of two operators acting at once.
  const [expected, change] = login
    ? [{ status: frozen ? 'active' : 'frozen' }, { status: frozen ? 'frozen' : 'active' }]
    : [{ withdraw_frozen: frozen ? 0n : 1n }, { withdraw_frozen: frozen ? 1n : 0n }];
  const after = await app.writer.run(async (trx) => {
    const before = await repo.findUser(trx, input.id);
    if (!before) throw new DomainError('notFound');
    const patch = { ...change, updated_at: BigInt(app.clock.now()) };
    if (!(await repo.updateUserIf(trx, input.id, expected, patch)))
      throw new DomainError('reviewStateChanged');
    if (login && frozen) await closeAllSessions(app, trx, input.id);
    const next: UserRow = { ...before, ...patch };
    await audit(app, trx, actor, {
      action: frozen ? 'user.freeze' : 'user.unfreeze',
      targetType: 'user',
      targetId: input.id,
      before: { scope: input.scope, ...toConsoleUser(before) },
      after: { scope: input.scope, ...toConsoleUser(next) },
      reason: input.reason,
    });
    return next;
  });
  if (login && frozen) disconnectUser(app, input.id);
  return toConsoleUser(after);
}
