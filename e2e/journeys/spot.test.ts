import {
  displayDecimal,
  formatMoney,
  mulMoney,
  favouriteCalls,
  parseMoney,
  spotCalls,
  type CallOutput,
} from '@tidemark/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../api';
import {
  expectToast,
  newPhone,
  open,
  screenshot,
  screenshotOnFailure,
  settle,
  VIEWPORT,
  type Theme,
} from '../browser';
import { openTraderPhone } from '../journey';

/**
 * Spot trading on the coin tab, as a new trader: a limit buy that rests and is cancelled, a market
 * buy that fills against the market maker, and the orders the form refuses. The screens' own texts
 * are still being translated, so the journey finds things by data attributes and classes; the
 * error texts it reads are the catalogue's.
 */

let browser: Browser;
let page: Page;
let token: string;
let orderKeys: string[];
let errors: string[];

const TRADE = '/pages/trade/index?symbol=BTC%2FUSDT';

beforeAll(async () => {
  ({
    browser,
    page,
    token,
    errors,
    keys: orderKeys,
  } = await openTraderPhone('spot', 'Spot2026x', [
    spotCalls.insertCoinOrder.path,
    spotCalls.sellCoinOrder.path,
  ]));
});
afterEach(screenshotOnFailure(() => page, 'spot-'));
afterAll(() => browser.close());

const form = () => page.locator('.order-form');
const field = (name: string) => page.locator(`.order-form input[name="${name}"]`);
const submit = () => page.locator('.order-form__submit');
/** The confirmation sheet every order passes through, and its confirm button. */
const sheet = () => page.locator('.order-sheet');
const sheetValue = (field: string) => sheet().locator(`[data-field="${field}"] dd`).innerText();
async function confirmOrder(): Promise<void> {
  await sheet().locator('.order-sheet__confirm').click();
  await sheet().waitFor({ state: 'hidden' });
}
const available = () => page.locator('.order-summary [data-field="available"]').innerText();
const openOrders = () => page.locator('[data-testid="open-orders"] .spot-order');
const balances = (): Promise<CallOutput<typeof spotCalls.findUserMoney>> =>
  api(spotCalls.findUserMoney, { symbol: 'BTC/USDT' }, token);

/** Types into a form field and lets the previous toast go, so the next one is the one we read. */
async function type(name: string, value: string): Promise<void> {
  await field(name).fill(value);
  await settle(page, 1_600);
}

/** The price of the n-th best bid in the book beside the form. */
async function bidPrice(index: number): Promise<string> {
  const level = page.locator('.compact-book [data-side="bids"] .book-level[data-price]').nth(index);
  await level.waitFor();
  return (await level.getAttribute('data-price')) ?? '';
}

describe('the coin tab', () => {
  it('opens on BTC/USDT with the demo book, its balance and the last price as the price', async () => {
    await open(page, TRADE);
    await page.locator('.spot-trade[data-symbol="BTC/USDT"]').waitFor();
    expect(await page.locator('.spot-head .book-chip').getAttribute('data-mode')).toBe('demo');
    await expect.poll(available).toBe('100,000.00 USDT');
    await expect.poll(() => field('price').inputValue()).toMatch(/^\d+\.\d{2}$/);
    expect(await form().getAttribute('data-side')).toBe('buy');
    expect(await submit().getAttribute('class')).toContain('adm-button-success');
    // The tab bar has the coin tab, and it is the current one.
    expect(
      await page.locator('.app-tab-bar .adm-tab-bar-item-active').count(),
      'one active tab',
    ).toBe(1);
  });

  it('keeps only digits and one point, cut to the product precision', async () => {
    await field('quantity').fill('0a.12.3456789');
    expect(await field('quantity').inputValue()).toBe('0.12345');
    // A comma that groups no thousands is the decimal point, as typed; the point after it goes.
    await field('price').fill('6,5000.129');
    expect(await field('price').inputValue()).toBe('6.50');
    await field('price').fill('6,5');
    expect(await field('price').inputValue()).toBe('6.5');
    await field('quantity').fill('');
  });

  it('refuses what it must before sending, with the exact texts, in order', async () => {
    await field('quantity').fill('');
    await submit().click();
    await expectToast(page, 'Please confirm the required items');
    await type('quantity', '0');
    await submit().click();
    await expectToast(page, 'Quantity must be greater than 0');
    await field('quantity').fill('0.1');
    await type('price', '0');
    await submit().click();
    await expectToast(page, 'Please enter the correct amount');
    // 2 BTC at 60,000 is 120,000 USDT, more than the 100,000 there is.
    await field('price').fill('60000');
    await type('quantity', '2');
    await submit().click();
    await expectToast(page, 'Insufficient balance, please recharge first');
    expect(orderKeys).toEqual([]);
  });

  it('rests a limit buy below the market: in open orders, in the book, funds held', async () => {
    await open(page, TRADE);
    await expect.poll(available).toBe('100,000.00 USDT');
    // Between the third and fourth bid: on the book, well away from the asks.
    const third = await bidPrice(2);
    const price = formatMoney(parseMoney(third) + parseMoney('0.01'), 2);
    await field('price').fill(price);
    await field('quantity').fill('0.01');
    expect(await page.locator('.order-summary [data-field="total"]').innerText()).toMatch(
      /^[\d,]+\.\d{2} USDT$/,
    );
    await submit().click();
    // The sheet shows the order as it will go, with the maker rate (it rests) and the fee in BTC.
    await sheet().waitFor();
    expect(await sheetValue('pair')).toBe('BTC/USDT');
    expect(await sheetValue('price')).toBe(`${displayDecimal(price, 2)} USDT`);
    expect(await sheetValue('quantity')).toBe('0.01000 BTC');
    expect(await sheetValue('total')).toBe(
      `${displayDecimal(formatMoney(mulMoney(parseMoney(price), parseMoney('0.01'), 'up')), 2)} USDT`,
    );
    expect(await sheetValue('fee')).toMatch(/^[\d.]+ BTC$/);
    // Nothing is sent before the confirmation.
    expect(orderKeys).toHaveLength(0);
    await confirmOrder();
    await openOrders().first().waitFor();
    const order = openOrders().first();
    expect(await order.getAttribute('data-side')).toBe('buy');
    expect(await order.getAttribute('data-phase')).toBe('open');
    expect(await order.locator('[data-field="price"] dd').innerText()).toBe(
      displayDecimal(price, 2),
    );
    expect(await order.locator('[data-field="quantity"] dd').innerText()).toBe('0.01000');
    // The book beside the form has a level at that price, marked as the user's own.
    await page
      .locator(`.compact-book .book-level--bid[data-own][data-price^="${price}"]`)
      .waitFor({ timeout: 10_000 });
    const held = await balances();
    expect(held.quote.frozen).toBe(
      formatMoney(mulMoney(parseMoney(price), parseMoney('0.01'), 'up')),
    );
    await expect.poll(available).not.toBe('100,000.00 USDT');
    expect(orderKeys).toHaveLength(1);
    expect(orderKeys[0]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('cancels it, and the held funds come back', async () => {
    await openOrders().first().locator('.spot-order__cancel').click();
    await page.locator('[data-panel="orders"] .empty-data').waitFor();
    await expect.poll(available).toBe('100,000.00 USDT');
    const after = await balances();
    expect(after.quote).toEqual({
      currency: 'USDT',
      available: '100000.00000000',
      frozen: '0.00000000',
    });
    await page.locator('.compact-book .book-level[data-own]').waitFor({ state: 'detached' });
  });

  it('buys at market: filled against the market maker, less the fee', async () => {
    await page.locator('.type-switch__option[data-type="market"]').click();
    expect(await page.locator('.order-field--fixed[data-field="price"]').count()).toBe(1);
    // A market buy starts as the USDT to spend; this one is entered as a quantity of the coin.
    await page.locator('.unit-toggle[data-unit="USDT"]').click();
    await field('quantity').fill('0.01');
    await submit().click();
    await sheet().waitFor();
    expect(await sheetValue('quantity')).toBe('≈ 0.01000 BTC');
    await confirmOrder();
    await expect.poll(async () => (await balances()).base.available).toBe('0.00999000');
    const after = await balances();
    expect(after.base.frozen).toBe('0.00000000');
    expect(after.quote.frozen).toBe('0.00000000');
    expect(parseMoney(after.quote.available) < parseMoney('100000')).toBe(true);
    // The trade reaches the demo book's tape, live.
    await page.locator('.spot-activity__tabs [role="tab"][data-key="trades"]').click();
    const bought = page.locator('[data-testid="trade-list"] .trade-list__row[data-side="buy"]');
    await bought.first().waitFor();
    // The market maker's levels differ in size, so the 0.01 may fill at more than one of them.
    const first = parseMoney(await bought.first().locator('.num').last().innerText());
    expect(first > 0n && first <= parseMoney('0.01')).toBe(true);
    await page.locator('.spot-activity__tabs [role="tab"][data-key="orders"]').click();
    await page.locator('.side-switch__option[data-side="sell"]').click();
    await expect.poll(available).toBe('0.00999000 BTC');
    expect(await submit().getAttribute('class')).toContain('adm-button-danger');
    expect(orderKeys).toHaveLength(2);
    expect(new Set(orderKeys).size).toBe(2);
  });

  it('fills a sell with 100% of the coin held, cut to the lot', async () => {
    await page.locator('.type-switch__option[data-type="limit"]').click();
    await page.locator('.percent-shortcuts__option[data-percent="100"]').click();
    expect(await field('quantity').inputValue()).toBe('0.00999');
    await page.locator('.percent-shortcuts__option[data-percent="50"]').click();
    expect(await field('quantity').inputValue()).toBe('0.00499');
  });

  it('shows the order filled in the history, and the coin in assets and in the log', async () => {
    await open(page, '/pages/trade/history?tab=1');
    const filled = page.locator('.spot-order[data-phase="filled"]');
    await filled.first().waitFor();
    expect(await filled.count()).toBe(1);
    expect(await filled.first().getAttribute('data-side')).toBe('buy');
    expect(await filled.locator('[data-field="filled"] dd').innerText()).toBe('0.01000');
    expect(await filled.locator('[data-field="fee"] dd').innerText()).toBe('0.00001000 BTC');
    expect(await page.locator('.spot-order[data-phase="cancelled"]').count()).toBe(1);

    await open(page, '/pages/assets/index');
    const btc = page.locator('.wallet-balance[data-currency="BTC"] [data-field="available"]');
    await expect.poll(() => btc.innerText()).toBe('0.00999000');

    await open(page, '/pages/index/list?type=spot');
    const spot = page.locator('.change-item[data-type="spot"]');
    await spot.first().waitFor();
    const amounts = await spot.locator('.change-item__amount').allInnerTexts();
    // One row per fill (the buy may take more than one level): together, net of any fee row,
    // the 0.00999 BTC received.
    const received = amounts.reduce((sum, text) => {
      const [, sign, amount] = /^([+-])([\d.]+) BTC$/.exec(text) ?? [];
      if (!amount) return sum;
      return sign === '-' ? sum - parseMoney(amount) : sum + parseMoney(amount);
    }, 0n);
    expect(formatMoney(received)).toBe('0.00999000');
  });

  it('shows the server’s refusal of an order larger than the balance', async () => {
    // A stale page that believes in more USDT than there is: the form lets the order through and
    // the server's refusal shows the same text.
    await page.route('**/coinorder/findUserMoney*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as {
        data: CallOutput<typeof spotCalls.findUserMoney>;
      };
      body.data.quote.available = '10000000.00000000';
      await route.fulfill({ response, json: body });
    });
    await open(page, TRADE);
    // A fresh document, so the balances are read again (through the route) rather than cached.
    await page.reload();
    await expect.poll(available).toBe('10,000,000.00 USDT');
    await field('price').fill('60000');
    await type('quantity', '5');
    await submit().click();
    await sheet().locator('.order-sheet__confirm').click();
    await expectToast(page, 'Insufficient balance, please recharge first');
    await sheet().waitFor({ state: 'hidden' });
    await page.unroute('**/coinorder/findUserMoney*');
    expect(orderKeys).toHaveLength(3);
    expect((await balances()).quote.frozen).toBe('0.00000000');
    expect(errors).toEqual([]);
  });

  it('spends USDT at market through the sheet, stars the pair, draws indicators and depth', async () => {
    const rules = await api(spotCalls.findByBProductConfig, { symbol: 'BTC/USDT' });
    await open(page, TRADE);
    // A fresh document, so the balances are the server's again (the route above is gone).
    await page.reload();
    const before = await balances();
    await expect.poll(available).toBe(`${displayDecimal(before.quote.available, 2)} USDT`);
    await page.locator('.type-switch__option[data-type="market"]').click();
    // A market buy is entered as the USDT to spend, and 25% is a quarter of the USDT there is.
    expect(await field('quantity').count()).toBe(0);
    await page.locator('.percent-shortcuts__option[data-percent="25"]').click();
    const quarter = (parseMoney(before.quote.available) * 25n) / 100n;
    expect(await field('amount').inputValue()).toBe(
      displayDecimal(formatMoney(quarter), 2)
        .replace(/,/g, '')
        .replace(/\.?0+$/, ''),
    );
    await field('amount').fill('50');
    await submit().click();
    await sheet().waitFor();
    expect(await sheetValue('total')).toBe('50.00 USDT');
    // A market order takes: the taker rate of the product's terms, the fee in the coin bought.
    const taker = `${formatMoney(parseMoney(rules.takerFeeRate) * 100n).replace(/\.?0+$/, '')}%`;
    expect(await sheet().locator('[data-field="fee"] dt').innerText()).toBe(`Fee (${taker})`);
    expect(await sheetValue('fee')).toMatch(/^≈ [\d.]+ BTC$/);
    expect(await sheetValue('role')).toBe('Taker rate: the order trades against the book');
    // "Don't ask again": the form then says orders go unconfirmed, and offers to ask again.
    await sheet().locator('.order-sheet__dont-ask').click();
    await confirmOrder();
    const unconfirmed = page.locator('.order-form__unconfirmed');
    await unconfirmed.waitFor();
    await unconfirmed.locator('.text-button').click();
    await unconfirmed.waitFor({ state: 'detached' });
    await expect
      .poll(async () => parseMoney((await balances()).base.available))
      .toBeGreaterThan(parseMoney(before.base.available));
    const after = await balances();
    const spent = parseMoney(before.quote.available) - parseMoney(after.quote.available);
    expect(spent > 0n && spent <= parseMoney('50')).toBe(true);
    expect(after.quote.frozen).toBe('0.00000000');

    // A star on the trade page; the pair is then under Favourites on quotes, kept on the server.
    const star = page.locator('.spot-head__star');
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(async () => (await api(favouriteCalls.findFavourites, {}, token)).symbols)
      .toEqual(['BTC/USDT']);
    await open(page, '/pages/quotes/index');
    await page.locator('.quotes__tabs [data-key="favourites"]').click();
    const rows = page.locator('.market-table .pair-row');
    const listed = () => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-symbol')));
    await expect.poll(listed).toEqual(['BTC/USDT']);
    await page.locator('.quotes__tabs [data-key="all"]').click();
    await page.locator('.favourite-star[data-symbol="ETH/USDT"]').click();
    await page.locator('.quotes__tabs [data-key="favourites"]').click();
    await expect.poll(listed).toEqual(['BTC/USDT', 'ETH/USDT']);
    await settle(page, 600);
    await screenshot(page, 'journey-spot-en-dark-quotes-favourites');

    // Indicators on the candles: MA and VOL to start with, BOLL added by a tap.
    await open(page, '/pages/trade/trend?symbol=BTC%2FUSDT');
    const chart = page.locator('.price-chart[data-view="15min"]');
    await chart.waitFor();
    expect(await chart.getAttribute('data-indicators')).toBe('MA,VOL');
    const legend = page.locator('.price-chart__legend[data-legend="overlay"]');
    await expect.poll(() => legend.innerText()).toMatch(/MA99\s+[\d,]+\.\d{2}/);
    await page.locator('.indicator-bar__item[data-indicator="BOLL"]').click();
    await expect.poll(() => chart.getAttribute('data-indicators')).toBe('MA,BOLL,VOL');
    await expect.poll(() => legend.innerText()).toMatch(/UP\s+[\d,]+\.\d{2}/);
    expect(await page.locator('[data-legend="volume"]').innerText()).toMatch(/MA10\s+[\d,.]+/);
    // The 1M chart: no logo over the volume bars, the attribution is a link under the chart.
    await page.locator('.period-tabs [data-key="1mon"]').click();
    await page.locator('.price-chart[data-view="1mon"]').waitFor();
    await page.locator('.price-chart[data-view="1mon"] .price-chart__overlay').waitFor({
      state: 'detached',
    });
    expect(await page.locator('.price-chart a[href*="tradingview"]').count()).toBe(0);
    expect(
      await page.locator('.chart-attribution a[href="https://www.tradingview.com/"]').count(),
    ).toBe(1);
    await settle(page, 600);
    await screenshot(page, 'journey-spot-en-dark-trend-1mon');
    // The depth chart, from the live book.
    await page.locator('.period-tabs [data-key="depth"]').click();
    const depth = page.locator('.depth-chart');
    await depth.waitFor();
    await expect.poll(async () => Number(await depth.getAttribute('data-bids'))).toBeGreaterThan(0);
    await expect.poll(async () => Number(await depth.getAttribute('data-asks'))).toBeGreaterThan(0);
    await settle(page, 600);
    await screenshot(page, 'journey-spot-en-dark-depth');
    expect(errors).toEqual([]);
  });
});

describe('the spot pages at 360 x 740', () => {
  const PAGES = [
    ['spot-trade', TRADE, '.order-form'],
    ['spot-history', '/pages/trade/history?tab=1', '.spot-order'],
    ['spot-trend', '/pages/trade/trend?symbol=BTC%2FUSDT', '.price-chart__legend'],
    ['quotes', '/pages/quotes/index', '.pair-row'],
  ] as const;

  const looks: { theme: Theme; lang: string }[] = [
    { theme: 'dark', lang: 'en' },
    { theme: 'light', lang: 'en' },
    { theme: 'dark', lang: 'ar' },
  ];

  for (const { theme, lang } of looks) {
    it(`renders in ${lang}, ${theme}`, async () => {
      const phone = await newPhone(browser, { theme, lang, token });
      const view = await phone.newPage();
      const problems: string[] = [];
      view.on('pageerror', (error) => problems.push(error.message));
      for (const [name, route, ready] of PAGES) {
        await open(view, route);
        await view.locator(ready).first().waitFor();
        if (name === 'spot-trade')
          await view.locator('.compact-book .book-level[data-price]').first().waitFor();
        await settle(view, 1_600);
        const width = await view.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${name} overflows horizontally`).toBeLessThanOrEqual(VIEWPORT.width);
        await screenshot(view, `journey-spot-${lang}-${theme}-${name}`);
      }
      // The confirmation sheet of a limit buy, and the depth chart.
      await open(view, TRADE);
      await view.locator('.compact-book .book-level[data-price]').first().waitFor();
      await view.locator('.order-form input[name="quantity"]').fill('0.01');
      await view.locator('.order-form__submit').click();
      await view.locator('.order-sheet').waitFor();
      await settle(view, 600);
      await screenshot(view, `journey-spot-${lang}-${theme}-sheet`);
      await view.locator('.order-sheet .adm-button').first().click();
      await view.locator('.order-sheet').waitFor({ state: 'hidden' });
      await open(view, '/pages/trade/trend?symbol=BTC%2FUSDT');
      await view.locator('.period-tabs [data-key="depth"]').click();
      await view.locator('.depth-chart:not([data-bids="0"])').waitFor();
      await settle(view, 800);
      await screenshot(view, `journey-spot-${lang}-${theme}-depth`);
      expect(problems).toEqual([]);
      await phone.close();
    });
  }

  it('shows visitors the market and a way to log in instead of the form', async () => {
    const phone = await newPhone(browser, { theme: 'dark', lang: 'en' });
    const view = await phone.newPage();
    await open(view, TRADE);
    await view.locator('.spot-visitor').waitFor();
    await view.locator('.compact-book .book-level[data-price]').first().waitFor();
    expect(await view.locator('.order-form').count()).toBe(0);
    expect(await view.locator('.spot-head .book-chip').count()).toBe(0);
    await screenshot(view, 'journey-spot-en-dark-visitor');
    // A visitor's star stays in this browser, across a reload.
    await view.locator('.spot-head__star').click();
    await open(view, '/pages/quotes/index');
    await view.reload();
    await view.locator('.quotes__tabs [data-key="favourites"]').click();
    await expect
      .poll(() =>
        view
          .locator('.market-table .pair-row')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-symbol'))),
      )
      .toEqual(['BTC/USDT']);
    await open(view, TRADE);
    await view.locator('.spot-visitor .adm-button').first().click();
    await view.waitForURL(/#\/pages\/login\/login$/);
    await phone.close();
  });
});
