import { describe, expect, it } from 'vitest';
import { nextPageParam } from './paging';

describe('the next page of a paged call', () => {
  it('asks for the next page while rows remain, and for none at the end', () => {
    expect(nextPageParam({ page: 1, pageSize: 20, total: 41 })).toBe(2);
    expect(nextPageParam({ page: 2, pageSize: 20, total: 41 })).toBe(3);
    expect(nextPageParam({ page: 3, pageSize: 20, total: 41 })).toBeUndefined();
    expect(nextPageParam({ page: 2, pageSize: 20, total: 40 })).toBeUndefined();
    expect(nextPageParam({ page: 1, pageSize: 20, total: 0 })).toBeUndefined();
  });
});
