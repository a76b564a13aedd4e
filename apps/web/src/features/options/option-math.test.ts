import { describe, expect, it } from 'vitest';
import {
  checkStake,
  estimateResult,
  formatCountdown,
  formatPercent,
  periodLabel,
  secondsLeft,
  stakeFigures,
  nextBoundary,
} from './option-math';

const U = 100_000_000n;

describe('stakeFigures', () => {
  it('shows the payout of a win, the forfeit of a loss and the refund of a tie', () => {
    const f = stakeFigures(100n * U, 85_000_000n, 100_000_000n);
    expect(f.winPayout).toBe(185n * U);
    expect(f.winProfit).toBe(85n * U);
    expect(f.lossAmount).toBe(100n * U);
    expect(f.lossRefund).toBe(0n);
    expect(f.tieRefund).toBe(100n * U);
  });

  it('refunds the part of the stake a partial loss rate keeps, rounding for the trader', () => {
    const f = stakeFigures(3n, 50_000_000n, 50_000_000n);
    // win: 3 + ceil(1.5) = 5; loss forfeits floor(1.5) = 1, refunds 2
    expect(f.winPayout).toBe(5n);
    expect(f.lossAmount).toBe(1n);
    expect(f.lossRefund).toBe(2n);
  });
});

describe('checkStake', () => {
  const period = { minAmount: '10', maxAmount: '1000' };
  it('accepts a stake within the bounds', () => {
    expect(checkStake('25.5', period)).toEqual({
      ok: true,
      stake: 2_550_000_000n,
      amount: '25.50000000',
    });
  });
  it('refuses nothing, zero, text and amounts outside the bounds', () => {
    expect(checkStake('', period)).toEqual({ ok: false, error: 'amountInvalid' });
    expect(checkStake('0', period)).toEqual({ ok: false, error: 'amountInvalid' });
    expect(checkStake('abc', period)).toEqual({ ok: false, error: 'amountInvalid' });
    expect(checkStake('9.99', period)).toEqual({ ok: false, error: 'amountBounds' });
    expect(checkStake('1000.01', period)).toEqual({ ok: false, error: 'amountBounds' });
    expect(checkStake('1000', period).ok).toBe(true);
  });
});

describe('estimateResult', () => {
  const order = { amount: '100', returnRate: '0.8', lossRate: '1', strikePrice: '50000' };
  it('a long wins above the strike and loses below', () => {
    expect(estimateResult({ ...order, direction: 'long' }, '50001')).toEqual({
      outcome: 'win',
      profit: 80n * U,
    });
    expect(estimateResult({ ...order, direction: 'long' }, '49999')).toEqual({
      outcome: 'loss',
      profit: -100n * U,
    });
  });
  it('a short wins below the strike; equal is a tie with nothing won or lost', () => {
    expect(estimateResult({ ...order, direction: 'short' }, '49999')?.outcome).toBe('win');
    expect(estimateResult({ ...order, direction: 'short' }, '50000')).toEqual({
      outcome: 'tie',
      profit: 0n,
    });
  });
  it('has no estimate without a strike or a price', () => {
    expect(estimateResult({ ...order, direction: 'long', strikePrice: null }, '1')).toBeNull();
    expect(estimateResult({ ...order, direction: 'long' }, undefined)).toBeNull();
  });
});

describe('countdown', () => {
  it('starts a period order at the next multiple of its period, never at the present one', () => {
    expect(nextBoundary(0, 60)).toBe(60_000);
    expect(nextBoundary(59_999, 60)).toBe(60_000);
    // Placed on a boundary: the next one, as the server does.
    expect(nextBoundary(60_000, 60)).toBe(120_000);
    expect(nextBoundary(1_000_061_000, 300)).toBe(1_000_200_000);
  });
  it('counts whole seconds, a started second as one, never below zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 100)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 20_000)).toBe(0);
  });
  it('formats minutes and seconds, hours when there are any', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(75)).toBe('01:15');
    expect(formatCountdown(3725)).toBe('1:02:05');
  });
});

describe('labels', () => {
  it('formats rates as exact percentages', () => {
    expect(formatPercent('0.85000000')).toBe('85%');
    expect(formatPercent('0.125')).toBe('12.5%');
    expect(formatPercent('1')).toBe('100%');
    expect(formatPercent('1.00000000')).toBe('100%');
    expect(formatPercent('0.12345678')).toBe('12.345678%');
    expect(formatPercent('0.00000000')).toBe('0%');
    expect(formatPercent('nope')).toBe('nope');
  });
  it('names periods by their natural unit', () => {
    expect(periodLabel(60)).toEqual({ value: 60, unit: 's' });
    expect(periodLabel(90)).toEqual({ value: 90, unit: 's' });
    expect(periodLabel(300)).toEqual({ value: 5, unit: 'min' });
    expect(periodLabel(3600)).toEqual({ value: 1, unit: 'h' });
    expect(periodLabel(7_200)).toEqual({ value: 2, unit: 'h' });
    expect(periodLabel(86400)).toEqual({ value: 1, unit: 'd' });
    expect(periodLabel(604_800)).toEqual({ value: 7, unit: 'd' });
  });
});
