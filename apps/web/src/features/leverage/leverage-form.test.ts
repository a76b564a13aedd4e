import { formatMoney, parseMoney, type LeveragePosition } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import {
  checkLots,
  checkTpSl,
  liquidationAfterTopUp,
  liveFigures,
  parseLots,
  previewPosition,
  ratePercent,
  sanitizeLots,
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
    for (const lots of ['', '0', '-1', '1.5', '0.5', 'x', '.'])
      expect(previewPosition({ ...base, lots })).toEqual({ ok: false, error: 'lotsInvalid' });
    expect(parseLots(' 3 ')).toBe(3);
    expect(parseLots('2.0')).toBe(2);
  });

  it('refuses more than 100,000 lots with its own error', () => {
    for (const lots of ['100001', '999999999'])
      expect(previewPosition({ ...base, lots })).toEqual({ ok: false, error: 'lotsMax' });
    expect(checkLots('100000')).toEqual({ ok: true, lots: 100_000 });
  });

  it('keeps digits and one decimal point in the lots field, so 0.5 never becomes 5', () => {
    expect(sanitizeLots('0.5')).toBe('0.5');
    expect(sanitizeLots('1.2.3')).toBe('1.23');
    expect(sanitizeLots('-3 lots')).toBe('3');
    expect(checkLots(sanitizeLots('0.5'))).toEqual({ ok: false, error: 'lotsInvalid' });
  });

  it('refuses a multiple the tier does not allow, and a missing price', () => {
    expect(previewPosition({ ...base, multiple: 3 })).toEqual({
      ok: false,
      error: 'multipleNotAllowed',
    });
    expect(previewPosition({ ...base, price: undefined })).toEqual({ ok: false, error: 'noPrice' });
  });

  it('checks take-profit and stop-loss sides against the entry, by direction', () => {
    expect(previewPosition({ ...base, takeProfit: '49000' })).toMatchObject({
      ok: false,
      error: 'takeProfitSide',
    });
    expect(previewPosition({ ...base, stopLoss: '51000' })).toMatchObject({
      ok: false,
      error: 'stopLossSide',
    });
    expect(previewPosition({ ...base, takeProfit: 'abc' })).toMatchObject({
      ok: false,
      error: 'priceInvalid',
    });
    expect(previewPosition({ ...base, takeProfit: '60000.123456789' })).toMatchObject({
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
    expect(previewPosition({ ...base, balance: '200.1' })).toMatchObject({
      ok: false,
      error: 'insufficient',
    });
    expect(previewPosition({ ...base, balance: '200.2' }).ok).toBe(true);
  });

  it('says a negative wallet must be topped up before saying it is short', () => {
    for (const balance of ['-0.01', '-500'])
      expect(previewPosition({ ...base, balance })).toMatchObject({
        ok: false,
        error: 'negativeBalance',
      });
  });

  it('still shows the figures when the balance or a trigger is refused', () => {
    for (const refused of [
      { balance: '0' },
      { balance: '-1' },
      { takeProfit: '49000' },
      { stopLoss: '1.123456789' },
    ]) {
      const result = previewPosition({ ...base, ...refused });
      expect(result.ok).toBe(false);
      expect(money(result.preview?.margin ?? null)).toBe('200.00000000');
      expect(money(result.preview?.required ?? null)).toBe('200.20000000');
      expect(money(result.preview?.liquidation ?? null)).toBe('30000.00000000');
    }
    // Without valid lots or a price there is nothing to show.
    expect(previewPosition({ ...base, lots: '0' }).preview).toBeUndefined();
    expect(previewPosition({ ...base, price: undefined }).preview).toBeUndefined();
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

  it('refuses a take-profit or stop-loss the current price has already passed', () => {
    // A short from 50000 marked at 52000: a stop-loss at 51000 would fire at once, 53000 would not.
    const marked = { ...position, markPrice: '52000' };
    expect(checkTpSl(marked, '', '51000')).toEqual({ ok: false, error: 'stopLossPassed' });
    expect(checkTpSl(marked, '', '53000')).toMatchObject({ ok: true });
    // Marked at 45000 (passed below a take-profit at 46000 already).
    expect(checkTpSl(position, '46000', '', '45000')).toEqual({
      ok: false,
      error: 'takeProfitPassed',
    });
    expect(checkTpSl(position, '44000', '', '45000')).toMatchObject({ ok: true });
    // A long: mark below the entry, a stop-loss between them.
    const long = { ...position, direction: 'long' as const, markPrice: '48000' };
    expect(checkTpSl(long, '', '49000')).toEqual({ ok: false, error: 'stopLossPassed' });
    expect(checkTpSl(long, '', '47000')).toMatchObject({ ok: true });
  });
});

describe('rates', () => {
  it('shows a fraction as an exact percentage', () => {
    expect(ratePercent('0.0005')).toBe('0.05%');
    expect(ratePercent('0.2')).toBe('20%');
    expect(ratePercent(formatMoney(parseMoney('1')))).toBe('100%');
  });
});
