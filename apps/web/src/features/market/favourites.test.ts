import { describe, expect, it } from 'vitest';
import { favouriteRows, missingOn, parseFavourites, toggleFavourite } from './favourites';

describe('favourite pairs', () => {
  it('read a stored list defensively', () => {
    expect(parseFavourites(null)).toEqual([]);
    expect(parseFavourites('not json')).toEqual([]);
    expect(parseFavourites('{"BTC/USDT":1}')).toEqual([]);
    expect(parseFavourites('["BTC/USDT", 3, "<script>", "ETH/USDT", "BTC/USDT"]')).toEqual([
      'BTC/USDT',
      'ETH/USDT',
    ]);
    const many = JSON.stringify(Array.from({ length: 150 }, (_, i) => `C${i}/USDT`));
    expect(parseFavourites(many)).toHaveLength(100);
  });

  it('star at the end and unstar in place', () => {
    expect(toggleFavourite([], 'BTC/USDT')).toEqual(['BTC/USDT']);
    expect(toggleFavourite(['BTC/USDT'], 'ETH/USDT')).toEqual(['BTC/USDT', 'ETH/USDT']);
    expect(toggleFavourite(['BTC/USDT', 'ETH/USDT', 'SOL/USDT'], 'ETH/USDT')).toEqual([
      'BTC/USDT',
      'SOL/USDT',
    ]);
  });

  it("move only the visitor's stars the server lacks", () => {
    expect(missingOn(['BTC/USDT'], ['SOL/USDT', 'BTC/USDT', 'ETH/USDT'])).toEqual([
      'SOL/USDT',
      'ETH/USDT',
    ]);
    expect(missingOn(['BTC/USDT'], [])).toEqual([]);
  });

  it('list the rows in starred order, without pairs that are gone', () => {
    const rows = [{ symbol: 'BTC/USDT' }, { symbol: 'ETH/USDT' }, { symbol: 'SOL/USDT' }];
    expect(favouriteRows(rows, ['SOL/USDT', 'XYZ/USDT', 'BTC/USDT'])).toEqual([
      { symbol: 'SOL/USDT' },
      { symbol: 'BTC/USDT' },
    ]);
  });
});
