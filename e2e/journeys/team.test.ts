import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  addDays,
  assetsCalls,
  consoleCalls,
  consoleRequest,
  isTransferDay,
  kycCalls,
  localDay,
  moneyCalls,
  newsign,
  NEWSIGN_DEFAULT_SECRET,
  nextTransferDay,
  optionsCalls,
  STATUS_OK,
  teamCalls,
  teamConsoleCalls,
  userCalls,
  windowOn,
  type CallDef,
  type CallInput,
  type CallOutput,
  type ConsoleCallDef,
  type ConsoleCallInput,
  type ConsoleCallOutput,
  type Envelope,
  type TeamCalendar,
} from '@tidemark/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initialAdmin, registerTrader, totpCode } from '../api';
import {
  codeFromOutbox,
  expectToast,
  newPhone,
  open,
  pngPicture,
  screenshot,
  screenshotOnFailure,
  settle,
  uniqueEmail,
} from '../browser';
import { consoleSettled, launchBrowser, newDesktop, openConsole } from '../browser';
import { startServer, type E2eServer } from '../server';
import { useServer } from '../target';

/**
 * Team and share link: a trader opens the share page and gives the link to a friend, who
 * registers through it (the code filled in), has a deposit credited by an operator and makes a
 * winning real-book option trade. The next day, inside the release window, the rebates show as
 * released; on the 25th the trader transfers them to the currency account. The server runs on a test
 * clock (TEST_CLOCK_FILE with NODE_ENV=test, chosen at start; no API moves it) and a scripted feed
 * (BTC rises, so a long wins).
 */

const LA: TeamCalendar = {
  timeZone: 'America/Los_Angeles',
  windowStart: '09:00',
  windowEnd: '18:00',
  transferDay: 25,
};

let server: E2eServer;
let dir: string;
let clockFile: string;
let offset = 0;
let browser: Browser;
let page: Page;
const errors: string[] = [];
let inviter: { email: string; token: string; userId: number };
let friendToken = '';
let inviteLink = '';

const serverNow = () => Date.now() + offset;

/** Opens a page afresh (a new document: nothing cached from before the clock moved). */
async function reopen(route: string): Promise<void> {
  await open(page, route);
  await page.reload();
  await page.waitForSelector('.team-page', { state: 'attached' });
  await page.waitForFunction(() => !document.querySelector('.state-view[role="status"]'));
  await settle(page);
}

/** Moves the server's clock so that it reads `target` now (the file the server reads). */
function moveClockTo(target: number): void {
  offset = Math.max(offset, target - Date.now());
  fs.writeFileSync(clockFile, String(Math.round(offset)));
}

/** A trader call signed for the server's (moved) clock. */
async function call<C extends CallDef>(
  def: C,
  input: CallInput<C>,
  token?: string,
  body?: FormData,
): Promise<CallOutput<C>> {
  const headers: Record<string, string> = { newsign: newsign(NEWSIGN_DEFAULT_SECRET, serverNow()) };
  if (token) headers.appToken = token;
  const params = new URLSearchParams(
    Object.entries(input as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
  ).toString();
  if (!body && def.method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';
  const url = `${server.baseUrl}${def.path}${def.method === 'GET' && params ? `?${params}` : ''}`;
  const response = await fetch(url, {
    method: def.method,
    headers,
    body: def.method === 'POST' ? (body ?? params) : undefined,
  });
  const envelope = (await response.json()) as Envelope<CallOutput<C>>;
  if (envelope.status !== STATUS_OK) throw new Error(`${def.path}: ${envelope.enMsg}`);
  return envelope.data;
}

function form(fields: Record<string, string | Buffer>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') data.append(k, v);
    else data.append(k, new Blob([new Uint8Array(v)], { type: 'image/png' }), `${k}.png`);
  }
  return data;
}

/** The operator, logged in on the server's clock (a session does not outlive the moved days). */
async function operator<C extends ConsoleCallDef>(
  def: C,
  input: ConsoleCallInput<C>,
): Promise<ConsoleCallOutput<C>> {
  const admin = initialAdmin();
  const send = async <D extends ConsoleCallDef>(d: D, i: ConsoleCallInput<D>, token: string) => {
    const { method, url, body } = consoleRequest(d, i);
    const response = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body,
    });
    const envelope = (await response.json()) as Envelope<ConsoleCallOutput<D>>;
    if (envelope.status !== STATUS_OK) throw new Error(`${url}: ${envelope.enMsg}`);
    return envelope.data;
  };
  operatorSession ??= (
    await send(
      consoleCalls.login,
      {
        username: admin.username,
        password: admin.password,
        totp: totpCode(admin.totpSecret, serverNow()),
      },
      '',
    )
  ).token;
  return send(def, input, operatorSession);
}
let operatorSession: string | undefined;

const person = () => call(teamCalls.personAndProfit, { currency: 'USDT' }, inviter.token);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-team-'));
  clockFile = path.join(dir, 'clock-offset');
  fs.writeFileSync(clockFile, '0');
  const script = path.join(dir, 'feed.json');
  fs.writeFileSync(script, JSON.stringify({ 'BTC/USDT': { from: '60000', perSecond: '5' } }));
  server = await startServer({
    NODE_ENV: 'test',
    TEST_CLOCK_FILE: clockFile,
    TOKEN_TTL_DAYS: '365',
    MARKET_FEED: 'scripted',
    MARKET_SCRIPT: script,
    MARKET_HISTORY_DAYS: '1',
    OPTIONS_PERIODS: '2,60',
  });
  useServer(server);
  browser = await launchBrowser();
  inviter = await registerTrader('inviter', 'Invite2026x');
  const phone = await newPhone(browser, { theme: 'dark', lang: 'en', token: inviter.token });
  phone.setDefaultTimeout(20_000);
  page = await phone.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
}, 90_000);
afterEach(screenshotOnFailure(() => page, 'team-'));
afterAll(async () => {
  await browser?.close();
  useServer(undefined);
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('team: share link, a friend through it, rebates released, the 25th', () => {
  it('shows the code, the link with its QR code, empty counts and the rules', async () => {
    // Reached from home's shortcuts (SPEC.md section 2: "share link").
    await open(page, '/');
    await page.locator('.shortcuts__item', { hasText: 'Invite' }).click();
    await page.waitForURL(/linkShare\/index/);
    await page.locator('.team-share').waitFor();
    const code = await page.locator('[data-testid="invite-code"]').innerText();
    inviteLink = await page.locator('[data-testid="invite-link"]').innerText();
    expect(inviteLink).toBe(`${server.baseUrl}/#/pages/login/register?inviteCode=${code}`);
    await expect(page.locator('.team-share__qr svg').count()).resolves.toBe(1);
    await expect(page.locator('[data-testid="direct-count"]').innerText()).resolves.toBe('0');
    await expect(page.locator('.team-rules').innerText()).resolves.toContain('3%');
    await expect(page.locator('.team-rules').innerText()).resolves.toContain('6.5%');
    await expect(page.locator('.team-rules').innerText()).resolves.toContain(
      '09:00 and 18:00 (America/Los_Angeles time)',
    );
    if (!isTransferDay(serverNow(), LA)) {
      await expect(page.locator('[data-testid="team-opens"]').innerText()).resolves.toMatch(
        /open on .*25/,
      );
    }
    await settle(page);
    await screenshot(page, 'team-index-dark');
  });

  it('lets a friend register through the link, the code filled in', async () => {
    const visitor = await newPhone(browser, { theme: 'dark', lang: 'en' });
    const friend = await visitor.newPage();
    friend.on('pageerror', (error) => errors.push(error.message));
    await friend.goto(inviteLink.replace(server.baseUrl, ''));
    const codeInput = friend.locator('input[name="inviteCode"]');
    await codeInput.waitFor();
    const code = inviteLink.split('inviteCode=')[1]!;
    await expect(codeInput.inputValue()).resolves.toBe(code);
    const email = uniqueEmail('friend');
    await friend.locator('input[name="email"]').fill(email);
    await friend.locator('input[name="password"]').fill('Friend2026x');
    await friend.locator('input[name="confirmPassword"]').fill('Friend2026x');
    await friend.getByRole('button', { name: 'Send code' }).click();
    await friend.locator('input[name="code"]').fill(await codeFromOutbox(email));
    await settle(friend, 1600);
    await screenshot(friend, 'team-register-with-code-dark');
    await friend.getByRole('button', { name: 'Register' }).click();
    await friend.waitForURL(/#\/$/);
    friendToken = await friend.evaluate(() => {
      const raw = localStorage.getItem('allToken');
      return raw ? (JSON.parse(raw) as { token: string }).token : '';
    });
    expect(friendToken).not.toBe('');
    await visitor.close();
    expect((await person()).directCount).toBe(1);
  });

  it('records the friend’s credited deposit and winning real trade as pending rebates', async () => {
    // The friend's deposit, credited by an operator.
    const deposit = await call(
      moneyCalls.insertUserRecharge,
      {} as never,
      friendToken,
      form({ currency: 'USDT', chain: 'TRC20', amount: '1000', image: pngPicture(3) }),
    );
    await operator(consoleCalls.approveDeposit, { id: deposit.id });
    // Primary verification (real-book options need it), approved by the operator.
    const kyc = await call(
      kycCalls.userPrimaryAuth,
      {} as never,
      friendToken,
      form({
        country: 'SG',
        address: '1 Harbour Road',
        realName: 'Sam Friend',
        idNumber: 'T22000129',
        idFront: pngPicture(4),
        idBack: pngPicture(5),
      }),
    );
    await operator(consoleCalls.approveKyc, { id: Number(kyc.id) });
    await call(userCalls.switchUser, { mode: 'real' }, friendToken);
    await call(
      assetsCalls.transferUserMoney,
      { from: 'coin', to: 'contract', currency: 'USDT', amount: '500' },
      friendToken,
    );
    const periods = await call(optionsCalls.findH5ProductPeriodsPage, { symbol: 'BTC/USDT' });
    const fast = periods.list.find((p) => p.seconds === 2)!;
    const order = await call(
      optionsCalls.insertCurrencyOrder,
      { symbol: 'BTC/USDT', direction: 'long', amount: '100', periodId: fast.id },
      friendToken,
    );
    await expect
      .poll(
        async () =>
          (await call(optionsCalls.findCurrencyOrderResult, { orderId: order.id }, friendToken))
            .outcome,
        { timeout: 15_000 },
      )
      .toBe('win');
    // 3 % of 1,000 now; the day's profit (80 at a return rate of 0.80) once the day is over.
    await expect(person()).resolves.toMatchObject({ pending: '30.00000000' });
    await open(page, '/pages/linkShare/recommend');
    await expect(page.locator('[data-testid="referral-records"] li').count()).resolves.toBe(1);
    await settle(page);
    await screenshot(page, 'team-recommend-dark');
  });

  it('releases both rebates the next day inside the window (test clock)', async () => {
    const tomorrow = addDays(localDay(serverNow(), LA.timeZone));
    moveClockTo(windowOn(tomorrow, LA).from + 30 * 60_000);
    // The job passes every 15 s: the day closes (6.5 % of 80 = 5.20) and both are released.
    await expect
      .poll(async () => (await person()).released, { timeout: 40_000, interval: 1_000 })
      .toBe('35.20000000');
    await expect(person()).resolves.toMatchObject({ pending: '0.00000000' });
    await reopen('/pages/linkShare/index');
    await expect(page.locator('[data-testid="team-available"]').innerText()).resolves.toBe('35.20');
    await expect(page.locator('[data-figure="released"] dd').innerText()).resolves.toBe('35.20');
    await expect(page.locator('.team-recent .team-item').count()).resolves.toBe(2);
    await settle(page);
    await screenshot(page, 'team-released-dark');
  });

  it('transfers the earnings to the currency account on the 25th', async () => {
    if (!isTransferDay(serverNow(), LA)) {
      const next = nextTransferDay(serverNow(), LA);
      moveClockTo(windowOn(next.day, LA).from + 60 * 60_000);
    }
    await reopen('/pages/linkShare/index');
    const transfer = page.getByRole('button', { name: 'Transfer to currency account' }).first();
    await expect(transfer.isEnabled()).resolves.toBe(true);
    await transfer.click();
    await page.locator('.team-sheet').waitFor();
    // The sheet shows what is available and says why Confirm is off for more than that.
    await expect(page.locator('[data-testid="team-sheet-available"]').innerText()).resolves.toBe(
      'Available 35.20 USDT',
    );
    await page.locator('.team-sheet input[name="amount"]').fill('36');
    await expect(page.locator('[data-testid="team-over-available"]').innerText()).resolves.toBe(
      'More than the 35.20 USDT available',
    );
    await expect(page.getByRole('button', { name: 'Confirm transfer' }).isDisabled()).resolves.toBe(
      true,
    );
    await settle(page);
    await screenshot(page, 'team-transfer-over-dark');
    await page.locator('.team-sheet').getByRole('button', { name: 'All' }).click();
    await expect(page.locator('[data-testid="team-over-available"]').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Confirm transfer' }).click();
    await expectToast(page, 'Operation successful');
    await expect.poll(async () => (await person()).transferred).toBe('35.20000000');
    await call(userCalls.switchUser, { mode: 'real' }, inviter.token);
    const money = await call(assetsCalls.findUserMoney, {}, inviter.token);
    expect(money.wallets.coin.find((w) => w.currency === 'USDT')?.available).toBe('35.20000000');
    await reopen('/pages/linkShare/index');
    await expect(page.locator('[data-figure="transferred"] dd').innerText()).resolves.toBe('35.20');
    // The day is open but nothing is left to move: the disabled buttons say why.
    await expect(
      page.getByRole('button', { name: 'Transfer to currency account' }).first().isDisabled(),
    ).resolves.toBe(true);
    await expect(page.locator('[data-testid="team-nothing"]').innerText()).resolves.toMatch(
      /^Nothing to move right now: only released earnings/,
    );
    await settle(page);
    await screenshot(page, 'team-transferred-dark');
  });

  it('shows the operator the budget, the ledger and the team tree', async () => {
    // A new session on the moved clock (the first one's day is long past).
    operatorSession = undefined;
    await operator(teamConsoleCalls.teamBudget, {});
    const token = operatorSession!;
    const desk = await newDesktop(browser, { theme: 'light', lang: 'en', operatorToken: token });
    const console = await desk.newPage();
    console.on('pageerror', (error) => errors.push(error.message));
    await openConsole(console, '/team?tab=budget');
    await console.locator('.ant-table-row').first().waitFor();
    await expect(console.locator('.ant-table-row').first().innerText()).resolves.toContain('USDT');
    await consoleSettled(console);
    await screenshot(console, 'team-console-budget-light');
    await openConsole(console, '/team?tab=rebates');
    await expect.poll(() => console.locator('.ant-table-row').count()).toBe(2);
    await consoleSettled(console);
    await screenshot(console, 'team-console-rebates-light');
    await openConsole(console, `/team?tab=tree&user=${inviter.userId}`);
    await console
      .locator('.ant-tree-treenode:not([aria-hidden])', { hasText: 'Level 1' })
      .first()
      .waitFor();
    await expect(console.locator('.ant-descriptions').innerText()).resolves.toContain(
      '1 direct friend, 0 subordinate agents',
    );
    await consoleSettled(console);
    await screenshot(console, 'team-console-tree-light');
    await desk.close();
  });

  it('reads in light and in Arabic (right to left)', async () => {
    for (const [theme, lang] of [
      ['light', 'en'],
      ['dark', 'ar'],
    ] as const) {
      const context = await newPhone(browser, { theme, lang, token: inviter.token });
      const other = await context.newPage();
      other.on('pageerror', (error) => errors.push(error.message));
      await open(other, '/pages/linkShare/index');
      if (lang === 'ar') {
        await expect(other.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
      }
      await settle(other);
      await screenshot(other, `team-index-${lang}-${theme}`);
      await open(other, '/pages/linkShare/recommend');
      await settle(other);
      await screenshot(other, `team-recommend-${lang}-${theme}`);
      await context.close();
    }
    expect(errors).toEqual([]);
  });
});
