import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { migrateTo, migrateToLatest } from '../../db/migrate';
import { freshDatabase } from '../../test/database';
import { openStakes, pruneTicks } from './options.repository';

describe('the option order split migration', () => {
  it('keeps every order as it was, puts results on the records, queues the running ones; ids go on', async () => {
    const fresh = await freshDatabase();
    const old = openDatabase({ databaseUrl: fresh.url, dataDir: fresh.dataDir });
    try {
      await migrateTo(old, '0021-rate-limit-counters');
      await sql`INSERT INTO users (id, password_hash, nickname, invite_code, created_at, updated_at)
        VALUES (7, 'x', 'seven', 'INV7', 0, 0)`.execute(old.db);
      // Scheduled, running, settled (its record 1), failed (record 2) and cancelled.
      await sql`INSERT INTO option_orders (id, user_id, book, kind, symbol, direction, stake,
          period_id, period_seconds, return_rate, loss_rate, status, open_time, settle_time,
          strike_price, strike_time, strike_seq, settle_price, settle_tick_time, settle_seq,
          outcome, payout, record_seq, created_at, updated_at)
        VALUES
          (1, 7, 'demo', 'period', 'BTC/USDT', 'long', 1000, 1, 60, 85, 100, 'scheduled',
            120000, 180000, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 1, 1),
          (2, 7, 'demo', 'instant', 'BTC/USDT', 'short', 2000, 1, 60, 85, 100, 'running',
            10000, 70000, 500, 10000, 11, NULL, NULL, NULL, NULL, NULL, NULL, 2, 2),
          (3, 7, 'real', 'instant', 'ETH/USDT', 'long', 3000, 2, 60, 80, 90, 'settled',
            5000, 65000, 600, 5000, 9, 700, 65000, 30, 'win', 5400, 1, 3, 66000),
          (4, 7, 'real', 'instant', 'ETH/USDT', 'short', 4000, 2, 60, 80, 90, 'failed',
            6000, 66000, 600, 6000, 10, NULL, NULL, NULL, 'failed', 4000, 2, 4, 67000),
          (5, 7, 'demo', 'period', 'BTC/USDT', 'long', 5000, 1, 60, 85, 100, 'cancelled',
            240000, 300000, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 5000, NULL, 5, 6)
      `.execute(old.db);
      await sql`INSERT INTO option_records (seq, order_id, symbol, expiry, body, hash, created_at)
        VALUES (1, 3, 'ETH/USDT', 65000, '{}', 'h1', 66000), (2, 4, 'ETH/USDT', 66000, '{}', 'h2', 67000)`.execute(
        old.db,
      );
      if (old.dialect === 'postgres') {
        await sql`SELECT setval(pg_get_serial_sequence('option_orders', 'id'), 5)`.execute(old.db);
      }
      const before = await old.db.selectFrom('option_orders').selectAll().orderBy('id').execute();

      expect(await migrateToLatest(old)).toContain('0022-option-order-split');
      const after = await old.db.selectFrom('option_orders').selectAll().orderBy('id').execute();
      const plain = (rows: object[]) =>
        rows.map((row) =>
          Object.fromEntries(
            Object.entries(row).map(([k, v]) => [k, v === null ? null : String(v)]),
          ),
        );
      expect(plain(after)).toEqual(plain(before));
      expect(
        (await old.db.selectFrom('option_due').selectAll().execute()).map((r) => [
          BigInt(r.settle_time),
          BigInt(r.id),
          BigInt(r.strike_time!),
        ]),
      ).toEqual([[70000n, 2n, 10000n]]);
      // The records took their orders' results, and stay append-only.
      const results = await old.db
        .selectFrom('option_records')
        .select(['order_id', 'status', 'outcome', 'payout', 'settle_price'])
        .orderBy('seq')
        .execute();
      expect(
        results.map((r) => [
          Number(r.order_id),
          r.status,
          r.outcome,
          String(r.payout),
          r.settle_price === null ? null : String(r.settle_price),
        ]),
      ).toEqual([
        [3, 'settled', 'win', '5400', '700'],
        [4, 'failed', 'failed', '4000', null],
      ]);
      await expect(
        old.db.updateTable('option_records').set({ payout: 1n }).execute(),
      ).rejects.toThrow(/append-only/);
      // The open orders are the scheduled one and the running one, by their queues.
      const open = await openStakes(old.db);
      expect(open.map((r) => BigInt(r.stake)).sort()).toEqual([1000n, 2000n]);
      // The tick log keeps what the running order's strike needs.
      await sql`INSERT INTO tick_log (seq, symbol, time, price) VALUES (11, 'BTC/USDT', 10000, 500),
        (12, 'BTC/USDT', 9000, 500)`.execute(old.db);
      expect(await pruneTicks(old.db, 20_000)).toBe(1);
      // New orders take ids after the old ones.
      const next = await old.db
        .insertInto('option_order_terms')
        .values({
          user_id: 7n,
          book: 'demo',
          kind: 'instant',
          symbol: 'BTC/USDT',
          direction: 'long',
          stake: 1n,
          period_id: 1n,
          period_seconds: 60n,
          return_rate: 85n,
          loss_rate: 100n,
          status: 'running',
          open_time: 1n,
          settle_time: 61n,
          strike_price: 1n,
          strike_time: 1n,
          strike_seq: 1n,
          created_at: 1n,
          updated_at: 1n,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(BigInt(next.id)).toBe(6n);
    } finally {
      await old.close();
      await fresh.drop();
    }
  });
});
