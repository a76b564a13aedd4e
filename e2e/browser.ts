import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { TestContext } from 'vitest';
import { serverDataDir, serverUrl } from './target';

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
    baseURL: serverUrl(),
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
  // From the top: a full-page picture of a scrolled page draws sticky headers mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  // Pictures that load at once (home's banner comes after the first paint) are in the picture.
  await page
    .waitForFunction(
      () => Array.from(document.images).every((img) => img.loading === 'lazy' || img.complete),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** An afterEach hook: a failed test leaves a picture, failed-<prefix><test name>.png. */
export function screenshotOnFailure(page: () => Page, prefix = '') {
  return async (test: TestContext): Promise<void> => {
    if (test.task.result?.state === 'fail')
      await screenshot(page(), `failed-${prefix}${test.task.name.replace(/\W+/g, '-')}`);
  };
}

interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  code: string;
}

/** The newest verification code the server wrote to its outbox for an address. */
export async function codeFromOutbox(to: string, timeoutMs = 10_000): Promise<string> {
  const file = path.join(serverDataDir(), 'outbox.jsonl');
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

// --- pictures for file inputs -------------------------------------------------------------------

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real PNG (8-bit RGB) of a made-up document: a coloured band, lines of "text" and a frame,
 * drawn from `seed` so that every picture of a journey has different bytes.
 */
export function pngPicture(seed: number, width = 320, height = 200): Buffer {
  const hue = (seed * 67) % 256;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const frame = x < 4 || y < 4 || x >= width - 4 || y >= height - 4;
      const band = y < 44;
      const line = y > 64 && (y - 64) % 22 < 8 && x > 20 && x < width - 20 - ((y * seed) % 90);
      let rgb: [number, number, number];
      if (frame) rgb = [40, 40, 48];
      else if (band) rgb = [hue, (x + seed * 13) % 256, 200 - (y % 40)];
      else if (line) rgb = [70, 76, 90];
      else rgb = [246, 244, 238];
      row.set(rgb, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A picked file for `setInputFiles`: a PNG picture named like a phone's screenshot. */
export function pngFile(name: string, seed: number) {
  return { name, mimeType: 'image/png', buffer: pngPicture(seed) };
}

// --- the operator console (desktop) -------------------------------------------------------------

export const DESKTOP = { width: 1280, height: 800 };

export interface DesktopOptions {
  theme?: Theme;
  lang?: string;
  /** An operator's session token: the console keeps it in sessionStorage, per tab. */
  operatorToken?: string;
}

/** A desktop-sized context for the console, starting with the given theme, language and session. */
export async function newDesktop(
  browser: Browser,
  options: DesktopOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: DESKTOP,
    baseURL: serverUrl(),
  });
  const local: Record<string, string> = {};
  if (options.theme) local['console.theme'] = options.theme;
  if (options.lang) local['console.lang'] = options.lang;
  const session: Record<string, string> = {};
  if (options.operatorToken) session['console.token'] = options.operatorToken;
  await context.addInitScript(
    (seed: { local: Record<string, string>; session: Record<string, string> }) => {
      if (sessionStorage.getItem('tm-seeded')) return;
      sessionStorage.setItem('tm-seeded', '1');
      for (const [k, v] of Object.entries(seed.local)) localStorage.setItem(k, v);
      for (const [k, v] of Object.entries(seed.session)) sessionStorage.setItem(k, v);
    },
    { local, session },
  );
  return context;
}

/** Waits until the console shows a page at rest: no page chunk, query or table still loading. */
export async function consoleSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('.page-loading, .ant-spin-spinning, .ant-skeleton-active') &&
      !!document.querySelector('.console-layout, .login-screen, .ant-result'),
  );
}

/**
 * Waits until an antd modal is open and has finished its opening zoom. The zoom grows from the
 * button that opened it: a click aimed while it still grows can land beside its target (seen once
 * in CI, on a busy machine: "Add a canned reply" was never pressed).
 */
export async function modalAtRest(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const modals = Array.from(document.querySelectorAll('.ant-modal'));
    return (
      modals.length > 0 &&
      modals.every((modal) =>
        modal
          .getAnimations({ subtree: true })
          .every((animation) => !animation.pending && animation.playState !== 'running'),
      )
    );
  });
}

/** Opens a console path (below /console) and waits for it to rest. */
export async function openConsole(page: Page, route: string): Promise<void> {
  await page.goto(`/console${route}`);
  await consoleSettled(page);
}
