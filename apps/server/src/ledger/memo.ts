import { SPOT_SIDES } from '@tidemark/contract';
import * as z from 'zod/mini';

/**
 * What a ledger transaction was, stored with it as JSON: enough for the account-change log to say
 * "Order hold" or "Bought 0.01 BTC on BTC/USDT" from the ledger alone, without reading the records
 * of another module. Amounts are decimal strings, as on the wire. A transaction posted before
 * memos existed has an empty one and is described by its type.
 */
const side = z.enum(SPOT_SIDES);

/**
 * A spot order's hold: taken when the order is placed (hold), given back when it is cancelled or
 * closes unfilled (release), or what it did not use once it filled (rest: a market buy holds a
 * margin above the book, a limit buy filled below its price).
 */
const spotOrder = z.object({
  kind: z.enum(['spot-hold', 'spot-release', 'spot-rest']),
  symbol: z.string(),
  order: z.number(),
  side,
});

/** One fill between two orders; order 0 is the market maker's. Fees are in what each received. */
const spotFill = z.object({
  kind: z.literal('spot-fill'),
  symbol: z.string(),
  price: z.string(),
  quantity: z.string(),
  buy: z.object({ order: z.number(), fee: z.string() }),
  sell: z.object({ order: z.number(), fee: z.string() }),
});

const ledgerMemo = z.discriminatedUnion('kind', [spotOrder, spotFill]);

export type LedgerMemo = z.output<typeof ledgerMemo>;

export function memoText(memo: LedgerMemo): string {
  return JSON.stringify(memo);
}

/** The memo of a stored transaction; null when it has none (older rows) or one not known here. */
export function readMemo(text: string | null | undefined): LedgerMemo | null {
  if (!text) return null;
  try {
    const parsed = ledgerMemo.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
