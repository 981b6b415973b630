/**
 * Identifiers seen by the indexing tokenizer, found by their bytes: an open-addressing table of
 * FNV-1a hashes over a pool of the identifiers' bytes. A cold build meets millions of identifier
 * occurrences but only tens of thousands of distinct names (babel: 30.9 K); looking each one up
 * by its bytes, with no string made for it, is ~3.5× faster than slicing a string and asking a
 * Map (measured over babel's 29 MB: 100 ms against 380 ms).
 */
export class IdentifierTable {
  /** Entry id per slot, -1 when empty. */
  private slots = new Int32Array(1 << 12).fill(-1);
  private hashes = new Int32Array(1 << 12);
  private pool = new Uint8Array(1 << 16);
  private poolUsed = 0;
  private starts = new Int32Array(1 << 11);
  private lengths = new Int32Array(1 << 11);
  private count = 0;

  /** Distinct identifiers held. */
  get size(): number {
    return this.count;
  }

  /** Bytes held (pool and tables), for the caller's memory cap. */
  get bytes(): number {
    return this.pool.length + this.slots.byteLength * 2 + this.starts.byteLength * 2;
  }

  /**
   * The entry id of the identifier `buf[from, to)` whose FNV-1a hash is `hash` (see `fnv`), or -1
   * when it is new; `add` then stores it.
   */
  find(buf: Uint8Array, from: number, to: number, hash: number): number {
    const mask = this.slots.length - 1;
    const length = to - from;
    for (let s = hash & mask; ; s = (s + 1) & mask) {
      const e = this.slots[s];
      if (e < 0) return -1;
      if (this.hashes[s] !== hash || this.lengths[e] !== length) continue;
      const start = this.starts[e];
      let k = 0;
      while (k < length && this.pool[start + k] === buf[from + k]) k++;
      if (k === length) return e;
    }
  }

  /** Stores a new identifier (after `find` returned -1); returns its entry id. */
  add(buf: Uint8Array, from: number, to: number, hash: number): number {
    if ((this.count + 1) * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    const length = to - from;
    if (this.poolUsed + length > this.pool.length) this.pool = grown(this.pool, this.poolUsed + length);
    if (this.count === this.starts.length) {
      this.starts = grown(this.starts, this.count + 1);
      this.lengths = grown(this.lengths, this.count + 1);
    }
    const e = this.count++;
    this.pool.set(buf.subarray(from, to), this.poolUsed);
    this.starts[e] = this.poolUsed;
    this.lengths[e] = length;
    this.poolUsed += length;
    this.place(e, hash);
    return e;
  }

  private place(e: number, hash: number): void {
    const mask = this.slots.length - 1;
    let s = hash & mask;
    while (this.slots[s] >= 0) s = (s + 1) & mask;
    this.slots[s] = e;
    this.hashes[s] = hash;
  }

  private rehash(size: number): void {
    const old = { slots: this.slots, hashes: this.hashes };
    this.slots = new Int32Array(size).fill(-1);
    this.hashes = new Int32Array(size);
    for (let s = 0; s < old.slots.length; s++) if (old.slots[s] >= 0) this.place(old.slots[s], old.hashes[s]);
  }
}

function grown<T extends Uint8Array | Int32Array>(a: T, need: number): T {
  const b = new (a.constructor as new (n: number) => T)(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

export const FNV_OFFSET = 0x811c9dc5 | 0;
export const FNV_PRIME = 16777619;
