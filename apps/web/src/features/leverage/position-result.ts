import { formatMoney, tryParseMoney, type LeveragePosition } from '@tidemark/contract';
import type { LiveFigures } from './leverage-form';

/**
 * A position's result as the trader sees it, on the record's list, the details page and the
 * closing notice alike. The stored `payout` is equity less the closing fee and goes negative when
 * a price gaps past the margin; with negative balance protection on, the insurance fund then
 * pays the gap (`gapCovered`), so nothing is owed and nothing comes back. So that the lines add
 * up:
 *
 *   back to the wallet = margin + top-up + P&L - closing fee + the fund's cover
 *   net result         = back to the wallet - margin - top-up - opening fee
 *                      = P&L - opening fee - closing fee + the fund's cover
 *
 * Wire decimals out; the pages format them with the app's one money rule (ui/amount-format).
 */
export interface PositionResult {
  /** Before fees: live while open, realised once closed. */
  pnl: string | null;
  /** Margin + top-up + P&L: live while open, at the exit tick once closed. */
  equity: string | null;
  /** Opening plus closing fee (the opening fee alone while open). */
  fees: string;
  /** Closed only: what the position made or lost in all, fees included. */
  net: string | null;
  /** Closed only: what came back to the contract wallet (0 when the fund covered a gap). */
  back: string | null;
  /** Closed only, protection off: what the loss took from the wallet beyond the margin. */
  owed: string | null;
  /** Closed only: what the insurance fund paid so that the trader owes nothing; else null. */
  covered: string | null;
}

const units = (value: string | null | undefined): bigint =>
  value === null || value === undefined ? 0n : (tryParseMoney(value) ?? 0n);

export function positionResult(
  position: LeveragePosition,
  live: Pick<LiveFigures, 'pnl' | 'equity'> | null,
): PositionResult {
  const pnl = live ? formatMoney(live.pnl) : position.pnl;
  const equity = live ? formatMoney(live.equity) : position.equity;
  const openFee = units(position.openFee);
  const closeFee = units(position.closeFee);
  const fees = formatMoney(openFee + closeFee);
  if (position.status === 'open' || position.payout === null)
    return { pnl, equity, fees, net: null, back: null, owed: null, covered: null };
  const cover = units(position.gapCovered);
  const back = units(position.payout) + (cover > 0n ? cover : 0n);
  const held = units(position.margin) + units(position.topUp);
  return {
    pnl,
    equity,
    fees,
    net: formatMoney(back - held - openFee),
    back: back >= 0n ? formatMoney(back) : null,
    owed: back < 0n ? formatMoney(-back) : null,
    covered: cover > 0n ? formatMoney(cover) : null,
  };
}
