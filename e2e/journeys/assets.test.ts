import { assetsCalls, type UserMoney } from '@tidemark/contract';
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
  type Theme,
} from '../browser';
import { openTraderPhone } from '../journey';

let browser: Browser;
let page: Page;
let token: string;
let transferKeys: string[];

beforeAll(async () => {
  ({
    browser,
    page,
    token,
    keys: transferKeys,
  } = await openTraderPhone('assets', 'Ledger2026', [assetsCalls.transferUserMoney.path]));
});
afterEach(screenshotOnFailure(() => page));
afterAll(() => browser.close());

const total = () => page.locator('.assets-summary__total').innerText();
const walletTotal = () =>
  page.locator('.wallet-card[aria-selected="true"] [data-wallet-total]').innerText();
const usdtAvailable = () =>
  page.locator('.wallet-balance[data-currency="USDT"] [data-field="available"]').innerText();
const walletTab = (index: number) => page.locator('.wallet-card').nth(index);
const filterTab = (index: number) => page.locator('.change-filters .adm-tabs-tab').nth(index);
const transfers = () => page.locator('.change-item[data-type="transfer"]');

describe('a new trader’s money', () => {
  it('starts with 100,000 USDT of demo funds in the currency account', async () => {
    await open(page, '/pages/assets/index');
    await expect.poll(total).toBe('100,000.00');
    expect(await walletTotal()).toBe('100,000.00');
    expect(await usdtAvailable()).toBe('100,000.00');
    expect(
      await page.locator('.mode-switch__option[aria-pressed="true"]').getAttribute('data-mode'),
    ).toBe('demo');
  });

  it('transfers 250.5 USDT from the currency account to the trading account', async () => {
    await page.locator('.assets-transfer').click();
    await page.waitForURL(/assets\/Transfer\?from=coin/);
    expect(await page.locator('[data-side="from"]').getAttribute('data-wallet')).toBe('coin');
    expect(await page.locator('[data-side="to"]').getAttribute('data-wallet')).toBe('contract');
    expect(await page.locator('[data-currency]').first().getAttribute('data-currency')).toBe(
      'USDT',
    );
    const side = (name: 'from' | 'to') =>
      page.locator(`[data-side="${name}"]`).getAttribute('data-wallet');
    await page.locator('.transfer-route__swap').click();
    expect([await side('from'), await side('to')]).toEqual(['contract', 'coin']);
    // Picking the other side's wallet swaps the two: they can never be the same.
    await page.locator('.transfer-route__side').first().click();
    await page.locator('.option-sheet .adm-check-list-item').first().click();
    expect([await side('from'), await side('to')]).toEqual(['coin', 'contract']);
    await settle(page);
    // Only digits and one decimal point stay in the amount.
    await page.locator('input[name="amount"]').fill('25a0.5.0');
    expect(await page.locator('input[name="amount"]').inputValue()).toBe('250.50');
    await page.locator('input[name="amount"]').fill('250.5');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expectToast(page, 'Operation successful');
    await page.waitForURL(/assets\/index/);
    await expect.poll(usdtAvailable).toBe('99,749.50');
    expect(await total()).toBe('100,000.00');
    await walletTab(1).click();
    await page.waitForURL(/wallet=contract/);
    await expect.poll(usdtAvailable).toBe('250.50');
    expect(await walletTotal()).toBe('250.50');
    expect(transferKeys).toHaveLength(1);
    expect(transferKeys[0]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('refuses more than the available balance and changes nothing', async () => {
    await page.locator('.assets-transfer').click();
    await page.waitForURL(/assets\/Transfer\?from=contract/);
    expect(await page.locator('[data-side="to"]').getAttribute('data-wallet')).toBe('coin');
    const confirm = page.getByRole('button', { name: 'Confirm', exact: true });
    await confirm.click();
    await expectToast(page, 'Please confirm the required items');
    await page.locator('input[name="amount"]').fill('0');
    await settle(page, 1600);
    await confirm.click();
    await expectToast(page, 'Please enter the correct amount');
    await page.locator('input[name="amount"]').fill('250.50000001');
    await settle(page, 1600);
    await confirm.click();
    await expectToast(page, 'Insufficient balance, please recharge first');
    expect(page.url()).toMatch(/assets\/Transfer/);
    // "All" fills exactly the available balance.
    await page.locator('.transfer-amount__all').click();
    expect(await page.locator('input[name="amount"]').inputValue()).toBe('250.5');

    // The server refuses it too: with a balance that looks larger than it is (a stale page), the
    // client lets the amount through and the server's refusal shows the same text.
    const money = () => api(assetsCalls.findUserMoney, {}, token);
    const before = await money();
    await page.route('**/user/findUserMoney', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: UserMoney };
      for (const balance of body.data.wallets.contract) balance.available = '1000000.00000000';
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    await page.locator('.transfer__available[data-available="1000000.00000000"]').waitFor();
    await page.locator('input[name="amount"]').fill('1000');
    await settle(page, 1600);
    await confirm.click();
    await expectToast(page, 'Insufficient balance, please recharge first');
    await page.unroute('**/user/findUserMoney');
    expect(transferKeys).toHaveLength(2);
    expect(page.url()).toMatch(/assets\/Transfer/);
    expect(await money()).toEqual(before);
    expect(before.walletTotals).toEqual({
      coin: '99749.50000000',
      contract: '250.50000000',
      cft: '0.00000000',
    });
  });

  it('lists the transfer once per wallet in the account-change log, under all and other', async () => {
    await open(page, '/pages/index/list');
    await expect.poll(() => transfers().count()).toBe(2);
    const out = transfers().filter({ has: page.locator('.change-item__amount--debit') });
    const into = transfers().filter({ has: page.locator('.change-item__amount--credit') });
    expect(await out.getAttribute('data-wallet')).toBe('coin');
    expect(await out.locator('.change-item__amount').innerText()).toBe('-250.50 USDT');
    expect(await into.getAttribute('data-wallet')).toBe('contract');
    expect(await into.locator('.change-item__amount').innerText()).toBe('+250.50 USDT');
    // The demo funding is there too, older than the transfer.
    expect(await page.locator('.change-item').last().getAttribute('data-type')).toBe(
      'demo-funding',
    );

    await filterTab(7).click();
    await page.waitForURL(/type=other/);
    // The list of "all" is replaced by the filtered one: wait for that, not for a count the old
    // list already had.
    await page.locator('.change-log[data-filter="other"] .change-item').first().waitFor();
    await expect.poll(() => transfers().count()).toBe(2);
    const filters = await page
      .locator('.change-item')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-filter')));
    expect(new Set(filters)).toEqual(new Set(['other']));

    await filterTab(1).click();
    await page.waitForURL(/type=deposit/);
    await page.locator('.empty-data').waitFor();
    expect(await page.locator('.change-item').count()).toBe(0);
  });
});

describe('the assets pages at 360 x 740', () => {
  const PAGES = [
    ['assets', '/pages/assets/index'],
    ['transfer', '/pages/assets/Transfer?from=coin'],
    ['account-changes', '/pages/index/list'],
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
      const errors: string[] = [];
      view.on('pageerror', (error) => errors.push(error.message));
      for (const [name, route] of PAGES) {
        await open(view, route);
        await view.locator('.assets-summary, .transfer, .change-item').first().waitFor();
        await settle(view);
        const width = await view.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${name} overflows horizontally`).toBeLessThanOrEqual(360);
        await screenshot(view, `journey-assets-${lang}-${theme}-${name}`);
      }
      expect(errors).toEqual([]);
      await phone.close();
    });
  }
});
