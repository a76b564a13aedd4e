import {
  consoleCalls,
  loanCalls,
  loanConsoleCalls,
  moneyCalls,
  newsign,
  NEWSIGN_DEFAULT_SECRET,
  type LoanRecord,
} from '@tidemark/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, consoleApi, initialAdmin, unusedTotpCode } from '../api';
import {
  consoleSettled,
  expectToast,
  newDesktop,
  newPhone,
  open,
  openConsole,
  pngFile,
  pngPicture,
  screenshot,
  screenshotOnFailure,
  settle,
  type Theme,
} from '../browser';
import { openTraderPhone } from '../journey';
import { startServer, type E2eServer } from '../server';
import { serverUrl, useServer } from '../target';

/**
 * Coin loans (issue 14) across both apps: a new trader applies on pages/loan/index with two
 * images and the accepted agreement, an operator signs in to the console and approves it from the
 * review queue (the principal moves from the loan fund), and the trader repays principal and
 * interest at once from the record. Set-up through the APIs: the operator lowers the first band to
 * the score a new trader has (100) and credits a deposit that pays the interest. Every new page is
 * photographed in dark, light and Arabic.
 */

let server: E2eServer;
let browser: Browser;
let page: Page;
let token: string;
let errors: string[];
let keys: string[];
let desk: BrowserContext;
let operator: Page;
let operatorToken: string;
let loanId: number;

beforeAll(async () => {
  server = await startServer();
  useServer(server);
  ({ browser, page, token, errors, keys } = await openTraderPhone('loan', 'Borrow2026x', [
    loanCalls.insertLoanCurrencyOrder.path,
    loanCalls.repayLoan.path,
  ]));
  page.context().setDefaultTimeout(15_000);
}, 90_000);
afterEach(screenshotOnFailure(() => page, 'loan-'));
afterAll(async () => {
  await browser?.close();
  useServer(undefined);
  await server?.stop();
});

/** Signs in to the console with password and authenticator code, as the custody journey does. */
async function signInOperator(tab: Page): Promise<string> {
  const credentials = initialAdmin();
  await openConsole(tab, '/');
  await tab.locator('.login-card').waitFor();
  await tab.getByLabel('Username').fill(credentials.username);
  await tab.getByLabel('Password', { exact: true }).fill(credentials.password);
  const code = await unusedTotpCode(credentials.totpSecret);
  await tab.locator('.ant-otp input').first().click();
  await tab.keyboard.type(code);
  await tab.getByRole('button', { name: 'Sign in' }).click();
  await tab.getByTestId('operator-menu').waitFor();
  await consoleSettled(tab);
  const session = await tab.evaluate(() => sessionStorage.getItem('console.token'));
  if (!session) throw new Error('the console kept no session after signing in');
  return session;
}

/** A real-book deposit with a screenshot, approved by the operator: USDT for the interest. */
async function creditDeposit(amount: string): Promise<void> {
  const form = new FormData();
  form.set('currency', 'USDT');
  form.set('chain', 'TRC20');
  form.set('amount', amount);
  form.set('image', new Blob([new Uint8Array(pngPicture(9))], { type: 'image/png' }), 'tx.png');
  const response = await fetch(`${serverUrl()}${moneyCalls.insertUserRecharge.path}`, {
    method: 'POST',
    headers: { appToken: token, newsign: newsign(NEWSIGN_DEFAULT_SECRET, Date.now()) },
    body: form,
  });
  const envelope = (await response.json()) as { status: unknown; data: { id: number } };
  expect(envelope.status).toBe(1);
  await consoleApi(consoleCalls.approveDeposit, { id: envelope.data.id }, operatorToken);
}

async function loanOf(id: number): Promise<LoanRecord> {
  const records = await api(loanCalls.findLoanCurrencyOrderPage, { page: 1, pageSize: 10 }, token);
  return records.list.find((l) => l.id === id)!;
}

const PAGES = ['index', 'creditScore', 'protocol', 'record', 'success'] as const;

async function photograph(theme: Theme, lang: string, suffix: string): Promise<void> {
  const context = await newPhone(browser, { theme, lang, token });
  const phone = await context.newPage();
  const pageErrors: string[] = [];
  phone.on('pageerror', (error) => pageErrors.push(error.message));
  for (const name of PAGES) {
    const route = name === 'success' ? `/pages/loan/success?id=${loanId}` : `/pages/loan/${name}`;
    await open(phone, route);
    await phone.locator('.loan-page').first().waitFor();
    if (name === 'record') await phone.locator(`[data-loan="${loanId}"]`).waitFor();
    if (name === 'index') await phone.locator('.loan-product').first().waitFor();
    if (name === 'creditScore') await phone.locator('.loan-component').first().waitFor();
    if (name === 'success') await phone.locator('.loan-success').waitFor();
    await settle(phone);
    await screenshot(phone, `loan-${name}-${suffix}`);
  }
  expect(pageErrors).toEqual([]);
  await context.close();
}

describe('a coin loan: apply with images, approved in the console, repaid', () => {
  it('the operator signs in and lowers the first band to a new trader’s score', async () => {
    desk = await newDesktop(browser, { theme: 'light', lang: 'en' });
    operator = await desk.newPage();
    operator.context().setDefaultTimeout(15_000);
    operatorToken = await signInOperator(operator);
    const products = await api(loanCalls.findLoanProducts, {});
    const week = products.list.find((p) => p.cycleDays === 7)!;
    await consoleApi(
      loanConsoleCalls.setLoanProduct,
      { id: week.id, minScore: 100 },
      operatorToken,
    );
    await creditDeposit('50');
  });

  it('shows products with every term, the score and limit, and applies with two images', async () => {
    await open(page, '/');
    await page.locator('.shortcuts__item', { hasText: 'Loan' }).click();
    await page.waitForURL(/pages\/loan\/index/);
    await page.locator('.loan-product').first().waitFor();
    await page.getByTestId('loan-score').waitFor();
    expect(await page.locator('.loan-product').count()).toBe(3);
    const first = await page.locator('.loan-product').first().innerText();
    expect(first).toContain('7 days');
    expect(first).toContain('0.1%');
    expect(first).toContain('0.5%');
    await settle(page);
    await screenshot(page, 'loan-index-dark');

    await page.locator('input[name="amount"]').fill('500');
    await page
      .locator('.image-field[data-field="loan-idPhoto"] input[type="file"]')
      .setInputFiles(pngFile('id.png', 1));
    await page.locator('.image-field[data-field="loan-idPhoto"] img').waitFor();
    // Refused before anything is sent: first the agreement, then one image is not enough.
    await page.getByRole('button', { name: 'Submit application' }).click();
    await expectToast(page, 'Please read and accept the coin-lending agreement');
    await page.locator('.loan-agree .adm-checkbox').click();
    await page.getByRole('button', { name: 'Submit application' }).click();
    await expectToast(page, 'Please upload 2 to 4 images');
    await page
      .locator('.image-field[data-field="loan-incomeProof"] input[type="file"]')
      .setInputFiles(pngFile('income.png', 2));
    await page.locator('.image-field[data-field="loan-incomeProof"] img').waitFor();
    await page.getByRole('button', { name: 'Submit application' }).click();
    // Nothing is filed before the trader has seen what the loan costs.
    const sheet = page.locator('.order-sheet');
    await sheet.waitFor();
    const figure = (field: string) => sheet.locator(`[data-field="${field}"] dd`).innerText();
    expect(await figure('amount')).toBe('500.00 USDT');
    expect(await figure('cycle')).toBe('7 days');
    expect(await figure('interest')).toBe('3.50 USDT');
    expect(await figure('repay-total')).toBe('503.50 USDT');
    expect(keys).toHaveLength(0);
    await screenshot(page, 'loan-apply-sheet-dark');
    await sheet.getByRole('button', { name: 'Submit application' }).click();
    await page.waitForURL(/loan\/success/);
    await page.locator('.loan-success').waitFor();
    loanId = Number(new URLSearchParams(page.url().split('?')[1]).get('id'));
    expect(loanId).toBeGreaterThan(0);
    expect(keys).toHaveLength(1);
    const loan = await loanOf(loanId);
    expect(loan).toMatchObject({
      status: 'applying',
      amount: '500.00000000',
      interest: '3.50000000',
      imageKinds: ['incomeProof', 'idPhoto'],
    });
  });

  it('the operator sees the images and score components in the queue and approves it', async () => {
    await openConsole(operator, '/loans');
    const row = operator.locator(`.ant-table-tbody tr[data-row-key="${loanId}"]`);
    await row.waitFor();
    await expect.poll(() => row.locator('img').count()).toBe(2);
    expect(await row.getByTestId(`loan-score-${loanId}`).innerText()).toContain('Repayment');
    await screenshot(operator, 'loan-console-queue-light');
    await row.getByRole('button', { name: 'Approve' }).click();
    await operator.locator('.ant-modal-confirm').getByRole('button', { name: 'Approve' }).click();
    await operator
      .locator('.ant-message-notice', { hasText: `Loan #${loanId} approved and paid out` })
      .waitFor();
    await expect.poll(async () => (await loanOf(loanId)).status).toBe('passed');
    await openConsole(operator, '/loans?tab=fund');
    await operator.locator('.ant-table-tbody tr[data-row-key="USDT"]').waitFor();
    expect(
      await operator.locator('.ant-table-tbody tr[data-row-key="USDT"]').innerText(),
    ).toContain('499,500');
    await screenshot(operator, 'loan-console-fund-light');
    await openConsole(operator, '/loans?tab=products');
    await operator.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await screenshot(operator, 'loan-console-products-light');
  });

  it('the trader repays principal and interest at once from the record', async () => {
    await open(page, '/pages/loan/record');
    const item = page.locator(`[data-loan="${loanId}"]`);
    await item.locator('[data-status="passed"]').waitFor();
    expect(await item.innerText()).toContain('503.50');
    await settle(page);
    await screenshot(page, 'loan-record-dark');
    await item.getByRole('button', { name: 'Repay' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: 'Repay' }).click();
    await expect.poll(async () => (await loanOf(loanId)).status).toBe('repaid');
    await item.locator('[data-status="repaid"]').waitFor();
    expect(keys).toHaveLength(2);
    expect(errors).toEqual([]);
  });

  it('photographs every loan page in dark, light and Arabic', async () => {
    await photograph('dark', 'en', 'dark');
    await photograph('light', 'en', 'light');
    await photograph('light', 'ar', 'ar');
  }, 120_000);
});
