// bench:web: the home page as a new visitor on a phone feels it. The production build in a child
// process, Debian's Chromium (playwright-core) at 360 x 740 with Lighthouse's mobile profile of
// devtools throttling (slow 4G: 562.5 ms round trip, 1,474.56 kbit/s down, 675 kbit/s up; CPU 4x
// slower), a cold cache each run. Printed as JSON, medians over the runs:
//   lcpMs         largest contentful paint after navigation start (target <= 2,500)
//   tbtMs         total blocking time: the part over 50 ms of every long task after the first
//                 contentful paint, until the page has been quiet for the measuring window
//   cls           cumulative layout shift, the largest session window (target <= 0.1)
//   firstTickerMs from the websocket opening to the first `tickers` frame (target <= 1,000)
// Needs `npm run build` first (npm test builds). BENCH_WEB_RUNS (default 3; the smoke run 1);
// BENCH_WEB_WATERFALL=1 also prints each run's requests (start, end, bytes, url) on stderr.
//   npm run bench:web
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { machine, sleep, startTidemark } from './support';

const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? (process.env.BENCH_SECONDS ? 1 : 3)));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Lighthouse's mobile devtools throttling (lighthouse-core/config/constants.js). */
const PROFILE = {
  latencyMs: 562.5,
  downloadKbps: 1474.56,
  uploadKbps: 675,
  cpuSlowdown: 4,
  viewport: { width: 360, height: 740 },
};
const TARGETS = { lcpMs: 2_500, cls: 0.1, firstTickerMs: 1_000 };
/** The page counts as settled after this long without a long task or a layout shift. */
const QUIET_MS = 3_000;
const MAX_WAIT_MS = 30_000;

interface RunMetrics {
  lcpMs: number | null;
  /** What the largest paint was (tag.classes and its url for an image). */
  lcpElement: string | null;
  fcpMs: number | null;
  tbtMs: number;
  cls: number;
  socketOpenMs: number | null;
  firstTickerMs: number | null;
  transferredKB: number;
}

/**
 * Runs in the page before its scripts: observers for paint, layout shifts and long tasks, and a
 * WebSocket wrapper that notes when the socket opened and when the first `tickers` frame came.
 * Plain JavaScript in a string: a function compiled by tsx would carry its helpers into the page.
 */
const OBSERVE = `(() => {
  const state = { lcp: null, lcpElement: null, fcp: null, longTasks: [], shifts: [], lastActivity: 0,
    socketOpen: null, firstTicker: null };
  window.__bench = state;
  const watch = (type, fn) => new PerformanceObserver((list) => list.getEntries().forEach(fn))
    .observe({ type, buffered: true });
  watch('largest-contentful-paint', (e) => {
    state.lcp = e.startTime;
    const el = e.element;
    state.lcpElement = el ? el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ').join('.') : '') + (e.url ? ' ' + e.url : '') : null;
  });
  watch('paint', (e) => { if (e.name === 'first-contentful-paint') state.fcp = e.startTime; });
  watch('longtask', (e) => {
    state.longTasks.push({ start: e.startTime, duration: e.duration });
    state.lastActivity = performance.now();
  });
  watch('layout-shift', (e) => {
    if (e.hadRecentInput) return;
    state.shifts.push({ time: e.startTime, value: e.value });
    state.lastActivity = performance.now();
  });
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener('open', () => { if (state.socketOpen === null) state.socketOpen = performance.now(); });
      this.addEventListener('message', (event) => {
        if (state.firstTicker !== null || typeof event.data !== 'string') return;
        if (event.data.includes('"channel":"tickers"')) state.firstTicker = performance.now();
      });
    }
  };
})();`;

interface PageState {
  lcp: number | null;
  lcpElement: string | null;
  fcp: number | null;
  longTasks: { start: number; duration: number }[];
  shifts: { time: number; value: number }[];
  lastActivity: number;
  socketOpen: number | null;
  firstTicker: number | null;
}

/** CLS as Chrome defines it: the largest session window (gaps under 1 s, at most 5 s long). */
function largestSessionWindow(shifts: { time: number; value: number }[]): number {
  let best = 0;
  let current = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const s of shifts) {
    if (s.time - last > 1_000 || s.time - start > 5_000) {
      current = 0;
      start = s.time;
    }
    current += s.value;
    last = s.time;
    best = Math.max(best, current);
  }
  return best;
}

async function measure(browser: Browser, base: string): Promise<RunMetrics> {
  const context = await browser.newContext({
    viewport: PROFILE.viewport,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PROFILE.latencyMs,
      downloadThroughput: (PROFILE.downloadKbps * 1024) / 8,
      uploadThroughput: (PROFILE.uploadKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
    let transferred = 0;
    cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
      transferred += event.encodedDataLength;
    });
    await page.addInitScript(OBSERVE);
    await page.goto(`${base}/`, { waitUntil: 'load', timeout: MAX_WAIT_MS });
    const began = Date.now();
    // Settled: the first ticker came (or the wait ran out) and nothing moved for QUIET_MS.
    for (;;) {
      await sleep(250);
      const { quietFor, ticker } = (await page.evaluate(
        `({ quietFor: performance.now() - window.__bench.lastActivity,
            ticker: window.__bench.firstTicker !== null })`,
      )) as { quietFor: number; ticker: boolean };
      if ((ticker && quietFor >= QUIET_MS) || Date.now() - began > MAX_WAIT_MS) break;
    }
    const raw = (await page.evaluate('window.__bench')) as PageState;
    if (process.env.BENCH_WEB_WATERFALL) {
      // The run's requests on stderr (the JSON on stdout stays clean): when each started and ended.
      // The document first: everything before its end is round trips no preload can save.
      const waterfall = (await page.evaluate(`[...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource')].map((r) =>
        [Math.round(r.startTime), Math.round(r.responseEnd), r.transferSize, r.name].join(' '))`)) as string[];
      console.error(waterfall.join('\n'));
    }
    const fcp = raw.fcp ?? 0;
    const tbt = raw.longTasks
      .filter((t) => t.start >= fcp)
      .reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
    return {
      lcpMs: raw.lcp === null ? null : Math.round(raw.lcp),
      lcpElement: raw.lcpElement,
      fcpMs: raw.fcp === null ? null : Math.round(raw.fcp),
      tbtMs: Math.round(tbt),
      cls: Number(largestSessionWindow(raw.shifts).toFixed(4)),
      socketOpenMs: raw.socketOpen === null ? null : Math.round(raw.socketOpen),
      firstTickerMs:
        raw.firstTicker === null || raw.socketOpen === null
          ? null
          : Math.round(raw.firstTicker - raw.socketOpen),
      transferredKB: Math.round(transferred / 102.4) / 10,
    };
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-bench-web-'));
  const server = await startTidemark(dataDir);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    // One unthrottled visit first: the server's own first-request work is not the phone's.
    const warm = await browser.newPage();
    await warm.goto(`${server.base}/`, { waitUntil: 'load' });
    await warm.close();
    const runs: RunMetrics[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, server.base));
    const of = (key: Exclude<keyof RunMetrics, 'lcpElement'>) => {
      const values = runs.map((r) => r[key]).filter((v): v is number => v !== null);
      return values.length === runs.length ? median(values) : null;
    };
    const result = {
      bench: 'web',
      machine,
      page: '/ (home, a new visitor)',
      profile: PROFILE,
      runs: RUNS,
      lcpMs: of('lcpMs'),
      fcpMs: of('fcpMs'),
      tbtMs: of('tbtMs'),
      cls: of('cls'),
      socketOpenMs: of('socketOpenMs'),
      firstTickerMs: of('firstTickerMs'),
      transferredKB: of('transferredKB'),
      targets: TARGETS,
      met: {
        lcp: (of('lcpMs') ?? Infinity) <= TARGETS.lcpMs,
        cls: (of('cls') ?? Infinity) <= TARGETS.cls,
        firstTicker: (of('firstTickerMs') ?? Infinity) <= TARGETS.firstTickerMs,
      },
      each: runs,
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
