import { formatMoney, parseMoney, type LeveragePosition } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import {
  checkTpSl,
  liquidationAfterTopUp,
  liveFigures,
  parseLots,
  previewPosition,
  ratePercent,
  type LeverageFormInput,
} from './leverage-form';

const terms = {
  lotPrice: '100',
  openFeeRate: '0.0005',
  closeFeeRate: '0.0005',
  maintenanceRate: '0.2',
};

const base: LeverageFormInput = {
  direction: 'long',
  lots: '2',
  multiple: 2,
  allowed: [1, 2],
  price: '50000',
  terms,
  takeProfit: '',
  stopLoss: '',
};

const money = (units: bigint | null) => (units === null ? null : formatMoney(units));

describe('the trade form preview', () => {
  it('computes margin, value, fees and the liquidation price of a long', () => {
    const result = previewPosition(base);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const p = result.preview;
    expect(money(p.margin)).toBe('200.00000000');
    expect(money(p.value)).toBe('400.00000000');
    expect(money(p.openFee)).toBe('0.20000000');
    expect(money(p.closeFee)).toBe('0.20000000');
    expect(money(p.required)).toBe('200.20000000');
    // Equity 200 falls to 40 (20 % of the margin) after a loss of 160 = 40 % of 400: 50000 x 0.6.
    expect(money(p.liquidation)).toBe('30000.00000000');
  });

  it('puts a short liquidation above the entry', () => {
    const result = previewPosition({ ...base, direction: 'short' });
    expect(result.ok && money(result.preview.liquidation)).toBe('70000.00000000');
  });

  it('refuses lots that are not a whole positive number', () => {
    for (const lots of ['', '0', '-1', '1.5', 'x', '100001'])
      expect(previewPosition({ ...base, lots })).toEqual({ ok: false, error: 'lotsInvalid' });
    expect(parseLots(' 3 ')).toBe(3);
  });

  it('refuses a multiple the tier does not allow, and a missing price', () => {
    expect(previewPosition({ ...base, multiple: 3 })).toEqual({
      ok: false,
      error: 'multipleNotAllowed',
    });
    expect(previewPosition({ ...base, price: undefined })).toEqual({ ok: false, error: 'noPrice' });
  });

  it('checks take-profit and stop-loss sides against the entry, by direction', () => {
    expect(previewPosition({ ...base, takeProfit: '49000' })).toEqual({
      ok: false,
      error: 'takeProfitSide',
    });
    expect(previewPosition({ ...base, stopLoss: '51000' })).toEqual({
      ok: false,
      error: 'stopLossSide',
    });
    expect(previewPosition({ ...base, takeProfit: 'abc' })).toEqual({
      ok: false,
      error: 'priceInvalid',
    });
    const short = previewPosition({
      ...base,
      direction: 'short',
      takeProfit: '45000',
      stopLoss: '52000',
    });
    expect(short.ok && [money(short.preview.takeProfit), money(short.preview.stopLoss)]).toEqual([
      '45000.00000000',
      '52000.00000000',
    ]);
  });

  it('refuses what the contract wallet cannot hold (margin and opening fee)', () => {
    expect(previewPosition({ ...base, balance: '200.1' })).toEqual({
      ok: false,
      error: 'insufficient',
    });
    expect(previewPosition({ ...base, balance: '200.2' }).ok).toBe(true);
  });
});

const position: LeveragePosition = {
  id: 1,
  symbol: 'BTC/USDT',
  direction: 'short',
  lots: 1,
  lotPrice: '100',
  multiple: 2,
  margin: '100',
  entryPrice: '50000',
  liquidationPrice: '70000',
  takeProfit: null,
  stopLoss: null,
  openFee: '0.1',
  status: 'open',
  openTime: 0,
  positionValue: '200',
  topUp: '10',
  openFeeRate: '0.0005',
  closeFeeRate: '0.0005',
  maintenanceRate: '0.2',
  maintenance: '20',
  protection: true,
  mode: 'demo',
  entry: { price: '50000', time: 0, feedSeq: 1 },
  exit: null,
  exitPrice: null,
  closeTime: null,
  closeFee: null,
  pnl: null,
  markPrice: null,
  equity: null,
  closedBy: null,
  payout: null,
  gapCovered: null,
};

describe('an open position at the last price', () => {
  it('marks P&L by direction and says what closing now returns', () => {
    const live = liveFigures(position, '45000');
    expect(live && money(live.pnl)).toBe('20.00000000');
    expect(live && money(live.equity)).toBe('130.00000000');
    expect(live && money(live.payout)).toBe('129.90000000');
    expect(liveFigures(position, undefined)).toBeNull();
  });

  it('moves the liquidation price away with more margin', () => {
    // held 110 + 50 = 160, maintenance 20: a short is liquidated 140/200 = 70 % above the entry.
    expect(money(liquidationAfterTopUp(position, '50'))).toBe('85000.00000000');
    expect(liquidationAfterTopUp(position, '0')).toBeNull();
  });

  it('checks a take-profit and stop-loss change; empty clears', () => {
    expect(checkTpSl(position, '40000', '')).toEqual({
      ok: true,
      takeProfit: '40000.00000000',
      stopLoss: null,
    });
    expect(checkTpSl(position, '51000', '')).toEqual({ ok: false, error: 'takeProfitSide' });
    expect(checkTpSl(position, '', '49000')).toEqual({ ok: false, error: 'stopLossSide' });
  });
});

describe('rates', () => {
  it('shows a fraction as an exact percentage', () => {
    expect(ratePercent('0.0005')).toBe('0.05%');
    expect(ratePercent('0.2')).toBe('20%');
    expect(ratePercent(formatMoney(parseMoney('1')))).toBe('100%');
  });
});
