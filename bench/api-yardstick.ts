// The yardstick of bench/api: a plain Fastify server that answers each order with one SQLite
// transaction at synchronous=FULL (insert the order, debit the balance, commit), the way a simple
// order service would; and /bare, the same request answered with no work. Run by api.ts in a process of its own; prints "ready <port>".
import path from 'node:path';
import formbody from '@fastify/formbody';
import BetterSqlite3 from 'better-sqlite3';
import Fastify from 'fastify';

const [dir = '.'] = process.argv.slice(2);
const db = new BetterSqlite3(path.join(dir, 'yardstick.db'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec(`
  CREATE TABLE balances (user_id INTEGER PRIMARY KEY, available INTEGER NOT NULL);
  CREATE TABLE orders (
    id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, symbol TEXT NOT NULL, side TEXT NOT NULL,
    type INTEGER NOT NULL, price INTEGER, quantity INTEGER NOT NULL, created_at INTEGER NOT NULL,
    idem_key TEXT NOT NULL UNIQUE
  );
`);
const insert = db.prepare(
  'INSERT INTO orders (user_id, symbol, side, type, price, quantity, created_at, idem_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
);
const debit = db.prepare(
  'UPDATE balances SET available = available - ? WHERE user_id = ? AND available >= ?',
);
db.prepare('INSERT INTO balances (user_id, available) VALUES (1, ?)').run(Number.MAX_SAFE_INTEGER);
const place = db.transaction((order: Record<string, string>, key: string) => {
  const cost = Math.round(Number(order.price ?? 1) * Number(order.quantity ?? 0) * 1e8);
  if (debit.run(cost, 1, cost).changes !== 1) throw new Error('insufficient');
  const placed = insert.run(
    1,
    order.symbol ?? '',
    order.side ?? 'buy',
    Number(order.type ?? 1),
    order.price ? Math.round(Number(order.price) * 1e8) : null,
    Math.round(Number(order.quantity ?? 0) * 1e8),
    Date.now(),
    key,
  );
  return Number(placed.lastInsertRowid);
});

const app = Fastify({ logger: false });
await app.register(formbody);
app.post('/order', async (req) => {
  const orderId = place.immediate(
    req.body as Record<string, string>,
    String(req.headers['idempotency-key']),
  );
  return { status: 1, data: { orderId } };
});
// The ceiling of HTTP alone on this machine with this client: the same request answered with no
// work at all.
app.post('/bare', async () => ({ status: 1, data: { orderId: 0 } }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`ready ${typeof address === 'object' && address ? address.port : 0}`);
