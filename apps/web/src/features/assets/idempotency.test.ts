import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../api/client';
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

  it('sends with the key, and settles only when the server answered', async () => {
    const keys = keeper();
    const answered = vi.fn();
    const seen: string[] = [];
    const lost = (key: string) => {
      seen.push(key);
      return Promise.reject(new NetworkError('offline'));
    };
    await expect(keys.send('a', lost, answered)).rejects.toBeInstanceOf(NetworkError);
    await expect(keys.send('a', lost, answered)).rejects.toBeInstanceOf(NetworkError);
    expect(seen[1]).toBe(seen[0]);
    expect(answered).not.toHaveBeenCalled();

    const refusal = new ApiError({ status: '0', cnMsg: 'x', enMsg: 'x', data: null }, 200);
    const refused = (key: string) => {
      seen.push(key);
      return Promise.reject(refusal);
    };
    await expect(keys.send('a', refused, answered)).rejects.toBe(refusal);
    expect(seen[2]).toBe(seen[0]);
    expect(answered).toHaveBeenCalledTimes(1);

    const done = (key: string) => {
      seen.push(key);
      return Promise.resolve(key);
    };
    await expect(keys.send('a', done, answered)).resolves.toBe(seen[3]);
    expect(seen[3]).not.toBe(seen[0]);
    expect(answered).toHaveBeenCalledTimes(2);
    await keys.send('a', done);
    expect(seen[4]).not.toBe(seen[3]);
  });
});
