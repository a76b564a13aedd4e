import { cleanup, fireEvent, render } from '@testing-library/react';
import type { ProductConfig } from '@tidemark/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useOrderForm } from '../hooks/use-order-form';
import { OrderForm, type PairBalances } from './order-form';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: {} } } });
});
afterEach(cleanup);

const config: ProductConfig = {
  symbol: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  pricePrecision: 2,
  quantityPrecision: 5,
  minNotional: '5.00000000',
  minQuantity: '0.00001000',
  makerFeeRate: '0.00100000',
  takerFeeRate: '0.00200000',
  tradingOpen: true,
};
const balances: PairBalances = {
  symbol: 'BTC/USDT',
  mode: 'demo',
  base: { currency: 'BTC', available: '0.12345678', frozen: '0' },
  quote: { currency: 'USDT', available: '100000.00000000', frozen: '0' },
};

function Harness(props: {
  config?: ProductConfig;
  balances?: PairBalances;
  marketPaused?: boolean;
  onSubmit?: () => void;
}) {
  const form = useOrderForm({
    side: 'buy',
    pricePlaces: props.config?.pricePrecision,
    quantityPlaces: props.config?.quantityPrecision,
    lastPrice: '64250.56789',
  });
  return (
    <>
      {/* Stands in for a tap on a level of the book beside the form. */}
      <button type="button" data-testid="book-level" onClick={() => form.pickPrice('60000.129')} />
      <OrderForm
        form={form}
        base="BTC"
        quote="USDT"
        config={props.config}
        lastPrice="64250.56789"
        balances={props.balances}
        busy={false}
        marketPaused={props.marketPaused}
        onSubmit={props.onSubmit ?? vi.fn()}
      />
    </>
  );
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const summary = (key: string) =>
  document.querySelector(`.order-summary [data-field="${key}"]`)?.textContent;
const button = () => document.querySelector<HTMLButtonElement>('.order-form__submit')!;

describe('the order form', () => {
  it('waits for the balances and the rules before it can be sent', () => {
    render(<Harness />);
    expect(button().disabled).toBe(true);
    // The price waits for the precision too, so it never shows more places than allowed.
    expect(input('price').value).toBe('');
    cleanup();
    render(<Harness config={config} balances={balances} />);
    expect(button().disabled).toBe(false);
    expect(button().textContent).toContain('spot.form.buy');
  });

  it('starts at the last price, keeps digits and one point, and totals exactly', () => {
    render(<Harness config={config} balances={balances} />);
    expect(input('price').value).toBe('64250.56');
    type('quantity', '1a.2.3456789');
    expect(input('quantity').value).toBe('1.23456');
    expect(summary('total')).toBe('79,321.17 USDT');
    expect(summary('available')).toBe('100,000.00 USDT');
    // Limit orders may rest (maker) or cross (taker): both rates are shown when they differ.
    expect(summary('fee')).toBe('0.1% / 0.2%');
  });

  it('fills a share of the balance, and takes a price from the book', () => {
    render(<Harness config={config} balances={balances} />);
    fireEvent.click(document.querySelector('[data-percent="25"]')!);
    expect(input('quantity').value).toBe('0.3891');
    fireEvent.click(document.querySelector('[data-type="market"]')!);
    expect(summary('fee')).toBe('0.2%');
    expect(input('price')).toBeNull();
    // A price from the book is a limit order at that price, at the product's places.
    fireEvent.click(document.querySelector('[data-testid="book-level"]')!);
    expect(input('price').value).toBe('60000.12');
    expect(document.querySelector('[data-type="limit"]')?.getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('enters a market buy as the USDT to spend, by hand or as a share of the balance', () => {
    render(<Harness config={config} balances={balances} />);
    fireEvent.click(document.querySelector('[data-type="market"]')!);
    // Spending USDT is where a market buy starts; the toggle switches to the coin and back.
    expect(input('quantity')).toBeNull();
    fireEvent.click(document.querySelector('[data-percent="50"]')!);
    expect(input('amount').value).toBe('50000');
    expect(summary('total')).toBe('50,000.00 USDT');
    fireEvent.click(document.querySelector('.unit-toggle[data-unit="USDT"]')!);
    expect(input('amount')).toBeNull();
    fireEvent.click(document.querySelector('.unit-toggle[data-unit="BTC"]')!);
    type('amount', '250.555');
    expect(input('amount').value).toBe('250.55');
    expect(summary('total')).toBe('250.55 USDT');
    fireEvent.click(document.querySelector('.side-switch__option[data-side="sell"]')!);
    // "By amount" is a market buy's: a sell is always a quantity of the coin.
    expect(input('amount')).toBeNull();
    expect(summary('available')).toBe('0.12345678 BTC');
    fireEvent.click(document.querySelector('[data-percent="100"]')!);
    expect(input('quantity').value).toBe('0.12345');
    expect(summary('total')).toBe('≈ 7,931.73 USDT');
    expect(button().textContent).toContain('spot.form.sell');
  });

  it('sends no market order while the market is suspended, by the button or by Enter', () => {
    const onSubmit = vi.fn();
    const { rerender } = render(
      <Harness config={config} balances={balances} marketPaused onSubmit={onSubmit} />,
    );
    const enter = (name: string) =>
      fireEvent.keyDown(input(name), { key: 'Enter', code: 'Enter', keyCode: 13 });
    // A limit order rests in the book at its own price: it still goes.
    expect(button().disabled).toBe(false);
    type('quantity', '0.01');
    enter('quantity');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    fireEvent.click(document.querySelector('[data-type="market"]')!);
    expect(button().disabled).toBe(true);
    type('amount', '100');
    enter('amount');
    fireEvent.submit(document.querySelector('form.order-form')!);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    // The sources are back: the same market order goes.
    rerender(
      <Harness config={config} balances={balances} marketPaused={false} onSubmit={onSubmit} />,
    );
    expect(button().disabled).toBe(false);
    enter('amount');
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });
});
