import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../../../api/socket';
import { viewedBook } from './book';

describe('the book a viewer sees', () => {
  it('is the real book for visitors, the user’s own once known, nothing before', () => {
    expect(viewedBook(null, undefined)).toBe('real');
    expect(viewedBook('token', undefined)).toBeUndefined();
    expect(viewedBook('token', 'demo')).toBe('demo');
    expect(viewedBook('token', 'real')).toBe('real');
  });

  it('names the channels of each book as the server publishes them', () => {
    expect(CHANNELS.depth('BTC/USDT', 'real')).toBe('depth.BTC/USDT');
    expect(CHANNELS.depth('BTC/USDT', 'demo')).toBe('depth.BTC/USDT.demo');
    expect(CHANNELS.trades('ETH/USDT', 'demo')).toBe('trades.ETH/USDT.demo');
  });
});
