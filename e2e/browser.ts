import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const VIEWPORT = { width: 360, height: 740 };
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, 'screenshots');

export type Theme = 'dark' | 'light';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface ContextOptions {
  theme?: Theme;
  lang?: string;
  token?: string;
}

/** A phone-sized context whose localStorage starts with the given theme, language and token. */
export async function newPhone(
  browser: Browser,
  options: ContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    baseURL: inject('baseUrl'),
  });
  const seed: Record<string, string> = {};
  if (options.theme) seed.theme = options.theme;
  if (options.lang) seed.lang = options.lang;
  if (options.token) seed.allToken = JSON.stringify({ token: options.token });
  await context.addInitScript((values: Record<string, string>) => {
    if (sessionStorage.getItem('tm-seeded')) return;
    sessionStorage.setItem('tm-seeded', '1');
    for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v);
  }, seed);
  return context;
}

/** Opens a hash route and waits until the page has rendered past its loading view. */
export async function open(page: Page, route: string): Promise<void> {
  await page.goto(`/#${route}`);
  await page.waitForSelector('.page', { state: 'attached' });
  await page.waitForFunction(() => !document.querySelector('.state-view[role="status"]'));
  await settle(page);
}

/** Lets transitions and toasts finish so a screenshot shows the resting page. */
export async function settle(page: Page, ms = 450): Promise<void> {
  await page.waitForTimeout(ms);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  code: string;
}

/** The newest verification code the server wrote to its outbox for an address. */
export async function codeFromOutbox(to: string, timeoutMs = 10_000): Promise<string> {
  const file = path.join(inject('dataDir'), 'outbox.jsonl');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (fs.existsSync(file)) {
      const messages = fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as OutboxMessage)
        .filter((m) => m.to === to);
      const last = messages.at(-1);
      if (last) return last.code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code reached the outbox for ${to}`);
}

/** Waits for a toast showing exactly this text; fails with the toasts actually seen. */
export async function expectToast(page: Page, text: string): Promise<void> {
  const toast = page
    .locator('.adm-toast-main')
    .filter({ hasText: new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`) });
  try {
    await toast.first().waitFor({ state: 'visible', timeout: 5_000 });
  } catch {
    const seen = await page.locator('.adm-toast-main').allInnerTexts();
    throw new Error(`expected a toast "${text}", saw ${JSON.stringify(seen)}`);
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
}
