import type { userCalls } from '@tidemark/contract';
import {
  accountKind,
  type AccountMode,
  type CallDef,
  type MemberTier,
  type ParsedInput,
  type UserInfo,
} from '@tidemark/contract';
import { inTransaction, isUniqueViolation, type Trx } from '../../db/database';
import { signedInUser, type AppContext, type RequestContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { hashPassword, randomInviteCode, verifyPassword } from '../../lib/secrets';
import { fundDemoBook } from '../assets/assets.service';
import {
  captchaRefusal,
  forgetLoginFailures,
  guardAccount,
  guardLoginAddress,
  recentFailures,
  recordLoginFailure,
  resetFailureKey,
  type CaptchaAnswer,
} from '../auth/captcha.service';
import { phoneTarget, targetKey, useCode, type CodeTarget } from '../auth/code.service';
import {
  closeAllSessions,
  disconnectUser,
  openSession,
  sessionRevocations,
} from '../auth/session.service';
import * as repo from './user.repository';
import type { UserRow } from './user.table';

type Input<C extends CallDef> = ParsedInput<C>;
export interface Client {
  ip: string;
  userAgent: string;
}

/** How often the online heartbeat may write last_seen_at for one user. */
const SEEN_WRITE_GAP_MS = 60_000;

/** The account field of register, login and reset, as a code target. */
export function accountTarget(account: string, areaCode: string | undefined): Promise<CodeTarget> {
  return accountKind(account) === 'email'
    ? Promise.resolve({ channel: 'email', email: account.toLowerCase() })
    : phoneTarget(areaCode ?? '', account);
}

function findByTarget(app: AppContext, target: CodeTarget): Promise<UserRow | undefined> {
  return target.channel === 'email'
    ? repo.findByEmail(app.db, target.email)
    : repo.findByPhone(app.db, target.areaCode, target.phone);
}

/** "ab***@mail.com" or "138****8000": the nickname a new account starts with. */
export function maskedAccount(target: CodeTarget): string {
  if (target.channel === 'email') {
    const [local = '', domain = ''] = target.email.split('@');
    return `${local.slice(0, 2)}***@${domain}`;
  }
  const p = target.phone;
  return p.length > 7 ? `${p.slice(0, 3)}****${p.slice(-4)}` : `${p.slice(0, 2)}****`;
}

export function toUserInfo(row: UserRow): UserInfo {
  return {
    id: Number(row.id),
    nickname: row.nickname,
    email: row.email,
    phone: row.phone,
    areaCode: row.area_code,
    inviteCode: row.invite_code,
    verifyLevel: Number(row.verify_level),
    memberTier: row.member_tier as MemberTier,
    mode: row.mode as AccountMode,
    hasPayPassword: row.pay_password_hash !== null,
    createdAt: Number(row.created_at),
  };
}

async function requireUser(app: AppContext, userId: number): Promise<UserRow> {
  const row = await repo.findById(app.db, userId);
  if (!row) throw new DomainError('sessionExpired');
  return row;
}

export async function unusedInviteCode(app: AppContext): Promise<string> {
  for (;;) {
    const code = randomInviteCode();
    if (!(await repo.findByInviteCode(app.db, code))) return code;
  }
}

export interface NewUser {
  email: string | null;
  phone: string | null;
  areaCode: string | null;
  passwordHash: string;
  nickname: string;
  inviteCode: string;
  inviterId: number | null;
}

/** Inserts a user in demo mode and funds the demo book, inside the caller's transaction. */
export async function createUser(app: AppContext, trx: Trx, user: NewUser): Promise<number> {
  const now = BigInt(app.clock.now());
  const userId = await repo.insert(trx, {
    email: user.email,
    phone: user.phone,
    area_code: user.areaCode,
    password_hash: user.passwordHash,
    pay_password_hash: null,
    nickname: user.nickname,
    invite_code: user.inviteCode,
    inviter_id: user.inviterId === null ? null : BigInt(user.inviterId),
    verify_level: 0n,
    member_tier: 'ordinary',
    mode: 'demo',
    status: 'active',
    created_at: now,
    updated_at: now,
    last_seen_at: null,
  });
  await fundDemoBook(app, trx, userId);
  return userId;
}

/**
 * Creates the account and opens its first session. The code is checked first, so only someone who
 * controls the address learns whether it is already registered.
 */
export async function register(
  app: AppContext,
  input: Input<typeof userCalls.register>,
  client: Client,
): Promise<string> {
  const target = await accountTarget(input.account, input.areaCode);
  const inviter = input.inviteCode
    ? await repo.findByInviteCode(app.db, input.inviteCode)
    : undefined;
  if (input.inviteCode && !inviter) throw new DomainError('inviteCodeInvalid');
  await useCode(app, target, input.code);
  if (await findByTarget(app, target)) throw new DomainError('accountExists');

  const passwordHash = await hashPassword(input.password);
  const inviteCode = await unusedInviteCode(app);
  try {
    return await app.writer.run(async (trx) => {
      const userId = await createUser(app, trx, {
        email: target.channel === 'email' ? target.email : null,
        phone: target.channel === 'sms' ? target.phone : null,
        areaCode: target.channel === 'sms' ? target.areaCode : null,
        passwordHash,
        nickname: maskedAccount(target),
        inviteCode,
        inviterId: inviter ? Number(inviter.id) : null,
      });
      return openSession(app, trx, userId, client);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('accountExists');
    throw error;
  }
}

// A hash of a random password, verified when the account does not exist so that an unknown
// account takes as long to refuse as a wrong password.
let decoyHash: Promise<string> | undefined;

/**
 * Logs in by account and password. Unknown account and wrong password answer alike. Only
 * failures count: too many from one address refuse it for a while; after a few for one account,
 * from anywhere, the captcha of /common/getVerify is required too, so a stranger who knows the
 * account can slow its owner down by one image but never keep them out.
 */
export async function login(
  app: AppContext,
  input: Input<typeof userCalls.login>,
  client: Client,
): Promise<string> {
  const target = await accountTarget(input.account, input.areaCode);
  const failureKey = targetKey(target);
  await guardLoginAddress(app, client.ip);
  await guardAccount(app, failureKey, input);
  // Counted as a failure until the password proves right, so that a burst of parallel guesses
  // is counted as it arrives rather than after every hash has been computed.
  await recordLoginFailure(app, failureKey, client.ip);
  const user = await findByTarget(app, target);
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  const matches = await verifyPassword(user?.password_hash ?? (await decoyHash), input.password);
  if (!user || !matches) {
    if ((await recentFailures(app, failureKey)) >= app.config.captcha.afterFailures) {
      throw captchaRefusal('loginFailedCaptcha');
    }
    throw new DomainError('loginFailed');
  }
  await forgetLoginFailures(app, failureKey);
  if (user.status !== 'active') throw new DomainError('accountFrozen');
  return openSession(app, app.db, Number(user.id), client);
}

export async function profile(app: AppContext, userId: number): Promise<UserInfo> {
  return toUserInfo(await requireUser(app, userId));
}

/**
 * The signed-in caller and the book they use now (demo or real: SPEC.md section 4, account mode),
 * as read with their session for this request.
 */
export function callerBook(ctx: RequestContext): { userId: number; mode: AccountMode } {
  const { id, mode } = signedInUser(ctx);
  return { userId: id, mode };
}

/** Changes nickname, or email or phone after a code sent to the new address. */
export async function updateProfile(
  app: AppContext,
  userId: number,
  input: Input<typeof userCalls.updateUser>,
): Promise<UserInfo> {
  const now = BigInt(app.clock.now());
  if ('nickname' in input) {
    await repo.update(app.db, userId, { nickname: input.nickname, updated_at: now });
    return profile(app, userId);
  }
  const target: CodeTarget =
    'email' in input
      ? { channel: 'email', email: input.email }
      : await phoneTarget(input.areaCode, input.phone);
  await useCode(app, target, input.code);
  const holder = await findByTarget(app, target);
  if (holder && Number(holder.id) !== userId) throw new DomainError('accountExists');
  try {
    await repo.update(
      app.db,
      userId,
      target.channel === 'email'
        ? { email: target.email, updated_at: now }
        : { phone: target.phone, area_code: target.areaCode, updated_at: now },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('accountExists');
    throw error;
  }
  return profile(app, userId);
}

/** Changes the login password and ends every session, this one included. */
export async function changePassword(
  app: AppContext,
  userId: number,
  input: Input<typeof userCalls.updateUserPassword>,
): Promise<void> {
  const user = await requireUser(app, userId);
  if (!(await verifyPassword(user.password_hash, input.oldPassword))) {
    throw new DomainError('oldPasswordWrong');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await inTransaction(app.db, async (trx) => {
    await repo.update(trx, userId, {
      password_hash: passwordHash,
      updated_at: BigInt(app.clock.now()),
    });
    await closeAllSessions(app, trx, userId);
  });
  disconnectUser(app, userId);
}

/** Sets the pay password, or changes it when the current one is given correctly. */
export async function setPayPassword(
  app: AppContext,
  userId: number,
  input: Input<typeof userCalls.updatePayPwd>,
): Promise<void> {
  const user = await requireUser(app, userId);
  if (user.pay_password_hash !== null) {
    if (!input.oldPayPassword) throw new DomainError('payPasswordEmpty');
    if (!(await verifyPassword(user.pay_password_hash, input.oldPayPassword))) {
      throw new DomainError('payPasswordWrong');
    }
  }
  const payHash = await hashPassword(input.payPassword);
  await repo.update(app.db, userId, {
    pay_password_hash: payHash,
    updated_at: BigInt(app.clock.now()),
  });
}

/** Checks a pay password for money-moving calls. */
export async function checkPayPassword(
  app: AppContext,
  userId: number,
  payPassword: string,
): Promise<void> {
  const user = await requireUser(app, userId);
  if (user.pay_password_hash === null) throw new DomainError('noPayPassword');
  if (!(await verifyPassword(user.pay_password_hash, payPassword))) {
    throw new DomainError('payPasswordWrong');
  }
}

export async function switchMode(
  app: AppContext,
  userId: number,
  mode: AccountMode | undefined,
): Promise<AccountMode> {
  const user = await requireUser(app, userId);
  const next: AccountMode = mode ?? (user.mode === 'demo' ? 'real' : 'demo');
  if (next !== user.mode) {
    await repo.update(app.db, userId, { mode: next, updated_at: BigInt(app.clock.now()) });
    // Sessions carry the mode: the next call reads it again.
    sessionRevocations(app).revokeUser(userId);
  }
  return next;
}

/**
 * Resets the login password with a code sent to the account, and ends every session. After a few
 * refused codes for the account (from anywhere) each further try needs the image code as well.
 */
export async function resetPassword(
  app: AppContext,
  input: {
    account: string;
    areaCode?: string | undefined;
    code: string;
    password: string;
  } & CaptchaAnswer,
  ip: string,
): Promise<void> {
  const target = await accountTarget(input.account, input.areaCode);
  const failureKey = resetFailureKey(targetKey(target));
  await guardAccount(app, failureKey, input);
  try {
    await useCode(app, target, input.code);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    await recordLoginFailure(app, failureKey, ip);
    const failures = await recentFailures(app, failureKey);
    throw failures >= app.config.captcha.afterFailures
      ? captchaRefusal(error.key, error.params, error.httpStatus)
      : error;
  }
  await forgetLoginFailures(app, failureKey);
  const user = await findByTarget(app, target);
  if (!user) throw new DomainError('accountNotFound');
  const passwordHash = await hashPassword(input.password);
  await inTransaction(app.db, async (trx) => {
    await repo.update(trx, Number(user.id), {
      password_hash: passwordHash,
      updated_at: BigInt(app.clock.now()),
    });
    await closeAllSessions(app, trx, Number(user.id));
  });
  disconnectUser(app, Number(user.id));
  await forgetLoginFailures(app, targetKey(target));
}

export async function markOnline(app: AppContext, userId: number): Promise<void> {
  await repo.markSeen(app.db, userId, app.clock.now(), SEEN_WRITE_GAP_MS);
}
