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
