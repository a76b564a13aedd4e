import type { CandlePeriod } from '@tidemark/contract';
import type { Insertable, Selectable } from 'kysely';

/** Closed candles of every symbol and period; the open ones live in memory only. */
export interface CandleTable {
  symbol: string;
  period: CandlePeriod;
  /** Open time, epoch ms. */
  time: bigint;
  /** Prices and volumes in units of 1e-8. */
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  /** Base currency traded. */
  volume: bigint;
  /** Quote currency traded: keeps the 24 h quote volume exact across restarts. */
  quote_volume: bigint;
}

export type CandleRow = Selectable<CandleTable>;
export type NewCandleRow = Insertable<CandleTable>;
