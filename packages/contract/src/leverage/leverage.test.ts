import { describe, expect, it } from 'vitest';
import { allCalls } from '../calls';
import { listConsoleCalls } from '../console/index';
import { parseMoney } from '../money';
import * as leverageCalls from './leverage.calls';
import * as leverageConsole from './leverage.console';
import {
  closeFigures,
  firedTrigger,
  leverageTermsVersion,
  liquidationPrice,
  openFigures,
  positionPnl,
  tierOf,
  tpSlPassed,
  tpSlSides,
} from './leverage.rules';

/** SPEC.md section 7 "Leverage", as spec/endpoints.tsv spells them. */
const SPEC_CALLS = [
  'POST /contractorder/insert',
  'POST /contractorder/backUserMultiple',
  'POST /contractorder/openContract',
  'GET /contractorder/findUserOrderList',
  'GET /contractorder/findNowCurrencyOrder',
  'GET /contractorder/findContractOrderResult',
];

const m = parseMoney;

describe('the leverage contract', () => {
  const calls = Object.values(leverageCalls).filter(
    (c): c is (typeof leverageCalls)['insert'] => typeof c === 'object' && 'path' in c,
  );
  it('has every call of the spec, spelled as the spec spells it, and marks the rest as ours', () => {
    const named = calls.map((c) => `${c.method} ${c.path}`);
    expect(named).toEqual(expect.arrayContaining(SPEC_CALLS));
    for (const call of calls) {
      expect(Boolean(call.ours)).toBe(!SPEC_CALLS.includes(`${call.method} ${call.path}`));
      expect(allCalls).toContain(call);
    }
  });
  it('takes an Idempotency-Key on every call that moves money', () => {
    const moving = calls.filter((c) => c.idempotent).map((c) => c.path);
    expect(moving.sort()).toEqual([
      '/contractorder/addMargin',
      '/contractorder/close',
      '/contractorder/insert',
      '/contractorder/updateTpSl',
    ]);
  });
  it('parses the issue’s field names and refuses bad lots with catalogue keys', () => {
    const ok = leverageCalls.insert.input.safeParse({
      symbol: 'btc/usdt',
      direction: 'long',
      lots: '3',
      multiple: '2',
      takeProfit: '',
      stopLoss: '90000',
    });
    expect(ok.success && ok.data).toEqual({
      symbol: 'BTC/USDT',
      direction: 'long',
      lots: 3,
      multiple: 2,
      takeProfit: '',
      stopLoss: '90000',
    });
    for (const lots of ['0', '-1', '1.5', 'x']) {
      const bad = leverageCalls.insert.input.safeParse({
        symbol: 'BTC/USDT',
        direction: 'long',
        lots,
        multiple: '1',
      });
      expect(bad.success).toBe(false);
      expect(bad.error?.issues[0]?.message).toBe('leverageLots');
    }
    const none = leverageCalls.insert.input.safeParse({
      symbol: 'BTC/USDT',
      direction: 'long',
      multiple: 1,
    });
    expect(none.error?.issues[0]?.message).toBe('requiredItems');
  });
  it('refuses more than LOTS_MAX lots with its own text, the limit grouped with commas', () => {
    const at = (lots: unknown) =>
      leverageCalls.insert.input.safeParse({
        symbol: 'BTC/USDT',
        direction: 'long',
        lots,
        multiple: 1,
      });
    expect(at(100_000).success).toBe(true);
    for (const lots of [100_001, '100001']) {
      const issue = at(lots).error?.issues[0];
      expect(issue?.message).toBe('leverageLotsMax');
      expect((issue as { params?: unknown } | undefined)?.params).toEqual({ max: '100,000' });
    }
  });
  it('refuses a take-profit or stop-loss that is no price with price texts', () => {
    const at = (takeProfit: unknown) =>
      leverageCalls.insert.input.safeParse({
        symbol: 'BTC/USDT',
        direction: 'long',
        lots: 1,
        multiple: 1,
        takeProfit,
      });
    expect(at('').success).toBe(true);
    expect(at('100.12345678').success).toBe(true);
    for (const bad of ['100.123456789', '0', '-1', 'abc', 5])
      expect(at(bad).error?.issues[0]?.message).toBe('leveragePriceInvalid');
    const big = at('90000001').error?.issues[0];
    expect(big?.message).toBe('leveragePriceTooLarge');
    expect((big as { params?: unknown } | undefined)?.params).toEqual({ max: '90,000,000' });
    const sl = leverageCalls.updateTpSl.input.safeParse({ positionId: 1, stopLoss: '1.000000001' });
    expect(sl.error?.issues[0]?.message).toBe('leveragePriceInvalid');
  });
  it('takes an optional termsVersion on opening', () => {
    const base = { symbol: 'BTC/USDT', direction: 'long', lots: 1, multiple: 1 };
    expect(leverageCalls.insert.input.safeParse(base).success).toBe(true);
    const withVersion = leverageCalls.insert.input.safeParse({ ...base, termsVersion: 'v1:1' });
    expect(withVersion.data?.termsVersion).toBe('v1:1');
    expect(
      leverageCalls.insert.input.safeParse({ ...base, termsVersion: 'x'.repeat(201) }).success,
    ).toBe(false);
  });
  it('serves every console call from the console list', () => {
    const listed = listConsoleCalls();
    for (const c of Object.values(leverageConsole)) {
      if (typeof c === 'object' && 'roles' in c) expect(listed).toContain(c);
    }
  });
});

describe('the leverage rules', () => {
  it('versions the terms by their content', () => {
    const terms = {
      lotPrice: m('100'),
      openFeeRate: m('0.001'),
      closeFeeRate: m('0.001'),
      maintenanceRate: m('0.5'),
      protection: true,
    };
    const version = leverageTermsVersion(terms);
    expect(leverageTermsVersion({ ...terms })).toBe(version);
    for (const changed of [
      { lotPrice: m('200') },
      { openFeeRate: m('0.005') },
      { closeFeeRate: m('0.002') },
      { maintenanceRate: m('0.4') },
      { protection: false },
    ])
      expect(leverageTermsVersion({ ...terms, ...changed })).not.toBe(version);
  });
  it('tells a take-profit or stop-loss the price has already passed', () => {
    // A long marked at 90 (entry 100): a stop-loss at 95 is passed, one at 85 is not.
    expect(tpSlPassed('long', m('90'), null, m('95'))).toEqual({
      takeProfit: false,
      stopLoss: true,
    });
    expect(tpSlPassed('long', m('90'), m('89'), m('85'))).toEqual({
      takeProfit: true,
      stopLoss: false,
    });
    expect(tpSlPassed('short', m('110'), m('105'), m('108'))).toEqual({
      takeProfit: false,
      stopLoss: true,
    });
    expect(tpSlPassed('short', m('110'), null, null)).toEqual({
      takeProfit: false,
      stopLoss: false,
    });
  });
  it('computes margin, value, fees and the maintenance level', () => {
    expect(
      openFigures({
        lots: 2,
        lotPrice: m('100'),
        multiple: 5,
        openFeeRate: m('0.001'),
        maintenanceRate: m('0.5'),
      }),
    ).toEqual({
      margin: m('200'),
      value: m('1000'),
      openFee: m('1'),
      required: m('201'),
      maintenance: m('100'),
    });
  });
  it('signs P&L by direction and rounds it the trader’s way', () => {
    expect(positionPnl('long', m('1000'), m('100'), m('110'))).toBe(m('100'));
    expect(positionPnl('short', m('1000'), m('100'), m('110'))).toBe(m('-100'));
    expect(positionPnl('long', 10n, 3n, 4n)).toBe(4n); // 3.33.. up
    expect(positionPnl('long', 10n, 3n, 2n)).toBe(-3n); // -3.33.. up
  });
  it('places the liquidation price where equity meets the maintenance level, exactly', () => {
    const value = m('1000');
    const held = m('200');
    const maintenance = m('100');
    const long = liquidationPrice({
      direction: 'long',
      value,
      entry: m('100'),
      held,
      maintenance,
    })!;
    const short = liquidationPrice({
      direction: 'short',
      value,
      entry: m('100'),
      held,
      maintenance,
    })!;
    expect(long).toBe(m('90'));
    expect(short).toBe(m('110'));
    expect(held + positionPnl('long', value, m('100'), long)).toBeLessThanOrEqual(maintenance);
    expect(held + positionPnl('long', value, m('100'), long + 1n)).toBeGreaterThan(maintenance);
    expect(held + positionPnl('short', value, m('100'), short - 1n)).toBeGreaterThan(maintenance);
    expect(
      liquidationPrice({
        direction: 'long',
        value: m('100'),
        entry: m('100'),
        held: m('300'),
        maintenance: m('50'),
      }),
    ).toBeNull();
  });
  it('fires the trigger a continuous path would reach first', () => {
    const p = {
      direction: 'long' as const,
      takeProfit: m('120'),
      stopLoss: m('95'),
      liquidation: m('90'),
    };
    expect(firedTrigger(p, m('100'))).toBeNull();
    expect(firedTrigger(p, m('121'))).toBe('takeProfit');
    expect(firedTrigger(p, m('94'))).toBe('stopLoss');
    expect(firedTrigger(p, m('80'))).toBe('stopLoss');
    expect(firedTrigger({ ...p, stopLoss: m('85') }, m('80'))).toBe('liquidation');
    expect(
      firedTrigger(
        {
          ...p,
          direction: 'short',
          takeProfit: m('80'),
          stopLoss: m('105'),
          liquidation: m('110'),
        },
        m('111'),
      ),
    ).toBe('stopLoss');
    expect(tpSlSides('long', m('100'), m('90'), m('110'))).toEqual({
      takeProfit: false,
      stopLoss: false,
    });
    expect(tpSlSides('short', m('100'), m('90'), m('110'))).toEqual({
      takeProfit: true,
      stopLoss: true,
    });
  });
  it('closes with the fee taken only from what equity leaves, the gap to the fund with protection', () => {
    const base = {
      direction: 'long' as const,
      value: m('1000'),
      entry: m('100'),
      held: m('200'),
      closeFeeRate: m('0.001'),
    };
    expect(closeFigures({ ...base, exit: m('110'), protection: true })).toEqual({
      pnl: m('100'),
      equity: m('300'),
      closeFee: m('1'),
      payout: m('299'),
      gap: 0n,
    });
    expect(closeFigures({ ...base, exit: m('70'), protection: true })).toEqual({
      pnl: m('-300'),
      equity: m('-100'),
      closeFee: 0n,
      payout: m('-100'),
      gap: m('100'),
    });
    expect(closeFigures({ ...base, exit: m('70'), protection: false }).gap).toBe(0n);
  });
  it('finds the tier of a volume and the progress to the next', () => {
    const steps = [
      { tier: 'ordinary' as const, threshold: 0n, maxMultiple: 2 },
      { tier: 'gold' as const, threshold: m('10000'), maxMultiple: 3 },
      { tier: 'platinum' as const, threshold: m('100000'), maxMultiple: 4 },
    ];
    expect(tierOf(m('5000'), steps)).toMatchObject({
      current: steps[0],
      next: steps[1],
      progress: m('0.5'),
    });
    expect(tierOf(m('55000'), steps)).toMatchObject({ current: steps[1], progress: m('0.5') });
    expect(tierOf(m('500000'), steps)).toMatchObject({
      current: steps[2],
      next: null,
      progress: m('1'),
    });
  });
});
