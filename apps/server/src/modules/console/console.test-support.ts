import fs from 'node:fs';
import path from 'node:path';
import {
  consoleCalls,
  consoleRequest,
  kycCalls,
  moneyCalls,
  newsign,
  userCalls,
  walletCalls,
  type CallDef,
  type CallOutput,
  type ConsoleCallDef,
  type ConsoleCallInput,
  type ConsoleCallOutput,
  type Envelope,
  type OperatorRole,
} from '@tidemark/contract';
import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
import { INITIAL_ADMIN_FILE } from '../../db/seed';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';

/** An operator's credentials as a test holds them. */
export interface OperatorCredentials {
  username: string;
  password: string;
  totpSecret: string;
}

/** The code an authenticator app would show for `secret` at `ms`. */
export function totpCode(secret: string, ms: number): string {
  return new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  }).generate({ timestamp: ms });
}

/** The seeded admin of DATA_DIR/initial-admin.json. */
export function initialAdmin(server: TestServer): OperatorCredentials {
  const file = path.join(server.config.dataDir, INITIAL_ADMIN_FILE);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as OperatorCredentials;
}

export interface ConsoleCallOptions {
  token?: string | undefined;
  headers?: Record<string, string>;
}

/** Calls an operator call over HTTP the way the console app does (JSON, Bearer token). */
export async function consoleCall<C extends ConsoleCallDef>(
  server: TestServer,
  call: C,
  input: ConsoleCallInput<C>,
  options: ConsoleCallOptions = {},
): Promise<Envelope<ConsoleCallOutput<C>>> {
  const response = await consoleFetch(server, call, input, options);
  return (await response.json()) as Envelope<ConsoleCallOutput<C>>;
}

export function consoleFetch<C extends ConsoleCallDef>(
  server: TestServer,
  call: C,
  input: ConsoleCallInput<C>,
  options: ConsoleCallOptions = {},
): Promise<Response> {
  const request = consoleRequest(call, input);
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${server.url}${request.url}`, {
    method: request.method,
    headers,
    body: request.body ?? null,
  });
}

/**
 * Logs in with a fresh code: the clock first moves to the next 30-second step, because a code is
 * accepted once per step (the previous login of this operator may have used the current one).
 */
export async function consoleLogin(
  server: TestServer,
  credentials: OperatorCredentials,
): Promise<string> {
  server.clock.advance(30_000);
  const answer = await consoleCall(server, consoleCalls.login, {
    username: credentials.username,
    password: credentials.password,
    totp: totpCode(credentials.totpSecret, server.clock.now()),
  });
  if (answer.status !== 1) throw new Error(`console login: ${answer.enMsg}`);
  return answer.data.token;
}

let operatorCounter = 0;
export const OPERATOR_PASSWORD = 'Lighthouse2026x';

/** Creates an operator of `role` as the admin of `adminToken` and logs it in. */
export async function newOperator(
  server: TestServer,
  adminToken: string,
  role: OperatorRole,
): Promise<OperatorCredentials & { id: number; token: string }> {
  operatorCounter += 1;
  const username = `${role}.${process.pid}.${operatorCounter}`;
  const created = await consoleCall(
    server,
    consoleCalls.createOperator,
    { username, password: OPERATOR_PASSWORD, role },
    { token: adminToken },
  );
  if (created.status !== 1) throw new Error(`createOperator: ${created.enMsg}`);
  const credentials = {
    username,
    password: OPERATOR_PASSWORD,
    totpSecret: created.data.totpSecret,
  };
  return {
    ...credentials,
    id: created.data.operator.id,
    token: await consoleLogin(server, credentials),
  };
}

/**
 * A console test file's server (roomy rate limits, `env` at start) with the seeded admin signed
 * in over the console; answers both (the file closes the server in its afterAll).
 */
export async function startConsoleServer(
  env?: Record<string, string>,
): Promise<{ server: TestServer; admin: string }> {
  const server = await startServer({ rateLimits: ROOMY_LIMITS, ...(env ? { env } : {}) });
  return { server, admin: await consoleLogin(server, initialAdmin(server)) };
}

/** The newest audit rows, straight from the database. */
export function auditRows(server: TestServer) {
  return server.app.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').execute();
}

// --- traders and their requests, through the trader API ------------------------------------------

/** A small real PNG, as a phone would upload it. */
export function pngImage(seed = 0): Promise<Buffer> {
  return sharp({
    create: {
      width: 32 + seed,
      height: 24,
      channels: 3,
      background: { r: (seed * 40) % 256, g: 120, b: 200 },
    },
  })
    .png()
    .toBuffer();
}

let keyCounter = 0;
export function idempotencyKey(): string {
  keyCounter += 1;
  return `console-test-${process.pid}-${keyCounter}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A trader call sent as multipart/form-data (files as Buffers), with a fresh newsign. */
export async function traderMultipart<C extends CallDef>(
  server: TestServer,
  call: C,
  token: string,
  fields: Record<string, string | Buffer>,
  headers: Record<string, string> = {},
): Promise<Envelope<CallOutput<C>>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.set(name, value);
    else form.set(name, new Blob([new Uint8Array(value)], { type: 'image/png' }), `${name}.png`);
  }
  const response = await fetch(`${server.url}${call.path}`, {
    method: 'POST',
    headers: {
      appToken: token,
      newsign: newsign(server.config.newsignSecret, server.clock.now()),
      ...headers,
    },
    body: form,
  });
  return (await response.json()) as Envelope<CallOutput<C>>;
}

export interface Trader {
  token: string;
  email: string;
  password: string;
  userId: number;
}

export async function newTrader(server: TestServer): Promise<Trader> {
  const registered = await server.register();
  const info = await server.call(userCalls.findUserInfo, {}, { token: registered.token });
  return { ...registered, userId: info.data.id };
}

/** A deposit request (USDT on TRC20 unless told) with a screenshot; answers its id. */
export async function requestDeposit(
  server: TestServer,
  trader: Trader,
  amount: string,
  chain = 'TRC20',
): Promise<number> {
  const answer = await traderMultipart(
    server,
    moneyCalls.insertUserRecharge,
    trader.token,
    { currency: 'USDT', chain, amount, image: await pngImage(1) },
    { 'idempotency-key': idempotencyKey() },
  );
  if (answer.status !== 1) throw new Error(`insertUserRecharge: ${answer.enMsg}`);
  return Number(answer.data.id);
}

/** A primary verification submission with both ID images; answers its id. */
export async function submitPrimaryKyc(server: TestServer, trader: Trader): Promise<number> {
  const answer = await traderMultipart(server, kycCalls.userPrimaryAuth, trader.token, {
    country: 'DE',
    address: 'Hafenstrasse 1, Hamburg',
    realName: 'Erika Mustermann',
    idNumber: 'T22000129',
    idFront: await pngImage(2),
    idBack: await pngImage(3),
  });
  if (answer.status !== 1) throw new Error(`userPrimaryAuth: ${answer.enMsg}`);
  return Number(answer.data.id);
}

/** A trader's own valid Tron address (not the platform's deposit address, which is refused). */
export const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
export const PAY_PASSWORD = '246810';

/**
 * A trader who may withdraw: real USDT credited by an approved deposit, primary verification
 * approved, the pay password set, a TRC20 address bound. The volume threshold is set to 0.
 */
export async function withdrawingTrader(
  server: TestServer,
  adminToken: string,
  deposit = '500',
): Promise<Trader & { walletId: number }> {
  const trader = await newTrader(server);
  const settings = await consoleCall(
    server,
    consoleCalls.setWithdrawalSettings,
    { volumeThreshold: '0' },
    { token: adminToken },
  );
  if (settings.status !== 1) throw new Error(`setWithdrawalSettings: ${settings.enMsg}`);
  const depositId = await requestDeposit(server, trader, deposit);
  const approved = await consoleCall(
    server,
    consoleCalls.approveDeposit,
    { id: depositId },
    { token: adminToken },
  );
  if (approved.status !== 1) throw new Error(`approveDeposit: ${approved.enMsg}`);
  const kycId = await submitPrimaryKyc(server, trader);
  const verified = await consoleCall(
    server,
    consoleCalls.approveKyc,
    { id: kycId },
    { token: adminToken },
  );
  if (verified.status !== 1) throw new Error(`approveKyc: ${verified.enMsg}`);
  const pay = await server.call(
    userCalls.updatePayPwd,
    { payPassword: PAY_PASSWORD, confirmPayPassword: PAY_PASSWORD },
    { token: trader.token },
  );
  if (pay.status !== 1) throw new Error(`updatePayPwd: ${pay.enMsg}`);
  const bound = await traderMultipart(server, walletCalls.userBindingWallet, trader.token, {
    chain: 'TRC20',
    currency: 'USDT',
    address: TRON_ADDRESS,
  });
  if (bound.status !== 1) throw new Error(`userBindingWallet: ${bound.enMsg}`);
  return { ...trader, walletId: Number(bound.data.id) };
}

/** A withdrawal request; answers the envelope (a refusal is for the test to judge). */
export function requestWithdrawal(
  server: TestServer,
  trader: Trader & { walletId: number },
  amount: string,
) {
  return server.call(
    moneyCalls.insertUserWithdraw,
    { walletId: trader.walletId, amount, payPassword: PAY_PASSWORD },
    { token: trader.token, headers: { 'idempotency-key': idempotencyKey() } },
  );
}
