// Ledger transfers per second on SQLite, commits durable: one transfer per commit, and with group
// commit (many callers' transfers sharing one fsync, each caller answered only after its commit, a
// failing transfer failing alone), against a plain better-sqlite3 loop inserting 100 rows per commit
// as the yardstick, in the same run. Then reopens the database and checks that every acknowledged
// transfer is there. Also measures the same transfer statements looped bare on the ledger's own
// schema (schemaCeilingPerSec), and the best any storage layout with per-account reads could do
// here (bestLayoutCeilingPerSec, bestLayoutRatio). Prints one JSON line.
//   npm run bench:ledger            BENCH_SECONDS=1 for a smoke run
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { inTransaction, openDatabase } from '../apps/server/src/db/database';
import { GroupCommitter } from '../apps/server/src/db/group-commit';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { systemAccount, userAccount } from '../apps/server/src/ledger/accounts';
import { checkLedger } from '../apps/server/src/ledger/check';
import { Ledger, type PostSpec } from '../apps/server/src/ledger/ledger';
import { LedgerProjection } from '../apps/server/src/ledger/projection';
import { systemClock } from '../apps/server/src/lib/clock';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const callers = Number(process.env.BENCH_CALLERS ?? 512);
const USERS = 2_000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-bench-ledger-'));

function yardstick(): number {
  const db = new BetterSqlite3(path.join(dir, 'yardstick.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, account INTEGER, amount INTEGER, note TEXT)');
  const insert = db.prepare('INSERT INTO rows (account, amount, note) VALUES (?, ?, ?)');
  const batch = db.transaction((start: number) => {
    for (let i = 0; i < 100; i++) insert.run(start + i, 1, 'transfer');
  });
  let rows = 0;
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    batch(rows);
    rows += 100;
  }
  db.close();
  return Math.round(rows / seconds);
}

/**
 * What SQLite itself allows with the ledger's real schema: the same statements a transfer runs
 * (debit, credit, transaction row, two entries), prepared once and looped in batches as large as
 * the group commit's, with no API, promises or checks around them. It shows how much of the gap
 * to the yardstick is the storage (a transfer dirties pages all over the per-account indexes) and
 * how much is ours.
 */
async function schemaCeiling(): Promise<number> {
  const handle = openDatabase({ databaseUrl: undefined, dataDir: dir, sqliteFile: 'ceiling.db' });
  await migrateToLatest(handle);
  await handle.close();
  const db = new BetterSqlite3(path.join(dir, 'ceiling.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  // Balances come back as bigint, as in the app (money is never a JavaScript number).
  db.defaultSafeIntegers(true);
  const open = db.prepare(
    "INSERT INTO ledger_accounts (id, owner, owner_id, book, wallet, currency, balance, can_be_negative, created_at) VALUES (?, 'user', ?, 'real', 'coin', 'USDT', ?, 0, 0)",
  );
  db.transaction(() => {
    for (let u = 1; u <= USERS; u++) open.run(u, u, 1_000_000_00000000n);
  })();
  const move = db.prepare(
    'UPDATE ledger_accounts SET balance = balance + ? WHERE id = ? RETURNING balance',
  );
  const insertTx = db.prepare(
    'INSERT INTO ledger_transactions (type, reference, created_at) VALUES (?, ?, ?) RETURNING id',
  );
  const insertEntries = db.prepare(
    'INSERT INTO ledger_entries (id, account_id, transaction_id, amount, balance_after, created_at) VALUES (?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?)',
  );
  let done = 0;
  let entryId = 0;
  const batch = db.transaction(() => {
    for (let k = 0; k < callers; k++, done++) {
      const from = (done % USERS) + 1;
      const to = (from % USERS) + 1;
      const now = Date.now();
      const { balance: fromAfter } = move.get(-1n, from) as { balance: bigint };
      const { balance: toAfter } = move.get(1n, to) as { balance: bigint };
      const { id } = insertTx.get('transfer', `transfer:${done}`, now) as { id: bigint };
      insertEntries.run(
        ++entryId,
        from,
        id,
        -1n,
        fromAfter,
        now,
        ++entryId,
        to,
        id,
        1n,
        toAfter,
        now,
      );
    }
  });
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) batch();
  db.close();
  return Math.round(done / seconds);
}

/**
 * The best this storage allows a ledger that can still list an account's entries, whatever code
 * runs it: no API, no checks beyond the balance, every write batched into multi-row statements, a
 * batch of 2,000 transfers per commit, entries appended to a journal kept in id order (no index
 * written per transfer), and the per-account index built from the journal in bulk every 250 ms, as
 * a real design would have to. It bounds any redesign of the ledger's storage on this machine.
 */
function bestLayoutCeiling(): number {
  const db = new BetterSqlite3(path.join(dir, 'best-layout.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.defaultSafeIntegers(true);
  db.exec(`
    CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL);
    CREATE TABLE transactions (id INTEGER PRIMARY KEY, type TEXT, reference TEXT, created_at INTEGER);
    CREATE INDEX transactions_reference ON transactions (reference);
    CREATE TABLE journal (id INTEGER PRIMARY KEY, account_id INTEGER, transaction_id INTEGER,
      amount INTEGER, balance_after INTEGER, created_at INTEGER);
    CREATE TABLE entries_by_account (account_id INTEGER, entry_id INTEGER,
      PRIMARY KEY (account_id, entry_id)) WITHOUT ROWID;
  `);
  const open = db.prepare('INSERT INTO accounts (id, balance) VALUES (?, ?)');
  db.transaction(() => {
    for (let u = 1; u <= USERS; u++) open.run(u, 1_000_000_00000000n);
  })();
  // The group committer's largest batch (MAX_BATCH), in whole chunks of multi-row inserts.
  const BATCH = 2_000;
  const CHUNK = 500;
  if (BATCH % CHUNK !== 0) throw new Error('a batch is whole chunks');
  const readBalance = db.prepare('SELECT balance FROM accounts WHERE id = ?').pluck();
  const writeBalance = db.prepare('UPDATE accounts SET balance = ? WHERE id = ?');
  const insertTxs = db.prepare(
    `INSERT INTO transactions (id, type, reference, created_at) VALUES ${Array(CHUNK).fill('(?, ?, ?, ?)').join(', ')}`,
  );
  const insertEntries = db.prepare(
    `INSERT INTO journal (id, account_id, transaction_id, amount, balance_after, created_at) VALUES ${Array(
      CHUNK * 2,
    )
      .fill('(?, ?, ?, ?, ?, ?)')
      .join(', ')}`,
  );
  const project = db.prepare(
    'INSERT INTO entries_by_account SELECT account_id, id FROM journal WHERE id > ? ORDER BY account_id, id',
  );
  let done = 0;
  let txId = 0n;
  let entryId = 0n;
  const batch = db.transaction(() => {
    const balances = new Map<number, bigint>();
    const txRows: unknown[] = [];
    const entryRows: unknown[] = [];
    const now = BigInt(Date.now());
    for (let k = 0; k < BATCH; k++, done++) {
      const from = (done % USERS) + 1;
      const to = (from % USERS) + 1;
      const fromAfter = (balances.get(from) ?? (readBalance.get(from) as bigint)) - 1n;
      if (fromAfter < 0n) throw new Error('the ceiling never overdraws');
      balances.set(from, fromAfter);
      const toAfter = (balances.get(to) ?? (readBalance.get(to) as bigint)) + 1n;
      balances.set(to, toAfter);
      const id = ++txId;
      txRows.push(id, 'transfer', `transfer:${done}`, now);
      entryRows.push(++entryId, from, id, -1n, fromAfter, now, ++entryId, to, id, 1n, toAfter, now);
      if (txRows.length === CHUNK * 4) {
        insertTxs.run(txRows);
        insertEntries.run(entryRows);
        txRows.length = 0;
        entryRows.length = 0;
      }
    }
    for (const [id, balance] of balances) writeBalance.run(balance, id);
  });
  const projectTail = db.transaction((after: bigint) => project.run(after));
  let projected = 0n;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let lastProjection = started;
  while (performance.now() < deadline) {
    batch();
    if (performance.now() - lastProjection >= 250) {
      projectTail(projected);
      projected = entryId;
      lastProjection = performance.now();
    }
  }
  // The last entries are projected inside the measured time too.
  projectTail(projected);
  const elapsed = (performance.now() - started) / 1000;
  db.close();
  return Math.round(done / elapsed);
}

let transfers = 0;
/** A transfer between two users; its reference names a new business record, as the app's do. */
const transferSpec = (from: number, to: number, amount: bigint): PostSpec => ({
  type: 'transfer',
  reference: `transfer:${++transfers}`,
  postings: [
    { account: userAccount(from, 'real', 'coin', 'USDT'), amount: -amount },
    { account: userAccount(to, 'real', 'coin', 'USDT'), amount },
  ],
});

async function main() {
  const handle = openDatabase({ databaseUrl: undefined, dataDir: dir, sqliteFile: 'ledger.db' });
  await migrateToLatest(handle);
  const ledger = new Ledger(handle, systemClock);
  const writer = new GroupCommitter(handle);

  // Fund every user generously, in a few big commits.
  for (let start = 0; start < USERS; start += 500) {
    await inTransaction(handle.db, async (trx) => {
      for (let u = start; u < start + 500; u++) {
        await ledger.post(trx, {
          type: 'adjustment',
          reference: 'bench:funding',
          postings: [
            { account: systemAccount('real', 'treasury', 'USDT'), amount: -1_000_000_00000000n },
            { account: userAccount(u + 1, 'real', 'coin', 'USDT'), amount: 1_000_000_00000000n },
          ],
        });
      }
    });
  }

  // One transfer per commit.
  let single = 0;
  let deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    const from = (single % USERS) + 1;
    await inTransaction(handle.db, (trx) =>
      ledger.post(trx, transferSpec(from, (from % USERS) + 1, 1n)),
    );
    single++;
  }
  const perCommitPerSec = Math.round(single / seconds);

  // Group commit: many callers at once, each waiting for its own durable answer. One transfer in
  // fifty asks for more than the balance and must fail alone. The journal's per-account index is
  // built meanwhile, as the server does (every 250 ms).
  const projection = new LedgerProjection(handle);
  await projection.project();
  projection.start();
  const acknowledged: number[] = [];
  let refused = 0;
  let unexpected = 0;
  deadline = performance.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (performance.now() < deadline) {
        const i = n++;
        const from = (i % USERS) + 1;
        const amount = i % 50 === 0 ? 10_000_000_00000000n : 1n;
        try {
          const posted = await writer.run((trx) =>
            ledger.post(trx, transferSpec(from, (from % USERS) + 1, amount)),
          );
          acknowledged.push(posted.transactionId);
        } catch (error) {
          if ((error as { key?: string }).key === 'insufficientBalance') refused++;
          else unexpected++;
        }
      }
    }),
  );
  const transfersPerSec = Math.round(acknowledged.length / seconds);
  await projection.stop();
  const report = await checkLedger(handle.db);
  await handle.close();

  // Reopen and look for every acknowledged transfer.
  const reopened = new BetterSqlite3(path.join(dir, 'ledger.db'), { readonly: true });
  const present = new Set(
    (
      reopened.prepare("SELECT id FROM ledger_transactions WHERE type = 'transfer'").all() as {
        id: number;
      }[]
    ).map((r) => r.id),
  );
  reopened.close();
  const lostAcknowledged = acknowledged.filter((id) => !present.has(id)).length;

  const yardstickPerSec = yardstick();
  const schemaCeilingPerSec = await schemaCeiling();
  const bestLayoutCeilingPerSec = bestLayoutCeiling();
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(
    JSON.stringify({
      bench: 'ledger',
      machine: `${os.cpus().length} x ${os.cpus()[0]?.model.trim()}`,
      seconds,
      callers,
      transfersPerSec,
      perCommitPerSec,
      yardstickPerSec,
      schemaCeilingPerSec,
      bestLayoutCeilingPerSec,
      bestLayoutRatio: +(bestLayoutCeilingPerSec / yardstickPerSec).toFixed(2),
      ratio: +(transfersPerSec / yardstickPerSec).toFixed(2),
      // Issue 18's target: transfersPerSec at least half of bestLayoutCeilingPerSec.
      ofBestLayoutCeiling: +(transfersPerSec / bestLayoutCeilingPerSec).toFixed(2),
      target: 0.5,
      ofSchemaCeiling: +(transfersPerSec / schemaCeilingPerSec).toFixed(2),
      lostAcknowledged,
      refusedAsExpected: refused,
      unexpectedErrors: unexpected,
      ledgerClean: report.ok,
    }),
  );
  if (lostAcknowledged > 0 || unexpected > 0 || !report.ok) process.exitCode = 1;
}

await main();
