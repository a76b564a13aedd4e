import { describe, expect, it } from 'vitest';
import { fillPath } from './call';

describe('path parameters', () => {
  it('fills a :name segment from the input field of that name, and leaves it out of the rest', () => {
    expect(fillPath('/a/:id/b/:name', { id: 7, name: 'x y/z', page: 2 })).toEqual({
      url: '/a/7/b/x%20y%2Fz',
      rest: { page: 2 },
    });
    expect(fillPath('/a/b', { page: 2 })).toEqual({ url: '/a/b', rest: { page: 2 } });
  });

  it('refuses an input without the field a segment names', () => {
    expect(() => fillPath('/a/:id', {})).toThrow(/no id/);
    expect(() => fillPath('/a/:id', { id: '' })).toThrow(/no id/);
  });
});
