import { assetsCalls, parseMoney, type CallOutput } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { childServer, type ChildServer } from '../test/child-server';
import { checkPlatform } from './check';

// A real server process, killed with SIGKILL in the middle of a burst of transfers: the journal
// holds entries its per-account index has not reached (ledger/projection.ts), and group commits
// may be in flight. After a restart every acknowledged transfer must be in the account-change log
// (read through the index and the journal's tail), the balances must be what the log says, and
// the ledger must check clean, its index included. The process runs from source (tsx), on SQLite
// or on DATABASE_URL.

let server: ChildServer;

let keys = 0;
const key = () => ({ 'Idempotency-Key': `journal-${process.pid}-${++keys}` });

beforeAll(async () => {
  server = await childServer();
  await server.start();
}, 60_000);
afterAll(() => server.close());

interface Acknowledged {
  token: string;
  transferId: number;
}

/** Every entry of a trader's account-change log (the demo book they trade in). */
async function accountChanges(token: string) {
  const entries: CallOutput<typeof assetsCalls.selectUserAccountChange>['list'] = [];
  for (let page = 1; ; page++) {
    const answer = await server.call(
      assetsCalls.selectUserAccountChange,
      { type: 'all', page, pageSize: 100 },
      token,
    );
    expect(answer.status).toBe(1);
    entries.push(...answer.data.list);
    if (answer.data.list.length < 100) return entries;
  }
}

describe('a kill -9 in the middle of a burst of transfers', () => {
  it('loses no acknowledged transfer, and leaves a ledger and its index that check clean', async () => {
    const tokens = [
      await server.register('journal', 1),
      await server.register('journal', 2),
      await server.register('journal', 3),
    ];
    const acknowledged: Acknowledged[] = [];
    // Eight lanes a trader, back and forth between the coin and contract wallets, a unit at a
    // time; the kill comes once several projections have run and a tail is left beyond the last.
    // The burst opens each trader's contract wallet itself, eight first transfers at once (on
    // PostgreSQL they once deadlocked: ledger.first-use.test.ts).
    await server.killDuring(
      tokens.length * 8,
      async (lane, round) => {
        const token = tokens[Math.floor(lane / 8)]!;
        const [from, to] = (round + lane) % 2 === 0 ? ['coin', 'contract'] : ['contract', 'coin'];
        const answer = await server.call(
          assetsCalls.transferUserMoney,
          { from, to, currency: 'USDT', amount: '1' } as never,
          token,
          key(),
        );
        if (answer.status === 1) acknowledged.push({ token, transferId: answer.data.transferId });
      },
      () => acknowledged.length >= 300,
    );
    expect(acknowledged.length).toBeGreaterThan(100);

    await server.start();
    for (const token of tokens) {
      const log = await accountChanges(token);
      const logged = new Set(log.filter((e) => e.type === 'transfer').map((e) => e.reference));
      const lost = acknowledged
        .filter((a) => a.token === token && !logged.has(`transfer:${a.transferId}`))
        .map((a) => a.transferId);
      expect(lost).toEqual([]);
      // Each wallet's balance is the sum of its logged entries and the newest one's balance after.
      const money = await server.call(assetsCalls.findUserMoney, {}, token);
      expect(money.status).toBe(1);
      for (const wallet of ['coin', 'contract'] as const) {
        const entries = log.filter((e) => e.wallet === wallet && e.currency === 'USDT');
        const sum = entries.reduce((total, e) => total + parseMoney(e.amount), 0n);
        const usdt = money.data.wallets[wallet].find((b) => b.currency === 'USDT')!;
        expect(parseMoney(usdt.available)).toBe(sum);
        expect(parseMoney(entries[0]!.balanceAfter)).toBe(sum);
      }
    }
    const handle = openDatabase({ databaseUrl: server.fresh.url, dataDir: server.fresh.dataDir });
    try {
      expect((await checkPlatform(handle.db)).problems).toEqual([]);
      if (handle.dialect === 'sqlite') {
        // The restart indexed the tail the kill left: the mark is at the journal's end.
        const mark = await handle.db
          .selectFrom('ledger_projection')
          .select('entries_up_to')
          .executeTakeFirstOrThrow();
        const last = await handle.db
          .selectFrom('ledger_entries')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow();
        expect(BigInt(mark.entries_up_to)).toBe(BigInt(last.id));
      }
    } finally {
      await handle.close();
    }
  }, 90_000);
});
