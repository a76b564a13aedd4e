import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  assetsCalls,
  consoleCalls,
  financialCalls,
  newsign,
  NEWSIGN_DEFAULT_SECRET,
  STATUS_OK,
  type CallDef,
  type CallInput,
  type CallOutput,
  type Envelope,
  type MoneyOrder,
  userCalls,
} from '@tidemark/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, consoleApi, initialAdmin, totpCode } from '../api';
import {
  newDesktop,
  newPhone,
  open,
  openConsole,
  screenshot,
  screenshotOnFailure,
  settle,
  type Theme,
} from '../browser';
import { openTraderPhone } from '../journey';
import { startServer, type E2eServer } from '../server';
import { serverUrl, useServer } from '../target';

/**
 * Financial packages as a new trader of the demo book: USDT moved to the financial (cft) wallet,
 * a beginner package bought on the combo page after reading its exact expected income, a dividend
 * seen after the dividend time, and a second order redeemed early with the penalty shown first.
 * The server runs with a test clock (TEST_CLOCK_FILE, NODE_ENV=test: chosen at start, no API moves
 * it) so the dividend time comes without waiting a day.
 */

let server: E2eServer;
let clockDir: string;
let clockFile: string;
let browser: Browser;
let page: Page;
let token: string;
let errors: string[];
let keys: string[];

let offset = 0;

/** Moves the server's clock to `ms` after the real time (the file the server reads). */
function setOffset(ms: number): void {
  offset = Math.round(ms);
  fs.writeFileSync(clockFile, String(offset));
}

/** api() signed with the server's moved time (newsign is a freshness check on its clock). */
async function call<C extends CallDef>(def: C, input: CallInput<C>): Promise<CallOutput<C>> {
  const params = new URLSearchParams(
    Object.entries(input as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
  ).toString();
  const response = await fetch(
    `${serverUrl()}${def.path}${def.method === 'GET' && params ? `?${params}` : ''}`,
    {
      method: def.method,
      headers: {
        newsign: newsign(NEWSIGN_DEFAULT_SECRET, Date.now() + offset),
        'content-type': 'application/x-www-form-urlencoded',
        appToken: token,
      },
      body: def.method === 'POST' ? params : undefined,
    },
  );
  const envelope = (await response.json()) as Envelope<CallOutput<C>>;
  if (envelope.status !== STATUS_OK) throw new Error(`${def.path}: ${envelope.enMsg}`);
  return envelope.data;
}

beforeAll(async () => {
  clockDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-financial-'));
  clockFile = path.join(clockDir, 'clock-offset');
  setOffset(0);
  server = await startServer({ NODE_ENV: 'test', TEST_CLOCK_FILE: clockFile });
  useServer(server);
  ({ browser, page, token, errors, keys } = await openTraderPhone('financial', 'Savings2026x', [
    financialCalls.buyMoneyProduct.path,
    financialCalls.findMoneyProductReturn.path,
  ]));
  await api(
    assetsCalls.transferUserMoney,
    { from: 'coin', to: 'cft', currency: 'USDT', amount: '5000' },
    token,
  );
}, 90_000);
afterEach(screenshotOnFailure(() => page, 'financial-'));
afterAll(async () => {
  await browser?.close();
  useServer(undefined);
  await server?.stop();
  fs.rmSync(clockDir, { recursive: true, force: true });
});

async function orderOf(orderId: number): Promise<MoneyOrder & { daysPaid: number }> {
  return call(financialCalls.findUserMoneyOnly, { orderId });
}

let bought: number;
let other: number;

describe('financial packages: buy, a dividend, an early redemption', () => {
  it('lists the packages by tier with their terms and the earnings summary', async () => {
    await open(page, '/pages/Financial/index');
    await page.locator('[data-testid="fin-product"]').first().waitFor();
    const products = page.locator('[data-testid="fin-product"]');
    await expect.poll(() => products.count()).toBe(3);
    await page.locator('.segmented__item[data-key="premium"]').click();
    await expect.poll(() => products.count()).toBe(1);
    await expect(products.first().innerText()).resolves.toContain('90');
    await page.locator('.segmented__item[data-key="beginner"]').click();
    await expect.poll(() => products.first().innerText()).toContain('USDT Starter 7D');
    await expect.poll(() => products.count()).toBe(1);
    await expect(page.locator('[data-testid="fin-summary"]').innerText()).resolves.toContain(
      '0.00',
    );
    await settle(page);
    await screenshot(page, 'financial-index-dark');
  });

  it('shows the exact expected income before confirming, then buys once with one key', async () => {
    await page.locator('[data-testid="fin-product"] .adm-button').first().click();
    await page.waitForURL(/Financial\/combo/);
    // The transfer link fills the financial account and comes back to the package.
    await page.locator('[data-field="available"] .text-button').click();
    await page.waitForURL(/assets\/Transfer\?from=coin&to=cft/);
    expect(await page.locator('[data-side="to"]').getAttribute('data-wallet')).toBe('cft');
    await page.locator('input[name="amount"]').fill('10');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.waitForURL(/Financial\/combo/);
    await expect
      .poll(() => page.locator('[data-field="available"]').innerText())
      .toContain('5,010.00');
    const amount = page.locator('input[name="amount"]');
    await amount.waitFor();
    await amount.fill('1000');
    // Beginner: 7 days at 0.02 % a day: 0.20 a day, 1.40 in all (the contract's rule).
    await expect(page.locator('[data-field="income"] dd').innerText()).resolves.toContain('1.40');
    await expect(page.locator('[data-field="total"] dd').innerText()).resolves.toContain(
      '1,001.40',
    );
    await expect(page.locator('[data-field="early-terms"]').innerText()).resolves.toContain('995');
    await settle(page);
    await screenshot(page, 'financial-combo-dark');
    await page.locator('.fin-card > .adm-button').last().click();
    const sheet = page.locator('.order-sheet');
    await sheet.waitFor({ state: 'visible' });
    await expect(sheet.locator('[data-field="income"]').innerText()).resolves.toContain('1.40');
    await sheet.locator('.order-sheet__confirm').click();
    await page.waitForURL(/Financial\/success/);
    await page.locator('[data-testid="fin-order"]').waitFor();
    // In progress: what it is expected to earn is shown beside what it has earned.
    await page.locator('[data-testid="fin-order"] [data-field="expected"]').waitFor();
    bought = Number(new URL(page.url().replace('#', '')).searchParams.get('id'));
    expect(bought).toBeGreaterThan(0);
    expect(keys).toHaveLength(1);
    await settle(page);
    await screenshot(page, 'financial-success-dark');
  });

  it('pays a dividend once the dividend time has passed (test clock), shown in the record', async () => {
    const order = await orderOf(bought);
    expect(order.daysPaid).toBe(0);
    // The clock moves just past the first dividend time; the running job pays day 1.
    setOffset(order.nextDividendAt! - Date.now() + 2_000);
    // The server reads the file at most every 50 ms.
    await page.waitForTimeout(300);
    const deadline = Date.now() + 15_000;
    while ((await orderOf(bought)).daysPaid < 1) {
      if (Date.now() > deadline) throw new Error('no dividend after the dividend time');
      await page.waitForTimeout(250);
    }
    await open(page, '/pages/Financial/TransactionRecord?tab=dividends');
    const row = page.locator(
      `[data-testid="fin-dividends"] [data-order="${bought}"][data-day="1"]`,
    );
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain('0.20');
    await settle(page);
    await screenshot(page, 'financial-record-dark');
    await open(page, '/pages/Financial/index');
    // The summary may first show what was cached before the dividend, then refetch.
    await expect
      .poll(() => page.locator('[data-field="total-profit"]').innerText())
      .toContain('0.20');
  });

  it('redeems a second order early, the penalty and actual principal shown before confirming', async () => {
    const { list } = await call(financialCalls.findMoneyProduct, { tier: 'beginner' });
    other = (await call(financialCalls.buyMoneyProduct, { productId: list[0]!.id, amount: '500' }))
      .id;
    await open(page, '/pages/Financial/index?tab=0');
    const item = page.locator(`[data-testid="fin-order"][data-id="${other}"]`);
    await item.waitFor();
    await item.locator('.adm-button-warning').click();
    const sheet = page.locator('.fin-redeem-sheet');
    await sheet.waitFor({ state: 'visible' });
    // 0.5 % of 500: 2.50 penalty, 497.50 back.
    // The sheet asks the server for the figures: wait for them, not for the sheet alone.
    await expect.poll(() => sheet.locator('[data-field="penalty"]').innerText()).toContain('2.50');
    await expect
      .poll(() => sheet.locator('[data-field="principal"]').innerText())
      .toContain('497.50');
    await settle(page);
    await screenshot(page, 'financial-redeem-dark');
    await sheet.locator('.order-sheet__confirm').click();
    await sheet.waitFor({ state: 'hidden' });
    const redeemed = await orderOf(other);
    expect(redeemed).toMatchObject({
      status: 2,
      returnedPrincipal: '497.50000000',
      penalty: '2.50000000',
    });
    await open(page, '/pages/Financial/index?tab=2');
    const returned = page.locator(`[data-testid="fin-order"][data-id="${other}"][data-status="2"]`);
    await returned.waitFor();
    // Redeemed early it earns nothing more: no expected income beside the penalty.
    expect(await returned.locator('[data-field="expected"]').count()).toBe(0);
    await returned.locator('[data-field="penalty"]').waitFor();
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
    expect(errors).toEqual([]);
  });
});

describe('financial pages in the light theme and right to left in Arabic', () => {
  const PAGES = [
    ['index', '/pages/Financial/index'],
    ['combo', '/pages/Financial/combo?id=1'],
    ['success', ''],
    ['record', '/pages/Financial/TransactionRecord?tab=dividends'],
  ] as const;
  const shoot = async (theme: Theme, lang: string) => {
    const context = await newPhone(browser, { theme, lang, token });
    const phone = await context.newPage();
    const pageErrors: string[] = [];
    phone.on('pageerror', (e) => pageErrors.push(e.message));
    for (const [name, route] of PAGES) {
      await open(phone, route || `/pages/Financial/success?id=${bought}`);
      await phone.locator('.fin-card').first().waitFor();
      await settle(phone);
      await screenshot(phone, `financial-${name}-${lang}-${theme}`);
    }
    expect(await phone.evaluate(() => document.documentElement.getAttribute('dir'))).toBe(
      lang === 'ar' ? 'rtl' : 'ltr',
    );
    expect(pageErrors).toEqual([]);
    await context.close();
  };
  it('renders every financial page in the light theme', () => shoot('light', 'en'));
  it('renders every financial page in Arabic', () => shoot('dark', 'ar'));
});

describe('financial packages in the console', () => {
  it('shows the packages, funds the yield reserve from the treasury and lists the orders by user', async () => {
    const admin = initialAdmin();
    // The server's clock is moved: the TOTP code is the one of its time.
    const { token: operatorToken } = await consoleApi(
      consoleCalls.login,
      {
        username: admin.username,
        password: admin.password,
        totp: totpCode(admin.totpSecret, Date.now() + offset),
      },
      '',
    );
    for (const theme of ['dark', 'light'] as const) {
      const context = await newDesktop(browser, { theme, lang: 'en', operatorToken });
      const desk = await context.newPage();
      await openConsole(desk, '/financial');
      await desk.locator('.ant-table-row').first().waitFor();
      await expect(desk.locator('.ant-table-row').count()).resolves.toBe(3);
      await screenshot(desk, `console-financial-products-${theme}`);
      await openConsole(desk, '/financial?tab=reserve');
      const demo = desk.getByTestId('yield-reserve-demo');
      await demo.waitFor();
      if (theme === 'dark') {
        // The seeded 20,000,000, less the 0.20 dividend, plus the 2.50 penalty of the redemption
        // (the card shows what it has read so far: wait for the balance).
        await expect.poll(() => demo.innerText()).toContain('20,000,002.3');
        await demo.locator('.ant-btn-primary').click();
        await desk.locator('.ant-modal input').fill('1000');
        await desk.locator('.ant-modal .ant-btn-primary').click();
        await expect.poll(() => demo.innerText()).toContain('20,001,002.3');
      }
      await screenshot(desk, `console-financial-reserve-${theme}`);
      const { id, email } = await call(userCalls.findUserInfo, {});
      if (theme === 'dark') {
        await openConsole(desk, `/financial?tab=orders&user=${id}`);
      } else {
        // The trader's email names them as well as their id does.
        await openConsole(desk, '/financial?tab=orders');
        await desk.locator('.ant-table-row').first().waitFor();
        const search = desk.locator('.toolbar .ant-input-search input');
        await search.fill(email ?? '');
        await search.press('Enter');
        await desk.getByText(email ?? '-', { exact: true }).waitFor();
      }
      await desk.locator('.ant-table-row').first().waitFor();
      await expect.poll(() => desk.locator('.ant-table-row').count()).toBe(2);
      await screenshot(desk, `console-financial-orders-${theme}`);
      await context.close();
    }
  });
});
