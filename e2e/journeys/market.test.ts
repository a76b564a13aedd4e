import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { operatorApiSession, registerTrader } from '../api';
import {
  consoleSettled,
  launchBrowser,
  newDesktop,
  newPhone,
  open,
  openConsole,
  pngFile,
  screenshot,
  settle,
  VIEWPORT,
  type Theme,
} from '../browser';

/**
 * Money and markets, the trader's side: live pairs on home and quotes, and the chart page. The
 * texts of these screens are still being translated, so the journey finds things by role, data
 * attributes and classes rather than by English words.
 */

let browser: Browser;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await newPhone(browser)).newPage();
  page.on('pageerror', (error) => errors.push(error.message));
});
afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await screenshot(page, `failed-market-${context.task.name.replace(/\W+/g, '-')}`);
});
afterAll(() => browser.close());

const rows = (scope: string) => page.locator(`${scope} .pair-row[data-symbol]`);

/** "+1.25%" -> 1.25, for checking an order. */
async function changesOf(scope: string): Promise<number[]> {
  const texts = await page.locator(`${scope} .pair-row[data-symbol] .change-pill`).allInnerTexts();
  return texts.map((t) => Number(t.replace(/[%+,\s]/g, '')));
}

/** The 24 h USDT volumes of the rows, from the exact figure each row carries. */
async function volumesOf(scope: string): Promise<number[]> {
  const values = await page
    .locator(`${scope} .pair-row[data-symbol]`)
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-volume') ?? ''));
  return values.map(Number);
}

const descending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! >= x);
const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! <= x);

/** Waits until a text read from the page differs from its first reading. */
async function expectToChange(read: () => Promise<string>, timeoutMs = 10_000): Promise<void> {
  const first = await read();
  await expect.poll(read, { timeout: timeoutMs, interval: 250 }).not.toBe(first);
}

describe('markets on home', () => {
  it('shows quick buy and the top pairs, ranked by the Gainers, Losers and Volume tabs', async () => {
    await open(page, '/');
    // Quick buy draws from the same tickers as the ranking, so once it shows the ranking has them.
    await page.locator('.quick-buy__tile').first().waitFor();
    await page.locator('.market-card [data-ranking="gainers"]').waitFor();
    // Gainers list only pairs that rose (at most eight): how many did depends on the simulated day.
    // None is shown as such, never as a bare empty list.
    const answered = async () =>
      (await rows('.market-card').count()) > 0 ||
      (await page.locator('.market-card .empty-data').count()) === 1;
    expect(await rows('.market-card').count()).toBeLessThanOrEqual(8);
    expect(await answered()).toBe(true);
    expect(await page.locator('.quick-buy__tile').count()).toBe(3);
    const gains = await changesOf('.market-card');
    expect(gains.every((change) => change > 0)).toBe(true);
    expect(descending(gains)).toBe(true);

    await page.locator('.market-card [role="tab"][data-key="losers"]').click();
    await page.locator('.market-card [data-ranking="losers"]').waitFor();
    const losses = await changesOf('.market-card');
    expect(await answered()).toBe(true);
    expect(losses.every((change) => change < 0)).toBe(true);
    expect(ascending(losses)).toBe(true);
    expect(
      await page
        .locator('.market-card [role="tab"][data-key="losers"]')
        .getAttribute('aria-selected'),
    ).toBe('true');

    await page.locator('.market-card [role="tab"][data-key="volume"]').click();
    await page.locator('.market-card [data-ranking="volume"]').waitFor();
    expect(await rows('.market-card').count()).toBe(8);
    expect(descending(await volumesOf('.market-card'))).toBe(true);
  });

  it('"More" opens the quotes tab, and a pair opens its chart', async () => {
    await page.locator('.market-card .more-link').click();
    await page.waitForURL(/#\/pages\/quotes\/index$/);
    await rows('.market-table').first().waitFor();
    await rows('.market-table').filter({ hasText: 'ETH' }).first().click();
    await page.waitForURL(/#\/pages\/trade\/trend\?symbol=ETH%2FUSDT$/);
    await page.locator('.ticker-stats[data-symbol="ETH/USDT"]').waitFor();
  });
});

describe('the quotes tab', () => {
  it('lists the twelve pairs, live, with search and sorting', async () => {
    await open(page, '/pages/quotes/index');
    await expect.poll(() => rows('.market-table').count()).toBe(12);
    await expect
      .poll(() => page.locator('.live-badge').getAttribute('data-state'))
      .toBe('connected');
    await expectToChange(() => page.locator('.market-table .pair-list').innerText());

    await page.locator('[data-sort="change"]').click();
    expect(descending(await changesOf('.market-table'))).toBe(true);
    await page.locator('[data-sort="change"]').click();
    expect(ascending(await changesOf('.market-table'))).toBe(true);

    await page.locator('.quotes__search input').fill('sol');
    await expect.poll(() => rows('.market-table').count()).toBe(1);
    expect(await rows('.market-table').first().getAttribute('data-symbol')).toBe('SOL/USDT');
    await page.locator('.quotes__search input').fill('');
    await expect.poll(() => rows('.market-table').count()).toBe(12);
  });

  it('is a tab of the tab bar', async () => {
    await page.locator('.app-tab-bar .adm-tab-bar-item').first().click();
    await page.waitForURL(/#\/pages\/index\/index$/);
    await page.locator('.app-tab-bar .adm-tab-bar-item').nth(1).click();
    await page.waitForURL(/#\/pages\/quotes\/index$/);
  });
});

describe('the chart page', () => {
  it('draws the chart and the 24 h figures, and the last price moves live', async () => {
    await open(page, '/pages/trade/trend?symbol=BTC%2FUSDT');
    await page.locator('.price-chart canvas').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.price-chart__overlay'));
    expect(await page.locator('.price-chart canvas').count()).toBeGreaterThan(0);
    const box = await page.locator('.price-chart').boundingBox();
    expect(box?.width).toBe(VIEWPORT.width);
    expect(await page.locator('.ticker-stats__figure').count()).toBe(4);
    await expectToChange(() => page.locator('.ticker-stats__price').innerText(), 15_000);
  });

  it('switches periods, the line view included', async () => {
    for (const view of ['1hour', 'line', '1day', '15min']) {
      await page.locator(`.period-tabs [role="tab"][data-key="${view}"]`).click();
      await page.locator(`.price-chart[data-view="${view}"]`).waitFor();
      await page.waitForFunction(() => !document.querySelector('.price-chart__overlay'));
      if (view === 'line') {
        await settle(page);
        await screenshot(page, 'market-en-dark-chart-line');
      }
    }
    expect(
      await page
        .locator('.period-tabs [role="tab"][data-key="15min"]')
        .getAttribute('aria-selected'),
    ).toBe('true');
  });

  it("shows the engine's order book, live, and the real book's trades to a visitor", async () => {
    await page.locator('[data-testid="depth-book"] .depth-row').first().waitFor();
    expect(await page.locator('.depth-row--bid').count()).toBeGreaterThan(0);
    expect(await page.locator('.depth-row--ask').count()).toBeGreaterThan(0);
    expect(await page.locator('.source-note').getAttribute('data-source')).toBe('engine');
    // The market maker re-quotes once the feed has moved half a ladder step (2 bps) from its last
    // ladder. BTC's simulated path has a standard deviation of about 4 bps over 15 s, so a 15 s wait
    // missed the move about one run in a hundred (CI, stop 22); over 60 s (about 8 bps) a walk that
    // stays within 2 bps has a chance of about one in a million.
    await expectToChange(() => page.locator('[data-testid="depth-book"]').innerText(), 60_000);
    // A visitor sees the real book, where nobody has traded on this fresh server (demo trades
    // stay in the demo book; the spot journey watches those arrive).
    await page.locator('.market-activity [role="tab"][data-key="trades"]').click();
    await page.locator('.market-activity .empty-data').waitFor();
    expect(await page.locator('[data-testid="trade-list"]').count()).toBe(0);
  });

  it('switches to another pair from the title', async () => {
    await page.locator('.pair-switcher').click();
    await page.locator('.pair-popup .pair-row[data-symbol]').first().waitFor();
    await settle(page);
    await screenshot(page, 'market-en-dark-pair-switcher');
    await page.locator('.pair-popup .pair-row[data-symbol="SOL/USDT"]').click();
    await page.waitForURL(/symbol=SOL%2FUSDT$/);
    await page.locator('.ticker-stats[data-symbol="SOL/USDT"]').waitFor();
    await page.waitForFunction(() => !document.querySelector('.price-chart__overlay'));
    expect(errors).toEqual([]);
  });
});

describe('market screens at 360 x 740', () => {
  const SCREENS = [
    ['home', '/', '.market-card .pair-row[data-symbol]'],
    ['quotes', '/pages/quotes/index', '.market-table .pair-row[data-symbol]'],
    ['chart', '/pages/trade/trend?symbol=BTC%2FUSDT', '.depth-row'],
  ] as const;

  async function shoot(theme: Theme, lang: string) {
    const context = await newPhone(browser, { theme, lang });
    const phone = await context.newPage();
    const seen: string[] = [];
    phone.on('pageerror', (error) => seen.push(error.message));
    for (const [name, route, ready] of SCREENS) {
      await open(phone, route);
      await phone.locator(ready).first().waitFor();
      await phone.waitForFunction(() => !document.querySelector('.price-chart__overlay'));
      const width = await phone.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${name} overflows horizontally`).toBeLessThanOrEqual(VIEWPORT.width);
      await settle(phone, 900);
      await screenshot(phone, `market-${lang}-${theme}-${name}`);
    }
    expect(seen).toEqual([]);
    await context.close();
  }

  it('renders in the dark theme', () => shoot('dark', 'en'));
  it('renders in the light theme', () => shoot('light', 'en'));
  it('renders right to left in Arabic', () => shoot('dark', 'ar'));
  it('repaints the chart when the theme changes', async () => {
    const context = await newPhone(browser, { theme: 'dark' });
    const phone = await context.newPage();
    await open(phone, '/pages/trade/trend?symbol=BTC%2FUSDT');
    await phone.waitForFunction(() => !document.querySelector('.price-chart__overlay'));
    const background = () =>
      phone.evaluate(() => {
        const canvas = document.querySelector<HTMLCanvasElement>('.price-chart canvas');
        const pixel = canvas?.getContext('2d')?.getImageData(4, 4, 1, 1).data;
        return pixel ? [...pixel].slice(0, 3).join() : '';
      });
    const dark = await background();
    await phone.evaluate(() => {
      document.documentElement.setAttribute('data-theme', 'light');
      document.documentElement.setAttribute('data-prefers-color-scheme', 'light');
    });
    await expect.poll(background).not.toBe(dark);
    await context.close();
  });
});

// --- the Content-Security-Policy ---------------------------------------------------------------

/**
 * Records what the page's Content-Security-Policy refuses: the securitypolicyviolation events
 * (kept on window from the first script on) and Chromium's console reports of them.
 */
async function watchPolicy(context: BrowserContext, refused: string[]): Promise<void> {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content-Security-Policy violation: ${event.effectiveDirective} ${event.blockedURI}`,
      );
    });
  });
  context.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) refused.push(message.text());
  });
}

/** An operator session through the API, shared by the run's journeys on this server. */
const operatorSession = operatorApiSession;

describe('the Content-Security-Policy', () => {
  it('breaks neither app: both render, the chart draws, an upload shows, nothing is refused', async () => {
    const refused: string[] = [];
    const trader = await registerTrader('csp');
    const context = await newPhone(browser, { token: trader.token });
    await watchPolicy(context, refused);
    const phone = await context.newPage();
    const seen: string[] = [];
    phone.on('pageerror', (error) => seen.push(error.message));

    // The trader app, under its policy.
    const home = await phone.goto('/');
    const policy = home?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(home?.headers()['x-frame-options']).toBe('DENY');
    await phone.locator('.page').first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');

    // The chart draws on its canvas, and the live feed arrives over the websocket.
    await open(phone, '/pages/trade/trend?symbol=BTC%2FUSDT');
    await phone.waitForFunction(() => !document.querySelector('.price-chart__overlay'));
    await expect
      .poll(() =>
        phone.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLCanvasElement>('.price-chart canvas')).some(
            (c) => {
              const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data;
              if (!data) return false;
              const colours = new Set<number>();
              for (let i = 0; i < data.length; i += 4 * 97)
                colours.add(data[i]! * 65536 + data[i + 1]! * 256 + data[i + 2]!);
              return colours.size > 3;
            },
          ),
        ),
      )
      .toBe(true);
    await phone.locator('[data-testid="depth-book"] .depth-row').first().waitFor();

    // An upload: the picked picture's preview (a data: URL), then the deposit request.
    await open(phone, '/pages/deposit/index');
    await phone.locator('input[name="amount"]').fill('25');
    await phone
      .locator('.image-field[data-field="image"] input[type="file"]')
      .setInputFiles(pngFile('csp-transfer.png', 41));
    const preview = phone.locator('.image-field[data-field="image"] img');
    await expect
      .poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(320);
    await phone.getByRole('button', { name: 'Submit deposit' }).click();
    await phone.waitForURL(/deposit\/success/);
    await phone.locator('.result-view').waitFor();
    await screenshot(phone, 'csp-trader-deposit-submitted');

    // The console, under the same policy: it renders, and the uploaded picture (a blob: URL
    // fetched with the operator's token) shows in the deposit queue.
    const desk = await newDesktop(browser, { operatorToken: await operatorSession() });
    await watchPolicy(desk, refused);
    const operator = await desk.newPage();
    operator.on('pageerror', (error) => seen.push(error.message));
    const consolePage = await operator.goto('/console/');
    expect(consolePage?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await openConsole(operator, '/deposits');
    await consoleSettled(operator);
    const picture = operator.locator('.ant-table-tbody img.ant-image-img').first();
    await picture.waitFor();
    await expect
      .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(320);
    expect(await picture.getAttribute('src')).toMatch(/^blob:/);
    await screenshot(operator, 'csp-console-deposits');

    expect(refused).toEqual([]);
    expect(seen).toEqual([]);
    await desk.close();
    await context.close();
  });
});
