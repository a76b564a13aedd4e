import {
  type ConsoleLoginResult,
  type ConsoleCreatedOperator,
  type ConsoleOperator,
  type OperatorRole,
  type OperatorStatus,
} from '@tidemark/contract';
import { Secret, TOTP } from 'otpauth';
import { isUniqueViolation, type Executor } from '../../db/database';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/secrets';
import { forgetLoginFailures, recordLoginFailure } from '../auth/captcha.service';
import { audit, type Actor } from './console.audit';
import { listPage, type Paging } from './console.paging';
import * as repo from './console.repository';
import type { OperatorRow } from './console.table';

/** How long an operator's token lasts: one working day, then the console asks to log in again. */
export const OPERATOR_SESSION_TTL_MS = 12 * 3_600_000;

/**
 * Failed console logins tolerated within the window, per username (whether or not it exists) and
 * per client address, before every further attempt is refused until the window has passed.
 */
export const CONSOLE_LOCKOUT = { windowMs: 15 * 60_000, perUsername: 5, perIp: 20 } as const;

const FAILURE_PREFIX = 'operator:';
const TOTP_PERIOD_S = 30;

/** The caller of an operator call, from its token. */
export interface OperatorPrincipal {
  id: number;
  username: string;
  role: OperatorRole;
  sessionId: number;
}

export function toConsoleOperator(row: OperatorRow): ConsoleOperator {
  return {
    id: Number(row.id),
    username: row.username,
    role: row.role as OperatorRole,
    status: row.status as OperatorStatus,
    createdAt: Number(row.created_at),
    lastLoginAt: row.last_login_at === null ? null : Number(row.last_login_at),
    totpEnrolledAt: row.totp_enrolled_at === null ? null : Number(row.totp_enrolled_at),
  };
}

/** The authenticator-app view of a secret: SHA-1, 6 digits, 30 s (RFC 6238 defaults). */
function totpOf(username: string, secret: string): TOTP {
  return new TOTP({
    issuer: 'Tidemark',
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** The time step a code belongs to (now, or one step either side), or null when it matches none. */
export function totpStep(secret: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf('operator', secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
}

// An argon2id hash of a random password, checked when the username does not exist, so that an
// unknown operator takes as long to refuse as a wrong password.
let decoyHash: Promise<string> | undefined;

const tooMany = () => new DomainError('tooManyRequests', undefined, 429);

/**
 * Password and TOTP code, both right, or one generic refusal: an unknown username, a wrong
 * password, a wrong, stale or reused code and a disabled operator all answer loginFailed. Each
 * code logs in once: the step it belongs to is remembered. Too many failures for a username or
 * from an address refuse further attempts for a while.
 */
export async function login(
  app: AppContext,
  input: { username: string; password: string; totp: string },
  ip: string,
): Promise<ConsoleLoginResult> {
  const username = input.username.trim().toLowerCase();
  const account = `${FAILURE_PREFIX}${username}`;
  const now = app.clock.now();
  const since = now - CONSOLE_LOCKOUT.windowMs;
  const [byName, byIp] = await Promise.all([
    repo.countFailures(app.db, { account }, since),
    repo.countFailures(app.db, { ip, prefix: FAILURE_PREFIX }, since),
  ]);
  if (byName >= CONSOLE_LOCKOUT.perUsername || byIp >= CONSOLE_LOCKOUT.perIp) throw tooMany();

  const row = await repo.findOperatorByName(app.db, username);
  decoyHash ??= hashPassword(`decoy-${randomToken()}`);
  const passwordOk = await verifyPassword(row?.password_hash ?? (await decoyHash), input.password);
  const step = row && passwordOk ? totpStep(row.totp_secret, input.totp.trim(), now) : null;
  const fail = async (): Promise<never> => {
    await recordLoginFailure(app, account, ip);
    throw new DomainError('loginFailed');
  };
  if (!row || !passwordOk || step === null || row.status !== 'active') return fail();

  const token = randomToken();
  const expiresAt = now + OPERATOR_SESSION_TTL_MS;
  const operatorId = Number(row.id);
  const loggedIn = {
    last_login_at: BigInt(now),
    totp_enrolled_at: row.totp_enrolled_at ?? BigInt(now),
  };
  const opened = await app.writer.run(async (trx) => {
    // First, so that a reused code writes nothing at all.
    if (!(await repo.claimTotpStep(trx, operatorId, step))) return null;
    await repo.updateOperator(trx, operatorId, loggedIn);
    const sessionId = await repo.insertOperatorSession(trx, {
      operatorId,
      tokenHash: sha256(token),
      now,
      expiresAt,
      ip,
    });
    await audit(
      app,
      trx,
      { operatorId, ip },
      {
        action: 'operator.login',
        targetType: 'operator',
        targetId: operatorId,
        after: { sessionId },
      },
    );
    return sessionId;
  });
  if (opened === null) return fail();
  await forgetLoginFailures(app, account);
  return { token, expiresAt, operator: toConsoleOperator({ ...row, ...loggedIn }) };
}

/** The operator of a live token, or null for an unknown, revoked or expired one. */
export async function authenticate(
  app: AppContext,
  token: string,
): Promise<OperatorPrincipal | null> {
  if (token.length > 200) return null;
  const row = await repo.findLiveOperatorSession(app.db, sha256(token), app.clock.now());
  if (!row) return null;
  return {
    id: Number(row.operatorId),
    username: row.username,
    role: row.role as OperatorRole,
    sessionId: Number(row.sessionId),
  };
}

export async function logout(
  app: AppContext,
  caller: OperatorPrincipal,
  ip: string,
): Promise<null> {
  await app.writer.run(async (trx) => {
    await repo.revokeOperatorSession(trx, caller.sessionId, app.clock.now());
    await audit(
      app,
      trx,
      { operatorId: caller.id, ip },
      {
        action: 'operator.logout',
        targetType: 'operator',
        targetId: caller.id,
        before: { sessionId: caller.sessionId },
      },
    );
  });
  return null;
}

async function requireOperator(
  app: AppContext,
  id: number,
  db: Executor = app.db,
): Promise<OperatorRow> {
  const row = await repo.findOperator(db, id);
  if (!row) throw new DomainError('notFound');
  return row;
}

export async function me(app: AppContext, caller: OperatorPrincipal): Promise<ConsoleOperator> {
  return toConsoleOperator(await requireOperator(app, caller.id));
}

/** A new password; every other session of the operator ends (this one stays). */
export async function changePassword(
  app: AppContext,
  caller: OperatorPrincipal,
  input: { oldPassword: string; newPassword: string },
  ip: string,
): Promise<null> {
  const row = await requireOperator(app, caller.id);
  if (!(await verifyPassword(row.password_hash, input.oldPassword)))
    throw new DomainError('oldPasswordWrong');
  const passwordHash = await hashPassword(input.newPassword);
  await app.writer.run(async (trx) => {
    await repo.updateOperator(trx, caller.id, { password_hash: passwordHash });
    await repo.revokeOperatorSessions(trx, caller.id, app.clock.now(), caller.sessionId);
    await audit(
      app,
      trx,
      { operatorId: caller.id, ip },
      {
        action: 'operator.password',
        targetType: 'operator',
        targetId: caller.id,
      },
    );
  });
  return null;
}

export function listOperators(app: AppContext, query: Paging) {
  return listPage(
    query,
    (page) => repo.operatorPage(app.db, page),
    (rows) => rows.map(toConsoleOperator),
  );
}

/**
 * Adds an operator with a fresh TOTP secret. The otpauth:// URI (the QR code) is answered here
 * once; afterwards the secret is never shown again, and the audit row does not hold it.
 */
export async function createOperator(
  app: AppContext,
  actor: Actor,
  input: { username: string; password: string; role: OperatorRole },
): Promise<ConsoleCreatedOperator> {
  if (await repo.findOperatorByName(app.db, input.username))
    throw new DomainError('operatorExists');
  const passwordHash = await hashPassword(input.password);
  const secret = new Secret({ size: 20 });
  try {
    const row = await app.writer.run(async (trx) => {
      const inserted = await repo.insertOperator(trx, {
        username: input.username,
        password_hash: passwordHash,
        totp_secret: secret.base32,
        role: input.role,
        status: 'active',
        created_at: BigInt(app.clock.now()),
        last_login_at: null,
      });
      await audit(app, trx, actor, {
        action: 'operator.create',
        targetType: 'operator',
        targetId: Number(inserted.id),
        after: toConsoleOperator(inserted),
      });
      return inserted;
    });
    return {
      operator: toConsoleOperator(row),
      otpauthUrl: totpOf(row.username, secret.base32).toString(),
      totpSecret: secret.base32,
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('operatorExists');
    throw error;
  }
}

/** Disables (sessions revoked at once) or enables an operator; nobody disables themselves. */
export async function setOperatorStatus(
  app: AppContext,
  actor: Actor,
  input: { id: number; reason: string },
  status: OperatorStatus,
): Promise<ConsoleOperator> {
  if (status === 'disabled' && input.id === actor.operatorId)
    throw new DomainError('cannotDisableSelf');
  return app.writer.run(async (trx) => {
    const before = await requireOperator(app, input.id, trx);
    // Conditional: of two admins acting at once, one changes it and the other is told it is done.
    if (!(await repo.setOperatorStatus(trx, input.id, before.status, status)))
      throw new DomainError('reviewStateChanged');
    if (status === 'disabled') await repo.revokeOperatorSessions(trx, input.id, app.clock.now());
    const after = toConsoleOperator({ ...before, status });
    await audit(app, trx, actor, {
      action: status === 'disabled' ? 'operator.disable' : 'operator.enable',
      targetType: 'operator',
      targetId: input.id,
      before: toConsoleOperator(before),
      after,
      reason: input.reason,
    });
    return after;
  });
}
