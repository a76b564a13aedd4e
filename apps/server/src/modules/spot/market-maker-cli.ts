// `npm run mm:report`: the market maker's inventory, trading result and activity in each book, from
// the configured database (DATA_DIR or DATABASE_URL), valued at the last minute candle of each coin.
// Prints JSON.
import { QUOTE_CURRENCY } from '@tidemark/contract';
import { sql } from 'kysely';
import { openConfiguredDatabase } from '../../db/cli-database';
import { marketMakerReport } from './market-maker.report';

const handle = await openConfiguredDatabase();
try {
  // The last minute candle of each pair.
  const closes = await sql<{ symbol: string; close: bigint }>`
    SELECT c.symbol, c.close FROM candles c
    WHERE c.period = '1min'
      AND c.time = (SELECT MAX(time) FROM candles WHERE symbol = c.symbol AND period = '1min')`.execute(
    handle.db,
  );
  const prices = new Map<string, bigint>();
  for (const row of closes.rows) {
    prices.set(row.symbol.replace(`/${QUOTE_CURRENCY}`, ''), BigInt(row.close));
  }
  const reports = [];
  for (const book of ['real', 'demo'] as const)
    reports.push(await marketMakerReport(handle.db, book, (currency) => prices.get(currency)));
  process.stdout.write(`${JSON.stringify({ database: handle.location, reports }, null, 2)}\n`);
} finally {
  await handle.close();
}
