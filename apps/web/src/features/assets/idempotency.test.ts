import { describe, expect, it } from 'vitest';
import { createKeyKeeper, newIdempotencyKey } from './idempotency';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('idempotency keys', () => {
  it('uses crypto.randomUUID where the context is secure', () => {
    expect(newIdempotencyKey({ randomUUID: () => 'from-uuid', getRandomValues: (a) => a })).toBe(
      'from-uuid',
    );
    expect(newIdempotencyKey()).toMatch(UUID_V4);
  });

  it('builds a version-4 UUID from getRandomValues on plain http', () => {
    const source = { getRandomValues: <T extends ArrayBufferView | null>(a: T) => a };
    // All-zero random bytes still carry the version and variant bits.
    expect(newIdempotencyKey(source)).toBe('00000000-0000-4000-8000-000000000000');
    const real = { getRandomValues: crypto.getRandomValues.bind(crypto) };
    const keys = new Set(Array.from({ length: 200 }, () => newIdempotencyKey(real)));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });

  it('falls back to Math.random with no Web Crypto at all', () => {
    expect(newIdempotencyKey(undefined)).toMatch(UUID_V4);
  });
});

describe('one key per action', () => {
  let n = 0;
  const keeper = () => createKeyKeeper(() => `key-${++n}`);

  it('reuses the key when the same press is retried after a lost answer', () => {
    const keys = keeper();
    const first = keys.keyFor('coin>contract:USDT:250.5');
    expect(keys.keyFor('coin>contract:USDT:250.5')).toBe(first);
  });

  it('starts a new action once the server answered', () => {
    const keys = keeper();
    const first = keys.keyFor('coin>contract:USDT:250.5');
    keys.settle();
    expect(keys.keyFor('coin>contract:USDT:250.5')).not.toBe(first);
  });

  it('starts a new action when the input changed', () => {
    const keys = keeper();
    const first = keys.keyFor('coin>contract:USDT:250.5');
    expect(keys.keyFor('coin>contract:USDT:251')).not.toBe(first);
  });
});
