import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  assetsCalls,
  consoleCalls,
  displayDecimal,
  formatMoney,
  leverageCalls,
  leverageConsoleCalls,
  liquidationPrice,
  mulMoney,
  openFigures,
  parseMoney,
  ratePercentText,
  userCalls,
  type LeverageTerms,
} from '@tidemark/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, consoleApi, initialAdmin, operatorApiSession } from '../api';
import {
  expectToast,
  modalAtRest,
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
import { useServer } from '../target';

/**
 * The leveraged contract as a new trader of the demo book, on a server of its own whose feed is
 * scripted at start (MARKET_FEED=scripted: BTC/USDT holds still, ETH/USDT climbs steadily; no
 * API can set a price): the risk disclosure and the one-time opening, a long on BTC whose figures
 * the sheet states before confirming, a short on ETH whose P&L moves live, take-profit and
 * stop-loss (a wrong side refused first), margin added, the long closed, and the short watched
 * until the climbing price liquidates it; then the record, the details, the description and the
 * member tier page, in dark, light and Arabic.
 */

let server: E2eServer;
let browser: Browser;
let page: Page;
let token: string;
let keys: string[];
let errors: string[];
let terms: LeverageTerms;
let scriptDir: string;

const BTC = 'BTC/USDT';
const ETH = 'ETH/USDT';
/** Blind for the whole run (no fresh price source): suspended everywhere (issue 17). */
const SOL = 'SOL/USDT';
const BTC_PRICE = '60000';
const TRADE = `/pages/lever/leverTrade?symbol=${encodeURIComponent(BTC)}`;
const ETH_TRADE = `/pages/lever/leverTrade?symbol=${encodeURIComponent(ETH)}`;

/** The first operator's session, signed in once (a code counts once per 30-second step). */
const operatorSession = operatorApiSession;

/** A price as the pages show it (two places, grouped). */
const shown = (units: bigint | null) =>
  units === null ? '--' : displayDecimal(formatMoney(units), 2);

beforeAll(async () => {
  scriptDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-leverage-'));
  const script = path.join(scriptDir, 'feed.json');
  fs.writeFileSync(
    script,
    JSON.stringify({
      [BTC]: { from: BTC_PRICE, perSecond: '0' },
      [ETH]: { from: '100', perSecond: '10' },
      [SOL]: { from: '150', perSecond: '0', blind: [[0, 3600]] },
    }),
  );
  server = await startServer({
    MARKET_FEED: 'scripted',
    MARKET_SCRIPT: script,
    MARKET_HISTORY_DAYS: '1',
  });
  useServer(server);
  ({ browser, page, token, errors, keys } = await openTraderPhone('leverage', 'Lever2026x', [
    leverageCalls.insert.path,
    leverageCalls.addMargin.path,
    leverageCalls.close.path,
  ]));
  await api(
    assetsCalls.transferUserMoney,
    { from: 'coin', to: 'contract', currency: 'USDT', amount: '2000' },
    token,
  );
  terms = await api(leverageCalls.findLeverageTerms, {});
});
afterEach(screenshotOnFailure(() => page, 'leverage-'));
afterAll(async () => {
  await browser?.close();
  useServer(undefined);
  await server?.stop();
  fs.rmSync(scriptDir, { recursive: true, force: true });
});

/** The open position of a symbol in the trade page's list. */
const openItem = (symbol: string) =>
  page.locator('.lever-positions .lever-list > li').filter({
    has: page.locator(`.lever-item[data-status="open"] .lever-item__symbol`, { hasText: symbol }),
  });

describe('leverage: disclosure, long and short, TP/SL, margin, close, liquidation', () => {
  it('shows the risk disclosure and opens the contract once', async () => {
    // Reached from home's shortcut (SPEC.md section 2: "leveraged contract").
    await open(page, '/pages/index/index');
    await page.locator('.shortcuts__item').filter({ hasText: 'Leverage' }).click();
    await page.locator('[data-testid="lever-disclosure"]').waitFor();
    await expect(page.locator('.lever-open-contract__button').isDisabled()).resolves.toBe(true);
    await screenshot(page, 'leverage-disclosure-dark');
    await page.locator('.lever-accept').click();
    await page.locator('.lever-open-contract__button').click();
    await expectToast(page, 'Contract opened');
    await page.locator('.lever-product').first().waitFor();
    await expect(
      page.locator(`.lever-product[data-symbol="${BTC}"] [data-field="price"]`).innerText(),
    ).resolves.toBe('60,000.00');
    // The pairs line up with their heading (no bullet-list indent inside the card).
    const heading = page.locator('.lever-card', { has: page.locator('.lever-products') });
    const title = await heading.locator('h2').boundingBox();
    const pair = await page.locator('.lever-product').first().boundingBox();
    expect(Math.abs(pair!.x - title!.x)).toBeLessThan(1);
    await expect(api(leverageCalls.findContractStatus, {}, token)).resolves.toMatchObject({
      opened: true,
    });
    await settle(page);
    await screenshot(page, 'leverage-index-dark');
  });

  it('states every figure before a long is opened, then opens it', async () => {
    await page.locator(`.lever-product[data-symbol="${BTC}"]`).click();
    await page.locator('.lever-form').waitFor();
    await expect.poll(() => page.locator('[data-field="balance"]').innerText()).toContain('2,000');
    await page.locator('#lever-lots').fill('2');
    await page.locator('.lever-chip[data-multiple="2"]').click();
    await page.locator('#lever-tp').fill('66000');
    await page.locator('#lever-sl').fill('57000');
    const f = openFigures({
      lots: 2,
      lotPrice: parseMoney(terms.lotPrice),
      multiple: 2,
      openFeeRate: parseMoney(terms.openFeeRate),
      maintenanceRate: parseMoney(terms.maintenanceRate),
    });
    const liquidation = liquidationPrice({
      direction: 'long',
      value: f.value,
      entry: parseMoney(BTC_PRICE),
      held: f.margin,
      maintenance: f.maintenance,
    });
    const figures = page.locator('[data-testid="lever-figures"]');
    await expect(figures.locator('[data-field="margin"]').innerText()).resolves.toBe(
      `${shown(f.margin)} USDT`,
    );
    await expect(figures.locator('[data-field="value"]').innerText()).resolves.toBe(
      `${shown(f.value)} USDT`,
    );
    await expect(figures.locator('[data-field="liquidation"]').innerText()).resolves.toBe(
      shown(liquidation),
    );
    await page.locator('.lever-open--long').click();
    const sheet = page.locator('.lever-confirm');
    await sheet.waitFor({ state: 'visible' });
    const row = (field: string) => sheet.locator(`[data-field="${field}"] dd`).innerText();
    await expect(row('margin')).resolves.toBe(`${shown(f.margin)} USDT`);
    await expect(row('open-fee')).resolves.toBe(`${shown(f.openFee)} USDT`);
    await expect(row('close-fee')).resolves.toBe(
      `${shown(mulMoney(f.value, parseMoney(terms.closeFeeRate), 'down'))} USDT`,
    );
    await expect(row('required')).resolves.toBe(`${shown(f.required)} USDT`);
    await expect(row('liquidation')).resolves.toBe(shown(liquidation));
    await expect(row('take-profit')).resolves.toBe('66,000.00');
    await settle(page);
    await screenshot(page, 'leverage-sheet-dark');
    await sheet.locator('.order-sheet__confirm').click();
    await expectToast(page, 'Position opened');
    await openItem(BTC).waitFor();
    await expect(
      openItem(BTC).locator('[data-field="liquidation"] .num').innerText(),
    ).resolves.toBe(shown(liquidation));
  });

  it('opens a short on the climbing ETH whose P&L falls live', async () => {
    await open(page, ETH_TRADE);
    await page.locator('.lever-form').waitFor();
    await page.locator('.lever-direction--short').click();
    await page.locator('#lever-lots').fill('1');
    await page.locator('.lever-chip[data-multiple="1"]').click();
    await page.locator('.lever-open--short').click();
    await page.locator('.lever-confirm').waitFor({ state: 'visible' });
    await page.locator('.lever-confirm .order-sheet__confirm').click();
    await expectToast(page, 'Position opened');
    const pnl = openItem(ETH).locator('[data-field="pnl"] .num');
    await pnl.waitFor();
    // The feed climbs every tick: a short's P&L, marked at the /ws ticker, turns negative.
    await expect.poll(() => pnl.innerText(), { timeout: 15_000 }).toMatch(/^-\d/);
    // The list lines up with its heading (no bullet-list indent inside the card).
    const bar = await page.locator('.lever-positions .lever-bar').boundingBox();
    const item = await openItem(ETH).boundingBox();
    expect(Math.abs(item!.x - bar!.x)).toBeLessThan(1);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
    // After the toast: the page at rest.
    await settle(page, 1_600);
    await screenshot(page, 'leverage-trade-dark');
  });

  it('sets take-profit and stop-loss, refusing a wrong side, and adds margin', async () => {
    await open(page, TRADE);
    const btc = openItem(BTC);
    await btc.waitFor();
    await btc.locator('.lever-action--tpsl').click();
    const tpsl = page.locator('.lever-tpsl-sheet');
    await tpsl.waitFor({ state: 'visible' });
    await tpsl.locator('input[name="take-profit"]').fill('59000');
    await tpsl.locator('.lever-sheet__confirm').click();
    await expectToast(
      page,
      'Take-profit must be above the entry for a long and below it for a short.',
    );
    await tpsl.locator('input[name="take-profit"]').fill('65000');
    await tpsl.locator('input[name="stop-loss"]').fill('58000');
    await settle(page);
    await screenshot(page, 'leverage-tpsl-dark');
    await tpsl.locator('.lever-sheet__confirm').click();
    await expectToast(page, 'Take-profit and stop-loss saved');
    await expect
      .poll(() => btc.locator('[data-field="take-profit"] .num').innerText())
      .toBe('65,000.00');
    await expect(btc.locator('[data-field="stop-loss"] .num').innerText()).resolves.toBe(
      '58,000.00',
    );

    const position = (await api(leverageCalls.findNowCurrencyOrder, {}, token)).list.find(
      (p) => p.symbol === BTC,
    )!;
    const after = liquidationPrice({
      direction: 'long',
      value: parseMoney(position.positionValue),
      entry: parseMoney(position.entryPrice),
      held: parseMoney(position.margin) + parseMoney('50'),
      maintenance: parseMoney(position.maintenance),
    });
    await btc.locator('.lever-action--margin').click();
    const margin = page.locator('.lever-margin-sheet');
    await margin.waitFor({ state: 'visible' });
    await margin.locator('input[name="margin-amount"]').fill('50');
    await expect(margin.locator('[data-field="liquidation-after"]').innerText()).resolves.toBe(
      shown(after),
    );
    await settle(page);
    await screenshot(page, 'leverage-margin-dark');
    await margin.locator('.lever-sheet__confirm').click();
    await expectToast(page, 'Margin added');
    await expect
      .poll(() => btc.locator('[data-field="top-up"] .num').innerText())
      .toBe('50.00 USDT');
    await expect(btc.locator('[data-field="liquidation"] .num').innerText()).resolves.toBe(
      shown(after),
    );
  });

  it('closes the long at the market price', async () => {
    const btc = openItem(BTC);
    await btc.locator('.lever-action--close').click();
    const question = page.locator('.adm-dialog-body');
    await question.waitFor({ state: 'visible' });
    // The question states the mark price and what would come back before anything happens.
    await expect(question.innerText()).resolves.toContain('60,000.00');
    await settle(page);
    await screenshot(page, 'leverage-close-dark');
    await page.locator('.adm-dialog').getByRole('button', { name: 'Close' }).click();
    await expectToast(page, 'Position closed');
    await expect.poll(() => btc.count()).toBe(0);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('watches the short liquidate as the price climbs past its liquidation price', async () => {
    await expect.poll(() => openItem(ETH).count(), { timeout: 90_000, interval: 1_000 }).toBe(0);
    const { list } = await api(
      leverageCalls.findUserOrderList,
      { tab: 1, page: 1, pageSize: 10 },
      token,
    );
    const short = list.find((p) => p.symbol === ETH)!;
    expect(short.closedBy).toBe('liquidation');
    expect(parseMoney(short.exitPrice!)).toBeGreaterThanOrEqual(
      parseMoney(short.liquidationPrice!),
    );
    expect(list.find((p) => p.symbol === BTC)?.closedBy).toBe('user');

    await open(page, '/pages/lever/record?tab=1');
    await expect.poll(() => page.locator('.lever-list .lever-item').count()).toBe(2);
    await page.locator('.lever-item[data-closed-by="liquidation"]').waitFor();
    await screenshot(page, 'leverage-record-dark');
    await page.locator('.lever-item[data-closed-by="liquidation"]').click();
    await page.locator('.lever-details[data-closed-by="liquidation"]').waitFor();
    await expect(page.locator('[data-field="status"]').innerText()).resolves.toBe('Liquidated');
    await expect(page.locator('[data-field="exit-seq"]').innerText()).resolves.toMatch(/^\d+$/);
    await expect(page.locator('[data-field="entry-seq"]').innerText()).resolves.toMatch(/^\d+$/);
    await screenshot(page, 'leverage-details-dark');
    expect(errors).toEqual([]);
  });

  it('explains the contract and shows the member tier, reached from settings', async () => {
    await open(page, '/pages/lever/desc');
    await page.locator('[data-section="formulas"]').waitFor();
    await expect(page.locator('[data-testid="tier-table"] tbody tr').count()).resolves.toBe(
      terms.tiers.length,
    );
    await screenshot(page, 'leverage-desc-dark');
    await open(page, '/pages/setting/index');
    await page.getByText('Member tier', { exact: true }).click();
    await page.locator('.member-tier').waitFor();
    await expect(page.locator('.member-tier').getAttribute('data-tier')).resolves.toBe('ordinary');
    await screenshot(page, 'leverage-member-dark');
  });

  it('says a blind coin is suspended and takes no position or option on it', async () => {
    const banner = (view: Page) => view.locator('[data-testid="suspended-banner"]');
    await open(page, `/pages/lever/leverTrade?symbol=${encodeURIComponent(SOL)}`);
    await banner(page).waitFor();
    await expect(banner(page).getAttribute('data-symbol')).resolves.toBe(SOL);
    await expect(banner(page).innerText()).resolves.toContain('Live price sources now: 0');
    await expect(page.locator('.lever-open').isDisabled()).resolves.toBe(true);
    await expect(
      page.locator('.coin-tabs [data-status="suspended"]').allInnerTexts(),
    ).resolves.toEqual([expect.stringContaining(SOL)]);
    await screenshot(page, 'leverage-trade-suspended-dark');
    // The other coins trade as before.
    await open(page, TRADE);
    await page.locator('.lever-form').waitFor();
    await expect(banner(page).count()).resolves.toBe(0);
    await expect(page.locator('.lever-open').isDisabled()).resolves.toBe(false);
    await open(page, '/pages/quotes/index');
    const row = page.locator(`.pair-row[data-symbol="${SOL}"]`);
    await expect(row.getAttribute('data-status')).resolves.toBe('suspended');
    await expect(row.locator('.suspended-badge').innerText()).resolves.toBe('Suspended');
    await screenshot(page, 'quotes-suspended-dark');
    for (const [theme, lang] of [
      ['dark', 'en'],
      ['light', 'en'],
      ['dark', 'ar'],
    ] as [Theme, string][]) {
      const other = await newPhone(browser, { token, theme, lang });
      const view = await other.newPage();
      await open(view, `/pages/futures/encryption?symbol=${encodeURIComponent(SOL)}`);
      await banner(view).waitFor();
      await view.locator('.option-periods__item').first().waitFor();
      for (const direction of ['long', 'short'])
        await expect(view.locator(`.option-buy--${direction}`).isDisabled()).resolves.toBe(true);
      await settle(view);
      await screenshot(view, `options-trade-suspended-${lang === 'ar' ? 'ar' : theme}`);
      await other.close();
    }
  });

  it('looks right in light and in Arabic', async () => {
    const { list } = await api(
      leverageCalls.findUserOrderList,
      { tab: 1, page: 1, pageSize: 10 },
      token,
    );
    const liquidated = list.find((p) => p.closedBy === 'liquidation')!;
    const detailsRoute = `/pages/lever/details?id=${liquidated.id}`;
    for (const [theme, lang] of [
      ['light', 'en'],
      ['dark', 'ar'],
    ] as [Theme, string][]) {
      const other = await newPhone(browser, { token, theme, lang });
      const view = await other.newPage();
      const name = lang === 'ar' ? 'ar' : theme;
      await open(view, '/pages/lever/index');
      await view.locator('.lever-product').first().waitFor();
      if (lang === 'ar') {
        // Right to left: each pair's name starts the row at its right edge.
        const row = await view.locator('.lever-product').first().boundingBox();
        // Where the name's text ends (its box may be wider than the text).
        const textRight = await view
          .locator('.lever-product__symbol')
          .first()
          .evaluate((el) => {
            const range = document.createRange();
            range.selectNodeContents(el);
            return range.getBoundingClientRect().right;
          });
        expect(Math.abs(row!.x + row!.width - textRight)).toBeLessThan(1);
      }
      await screenshot(view, `leverage-index-${name}`);
      await open(view, TRADE);
      await view.locator('.lever-form').waitFor();
      await view.locator('.lever-open--long').click();
      await view.locator('.lever-confirm').waitFor({ state: 'visible' });
      await settle(view);
      await screenshot(view, `leverage-sheet-${name}`);
      await view.locator('.lever-confirm .adm-button').first().click();
      await view.locator('.lever-confirm').waitFor({ state: 'hidden' });
      await screenshot(view, `leverage-trade-${name}`);
      for (const [route, shot] of [
        ['/pages/lever/record?tab=1', 'record'],
        [detailsRoute, 'details'],
        ['/pages/lever/desc', 'desc'],
        ['/pages/setting/memberTier', 'member'],
      ] as const) {
        await open(view, route);
        if (shot === 'member' && lang === 'ar') {
          // Right to left: the tier table's figures start under their headings (right edges).
          const textRight = (cell: string) =>
            view
              .locator(`[data-testid="tier-table"] ${cell}`)
              .first()
              .evaluate((el) => {
                const range = document.createRange();
                range.selectNodeContents(el);
                return range.getBoundingClientRect().right;
              });
          for (const column of [2, 3]) {
            const heading = await textRight(`th:nth-child(${column})`);
            const figure = await textRight(`tbody td:nth-child(${column})`);
            expect(Math.abs(heading - figure)).toBeLessThan(1);
          }
        }
        await screenshot(view, `leverage-${shot}-${name}`);
      }
      await other.close();
    }
  });
});

type Rates = { openFeeRate: string };

describe('leverage in the console', () => {
  it('shows the feed’s source and the blind coin suspended on the market sources page', async () => {
    const operatorToken = await operatorSession();
    const context = await newDesktop(browser, { theme: 'dark', lang: 'en', operatorToken });
    const desk = await context.newPage();
    await openConsole(desk, '/market');
    await expect(desk.getByTestId('market-suspended').innerText()).resolves.toContain(SOL);
    const coin = (symbol: string) =>
      desk.locator(`[data-testid="market-coins"] tr[data-row-key="${symbol}"]`);
    await expect(coin(SOL).locator('[data-status]').getAttribute('data-status')).resolves.toBe(
      'suspended',
    );
    await expect(coin(BTC).locator('[data-status]').getAttribute('data-status')).resolves.toBe(
      'open',
    );
    // The scripted feed is its one source: SOL is stale there, BTC fresh.
    await expect(coin(SOL).locator('[data-state]').getAttribute('data-state')).resolves.toBe(
      'stale',
    );
    await expect(coin(BTC).locator('[data-state]').getAttribute('data-state')).resolves.toBe(
      'fresh',
    );
    await screenshot(desk, 'console-market-sources-dark');
    await context.close();
  });

  it('shows the terms, exposure, positions and fund, and audits a change of the terms', async () => {
    const operatorToken = await operatorSession();
    const { id: userId } = await api(userCalls.findUserInfo, {}, token);
    const before = await consoleApi(leverageConsoleCalls.listLeverageTerms, {}, operatorToken);
    const fee = before.openFeeRate === '0.002' ? '0.003' : '0.002';
    // One open position for the exposure, opened on the terms in force before the change.
    const held = await api(
      leverageCalls.insert,
      { symbol: BTC, direction: 'long', lots: 1, multiple: 1 },
      token,
    );
    for (const theme of ['dark', 'light'] as const) {
      const context = await newDesktop(browser, { theme, lang: 'en', operatorToken });
      const desk = await context.newPage();
      await openConsole(desk, '/leverage');
      const openFee = desk.getByTestId('open-fee-rate');
      await openFee.waitFor();
      if (theme === 'dark') {
        await expect(openFee.innerText()).resolves.toBe(ratePercentText(before.openFeeRate));
        await desk.getByTestId('edit-leverage-terms').click();
        const modal = desk.locator('.ant-modal');
        await modalAtRest(desk);
        await modal.locator('input#openFeeRate').fill(fee);
        await modal.locator('.ant-btn-primary').click();
        await modal.waitFor({ state: 'hidden' });
        await expect.poll(() => openFee.innerText()).toBe(ratePercentText(fee));
        // Offered from now on: the terms a trader reads are the new ones.
        const offered = await api(leverageCalls.findLeverageTerms, {});
        expect(parseMoney(offered.openFeeRate)).toBe(parseMoney(fee));
      }
      await screenshot(desk, `console-leverage-terms-${theme}`);
      await openConsole(desk, '/leverage?tab=exposure');
      await desk.getByTestId('insurance-fund-demo').waitFor();
      const exposure = desk.locator('.ant-table-row');
      await expect(exposure.count()).resolves.toBe(1);
      await expect(exposure.innerText()).resolves.toContain(BTC);
      await screenshot(desk, `console-leverage-exposure-${theme}`);
      await openConsole(desk, `/leverage?tab=positions&user=${userId}`);
      // The trader's closed long, liquidated short and the open long.
      await expect.poll(() => desk.locator('.ant-table-row').count()).toBe(3);
      await screenshot(desk, `console-leverage-positions-${theme}`);
      await openConsole(desk, '/leverage?tab=fund');
      await desk.getByTestId('fund-balance').waitFor();
      await screenshot(desk, `console-leverage-fund-${theme}`);
      await openConsole(desk, '/audit?targetType=leverage&targetId=terms');
      const row = desk.locator('.ant-table-tbody tr.ant-table-row').first();
      await row.waitFor();
      await expect(row.innerText()).resolves.toContain('Leveraged contract terms changed');
      await expect(row.innerText()).resolves.toContain(initialAdmin().username);
      // The action's label stays inside its own column.
      const tag = await row.locator('.ant-tag').boundingBox();
      const cell = await row.locator('td', { has: desk.locator('.ant-tag') }).boundingBox();
      expect(tag!.x + tag!.width).toBeLessThanOrEqual(cell!.x + cell!.width);
      await screenshot(desk, `console-leverage-audit-${theme}`);
      await context.close();
    }
    const { list } = await consoleApi(
      consoleCalls.listAudit,
      { targetType: 'leverage', targetId: 'terms', page: 1, pageSize: 10 },
      operatorToken,
    );
    expect(list).toHaveLength(1);
    // The open position keeps the fee it was opened with.
    const { list: nowOpen } = await api(leverageCalls.findNowCurrencyOrder, {}, token);
    const kept = nowOpen.find((p) => p.id === held.id)!;
    expect(parseMoney(kept.openFeeRate)).toBe(parseMoney(before.openFeeRate));
    const entry = list[0] as { action: string; before: Rates; after: Rates };
    expect(entry.action).toBe('leverage.terms');
    expect(parseMoney(entry.before.openFeeRate)).toBe(parseMoney(before.openFeeRate));
    expect(parseMoney(entry.after.openFeeRate)).toBe(parseMoney(fee));
  });
});
