import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdMap } from './id-map';

type Op = { add: boolean; id: number };

describe('IdMap', () => {
  it('behaves like a Map under random adds and deletes, through growth and wrap-around', () => {
    const id = fc.oneof(
      fc.integer({ min: 1, max: 64 }),
      fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
      fc.integer({ min: 0, max: 40 }).map((k) => 2 ** 32 * k + 7),
    );
    fc.assert(
      fc.property(
        fc.array(fc.record({ add: fc.boolean(), id }), { maxLength: 400 }),
        (ops: Op[]) => {
          const map = new IdMap<number>(16);
          const model = new Map<number, number>();
          ops.forEach(({ add, id }, step) => {
            if (add && !model.has(id)) {
              map.set(id, step);
              model.set(id, step);
            } else {
              expect(map.delete(id)).toBe(model.delete(id));
            }
            expect(map.size).toBe(model.size);
          });
          for (const [key, value] of model) expect(map.get(key)).toBe(value);
          for (const { id } of ops) if (!model.has(id)) expect(map.get(id)).toBeUndefined();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers undefined for ids that can never be stored', () => {
    const map = new IdMap<string>();
    map.set(1, 'a');
    for (const id of [0, -1, 0.5, NaN, 2 ** 60]) {
      expect(map.get(id)).toBeUndefined();
      expect(map.delete(id)).toBe(false);
    }
    expect(map.get(1)).toBe('a');
  });

  it('keeps sequential ids cheap to find after heavy churn', () => {
    const map = new IdMap<number>(16);
    let missed = 0;
    for (let id = 1; id <= 200_000; id++) {
      map.set(id, id);
      if (id > 1_000 && !map.delete(id - 1_000)) missed++;
    }
    expect(missed).toBe(0);
    expect(map.size).toBe(1_000);
    expect(map.get(199_999)).toBe(199_999);
    expect(map.get(199_000)).toBeUndefined();
  });
});
