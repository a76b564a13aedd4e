import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { channelToken, eventStream, eventSubject, tokenChannel } from './subjects';

describe('channel subjects', () => {
  it('map every kind of channel to one safe token and back', () => {
    const channels = [
      'tickers',
      'candle.BTC/USDT.1min',
      'depth.ETH/USDT.demo',
      'trades.SOL/USDT',
      'user:42',
      'support.visitor.AbC_d-123456789012345678901',
      'support.console',
    ];
    for (const channel of channels) {
      const token = channelToken(channel);
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(tokenChannel(token)).toBe(channel);
    }
    expect(channelToken('candle.BTC/USDT.1min')).toBe('candle_2EBTC_2FUSDT_2E1min');
    expect(eventSubject('tidemark', 'user:7')).toBe('tidemark.ev.user_3A7');
    expect(eventStream('tm-test-1')).toBe('TM_TEST_1_EVENTS');
  });

  it('never collide and never leave the prefix (wildcards and dots stay inside one token)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.string({ maxLength: 40 }),
        (a, b) => {
          const ta = channelToken(a);
          expect(ta).not.toMatch(/[.*> \t\r\n]/);
          expect(tokenChannel(ta)).toBe(a);
          if (a !== b) expect(ta).not.toBe(channelToken(b));
        },
      ),
    );
    expect(eventSubject('tidemark', '>')).toBe('tidemark.ev._3E');
    expect(eventSubject('tidemark', 'a.*')).toBe('tidemark.ev.a_2E_2A');
  });
});
