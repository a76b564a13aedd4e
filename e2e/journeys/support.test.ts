import { supportCalls } from '@tidemark/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, operatorApiSession, registerTrader } from '../api';
import {
  consoleSettled,
  expectToast,
  launchBrowser,
  modalAtRest,
  newDesktop,
  newPhone,
  open,
  openConsole,
  pngFile,
  screenshot,
  screenshotOnFailure,
  settle,
  type Theme,
} from '../browser';
import { serverUrl } from '../target';

/**
 * The support chat across both apps: a trader opens the chat box on home and writes; an operator
 * finds the conversation in the console's inbox (live) and answers; the trader sees the answer
 * arrive without reloading, and the operator sees the trader's next message (a picture) arrive
 * the same way. A visitor reaches the chat from the login page. Screenshots of the new pages in
 * dark, light and Arabic.
 */

let browser: Browser;
let trader: Page;
let operator: Page;
let operatorToken: string;
let account: { email: string; token: string; userId: number };
const errors: string[] = [];
const watched: Page[] = [];

const FIRST = 'Hello, my deposit screenshot is attached below. <b>not bold</b>';
const ANSWER = 'Thanks, we are checking it now. <script>alert(1)</script>';
const PICTURE_NOTE = 'Here is the screenshot';
const CANNED = 'Deposits are credited once the network confirms them; we will write here.';

function watch(page: Page): Page {
  watched.push(page);
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return page;
}

const operatorSession = operatorApiSession;

beforeAll(async () => {
  browser = await launchBrowser();
  account = await registerTrader('support', 'Support2026x');
  const phone = await newPhone(browser, { theme: 'dark', lang: 'en', token: account.token });
  phone.setDefaultTimeout(15_000);
  trader = watch(await phone.newPage());
  operatorToken = await operatorSession();
  const desk = await newDesktop(browser, { theme: 'light', lang: 'en', operatorToken });
  desk.setDefaultTimeout(15_000);
  operator = watch(await desk.newPage());
});
afterEach(async (test) => {
  for (const page of watched) await screenshotOnFailure(() => page, 'support-')(test);
});
afterAll(() => browser.close());

/** The console row of the trader's conversation in the inbox. */
const inboxRow = () => operator.locator('.support-inbox__item', { hasText: account.email });

describe('support chat: trader on home, operator in the console, both live', () => {
  it('the trader opens the chat box on home and writes', async () => {
    await open(trader, '/');
    await trader.locator('.chat-box__button').click();
    const sheet = trader.locator('.chat-box__sheet');
    await sheet.waitFor({ state: 'visible' });
    await sheet.locator('.empty-data').waitFor();
    // An empty message is refused before it leaves.
    await sheet.getByRole('button', { name: 'Send' }).click();
    await expectToast(trader, 'Message cannot be empty');
    await sheet.getByRole('textbox', { name: 'Type a message' }).fill(FIRST);
    await sheet.getByRole('button', { name: 'Send' }).click();
    await sheet.locator('.chat-msg--mine .chat-msg__text', { hasText: FIRST }).waitFor();
    await settle(trader);
    await screenshot(trader, 'support-home-chat-box-dark');
    // Closed again: the answer will show as the unread count on the button.
    await sheet.getByRole('button', { name: 'Close' }).click();
    await sheet.waitFor({ state: 'hidden' });
  });

  it('the operator finds it waiting in the console inbox and answers', async () => {
    await openConsole(operator, '/support');
    await inboxRow().waitFor();
    await expect(inboxRow().innerText()).resolves.toContain(FIRST.slice(0, 20));
    await inboxRow().click();
    const chat = operator.locator('.support-chat');
    await chat.locator('.support-msg--user .support-msg__text', { hasText: FIRST }).waitFor();
    // The trader's summary beside the chat.
    await operator.locator('.ant-descriptions', { hasText: 'Primary verification' }).waitFor();
    await chat.locator('textarea').fill(ANSWER);
    await chat.getByRole('button', { name: 'Send' }).click();
    await chat.locator('.support-msg--support .support-msg__text', { hasText: ANSWER }).waitFor();
    await consoleSettled(operator);
    await screenshot(operator, 'support-console-light');
  });

  it('the trader sees the answer arrive live: the unread count, then the text', async () => {
    const badge = trader.locator('[data-testid="chat-unread"]');
    await badge.waitFor();
    await expect(badge.innerText()).resolves.toBe('1');
    await screenshot(trader, 'support-home-unread-dark');
    await trader.locator('.chat-box__button').click();
    const answer = trader.locator('.chat-msg--theirs .chat-msg__text', { hasText: ANSWER });
    await answer.waitFor();
    // Shown as the very text: no element was made of it.
    await expect(answer.innerText()).resolves.toBe(ANSWER);
    expect(await answer.locator('script').count()).toBe(0);
    await settle(trader);
    await screenshot(trader, 'support-home-chat-answered-dark');
    // Opened, the answer counts as read.
    await expect
      .poll(async () => (await api(supportCalls.findUserReadCount, {}, account.token)).unread)
      .toBe(0);
  });

  it('a picture from the trader reaches the operator live', async () => {
    const sheet = trader.locator('.chat-box__sheet');
    await trader.locator('[data-testid="chat-image"]').setInputFiles(pngFile('deposit.png', 3));
    await sheet.locator('.chat__attachment img').waitFor();
    await sheet.getByRole('textbox', { name: 'Type a message' }).fill(PICTURE_NOTE);
    await sheet.getByRole('button', { name: 'Send' }).click();
    await sheet.locator('.chat-msg--mine img').waitFor();
    const chat = operator.locator('.support-chat');
    await chat
      .locator('.support-msg--user .support-msg__text', { hasText: PICTURE_NOTE })
      .waitFor();
    const picture = chat.locator('.support-msg--user img').first();
    await picture.waitFor();
    // Shown in its own shape (the 320 x 200 screenshot), not cut to a fixed box.
    await expect
      .poll(() =>
        picture.evaluate((img: HTMLImageElement) =>
          img.naturalWidth
            ? img.getBoundingClientRect().width / img.getBoundingClientRect().height
            : 0,
        ),
      )
      .toBeCloseTo(320 / 200, 1);
    await consoleSettled(operator);
    await screenshot(operator, 'support-console-picture-light');
  });
});

describe('the operator’s tools: canned replies, closing', () => {
  it('stores a canned reply, answers with it and closes the conversation', async () => {
    await operator.getByRole('button', { name: 'Canned replies' }).click();
    const modal = operator.locator('.ant-modal');
    await modalAtRest(operator);
    await modal.getByRole('button', { name: 'Add a canned reply' }).click();
    await modal.getByLabel('Title').fill('Deposit check');
    await modal.getByLabel('Text').fill(CANNED);
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.locator('.ant-list-item', { hasText: 'Deposit check' }).waitFor();
    await operator.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    const chat = operator.locator('.support-chat');
    await chat.locator('.ant-select').click();
    await operator.locator('.ant-select-item-option', { hasText: 'Deposit check' }).click();
    await expect(chat.locator('textarea').inputValue()).resolves.toBe(CANNED);
    await chat.getByRole('button', { name: 'Send' }).click();
    await trader.locator('.chat-msg--theirs .chat-msg__text', { hasText: CANNED }).waitFor();
    await operator.locator('.support-summary').getByRole('button', { name: 'Close' }).click();
    await operator.locator('.support-summary').getByRole('button', { name: 'Reopen' }).waitFor();
  });
});

describe('a visitor reaches the chat from the login page', () => {
  it('writes as a visitor, and after logging in finds the conversation again', async () => {
    const context = await newPhone(browser, { theme: 'light', lang: 'en' });
    const visitor = watch(await context.newPage());
    await open(visitor, '/pages/login/login');
    await visitor.getByRole('link', { name: 'Need help? Chat with support' }).click();
    await visitor.locator('.chat').waitFor();
    await visitor.getByRole('textbox', { name: 'Type a message' }).fill('I cannot log in');
    await visitor.getByRole('button', { name: 'Send' }).click();
    await visitor.locator('.chat-msg--mine', { hasText: 'I cannot log in' }).waitFor();
    await settle(visitor);
    await screenshot(visitor, 'support-service-visitor-light');
    const visitorRow = operator.locator('.support-inbox__item', { hasText: 'I cannot log in' });
    await visitorRow.waitFor();
    // A draft for the trader selected stays with them: the visitor's conversation starts empty.
    await operator.locator('.support-chat textarea').fill('A draft for the first trader');
    await visitorRow.click();
    await operator.locator('.support-msg--user', { hasText: 'I cannot log in' }).waitFor();
    await expect(operator.locator('.support-chat textarea').inputValue()).resolves.toBe('');

    const later = await registerTrader('visitor', 'Visitor2026x');
    await open(visitor, '/pages/login/login');
    await visitor.locator('input[name="email"]').fill(later.email);
    await visitor.locator('input[name="password"]').fill('Visitor2026x');
    await visitor.locator('.form-actions .adm-button').click();
    await visitor.waitForFunction(() => !window.location.hash.startsWith('#/pages/login'));
    await open(visitor, '/pages/index/service');
    await visitor.locator('.chat-msg--mine', { hasText: 'I cannot log in' }).waitFor();
    await expect(
      visitor.evaluate(() => localStorage.getItem('supportVisitorId')),
    ).resolves.toBeNull();
    await context.close();
  });
});

describe('an external service desk', () => {
  it('an admin sets it in the console; the app offers it and says it opens in a new tab', async () => {
    const desk = `${serverUrl()}/healthz`;
    await openConsole(operator, '/support');
    const card = operator.locator('.support-desk');
    await card.getByText('No external desk').waitFor();
    await card.getByLabel('Desk URL').fill('http://example.com/desk');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText('Enter an https address, or leave it empty').waitFor();
    await card.getByLabel('Desk URL').fill(desk);
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText('The desk answers').waitFor();

    // A fresh load (the app keeps the answer of its last check for a minute).
    await open(trader, '/pages/index/service');
    await trader.reload();
    await trader.getByRole('button', { name: 'Service desk' }).click();
    await trader.waitForFunction(() => window.location.hash.startsWith('#/pages/index/webServe'));
    await trader.getByText('opens in a new browser tab').waitFor();
    const link = trader.getByRole('link', { name: /Service desk/ });
    await expect(link.getAttribute('href')).resolves.toBe(desk);
    await expect(link.getAttribute('target')).resolves.toBe('_blank');
    // The built-in chat stays below it.
    await trader.locator('.chat-msg').first().waitFor();
  });
});

describe('screenshots of the new pages', () => {
  const variants: [Theme, string][] = [
    ['dark', 'en'],
    ['light', 'en'],
    ['dark', 'ar'],
  ];
  it.each(variants)('service and webServe in %s %s', async (theme, lang) => {
    const context = await newPhone(browser, { theme, lang, token: account.token });
    const page = watch(await context.newPage());
    await open(page, '/pages/index/service');
    await page.locator('.chat-msg--theirs').first().waitFor();
    await settle(page);
    await screenshot(page, `support-service-${lang}-${theme}`);
    await open(page, '/pages/index/webServe');
    await page.locator('.chat-msg').first().waitFor();
    await screenshot(page, `support-webserve-${lang}-${theme}`);
    await context.close();
  });

  it.each(variants)('the console inbox in %s %s', async (theme, lang) => {
    const context = await newDesktop(browser, { theme, lang, operatorToken });
    const page = watch(await context.newPage());
    await openConsole(page, '/support?status=all');
    await page.locator('.support-inbox__item', { hasText: account.email }).click();
    await page.locator('.support-msg').first().waitFor();
    await consoleSettled(page);
    await screenshot(page, `support-console-${lang}-${theme}`);
    await context.close();
  });

  it('left no page errors', () => {
    expect(errors).toEqual([]);
  });
});
