/** Where one indexed chunk is: file, line range (1-based, inclusive) and its length in tokens. */
export interface ChunkRow {
  path: string;
  startLine: number;
  endLine: number;
  length: number;
}

/** A chunk table as flat arrays (what the on-disk index holds); paths by index into `paths`. */
export interface PackedChunks {
  paths: string[];
  /** Per chunk: index into `paths`. */
  file: Uint32Array;
  start: Uint32Array;
  end: Uint32Array;
  length: Uint32Array;
}

function grow(a: Uint32Array, need: number): Uint32Array {
  if (need <= a.length) return a;
  const b = new Uint32Array(Math.max(need, a.length * 2, 64));
  b.set(a);
  return b;
}

/**
 * Every chunk ever added, by id, in typed arrays. A removed chunk keeps its id (posting lists may
 * still name it) but is no longer alive; `compact` renumbers the live ones.
 */
export class ChunkTable {
  private paths: (string | undefined)[] = [];
  private start: Uint32Array = new Uint32Array(64);
  private end: Uint32Array = new Uint32Array(64);
  private len: Uint32Array = new Uint32Array(64);
  private dead = 0;

  /** Ids handed out so far (live or not). */
  get capacity(): number {
    return this.paths.length;
  }

  /** Chunks removed but still holding an id. */
  get deadCount(): number {
    return this.dead;
  }

  /** Adds a chunk; returns its id. */
  add(path: string, startLine: number, endLine: number, length: number): number {
    const id = this.paths.length;
    this.start = grow(this.start, id + 1);
    this.end = grow(this.end, id + 1);
    this.len = grow(this.len, id + 1);
    this.paths.push(path);
    this.start[id] = startLine;
    this.end[id] = endLine;
    this.len[id] = length;
    return id;
  }

  /** Marks a chunk removed; returns its length (0 if it was not alive). */
  remove(id: number): number {
    if (this.paths[id] === undefined) return 0;
    this.paths[id] = undefined;
    this.dead++;
    return this.len[id];
  }

  /** True while the chunk has not been removed. */
  alive(id: number): boolean {
    return this.paths[id] !== undefined;
  }

  /** The chunk's row, or undefined once removed. */
  row(id: number): ChunkRow | undefined {
    const path = this.paths[id];
    return path === undefined ? undefined : { path, startLine: this.start[id], endLine: this.end[id], length: this.len[id] };
  }

  /** The chunk's length in tokens (0 once removed). */
  length(id: number): number {
    return this.paths[id] === undefined ? 0 : this.len[id];
  }

  /** Renumbers live chunks densely; returns old id → new id (-1 for removed ones). */
  compact(): Int32Array {
    const remap = new Int32Array(this.paths.length).fill(-1);
    let w = 0;
    for (let r = 0; r < this.paths.length; r++) {
      if (this.paths[r] === undefined) continue;
      remap[r] = w;
      this.paths[w] = this.paths[r];
      this.start[w] = this.start[r];
      this.end[w] = this.end[r];
      this.len[w] = this.len[r];
      w++;
    }
    this.paths.length = w;
    this.dead = 0;
    return remap;
  }

  /** The table as flat arrays (call after `compact`: removed chunks would be saved as live). */
  pack(): PackedChunks {
    const names = new Map<string, number>();
    const file = new Uint32Array(this.paths.length);
    this.paths.forEach((p, i) => {
      const key = p ?? '';
      let n = names.get(key);
      if (n === undefined) names.set(key, (n = names.size));
      file[i] = n;
    });
    const n = this.paths.length;
    return { paths: [...names.keys()], file, start: this.start.slice(0, n), end: this.end.slice(0, n), length: this.len.slice(0, n) };
  }

  /** A table holding packed chunks, all alive. */
  static unpack(p: PackedChunks): ChunkTable {
    const t = new ChunkTable();
    t.paths = Array.from(p.file, (f) => p.paths[f]);
    t.start = p.start.slice();
    t.end = p.end.slice();
    t.len = p.length.slice();
    return t;
  }
}
