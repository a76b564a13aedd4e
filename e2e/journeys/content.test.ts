import {
  consoleCalls,
  contentCalls,
  moneyCalls,
  newsign,
  NEWSIGN_DEFAULT_SECRET,
} from '@tidemark/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, consoleApi, operatorApiSession, registerTrader } from '../api';
import {
  consoleSettled,
  launchBrowser,
  newDesktop,
  newPhone,
  open,
  openConsole,
  pngPicture,
  screenshot,
  screenshotOnFailure,
  settle,
  type Theme,
} from '../browser';
import { serverUrl } from '../target';

/**
 * Content (issue 16): a trader's deposit is credited by an operator and the site mail arrives in
 * the app (the envelope's unread count moves live); announcements, the help centre's search and an
 * academy video that plays inline; the console's content editor with its preview. Screenshots of
 * every new page in dark, light and Arabic.
 */

let browser: Browser;
let trader: Page;
let operatorToken: string;
let account: { email: string; token: string; userId: number };
const errors: string[] = [];
const watched: Page[] = [];

function watch(page: Page): Page {
  watched.push(page);
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return page;
}

async function requestDeposit(amount: string): Promise<number> {
  const form = new FormData();
  form.set('currency', 'USDT');
  form.set('chain', 'TRC20');
  form.set('amount', amount);
  form.set('image', new Blob([new Uint8Array(pngPicture(5))], { type: 'image/png' }), 'tx.png');
  const response = await fetch(`${serverUrl()}${moneyCalls.insertUserRecharge.path}`, {
    method: 'POST',
    headers: { appToken: account.token, newsign: newsign(NEWSIGN_DEFAULT_SECRET, Date.now()) },
    body: form,
  });
  const envelope = (await response.json()) as { status: unknown; data: { id: number } };
  expect(envelope.status).toBe(1);
  return envelope.data.id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  account = await registerTrader('content', 'Content2026x');
  operatorToken = await operatorApiSession();
  const phone = await newPhone(browser, { theme: 'dark', lang: 'en', token: account.token });
  phone.setDefaultTimeout(15_000);
  trader = watch(await phone.newPage());
});
afterEach(async (test) => {
  for (const page of watched) await screenshotOnFailure(() => page, 'content-')(test);
});
afterAll(() => browser.close());

describe('site mail', () => {
  it('arrives after the operator credits a deposit: live badge, list, detail', async () => {
    await open(trader, '/');
    const envelope = trader.locator('.home__actions .icon-button').first();
    await envelope.waitFor();
    const id = await requestDeposit('250');
    await consoleApi(consoleCalls.approveDeposit, { id }, operatorToken);
    // The badge moves without a reload.
    await trader.locator('.home__actions .adm-badge-content', { hasText: '1' }).waitFor();
    await settle(trader);
    await screenshot(trader, 'content-home-mail-badge-dark');
    await envelope.click();
    const item = trader.locator('.content-item--unread', { hasText: 'Deposit credited' });
    await item.waitFor();
    await expect(item.innerText()).resolves.toContain('250 USDT');
    await item.click();
    await trader.locator('.content-article', { hasText: 'Your deposit of 250 USDT' }).waitFor();
    await expect
      .poll(async () => {
        const answer = await api(contentCalls.selectSiteMailByUserId, {}, account.token);
        return 'unread' in answer ? answer.unread : -1;
      })
      .toBe(0);
  });
});

describe('announcements, help and academy', () => {
  it('announcements from home, newest first, with the detail rendered from Markdown', async () => {
    await open(trader, '/');
    // The line on home opens the newest announcement itself.
    await trader.locator('.notice-bar').click();
    await trader.waitForURL(/announcement\/detail\?id=\d+/);
    await expect
      .poll(() => trader.locator('.content-article__title').innerText())
      .toBe('Check every option settlement yourself');
    await open(trader, '/pages/announcement/index');
    const first = trader.locator('.content-item').first();
    await first.waitFor();
    await expect(first.innerText()).resolves.toContain('Check every option settlement yourself');
    await trader.locator('.content-item', { hasText: 'Welcome to Tidemark' }).click();
    const article = trader.locator('.content-article');
    await article.locator('li strong', { hasText: '100,000 demo USDT' }).waitFor();
  });

  it('the help centre searches its answers', async () => {
    await open(trader, '/pages/index/helpCenter');
    await trader.locator('.adm-collapse-panel-header').nth(14).waitFor();
    expect(await trader.locator('.adm-collapse-panel-header').count()).toBe(15);
    await trader.locator('.help-search input').fill('TRC20');
    await expect.poll(() => trader.locator('.adm-collapse-panel-header').count()).toBe(2);
    await trader.locator('.adm-collapse-panel-header', { hasText: 'withdrawal fees' }).click();
    await trader.locator('.markdown', { hasText: '1 USDT on TRC20' }).waitFor();
    await settle(trader);
    await screenshot(trader, 'content-help-search-dark');
  });

  it('an academy video plays inline, fetched in byte ranges', async () => {
    await open(trader, '/pages/growthAcademy/index');
    const card = trader.locator('.academy-card', { hasText: 'Options in 60 seconds' });
    await card.locator('.academy-card__play').click();
    const video = card.locator('video');
    await video.waitFor();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0.3);
    const src = await video.getAttribute('src');
    const part = await fetch(`${serverUrl()}${src}`, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
  });
});

describe('the console content editor', () => {
  it('shows the seeded items, previews an edit and lists every language', async () => {
    const desk = await newDesktop(browser, { theme: 'light', lang: 'en', operatorToken });
    const page = watch(await desk.newPage());
    await openConsole(page, '/content');
    await page.locator('.ant-table-row', { hasText: 'Welcome to Tidemark' }).waitFor();
    await page
      .locator('.ant-table-row', { hasText: 'Welcome to Tidemark' })
      .getByRole('button', { name: 'Edit' })
      .click();
    const modal = page.locator('.ant-modal');
    await modal.locator('.content-preview li strong', { hasText: '100,000 demo USDT' }).waitFor();
    await consoleSettled(page);
    // The modal's opening animation, finished.
    await settle(page);
    await screenshot(page, 'content-console-editor-light');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await desk.close();
  });
});

describe('screenshots of the new pages', () => {
  const variants: [Theme, string][] = [
    ['dark', 'en'],
    ['light', 'en'],
    ['dark', 'ar'],
  ];
  it.each(variants)('trader pages in %s %s', async (theme, lang) => {
    const context = await newPhone(browser, { theme, lang, token: account.token });
    const page = watch(await context.newPage());
    const mail = await api(contentCalls.findUserMsgList, { page: 1, pageSize: 1 }, account.token);
    const shots: [string, string, string][] = [
      ['/pages/siteMail/index', '.content-item', 'mail'],
      [`/pages/siteMail/detail?id=${mail.list[0]!.id}`, '.content-article', 'mail-detail'],
      ['/pages/announcement/index', '.content-item', 'announcements'],
      ['/pages/index/helpCenter', '.adm-collapse-panel-header', 'help'],
      ['/pages/growthAcademy/index', '.academy-card', 'academy'],
    ];
    for (const [route, selector, name] of shots) {
      await open(page, route);
      await page.locator(selector).first().waitFor();
      await settle(page);
      await screenshot(page, `content-${name}-${lang}-${theme}`);
    }
    await page.locator('.academy-card img').first().waitFor();
    const news = await api(contentCalls.findAnnouncementList, {
      lang: lang as 'en',
      page: 1,
      pageSize: 1,
    });
    await open(page, `/pages/announcement/detail?id=${news.list[0]!.id}`);
    await page.locator('.content-article').waitFor();
    await screenshot(page, `content-announcement-detail-${lang}-${theme}`);
    await open(page, '/');
    await page.locator('.notice-bar').waitFor();
    await page.locator('.banner img').first().waitFor();
    await settle(page);
    await screenshot(page, `content-home-${lang}-${theme}`);
    await context.close();
  });

  it.each(variants)('console content in %s %s', async (theme, lang) => {
    const context = await newDesktop(browser, { theme, lang, operatorToken });
    const page = watch(await context.newPage());
    for (const tab of ['announcement', 'help', 'academy', 'banners', 'mail']) {
      await openConsole(page, `/content${tab === 'announcement' ? '' : `?tab=${tab}`}`);
      await consoleSettled(page);
      await screenshot(page, `content-console-${tab}-${lang}-${theme}`);
    }
    await context.close();
  });

  it('left no page errors', () => {
    expect(errors).toEqual([]);
  });
});
