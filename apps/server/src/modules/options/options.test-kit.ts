import { assetsCalls, kycCalls, optionsCalls, type OptionOrder } from '@tidemark/contract';
import { expect } from 'vitest';
import { approveKyc } from '../kyc/kyc.review';
import { verifyRecords } from './options.engine';
import { pngImage, traderMultipart } from '../console/console.test-support';
import type { TestServer } from '../../test/harness';
import { contractTrader, scriptedFeedStart, type ContractTrader } from '../../test/scripted';

/**
 * The scripted feed of the option tests (chosen at start, like any deployment's feed): BTC rises
 * 5 USDT a second (long wins, short loses), ETH stays flat (ties), SOL falls (short wins).
 */
export function scriptedFeedEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...scriptedFeedStart('feed', {
      'BTC/USDT': { from: '95000', perSecond: '5' },
      'ETH/USDT': { from: '3400', perSecond: '0' },
      'SOL/USDT': { from: '185', perSecond: '-0.5' },
    }),
    // A two-second period for tests beside a real one; products keep what is configured.
    OPTIONS_PERIODS: '2,60',
    ...extra,
  };
}

export type OptionTrader = ContractTrader;

/** A demo trader with `contract` USDT moved from the demo coin wallet to the contract wallet. */
export function optionTrader(server: TestServer, contract = '1000'): Promise<OptionTrader> {
  return contractTrader(server, contract);
}

/** Primary verification from `country`, approved. */
export async function verifyPrimary(server: TestServer, token: string, country: string) {
  const answer = await traderMultipart(server, kycCalls.userPrimaryAuth, token, {
    country,
    address: '1 Harbour Road',
    realName: 'Alex Example',
    idNumber: 'T22000129',
    idFront: await pngImage(2),
    idBack: await pngImage(3),
  });
  if (answer.status !== 1) throw new Error(`userPrimaryAuth: ${answer.enMsg}`);
  await server.app.writer.run((trx) =>
    approveKyc(server.app, trx, { id: Number(answer.data.id), operatorId: 1 }),
  );
}

export async function periodId(server: TestServer, symbol: string, seconds: number) {
  const answer = await server.call(optionsCalls.findH5ProductPeriodsPage, { symbol });
  const found = answer.data.list.find((p) => p.seconds === seconds);
  if (!found) throw new Error(`no ${seconds}s period of ${symbol}`);
  return found.id;
}

/** Waits (real time) until the order has left `statuses`; answers it. */
export async function waitFor(
  server: TestServer,
  token: string,
  orderId: number,
  statuses: readonly OptionOrder['status'][] = ['scheduled', 'running'],
  ms = 8_000,
): Promise<OptionOrder> {
  const until = Date.now() + ms;
  for (;;) {
    const answer = await server.call(optionsCalls.findCurrencyOrderResult, { orderId }, { token });
    expect(answer.status).toBe(1);
    if (!statuses.includes(answer.data.status)) return answer.data;
    if (Date.now() > until) throw new Error(`order ${orderId} still ${answer.data.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function contractBalance(server: TestServer, token: string): Promise<string> {
  const money = await server.call(assetsCalls.findUserMoney, {}, { token });
  return money.data.wallets.contract.find((w) => w.currency === 'USDT')?.available ?? '0.00000000';
}

/** Checks the public record chain as the database holds it: every hash, link and outcome. */
export async function expectRecordChainIntact(server: TestServer): Promise<void> {
  const rows = await server.app.db
    .selectFrom('option_records')
    .selectAll()
    .orderBy('seq')
    .execute();
  const records = rows.map((r) => ({ seq: Number(r.seq), body: r.body, hash: r.hash }));
  expect(verifyRecords(records)).toBeNull();
}
