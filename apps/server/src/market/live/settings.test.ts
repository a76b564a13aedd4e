import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

/** The live feed's settings as loadConfig reads them from the environment. */
function market(env: Record<string, string>) {
  return loadConfig({ DATA_DIR: '/tmp/tidemark-settings-test', ...env }).market;
}

function problems(env: Record<string, string>): string[] {
  try {
    market(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('market feed settings', () => {
  it('defaults to the simulator, with the live rules ready: three sources, 10 s, 200 bps, 2', () => {
    expect(market({})).toMatchObject({
      feed: { kind: 'simulator' },
      live: {
        sources: ['binance', 'okx', 'coinbase'],
        staleMs: 10_000,
        bandBps: 200,
        minSources: 2,
      },
    });
  });

  it('takes sim and simulator for the simulator, and live', () => {
    expect(market({ MARKET_FEED: 'sim' }).feed).toEqual({ kind: 'simulator' });
    expect(market({ MARKET_FEED: 'simulator' }).feed).toEqual({ kind: 'simulator' });
    expect(market({ MARKET_FEED: 'live' }).feed).toEqual({ kind: 'live' });
  });

  it('reads the sources and the rules', () => {
    expect(
      market({
        MARKET_FEED: 'live',
        MARKET_SOURCES: ' OKX, binance ',
        MARKET_STALE_MS: '5000',
        MARKET_BAND_BPS: '50',
        MARKET_MIN_SOURCES: '1',
      }).live,
    ).toEqual({ sources: ['okx', 'binance'], staleMs: 5_000, bandBps: 50, minSources: 1 });
  });

  it('refuses bad values at start, naming the setting', () => {
    expect(problems({ MARKET_FEED: 'exchange' })[0]).toMatch(/^MARKET_FEED: /);
    expect(problems({ MARKET_SOURCES: 'binance,kraken' })).toEqual([
      'MARKET_SOURCES: unknown source kraken (known: binance, okx, coinbase)',
    ]);
    expect(problems({ MARKET_SOURCES: 'okx,okx' })).toContain(
      'MARKET_SOURCES: a source is listed twice',
    );
    expect(problems({ MARKET_SOURCES: ' , ' })).toEqual([
      'MARKET_SOURCES: name at least one source',
    ]);
    expect(problems({ MARKET_SOURCES: 'binance', MARKET_MIN_SOURCES: '2' })).toEqual([
      'MARKET_MIN_SOURCES: 2 needs at least as many sources, MARKET_SOURCES names 1',
    ]);
    expect(problems({ MARKET_STALE_MS: '500' })[0]).toMatch(
      /^MARKET_STALE_MS: must be at least 1000/,
    );
    expect(problems({ MARKET_STALE_MS: 'soon' })[0]).toMatch(/^MARKET_STALE_MS: /);
    expect(problems({ MARKET_BAND_BPS: '0' })[0]).toMatch(/^MARKET_BAND_BPS: must be at least 1/);
    expect(problems({ MARKET_BAND_BPS: '9000' })[0]).toMatch(/^MARKET_BAND_BPS: must be at most/);
    expect(problems({ MARKET_MIN_SOURCES: '0' })[0]).toMatch(
      /^MARKET_MIN_SOURCES: must be at least 1/,
    );
    expect(problems({ MARKET_MIN_SOURCES: '4' })[0]).toMatch(
      /^MARKET_MIN_SOURCES: must be at most 3/,
    );
    expect(problems({ MARKET_MIN_SOURCES: '1.5' })[0]).toMatch(/^MARKET_MIN_SOURCES: /);
  });
});
