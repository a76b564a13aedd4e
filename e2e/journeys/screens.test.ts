import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoToken } from '../api';
import { launchBrowser, newPhone, open, screenshot, VIEWPORT, type Theme } from '../browser';

/** Every page of this issue, visitor pages first. */
const VISITOR_PAGES = [
  ['home-visitor', '/'],
  ['welcome', '/pages/other/login'],
  ['login', '/pages/login/login'],
  ['register', '/pages/login/register'],
  ['forget-password', '/pages/login/forgetPwd'],
  ['language', '/pages/setting/language'],
  ['speed-test', '/pages/setting/testNet'],
  ['quotes', '/pages/quotes/index'],
  ['chart', '/pages/trade/trend?symbol=BTC%2FUSDT'],
  ['spot-trade-visitor', '/pages/trade/index?symbol=BTC%2FUSDT'],
] as const;

const USER_PAGES = [
  ['home', '/pages/index/index'],
  ['settings', '/pages/setting/index'],
  ['nickname', '/pages/setting/NickName'],
  ['email', '/pages/setting/email'],
  ['phone', '/pages/setting/phoneNumber'],
  ['login-password', '/pages/setting/passWord'],
  ['pay-password', '/pages/setting/payPassWord'],
  ['assets', '/pages/assets/index'],
  ['transfer', '/pages/assets/Transfer?from=coin'],
  ['account-changes', '/pages/index/list'],
  ['spot-trade', '/pages/trade/index?symbol=BTC%2FUSDT'],
  ['spot-history', '/pages/trade/history'],
] as const;

/** The custody pages of issue 5 (deposit, withdrawal, wallet, verification), for a signed-in trader. */
const CUSTODY_PAGES = [
  ['deposit', '/pages/deposit/index'],
  ['deposit-tokens', '/pages/deposit/tokenList?currency=USDT'],
  ['deposit-success', '/pages/deposit/success?amount=100.00000000&currency=USDT&chain=TRC20'],
  ['deposit-records', '/pages/deposit/record'],
  ['withdrawal-records', '/pages/deposit/record?tab=withdrawal'],
  ['withdrawal-details-missing', '/pages/deposit/withdrawalDetails?id=999999'],
  ['withdraw', '/pages/Withdrawal/index'],
  ['withdraw-tokens', '/pages/Withdrawal/tokenList?currency=USDT'],
  [
    'withdraw-success',
    '/pages/Withdrawal/success?amount=50.00000000&currency=USDT&chain=TRC20&address=TRbNkYJPMn8mk9216GVLZM1rbyWD4FSPyA',
  ],
  ['wallet', '/pages/wallet/index'],
  ['wallet-address', '/pages/wallet/WalletAddress?currency=USDT&chain=TRC20'],
  ['verify', '/pages/verify/index'],
  ['verify-primary', '/pages/verify/primary'],
  ['verify-high', '/pages/verify/high'],
  ['verify-passport', '/pages/verify/passport'],
] as const;

let browser: Browser;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await demoToken();
});
afterAll(() => browser.close());

async function shoot(
  theme: Theme,
  lang: string,
  pages: readonly (readonly [string, string])[],
  withToken: boolean,
) {
  const context = await newPhone(browser, { theme, lang, ...(withToken ? { token } : {}) });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  for (const [name, route] of pages) {
    await open(page, route);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(
      theme,
    );
    // Nothing may stick out sideways at 360 px.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${name} overflows horizontally`).toBeLessThanOrEqual(VIEWPORT.width);
    await screenshot(page, `${lang}-${theme}-${name}`);
  }
  expect(errors).toEqual([]);
  await context.close();
}

describe('every page at 360 x 740', () => {
  for (const theme of ['dark', 'light'] as const) {
    it(`renders the visitor pages in the ${theme} theme`, () =>
      shoot(theme, 'en', VISITOR_PAGES, false));
    it(`renders the account pages in the ${theme} theme`, () =>
      shoot(theme, 'en', USER_PAGES, true));
    it(`renders the custody pages in the ${theme} theme`, () =>
      shoot(theme, 'en', CUSTODY_PAGES, true));
  }

  it('renders right to left in Arabic', async () => {
    await shoot('dark', 'ar', [...VISITOR_PAGES.slice(0, 4), ...USER_PAGES.slice(0, 2)], true);
  });

  it('renders the custody pages right to left in Arabic', async () => {
    await shoot('dark', 'ar', CUSTODY_PAGES, true);
  });

  it('renders Chinese, Hindi and Korean text with real fonts', async () => {
    for (const lang of ['zh', 'hd', 'kr']) await shoot('light', lang, [USER_PAGES[1]], true);
  });

  it('shows the chunk error view when a page fails to load, and Retry loads it', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    await page.route('**/assets/page-*.js', (route) => route.abort());
    await page.goto('/#/pages/login/forgetPwd');
    await page.getByRole('alert').getByText('The page failed to load').waitFor();
    await screenshot(page, 'en-dark-chunk-error');
    await page.unroute('**/assets/page-*.js');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await context.close();
  });

  it('stays in the app after choosing a language on a page opened directly', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    await open(page, '/pages/setting/language');
    await page.getByText('Deutsch', { exact: true }).click();
    // No page before it in this tab: back would leave the app, so it goes home instead.
    await page.waitForFunction(() => window.location.hash === '#/');
    await page.locator('.page').first().waitFor();
    await context.close();
  });

  it('sends an unknown route to the home tab', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    await open(page, '/pages/no/such/page');
    await page.waitForFunction(() => window.location.hash === '#/');
    await context.close();
  });
});

/**
 * Script bytes Chromium may transfer for home (bodies as sent plus HTTP headers): 161 KB in 26
 * requests before the five products of November 24, 179-180 KB in 37-38 requests after them (their
 * routes, error texts, mail badge, announcement line and chat button; about 0.55 KB of headers a
 * request). README, Performance. Fewer, larger shared chunks on home would win most of it back.
 */
const HOME_SCRIPT_BUDGET_KB = 185;

/** What the build's budget check (apps/web/scripts/check-budget.mjs) counted for home. */
function homeFromBuild(): { kb: number; scripts: string[] } {
  const file = path.resolve(import.meta.dirname, '../../apps/web/dist/.vite/budget.json');
  if (!fs.existsSync(file))
    throw new Error(`${file} is missing: run npm run build (its budget check writes it)`);
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { home: { kb: number; scripts: string[] } })
    .home;
}

describe('what Chromium downloads for home at 360 x 740', () => {
  for (const who of ['visitor', 'trader'] as const) {
    it(`stays within the script budget for a ${who}, every script in brotli`, async () => {
      const context = await newPhone(browser, who === 'trader' ? { token } : {});
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const scripts = new Map<string, { url: string; encoding?: string; bytes?: number }>();
      cdp.on('Network.responseReceived', (event) => {
        if (event.type !== 'Script') return;
        const headers = Object.fromEntries(
          Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), v]),
        );
        scripts.set(event.requestId, {
          url: new URL(event.response.url).pathname.replace(/^\//, ''),
          encoding: headers['content-encoding'],
        });
      });
      cdp.on('Network.loadingFinished', (event) => {
        const script = scripts.get(event.requestId);
        // Everything that crossed the wire for it: headers and the (compressed) body.
        if (script) script.bytes = event.encodedDataLength;
      });

      await page.goto('/#/');
      // The market is up, and so is what loads after the first paint.
      await page.locator('.pair-row:not(.pair-row--placeholder)').first().waitFor();
      await page.locator('.shortcuts').waitFor();
      await page.waitForLoadState('networkidle');

      const loaded = [...scripts.values()];
      expect(loaded.every((s) => s.bytes !== undefined)).toBe(true);
      const kb = loaded.reduce((sum, s) => sum + (s.bytes ?? 0), 0) / 1024;
      console.warn(`home as a ${who}: ${loaded.length} scripts, ${kb.toFixed(1)} KB transferred`);
      expect(kb, `home as a ${who}`).toBeLessThanOrEqual(HOME_SCRIPT_BUDGET_KB);
      // Files too small to gain from compression travel as they are.
      for (const s of loaded) if (s.bytes && s.bytes > 1500) expect(s.encoding, s.url).toBe('br');

      // The build's check weighs the very files Chromium fetched.
      const build = homeFromBuild();
      const fetched = loaded.map((s) => s.url).sort();
      if (who === 'trader') {
        expect(fetched).toEqual(build.scripts);
      } else {
        // A visitor has no mailbox: the build counts its button, a visitor never fetches it.
        const unhashed = (file: string) => file.replace(/-[\w-]{8}\.js$/, '');
        expect(fetched.filter((file) => !build.scripts.includes(file))).toEqual([]);
        expect(build.scripts.filter((file) => !fetched.includes(file)).map(unhashed)).toEqual([
          'assets/mail-button',
        ]);
      }
      // It weighs the bodies; Chromium adds the headers of each answer (well under 600 bytes).
      expect(build.kb).toBeLessThanOrEqual(kb);
      expect(kb - build.kb).toBeLessThan(loaded.length * 0.6);

      // The market is on the first screen, above the tab bar (ranked by volume: every pair).
      await page.getByRole('tab', { name: 'Volume' }).click();
      await page.locator('[data-ranking="volume"] .pair-row').nth(4).waitFor();
      const tabBar = await page.locator('.app-tab-bar').first().boundingBox();
      const rows = await page.locator('.pair-row:not(.pair-row--placeholder)').all();
      const visible = [];
      for (const row of rows) {
        const box = await row.boundingBox();
        if (box && box.y + box.height <= (tabBar?.y ?? VIEWPORT.height)) visible.push(row);
      }
      expect(visible.length, 'pairs on the first screen').toBeGreaterThanOrEqual(5);
      await context.close();
    });
  }
});
