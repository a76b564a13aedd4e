import type { AccountChange, SpotChange } from '@tidemark/contract';
import { loadPagesPack } from '@tidemark/i18n';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLabel } from './change-label';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: {
      en: { translation: await loadPagesPack('en') },
      zh: { translation: await loadPagesPack('zh') },
    },
    interpolation: { escapeValue: false },
  });
});

/** Amounts as the wire has them, with thousands grouped: enough to see which went where. */
const format = (decimal: string) => decimal.replace(/\B(?=(\d{3})+\.)/g, ',');

function entry(currency: string, amount: string, spot?: SpotChange): AccountChange {
  return {
    id: 1,
    time: 0,
    type: 'spot',
    filter: 'spot',
    wallet: 'coin',
    currency,
    amount,
    balanceAfter: '0',
    reference: 'spot-order:12',
    ...(spot ? { spot } : {}),
  };
}

const label = (e: AccountChange, lng = 'en') => changeLabel(e, i18n.getFixedT(lng), format);
const order = { symbol: 'BTC/USDT', orderId: 12, side: 'buy' } as const;

describe('account-change labels', () => {
  it('calls a limit order’s hold and its release on cancel what they are, with pair and order', () => {
    expect(label(entry('USDT', '-4000.00000000', { kind: 'hold', ...order }))).toEqual({
      title: 'Order hold',
      note: 'Buy order #12 on BTC/USDT',
    });
    expect(label(entry('USDT', '4000.00000000', { kind: 'release', ...order }))).toEqual({
      title: 'Hold released',
      note: 'Buy order #12 on BTC/USDT · order cancelled',
    });
  });

  it('reads a market buy as its hold, what it bought with the fee, and the unused rest', () => {
    expect(
      label(
        entry('BTC', '0.00999000', {
          kind: 'fill',
          ...order,
          price: '95000.00000000',
          quantity: '0.01000000',
          fee: '0.00001000',
        }),
      ),
    ).toEqual({
      title: 'Bought 0.01 BTC on BTC/USDT',
      note: 'Buy order #12 on BTC/USDT · fee 0.00001000 BTC',
    });
    expect(label(entry('USDT', '17.00000000', { kind: 'rest', ...order }))).toEqual({
      title: 'Hold released',
      note: 'Buy order #12 on BTC/USDT · unused part of the hold',
    });
  });

  it('reads a sale in the currency received, and a fill without fee as such', () => {
    const doge = entry('USDT', '1599.00000000', {
      kind: 'fill',
      symbol: 'DOGE/USDT',
      orderId: 1200,
      side: 'sell',
      price: '0.16000000',
      quantity: '10000.00000000',
      fee: '1.60000000',
    });
    expect(label(doge)).toEqual({
      title: 'Sold 10,000 DOGE on DOGE/USDT',
      note: 'Sell order #1200 on DOGE/USDT · fee 1.60000000 USDT',
    });
    const sold = entry('USDT', '949.05000000', {
      kind: 'fill',
      symbol: 'ETH/USDT',
      orderId: 7,
      side: 'sell',
      price: '3400.00000000',
      quantity: '0.25000000',
      fee: '0.00000000',
    });
    expect(label(sold)).toEqual({
      title: 'Sold 0.25 ETH on ETH/USDT',
      note: 'Sell order #7 on ETH/USDT · no fee',
    });
    expect(label(sold, 'zh')).toEqual({
      title: '在 ETH/USDT 卖出 0.25 ETH',
      note: 'ETH/USDT 卖单 #7 · 无手续费',
    });
  });

  it('falls back to the type for other entries and for spot entries the ledger kept no detail of', () => {
    expect(label(entry('USDT', '-10.00000000'))).toEqual({ title: 'Spot exchange', note: null });
    expect(label({ ...entry('USDT', '50.00000000'), type: 'deposit', filter: 'deposit' })).toEqual({
      title: 'Deposit',
      note: null,
    });
  });

  const product = (type: AccountChange['type'], reference: string, lng = 'en') =>
    label({ ...entry('USDT', '1.00000000'), type, filter: 'other', reference }, lng);

  it('says which yield order an entry belongs to and what it was', () => {
    expect(product('financial', 'financial:5:buy')).toEqual({
      title: 'Yield package subscribed',
      note: 'Yield order #5',
    });
    expect(product('financial', 'financial:5:day:2026-12-07')).toEqual({
      title: 'Daily dividend',
      note: 'Yield order #5 · 2026-12-07',
    });
    expect(product('financial', 'financial:5:principal')).toEqual({
      title: 'Principal returned at maturity',
      note: 'Yield order #5',
    });
    expect(product('financial', 'financial:3:redeem')).toEqual({
      title: 'Early redemption, penalty deducted',
      note: 'Yield order #3',
    });
    expect(product('financial', 'financial:3:redeem', 'zh').title).toBe('提前赎回，已扣违约金');
  });

  it('reads a loan’s disbursement and its repayment with what a repayment includes', () => {
    expect(product('loan', 'loan:9:disburse')).toEqual({
      title: 'Loan disbursed',
      note: 'Loan #9',
    });
    expect(product('loan', 'loan:9:repay')).toEqual({
      title: 'Loan repaid',
      note: 'Loan #9 · principal, interest and any overdue penalty',
    });
  });

  it('reads delivery orders and leveraged positions, the insurance fund’s cover of a gap included', () => {
    expect(product('option', 'option:12')).toEqual({
      title: 'Delivery order placed',
      note: 'Delivery order #12',
    });
    expect(product('option', 'option:12:cancel').title).toBe(
      'Delivery order cancelled, stake returned',
    );
    expect(product('option', 'option:12:topup:1700000000000').title).toBe('Margin top-up');
    expect(product('option', 'option:12:settle').title).toBe('Delivery order settled');
    expect(product('contract', 'leverage:7:open')).toEqual({
      title: 'Position opened: margin and fee',
      note: 'Position #7',
    });
    expect(product('contract', 'leverage:7:margin:1700000000000').title).toBe('Margin added');
    expect(product('contract', 'leverage:7:close').title).toBe('Position closed');
    expect(product('contract', 'leverage:7:gap')).toEqual({
      title: 'Loss past the margin covered by the insurance fund',
      note: 'Position #7',
    });
  });

  it('reads team earnings moved out, and an unknown reference as its type', () => {
    expect(product('rebate', 'team-transfer:4:1700000000000')).toEqual({
      title: 'Team earnings moved to the coin wallet',
      note: null,
    });
    expect(product('rebate', 'team-withdraw:4:1700000000000').title).toBe(
      'Team earnings taken for a withdrawal',
    );
    expect(product('financial', 'financial:x:buy')).toEqual({ title: 'Financial', note: null });
    expect(product('loan', 'loan:9:something')).toEqual({ title: 'Loan', note: null });
  });
});
