import { ChunkTable, type ChunkRow, type PackedChunks } from './chunk-table';
import { PostingStore, type PackedPostings } from './postings';
import { ChunkTokenizer } from './tokenize';

/** What the index remembers of one file: how it was when read, and its chunks (a contiguous id range). */
export interface FileRecord {
  size: number;
  mtimeMs: number;
  /** Hash of the text indexed, so a touched-but-unchanged file or an unchanged editor is not re-indexed. */
  hash: string;
  /** The text came from an open editor, not the disk. */
  fromEditor: boolean;
  first: number;
  count: number;
}

/** The whole index as plain data and flat arrays: what is saved to disk and loaded back. */
export interface PackedIndex {
  files: [string, FileRecord][];
  chunks: PackedChunks;
  postings: PackedPostings;
}

/** What ranking reads from the index: exact BM25 statistics and the postings of live chunks only. */
export interface IndexStats {
  readonly liveChunks: number;
  readonly totalLength: number;
  /** Live chunks holding `token`, exactly (removed chunks never count). */
  docFrequency(token: string): number;
  /** Each live chunk holding `token`, with its term frequency and whether it defines the name. */
  forEachPosting(token: string, fn: (chunkId: number, tf: number, defines: boolean) => void): void;
  chunk(id: number): ChunkRow | undefined;
  /** A live chunk's length in tokens (0 for a removed one), without building its row. */
  chunkLength(id: number): number;
  /** One more than the largest chunk id (live or removed): ranking sizes its arrays by it. */
  readonly chunkIdLimit: number;
  /** A file's chunk id range (first chunk = `first`). */
  fileChunks(rel: string): { first: number; count: number } | undefined;
  paths(): Iterable<string>;
  /** Changes whenever a path is added or removed (not when a file's text changes). */
  readonly pathsVersion: number;
}

/** Removed chunks may hold ids until they outnumber the live ones (and at least this many). */
const COMPACT_AFTER_DEAD = 4096;

/**
 * The compact keyword index: chunk table, posting lists and per-file records, mutated only through
 * `putFile` / `dropFile`, so its counts stay exact: a removed file's chunks leave the document
 * counts, the total length and the postings read by ranking at once.
 */
export class IndexData implements IndexStats {
  private readonly files = new Map<string, FileRecord>();
  private chunks = new ChunkTable();
  private postings = new PostingStore();
  private tokenizer = new ChunkTokenizer(this.postings);
  private live = 0;
  private total = 0;
  private readonly df = new Map<string, number>();
  private readonly isAlive = (id: number) => this.chunks.alive(id);
  private pathSet = 0;

  get liveChunks(): number {
    return this.live;
  }

  get totalLength(): number {
    return this.total;
  }

  get fileCount(): number {
    return this.files.size;
  }

  /** Distinct tokens held (including those only in removed chunks until compaction). */
  get tokenCount(): number {
    return this.postings.size;
  }

  /** The record of an indexed file. */
  file(rel: string): Readonly<FileRecord> | undefined {
    return this.files.get(rel);
  }

  paths(): IterableIterator<string> {
    return this.files.keys();
  }

  get pathsVersion(): number {
    return this.pathSet;
  }

  /** Replaces a file's chunks with those of `text` (an empty text keeps the file, with nothing to find). */
  putFile(rel: string, meta: Omit<FileRecord, 'first' | 'count'>, text: string | Uint8Array): void {
    const known = this.files.has(rel);
    this.dropFile(rel);
    const first = this.chunks.capacity;
    let count = 0;
    this.tokenizer.tokenize(text, (c) => {
      this.live++;
      this.total += c.length;
      count++;
      return this.chunks.add(rel, c.startLine, c.endLine, c.length);
    });
    this.files.set(rel, { ...meta, first, count });
    // A file put again was dropped first (which counted): the same set of paths.
    this.pathSet += known ? -1 : 1;
    this.df.clear();
  }

  /** Updates what is remembered of a file whose text did not change (a touch, an editor opened or closed). */
  touchFile(rel: string, meta: Pick<FileRecord, 'size' | 'mtimeMs' | 'fromEditor'>): void {
    const rec = this.files.get(rel);
    if (rec) this.files.set(rel, { ...rec, ...meta });
  }

  /** Removes a file and its chunks; no trace remains in counts or ranking. */
  dropFile(rel: string): void {
    const rec = this.files.get(rel);
    if (!rec) return;
    for (let id = rec.first; id < rec.first + rec.count; id++) {
      this.total -= this.chunks.remove(id);
      this.live--;
    }
    this.files.delete(rel);
    this.pathSet++;
    this.df.clear();
    if (this.chunks.deadCount > Math.max(COMPACT_AFTER_DEAD, this.live)) this.compact();
  }

  /** Renumbers live chunks and drops removed ones from every posting list. */
  compact(): void {
    if (this.chunks.deadCount === 0) return;
    const remap = this.chunks.compact();
    this.postings.compact(remap);
    // A file's chunks stay contiguous and in order, so its range moves as a whole.
    for (const [rel, rec] of this.files) this.files.set(rel, { ...rec, first: rec.count > 0 ? remap[rec.first] : 0 });
  }

  docFrequency(token: string): number {
    let n = this.df.get(token);
    if (n === undefined) this.df.set(token, (n = this.postings.count(token, this.aliveCheck)));
    return n;
  }

  forEachPosting(token: string, fn: (chunkId: number, tf: number, defines: boolean) => void): void {
    this.postings.forEach(token, this.aliveCheck, fn);
  }

  chunk(id: number): ChunkRow | undefined {
    return this.chunks.row(id);
  }

  /** Whether a chunk id is alive, or undefined when nothing was removed (every id is): skips a call per posting. */
  private get aliveCheck(): ((id: number) => boolean) | undefined {
    return this.chunks.deadCount === 0 ? undefined : this.isAlive;
  }

  chunkLength(id: number): number {
    return this.chunks.length(id);
  }

  get chunkIdLimit(): number {
    return this.chunks.capacity;
  }

  fileChunks(rel: string): { first: number; count: number } | undefined {
    return this.files.get(rel);
  }

  /** The index as flat arrays (compacted first, so nothing removed is saved). */
  pack(): PackedIndex {
    this.compact();
    return { files: [...this.files], chunks: this.chunks.pack(), postings: this.postings.pack() };
  }

  /** An index holding packed data; counts are recomputed from it. */
  static unpack(p: PackedIndex): IndexData {
    const d = new IndexData();
    for (const [rel, rec] of p.files) d.files.set(rel, rec);
    d.pathSet = d.files.size;
    d.chunks = ChunkTable.unpack(p.chunks);
    d.postings = PostingStore.unpack(p.postings);
    d.tokenizer = new ChunkTokenizer(d.postings);
    d.live = p.chunks.file.length;
    for (const n of p.chunks.length) d.total += n;
    return d;
  }
}
