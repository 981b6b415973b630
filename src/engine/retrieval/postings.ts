/** The high bit of a posting's value: the chunk defines the token (a function, class... of that name). */
export const DEFINES_BIT = 0x8000_0000;
const TF_MASK = 0x7fff_ffff;

/** A posting list: [chunkId, value, chunkId, value, …] in one typed array, the first `used` slots live. */
interface PostingList {
  data: Uint32Array;
  used: number;
}

/** A snapshot of a posting store as flat arrays (what the on-disk index holds). */
export interface PackedPostings {
  /** Tokens in list order. */
  tokens: string[];
  /** List i is data[offsets[i] .. offsets[i + 1]). */
  offsets: Uint32Array;
  data: Uint32Array;
}

/**
 * The inverted index: token → posting list, each list a growable `Uint32Array` of (chunk id,
 * term frequency | DEFINES_BIT) pairs, so a posting costs 8 bytes rather than a JS object.
 * Chunk ids only grow; removing chunks leaves their pairs in place until `compact` rewrites the
 * lists, and readers skip them through the `alive` test they pass.
 */
export class PostingStore {
  private readonly ids = new Map<string, number>();
  /** Lists by id; a list of a loaded index is made (a view of `loaded`) when first used. */
  private readonly lists: (PostingList | undefined)[] = [];
  private loaded: PackedPostings | undefined;

  /** The list id of `token`, created empty if new. Ids stay stable until the store is packed. */
  intern(token: string): number {
    let id = this.ids.get(token);
    if (id === undefined) {
      id = this.lists.length;
      this.ids.set(token, id);
      this.lists.push({ data: new Uint32Array(4), used: 0 });
    }
    return id;
  }

  /** Appends a posting of `token` for `chunkId`. */
  add(token: string, chunkId: number, tf: number, defines: boolean): void {
    this.addTo(this.intern(token), chunkId, tf, defines);
  }

  /** Appends a posting to the list `listId` (from `intern`). */
  addTo(listId: number, chunkId: number, tf: number, defines: boolean): void {
    const list = this.list(listId);
    if (list.used + 2 > list.data.length) {
      const grown = new Uint32Array(Math.max(4, list.data.length * 2));
      grown.set(list.data.subarray(0, list.used));
      list.data = grown;
    }
    list.data[list.used++] = chunkId;
    list.data[list.used++] = (Math.min(tf, TF_MASK) | (defines ? DEFINES_BIT : 0)) >>> 0;
  }

  /** Calls `fn` for each posting of `token` whose chunk `alive` accepts. */
  /** Each posting of `token` whose chunk is alive (every one when `alive` is undefined: nothing was removed). */
  forEach(token: string, alive: ((chunkId: number) => boolean) | undefined, fn: (chunkId: number, tf: number, defines: boolean) => void): void {
    const id = this.ids.get(token);
    if (id === undefined) return;
    const { data, used } = this.list(id);
    for (let i = 0; i < used; i += 2) {
      const chunk = data[i];
      if (alive && !alive(chunk)) continue;
      const v = data[i + 1];
      fn(chunk, v & TF_MASK, (v & DEFINES_BIT) !== 0);
    }
  }

  /** Number of live chunks holding `token`: exact, counted from the list. */
  count(token: string, alive: ((chunkId: number) => boolean) | undefined): number {
    const id = this.ids.get(token);
    if (id === undefined) return 0;
    const { data, used } = this.list(id);
    if (!alive) return used / 2;
    let n = 0;
    for (let i = 0; i < used; i += 2) if (alive(data[i])) n++;
    return n;
  }

  /** Number of distinct tokens (some may have no live posting left). */
  get size(): number {
    return this.ids.size;
  }

  /**
   * Rewrites every list through `remap` (old chunk id → new id, or -1 for a removed chunk). Order
   * within a list is kept, and so are list ids (tokens left with no posting are dropped by `pack`).
   */
  compact(remap: Int32Array): void {
    for (let id = 0; id < this.lists.length; id++) {
      const list = this.list(id);
      let w = 0;
      for (let r = 0; r < list.used; r += 2) {
        const to = remap[list.data[r]];
        if (to < 0) continue;
        list.data[w++] = to;
        list.data[w++] = list.data[r + 1];
      }
      list.used = w;
    }
  }

  /** The non-empty lists as three flat arrays, for saving. */
  pack(): PackedPostings {
    const tokens = [...this.ids.keys()].filter((t) => this.list(this.ids.get(t)!).used > 0);
    const offsets = new Uint32Array(tokens.length + 1);
    let total = 0;
    tokens.forEach((t, i) => {
      offsets[i] = total;
      total += this.list(this.ids.get(t)!).used;
    });
    offsets[tokens.length] = total;
    const data = new Uint32Array(total);
    tokens.forEach((t, i) => {
      const list = this.list(this.ids.get(t)!);
      data.set(list.data.subarray(0, list.used), offsets[i]);
    });
    return { tokens, offsets, data };
  }

  /** The list `id`, made from the loaded index the first time it is used. */
  private list(id: number): PostingList {
    let list = this.lists[id];
    if (!list) {
      const { offsets, data } = this.loaded!;
      // A view's capacity is exactly its length, so the first append copies it out of the shared buffer.
      this.lists[id] = list = { data: data.subarray(offsets[id], offsets[id + 1]), used: offsets[id + 1] - offsets[id] };
    }
    return list;
  }

  /**
   * A store holding packed lists (views into `packed.data`, copied only when a list grows). The
   * views are made when a list is first read or grown: a question reads a handful of the tens of
   * thousands a loaded index holds.
   */
  static unpack(packed: PackedPostings): PostingStore {
    const store = new PostingStore();
    store.loaded = packed;
    packed.tokens.forEach((t, i) => store.ids.set(t, i));
    store.lists.length = packed.tokens.length;
    return store;
  }
}
