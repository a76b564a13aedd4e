/**
 * Order id -> value, for O(1) cancel. Open addressing with linear probing and backward-shift
 * deletion, keys in a Float64Array (ids are positive safe integers; 0 marks an empty slot).
 *
 * Why not Map: a book adds and removes ids all the time, and under that churn V8's Map rebuilds
 * its whole table every few thousand inserts, each time leaving a table of megabytes in the old
 * generation for a major GC to collect. Here a deletion shifts its probe run back instead of
 * leaving a tombstone, so the table is only ever rebuilt to double; the book stays as fast after
 * a million orders as after the first thousand.
 */
export class IdMap<T> {
  private keys: Float64Array;
  private values: (T | null)[];
  private mask: number;
  /** Fibonacci hashing keeps the top bits of the product: sequential ids spread evenly. */
  private shift: number;
  private count = 0;

  constructor(capacity = 1024) {
    const bits = Math.max(4, Math.ceil(Math.log2(capacity)));
    this.keys = new Float64Array(1 << bits);
    this.values = Array.from({ length: 1 << bits }, () => null);
    this.mask = (1 << bits) - 1;
    this.shift = 32 - bits;
  }

  get size(): number {
    return this.count;
  }

  get(id: number): T | undefined {
    const keys = this.keys;
    for (let i = this.slot(id); ; i = (i + 1) & this.mask) {
      const key = keys[i]!;
      if (key === 0) return undefined; // first, so that id 0 never matches an empty slot
      if (key === id) return this.values[i]!;
    }
  }

  /** Adds an id that is not present (the book checks first). */
  set(id: number, value: T): void {
    if ((this.count + 1) * 2 > this.keys.length) this.grow();
    let i = this.slot(id);
    while (this.keys[i] !== 0) i = (i + 1) & this.mask;
    this.keys[i] = id;
    this.values[i] = value;
    this.count++;
  }

  delete(id: number): boolean {
    const { keys, values, mask } = this;
    let hole = this.slot(id);
    for (;;) {
      const key = keys[hole]!;
      if (key === 0) return false;
      if (key === id) break;
      hole = (hole + 1) & mask;
    }
    // Pull later entries of the probe run back into the hole unless that would put one before
    // its home slot, so every lookup still finds its key before the first empty slot.
    for (let j = (hole + 1) & mask; keys[j] !== 0; j = (j + 1) & mask) {
      const home = this.slot(keys[j]!);
      const staysPut = hole <= j ? hole < home && home <= j : hole < home || home <= j;
      if (staysPut) continue;
      keys[hole] = keys[j]!;
      values[hole] = values[j]!;
      hole = j;
    }
    keys[hole] = 0;
    values[hole] = null;
    this.count--;
    return true;
  }

  private slot(id: number): number {
    // Both 32-bit halves take part, so ids above 2^32 hash as well as small ones.
    const mixed = (id >>> 0) ^ Math.imul((id / 4294967296) >>> 0, 0x85ebca6b);
    return Math.imul(mixed, 0x9e3779b1) >>> this.shift;
  }

  private grow(): void {
    const { keys, values } = this;
    const bits = 33 - this.shift;
    this.keys = new Float64Array(1 << bits);
    this.values = Array.from({ length: 1 << bits }, () => null);
    this.mask = (1 << bits) - 1;
    this.shift = 32 - bits;
    this.count = 0;
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] !== 0) this.set(keys[i]!, values[i]!);
    }
  }
}
