import type { Browser, Page } from 'playwright-core';
import { registerTrader } from './api';
import { launchBrowser, newPhone } from './browser';

/** A journey's browser and a phone signed in as a trader of its own. */
export interface TraderPhone {
  browser: Browser;
  page: Page;
  token: string;
  /** Uncaught errors of the page: a journey ends by expecting none. */
  errors: string[];
  /** The Idempotency-Key header of every request to one of `keysOf`'s paths, in order. */
  keys: string[];
}

/**
 * How the trader journeys start: chromium, a new trader registered through the API (the journey
 * is about what they do, not sign-up), a phone signed in as them, and a watch on the page's
 * errors and on the idempotency keys of the money calls the journey checks.
 */
export async function openTraderPhone(
  prefix: string,
  password: string,
  keysOf: readonly string[] = [],
): Promise<TraderPhone> {
  const browser = await launchBrowser();
  const { token } = await registerTrader(prefix, password);
  const context = await newPhone(browser, { token });
  const page = await context.newPage();
  const errors: string[] = [];
  const keys: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    const url = request.url();
    if (keysOf.some((path) => url.includes(path)))
      keys.push(request.headers()['idempotency-key'] ?? '');
  });
  return { browser, page, token, errors, keys };
}
