/**
 * Helpers of the custody API tests (wallet, money, kyc, uploads): multipart calls the way the app
 * sends them, real image bytes, and a trader made verified and funded through the review
 * functions an operator uses (never by writing rows).
 */
import {
  kycCalls,
  moneyCalls,
  userCalls,
  type CallDef,
  type CallOutput,
  type Envelope,
  type ErrorKey,
} from '@tidemark/contract';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestServer } from '../../test/harness';
import { approveKyc } from '../kyc/kyc.review';
import { approveDeposit } from './money.review';

export const PAY_PASSWORD = '246810';

let keyCounter = 0;
export const freshKey = () => `custody-${process.pid}-${++keyCounter}-${Date.now()}`;

/** A small real PNG (a screenshot stand-in), different for each seed. */
export function pngImage(seed = 1, width = 64, height = 48): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 53) % 256 },
    },
  })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF metadata (camera, GPS-like fields), as a phone photo would. */
export function jpegWithExif(): Promise<Buffer> {
  return sharp({
    create: { width: 80, height: 60, channels: 3, background: { r: 10, g: 200, b: 30 } },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TidemarkPhone', Model: 'Secret Model 9', Copyright: 'owner@example.com' },
    })
    .toBuffer();
}

export type FieldValue = string | number | Buffer | Blob | undefined;

/** POSTs a multipart form as the app does (files as Blobs named whatever the user picked). */
export async function multipartCall<C extends CallDef>(
  server: TestServer,
  def: C,
  fields: Record<string, FieldValue>,
  options: { token?: string | undefined; key?: string | null } = {},
): Promise<Envelope<CallOutput<C>>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (Buffer.isBuffer(value)) form.append(name, new Blob([value]), `${name}.png`);
    else if (value instanceof Blob) form.append(name, value, `${name}.png`);
    else form.append(name, String(value));
  }
  const headers: Record<string, string> = {};
  if (options.token) headers.appToken = options.token;
  if (options.key !== null && def.idempotent)
    headers['Idempotency-Key'] = options.key ?? freshKey();
  const response = await server.fetch(def.path, { method: 'POST', body: form, headers });
  return (await response.json()) as Envelope<CallOutput<C>>;
}

/** The seeded initial operator (reviewed_by refers to operators). */
export async function operatorId(server: TestServer): Promise<number> {
  const row = await server.app.db
    .selectFrom('operators')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Asserts a refusal envelope: its catalogue key, its English text, no data. */
export function expectRefused(
  envelope: Envelope<unknown>,
  code: ErrorKey,
  enMsg?: string,
  status = '400',
): void {
  expect(envelope).toMatchObject({ status, code, data: null });
  if (enMsg !== undefined) expect(envelope.enMsg).toBe(enMsg);
  expect(envelope.cnMsg).not.toBe('');
  expect(envelope.cnMsg).not.toBe(envelope.enMsg);
}

export function expectOkData<T>(envelope: Envelope<T>): T {
  expect(envelope, JSON.stringify(envelope)).toMatchObject({ status: 1 });
  return envelope.data;
}

/** Submits primary verification with two real images; answers the submission. */
export async function submitPrimary(
  server: TestServer,
  token: string,
  overrides: Record<string, FieldValue> = {},
) {
  return multipartCall(
    server,
    kycCalls.userPrimaryAuth,
    {
      country: 'DE',
      address: 'Hafenstrasse 1, 20459 Hamburg',
      realName: 'Erika Mustermann',
      idNumber: 'L01X00T47',
      idFront: await pngImage(11),
      idBack: await pngImage(12),
      ...overrides,
    },
    { token },
  );
}

/** Primary verification submitted by the trader and approved by an operator's review function. */
export async function verifyPrimary(server: TestServer, token: string): Promise<void> {
  const submitted = expectOkData(await submitPrimary(server, token));
  const operator = await operatorId(server);
  await server.app.writer.run((trx) =>
    approveKyc(server.app, trx, { id: submitted.id, operatorId: operator }),
  );
}

/** A deposit request by the trader, credited by an operator's review function. */
export async function fund(
  server: TestServer,
  token: string,
  amount: string,
  currency = 'USDT',
  chain = 'TRC20',
): Promise<number> {
  const deposit = expectOkData(
    await multipartCall(
      server,
      moneyCalls.insertUserRecharge,
      { currency, chain, amount, image: await pngImage(amount.length) },
      { token },
    ),
  );
  const operator = await operatorId(server);
  await server.app.writer.run((trx) =>
    approveDeposit(server.app, trx, { id: deposit.id, operatorId: operator }),
  );
  return deposit.id;
}

export async function setPayPassword(server: TestServer, token: string): Promise<void> {
  expectOkData(
    await server.call(
      userCalls.updatePayPwd,
      { payPassword: PAY_PASSWORD, confirmPayPassword: PAY_PASSWORD },
      { token },
    ),
  );
}

/** Sets an app_config value (operators do this in the console). */
export async function setConfig(server: TestServer, key: string, value: string): Promise<void> {
  await server.app.db
    .updateTable('app_config')
    .set({ value, updated_at: BigInt(Date.now()) })
    .where('key', '=', key)
    .execute();
}
