// What the tests of the contract products share: a scripted feed chosen at start (like any
// deployment's feed) and demo traders with USDT in their contract wallets.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assetsCalls, userCalls } from '@tidemark/contract';
import type { FeedScript } from '../market/scripted';
import type { TestServer } from './harness';

/**
 * The start settings of a scripted feed (ticking every 50 ms) written to a temporary file; a line
 * may script blind windows (seconds after the feed's start) in which its coin is suspended.
 */
export function scriptedFeedStart(name: string, script: FeedScript): Record<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tidemark-${name}-`));
  const file = path.join(dir, 'script.json');
  fs.writeFileSync(file, JSON.stringify(script));
  return { MARKET_FEED: 'scripted', MARKET_SCRIPT: file, MARKET_TICK_MS: '50' };
}

export interface ContractTrader {
  token: string;
  userId: number;
}

/** A new demo trader with `contract` USDT moved from the demo coin wallet to the contract wallet. */
export async function contractTrader(
  server: TestServer,
  contract: string,
): Promise<ContractTrader> {
  const { token } = await server.register();
  const info = await server.call(userCalls.findUserInfo, {}, { token });
  const moved = await server.call(
    assetsCalls.transferUserMoney,
    { from: 'coin', to: 'contract', currency: 'USDT', amount: contract },
    { token },
  );
  if (moved.status !== 1) throw new Error(`transfer: ${moved.enMsg}`);
  return { token, userId: info.data.id };
}

/**
 * A script line that serves as a watch on the feed: rising 1000 USDT a second from 1000 on a 0.01
 * grid, its price tells to the millisecond when the feed started (feedStart); blind windows are
 * counted from there.
 */
export const WATCH_LINE = { from: '1000', perSecond: '1000' };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (real time) until `check` holds. */
export async function until(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await pause(20);
  }
}

/** The feed's start (ms), from the last tick of the option coin scripted with WATCH_LINE. */
export async function feedStart(server: TestServer, watch: string): Promise<number> {
  await until(() => server.app.market.lastTick(watch) !== undefined);
  const tick = server.app.market.lastTick(watch)!;
  const unit = 10n ** 8n;
  return tick.time - Number((tick.price - 1000n * unit) / unit);
}

/** Moves the server's clock on to `at` (ms) and waits until the feed has stepped there. */
export async function clockTo(server: TestServer, at: number): Promise<void> {
  const ahead = at - server.clock.now();
  if (ahead > 0) server.clock.advance(ahead);
  const symbol = server.app.market.products()[0]!.symbol;
  await until(() => (server.app.market.ticker(symbol)?.time ?? 0) >= at);
}
