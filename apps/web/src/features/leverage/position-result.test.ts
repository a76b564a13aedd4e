import type { LeveragePosition } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import { positionResult } from './position-result';

const closed: LeveragePosition = {
  id: 2,
  symbol: 'ETH/USDT',
  direction: 'short',
  lots: 3,
  lotPrice: '100',
  multiple: 1,
  margin: '300',
  entryPrice: '3395.18',
  liquidationPrice: '5664.29',
  takeProfit: null,
  stopLoss: null,
  openFee: '0.3',
  status: 'closed',
  openTime: 0,
  positionValue: '300',
  topUp: '50.5',
  openFeeRate: '0.001',
  closeFeeRate: '0.001',
  maintenanceRate: '0.5',
  maintenance: '150',
  protection: true,
  mode: 'demo',
  entry: { price: '3395.18', time: 0, feedSeq: 1 },
  exit: { price: '3393.03', time: 1, feedSeq: 2 },
  exitPrice: '3393.03',
  closeTime: 1,
  closeFee: '0.3',
  pnl: '0.18997',
  markPrice: null,
  equity: '350.68997',
  closedBy: 'user',
  payout: '350.38997',
  gapCovered: '0',
};

describe("a position's result", () => {
  it('takes both fees from a small gain: a net loss, and the lines add up to the payout', () => {
    const result = positionResult(closed, null);
    expect(result.fees).toBe('0.60000000');
    // 350.38997 back - 350.5 held - 0.3 opening fee.
    expect(result.net).toBe('-0.41003000');
    expect(result.back).toBe('350.38997000');
    expect(result.owed).toBeNull();
    expect(result.covered).toBeNull();
  });

  it('shows a gap the insurance fund covered as nothing back, the loss capped at margin + fee', () => {
    const result = positionResult(
      {
        ...closed,
        topUp: '0',
        margin: '100',
        openFee: '0.1',
        closeFee: '0',
        pnl: '-202.04843495',
        equity: '-102.04843495',
        payout: '-102.04843495',
        gapCovered: '102.04843495',
        closedBy: 'liquidation',
      },
      null,
    );
    expect(result.back).toBe('0.00000000');
    expect(result.owed).toBeNull();
    expect(result.covered).toBe('102.04843495');
    expect(result.net).toBe('-100.10000000');
  });

  it('without protection, says what the loss took from the wallet beyond the margin', () => {
    const result = positionResult(
      {
        ...closed,
        topUp: '0',
        margin: '100',
        openFee: '0.1',
        closeFee: '0',
        pnl: '-152.88',
        equity: '-52.88',
        payout: '-52.88',
        gapCovered: '0',
        protection: false,
      },
      null,
    );
    expect(result.back).toBeNull();
    expect(result.owed).toBe('52.88000000');
    expect(result.net).toBe('-152.98000000');
  });

  it('marks an open position live and has no result yet', () => {
    const result = positionResult(
      { ...closed, status: 'open', closeFee: null, payout: null, gapCovered: null },
      { pnl: -1_000_000n, equity: 34_950_000_000n },
    );
    expect(result.pnl).toBe('-0.01000000');
    expect(result.equity).toBe('349.50000000');
    expect(result.fees).toBe('0.30000000');
    expect(result.net).toBeNull();
    expect(result.back).toBeNull();
  });
});
