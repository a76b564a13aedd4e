import {
  assetsCalls,
  displayDecimal,
  formatMoney,
  mulMoney,
  optionsCalls,
  optionsConsoleCalls,
  parseMoney,
} from '@tidemark/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, consoleApi, operatorApiSession } from '../api';
import {
  expectToast,
  newPhone,
  open,
  screenshot,
  screenshotOnFailure,
  settle,
  type Theme,
} from '../browser';
import { openTraderPhone } from '../journey';

/**
 * Option delivery on the options tab, as a new trader of the demo book: USDT moved to the
 * contract wallet, a long and a short on the shortest period, each confirmed in the sheet, the
 * countdown watched to the end, both results seen in the history, the record list and one order's
 * details. Elements are found by data attributes and classes.
 */

let browser: Browser;
let page: Page;
let token: string;
let placeKeys: string[];
let errors: string[];

const SYMBOL = 'BTC/USDT';
const TRADE = `/pages/futures/encryption?symbol=${encodeURIComponent(SYMBOL)}`;

beforeAll(async () => {
  ({
    browser,
    page,
    token,
    errors,
    keys: placeKeys,
  } = await openTraderPhone('options', 'Options2026x', [optionsCalls.insertCurrencyOrder.path]));
  await api(
    assetsCalls.transferUserMoney,
    { from: 'coin', to: 'contract', currency: 'USDT', amount: '1000' },
    token,
  );
});
afterEach(screenshotOnFailure(() => page, 'options-'));
afterAll(() => browser.close());

async function buy(direction: 'long' | 'short', stake: string, scheduled = false): Promise<void> {
  await page.locator('#option-stake').fill(stake);
  await page.locator(`.option-buy--${direction}`).click();
  const sheet = page.locator('.option-sheet');
  await sheet.waitFor({ state: 'visible' });
  await expect(sheet.locator('[data-field="stake"]').innerText()).resolves.toContain(stake);
  // A period order's sheet says when it starts: the next minute, to the second.
  const start = sheet.locator('[data-field="start"] dd');
  if (scheduled) await expect(start.innerText()).resolves.toMatch(/\d{2}:\d{2}:00/);
  else await expect(start.count()).resolves.toBe(0);
  if (direction === 'long') {
    await settle(page);
    await screenshot(page, scheduled ? 'options-sheet-scheduled-dark' : 'options-sheet-dark');
  }
  await sheet.locator('.order-sheet__confirm').click();
  await sheet.waitFor({ state: 'hidden' });
}

describe('options: long and short on the shortest period', () => {
  it('shows the coin, the chart, the contract wallet and the periods with their terms', async () => {
    await open(page, TRADE);
    await page.locator('.option-periods__item').first().waitFor();
    // The balance arrives after the periods can: read until it has (one read raced it).
    await expect.poll(() => page.locator('[data-field="balance"]').innerText()).toContain('1,000');
    await screenshot(page, 'options-trade-dark');
  });

  it('states in the sheet exactly what a win pays and a loss costs', async () => {
    const { list } = await api(optionsCalls.findH5ProductPeriodsPage, { symbol: SYMBOL });
    const shortest = [...list].sort((a, b) => a.seconds - b.seconds)[0]!;
    await page.locator(`.option-periods__item[data-seconds="${shortest.seconds}"]`).click();
    await page.locator('#option-stake').fill('10');
    await page.locator('.option-buy--long').click();
    const sheet = page.locator('.option-sheet');
    await sheet.waitFor({ state: 'visible' });
    // A win pays the stake and its return rounded for the trader; a loss forfeits stake x rate.
    const stake = parseMoney('10');
    const win = stake + mulMoney(stake, parseMoney(shortest.returnRate), 'up');
    const loss = mulMoney(stake, parseMoney(shortest.lossRate), 'down');
    await expect(sheet.locator('[data-field="win"] .num').innerText()).resolves.toContain(
      displayDecimal(formatMoney(win), 2),
    );
    await expect(sheet.locator('[data-field="loss"] .num').innerText()).resolves.toContain(
      displayDecimal(formatMoney(loss), 2),
    );
    await expect(sheet.locator('[data-field="tie"] .num').innerText()).resolves.toContain('10.00');
    await page.locator('.option-sheet .adm-button').first().click();
    await sheet.waitFor({ state: 'hidden' });
  });

  it('buys long and short, each with its own idempotency key, and counts down', async () => {
    await buy('long', '10');
    await page.locator('.option-focus[data-status="running"]').waitFor();
    await buy('short', '12');
    await page.locator('.option-focus[data-status="running"]').waitFor();
    expect(placeKeys).toHaveLength(2);
    expect(new Set(placeKeys).size).toBe(2);
    const first = await page.locator('.option-focus__countdown').innerText();
    await page.waitForTimeout(2_100);
    const later = await page.locator('.option-focus__countdown').innerText();
    expect(later).not.toBe(first);
    await expect(
      page
        .locator('.option-list > li[data-status], .option-list .option-item[data-status="running"]')
        .count(),
    ).resolves.toBeGreaterThanOrEqual(2);
    await screenshot(page, 'options-running-dark');
  });

  it('shows both results once settled, over the socket', async () => {
    await page
      .locator('.option-focus[data-status="settled"], .option-focus[data-status="failed"]')
      .waitFor({ timeout: 100_000 });
    await expect(page.locator('.option-focus [data-field="profit"]').innerText()).resolves.toMatch(
      /\d/,
    );
    await page.locator('.option-positions .segmented__item[data-key="history"]').click();
    await expect
      .poll(
        () =>
          page
            .locator(
              '.option-list .option-item[data-status="settled"], .option-list .option-item[data-status="failed"]',
            )
            .count(),
        { timeout: 15_000 },
      )
      .toBe(2);
    await screenshot(page, 'options-result-dark');
  });

  it('lists both in the record and shows one order with its ticks and record', async () => {
    await open(page, '/pages/futures/record?tab=1');
    await expect.poll(() => page.locator('.option-list .option-item').count()).toBe(2);
    await screenshot(page, 'options-record-dark');
    await page.locator('.option-list .option-item').first().click();
    await page.locator('.option-details').waitFor();
    await expect(page.locator('[data-field="strike-seq"]').innerText()).resolves.toMatch(/\d+/);
    await expect(page.locator('[data-field="record-hash"]').innerText()).resolves.toMatch(
      /[0-9a-f]{64}|--/,
    );
    await screenshot(page, 'options-details-dark');
    expect(errors).toEqual([]);
  });

  it('links from the trade page to how options work and to the record it verifies', async () => {
    await open(page, TRADE);
    await page.getByTestId('options-desc-link').click();
    await page.waitForURL(/futures\/desc/);
    await page.locator('.options-info').waitFor();
    await screenshot(page, 'options-desc-dark');
    await open(page, TRADE);
    await page.getByTestId('options-verify-link').click();
    await page.waitForURL(/futures\/verify/);
    // Both settlements of this journey are in the chain: the browser recomputes it.
    await page.locator('[data-testid="chain-summary"][data-state="verified"]').waitFor();
    await screenshot(page, 'options-verify-dark');
  });

  it('looks right in light and in Arabic', async () => {
    const url = page.url();
    const detailsRoute = url.slice(url.indexOf('#') + 1);
    for (const [theme, lang] of [
      ['light', 'en'],
      ['dark', 'ar'],
    ] as [Theme, string][]) {
      const other = await newPhone(browser, { token, theme, lang });
      const view = await other.newPage();
      const name = lang === 'ar' ? 'ar' : theme;
      await open(view, TRADE);
      await view.locator('.option-periods__item').first().waitFor();
      await screenshot(view, `options-trade-${name}`);
      await view.locator('#option-stake').fill('10');
      await view.locator('.option-buy--long').click();
      await view.locator('.option-sheet').waitFor({ state: 'visible' });
      await settle(view);
      await screenshot(view, `options-sheet-${name}`);
      await open(view, '/pages/futures/record?tab=1');
      await screenshot(view, `options-record-${name}`);
      await open(view, detailsRoute);
      await screenshot(view, `options-details-${name}`);
      await open(view, '/pages/futures/desc');
      await view.locator('.options-info').waitFor();
      await screenshot(view, `options-desc-${name}`);
      await open(view, '/pages/futures/verify');
      await view.locator('[data-testid="chain-summary"][data-state="verified"]').waitFor();
      await screenshot(view, `options-verify-${name}`);
      await other.close();
    }
  });
  it('refuses a stake outside the period in the form, and one beyond the wallet with the server text', async () => {
    await open(page, TRADE);
    await page.locator('.option-periods__item[data-seconds="60"]').click();
    await page.locator('#option-stake').fill('5');
    await page.locator('.option-buy--long').click();
    await expectToast(page, 'Please enter the correct amount: 10.00 – 10,000.00 USDT');
    // A stake is typed to cents, as every figure of the order is shown.
    await page.locator('#option-stake').fill('');
    await page.locator('#option-stake').pressSequentially('12.345');
    expect(await page.locator('#option-stake').inputValue()).toBe('12.34');
    await page.locator('#option-stake').fill('5000');
    await page.locator('.option-buy--short').click();
    await page.locator('.option-sheet .order-sheet__confirm').click();
    await expectToast(page, 'Insufficient balance, please recharge first');
    await settle(page, 2_500);
  });

  it('refuses an order whose rates an operator changed while the sheet was open, then shows the new ones', async () => {
    const operator = await operatorApiSession();
    const { products } = await consoleApi(optionsConsoleCalls.listOptionProducts, {}, operator);
    const period = products
      .find((p) => p.symbol === SYMBOL)!
      .periods.find((p) => p.seconds === 60)!;
    const [changed, shown] = period.returnRate === '0.70000000' ? ['0.71', '71%'] : ['0.7', '70%'];
    const balance = await page.locator('[data-field="balance"]').innerText();
    await page.locator('.option-periods__item[data-seconds="60"]').click();
    await page.locator('#option-stake').fill('10');
    await page.locator('.option-buy--long').click();
    const sheet = page.locator('.option-sheet');
    await sheet.waitFor({ state: 'visible' });
    const terms = { id: period.id };
    await consoleApi(
      optionsConsoleCalls.setOptionPeriod,
      { ...terms, returnRate: changed },
      operator,
    );
    try {
      await sheet.locator('.order-sheet__confirm').click();
      await expectToast(
        page,
        'The terms of this period have changed; please check the new rates and confirm again',
      );
      await sheet.waitFor({ state: 'hidden' });
      await expect
        .poll(() => page.locator('.option-periods__item[data-seconds="60"]').innerText())
        .toContain(shown);
      expect(await page.locator('[data-field="balance"]').innerText()).toBe(balance);
    } finally {
      await consoleApi(
        optionsConsoleCalls.setOptionPeriod,
        { ...terms, returnRate: period.returnRate },
        operator,
      );
    }
  });

  it('shows a visitor the chart and a way to log in instead of the form', async () => {
    const visitor = await newPhone(browser, { theme: 'dark' });
    const view = await visitor.newPage();
    await open(view, TRADE);
    await view.locator('.option-visitor').waitFor();
    await expect(view.locator('.option-form').count()).resolves.toBe(0);
    await expect(view.locator('.option-positions').count()).resolves.toBe(0);
    await screenshot(view, 'options-trade-visitor-dark');
    await visitor.close();
  });

  it('schedules two orders for the next boundary, tops one up and cancels the other', async () => {
    // Far enough from the next minute that both stay scheduled while this runs.
    const toBoundary = 60_000 - (Date.now() % 60_000);
    if (toBoundary < 20_000) await page.waitForTimeout(toBoundary + 1_000);
    await open(page, TRADE);
    await page.locator('.option-periods__item[data-seconds="60"]').click();
    await page.locator('.option-form__scheduled').click();
    await buy('long', '10', true);
    await buy('short', '11', true);
    const scheduled = page
      .locator('.option-list > li')
      .filter({ has: page.locator('.option-item[data-status="scheduled"]') });
    await expect.poll(() => scheduled.count()).toBe(2);
    await screenshot(page, 'options-scheduled-dark');
    await page.locator('#option-stake').fill('5');
    // Each moves money only once the question stating what it moves is answered.
    const question = page.locator('.adm-dialog-body');
    await scheduled.first().locator('.option-item__actions .adm-button').nth(1).click();
    await expect
      .poll(() => question.textContent())
      .toMatch(/^Add 5\.00 USDT to order #\d+\? Its stake becomes 1[56]\.00 USDT/);
    await page.locator('.adm-dialog').getByRole('button', { name: 'Confirm' }).click();
    await question.waitFor({ state: 'detached' });
    await scheduled.last().locator('.option-item__actions .adm-button').first().click();
    await expect
      .poll(() => question.textContent())
      .toMatch(/^Cancel order #\d+\? Its stake of 1[01]\.00 USDT goes back/);
    await page.locator('.adm-dialog').getByRole('button', { name: 'Cancel order' }).click();
    await expect.poll(() => scheduled.count(), { timeout: 10_000 }).toBe(1);
    const { list } = await api(optionsCalls.findNowPeriodsOrder, {}, token);
    const waiting = list.filter((o) => o.status === 'scheduled');
    expect(waiting).toHaveLength(1);
    // 10 or 11, whichever was topped up, plus 5.
    expect([parseMoney('15'), parseMoney('16')]).toContain(parseMoney(waiting[0]!.amount));
    // The record lists period orders with the instant ones: the waiting one as current, the
    // cancelled one in the history beside the two settled earlier.
    await open(page, '/pages/futures/record?tab=0');
    await page.locator('.option-list .option-item[data-status="scheduled"]').waitFor();
    await open(page, '/pages/futures/record?tab=1');
    const cancelled = page.locator('.option-list .option-item[data-status="cancelled"]');
    await cancelled.waitFor();
    await expect.poll(() => page.locator('.option-list .option-item').count()).toBe(3);
    await screenshot(page, 'options-record-cancelled-dark');
    expect(errors).toEqual([]);
  });
});
