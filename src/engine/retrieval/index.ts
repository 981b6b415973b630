import path from 'node:path';
import { resolveSettings, type EngineSettings } from '../config/settings';
import { discoverIndexable as discoverFiles, type IndexableListing } from './linked-copies';
import { hiddenBySettings } from '../workspace/excluded';
import { emptyOverlay, type DocumentOverlay, type SkippedFile, type WorkspaceFile } from '../workspace/types';
import { IndexData, type PackedIndex } from './index-data';
import type { ChunkSource, RefreshOptions, RefreshReport, SearchOptions } from './chunk-source';
import { anyUnlisted, readIntoIndex, textHash, type Rejected } from './file-state';
import { buildInWorkers, DEFAULT_PARALLEL, READ_AHEAD_FROM, type ParallelOptions } from './parallel-build';
import { inBatches, ReadAhead, type AheadRead } from './read-ahead';
import type { RankedChunk } from './rank';
import { searchIndex } from './index-search';
import { pathGrams } from './path-grams';
import { projectNames } from './overview';
import type { SearchTerm } from './terms';

export type { ChunkRow } from './chunk-table';

export interface IndexOptions {
  root: string;
  settings?: Partial<EngineSettings>;
  overlay?: DocumentOverlay;
  /**
   * When true (the extension, which watches files and editors), `refresh` after the first one
   * only runs once `markDirty` was called; when false (the CLI), every refresh walks the tree.
   */
  watched?: boolean;
  /** When a cold build reads in worker threads (default: from 2,000 files, one worker per core up to 4). */
  parallel?: ParallelOptions;
}

// Defined with ChunkSource, which index.ts implements: the two files must not import each other.
export type { RefreshOptions, RefreshReport } from './chunk-source';
export { textHash, type Rejected } from './file-state';

/** Files read and indexed between two yields to the event loop. */
const BATCH = 64;

/**
 * A keyword index of the files the assistant may read: chunks of ~60 lines, an inverted index of
 * identifier and word tokens, exact BM25 statistics. `refresh` re-reads only files whose size or
 * mtime changed, and open editors whose text differs from what was indexed; a re-read file whose
 * text is the same is not re-indexed.
 */
export class WorkspaceIndex implements ChunkSource {
  readonly root: string;
  readonly settings: EngineSettings;
  overlay: DocumentOverlay;
  skipped: SkippedFile[] = [];
  /** An in-process index answers only once a refresh is done, so never from a partial build. */
  readonly indexing = undefined;
  private data = new IndexData();
  private rejected = new Map<string, Rejected>();
  private readonly watched: boolean;
  private readonly parallel: ParallelOptions;
  private dirty = true;
  private listing?: Promise<IndexableListing>;
  /** Settles when the prefetched listing has the tracked files (git still walks for the others). */
  private trackedListed?: Promise<void>;
  /** Visible, not indexed: links to a file indexed under its real path (`grounded files` lists them all the same). */
  private linkedCopies: string[] = [];
  /** Counts changes to the data, so a caller knows whether there is anything new to save. */
  private revision = 0;
  private savedRevision = -1;

  constructor(opts: IndexOptions) {
    this.root = path.resolve(opts.root);
    this.settings = resolveSettings(opts.settings);
    this.overlay = opts.overlay ?? emptyOverlay;
    this.watched = opts.watched ?? false;
    this.parallel = opts.parallel ?? DEFAULT_PARALLEL;
  }

  /** Says that files or editors changed, so the next refresh must look (watched indexes only skip otherwise). */
  markDirty(): void {
    this.dirty = true;
  }

  get fileCount(): number {
    return this.data.fileCount;
  }

  get liveChunks(): number {
    return this.data.liveChunks;
  }

  get totalLength(): number {
    return this.data.totalLength;
  }

  /** Live chunks holding `token` (exact). */
  docFrequency(token: string): number {
    return this.data.docFrequency(token);
  }

  /**
   * Starts listing the workspace's files now, for the next refresh: git runs in its own processes
   * while this one loads the saved index and the tokenizer (a one-shot `grounded query`).
   */
  prefetchListing(): void {
    let tracked!: () => void;
    this.trackedListed = new Promise<void>((resolve) => (tracked = resolve));
    this.listing = discoverFiles({ ...this.discoveryOptions(), onCandidates: () => tracked() });
    // Failures surface in the refresh that takes the listing, not as an unhandled rejection.
    this.listing.catch(() => undefined);
  }

  /** Brings the index up to date with the workspace; reports progress as "Searching N files…". */
  async refresh(opts: RefreshOptions = {}): Promise<RefreshReport> {
    const started = performance.now();
    const report: RefreshReport = {
      files: this.data.fileCount,
      chunks: this.data.liveChunks,
      bytes: 0,
      reread: 0,
      reused: this.data.fileCount,
      removed: 0,
      tookMs: 0,
    };
    if (this.watched && !this.dirty) {
      opts.onProgress?.(`Searching ${this.data.fileCount.toLocaleString('en-US')} files…`);
      return report;
    }
    this.dirty = false;
    const ahead = new ReadAhead();
    try {
      return await this.update(report, opts, ahead, started);
    } finally {
      ahead.stop();
    }
  }

  private async update(report: RefreshReport, opts: RefreshOptions, ahead: ReadAhead, started: number): Promise<RefreshReport> {
    const readAheadFrom = this.parallel.readAheadFrom ?? READ_AHEAD_FROM;
    const cold = this.data.fileCount === 0 && this.rejected.size === 0;
    // A cold build of a large tree reads every file: the reading worker starts as soon as git has
    // listed the tracked ones, while it still walks the tree for the others.
    const onCandidates = (n: number) => void (cold && n >= readAheadFrom && n < this.parallel.minFiles && ahead.start());
    const listing = this.listing ?? discoverFiles({ ...this.discoveryOptions(), onCandidates });
    [this.listing, this.trackedListed] = [undefined, undefined];
    const { files, skipped, linkedCopies } = await listing;
    this.linkedCopies = linkedCopies;
    opts.onProgress?.(`Searching ${files.length.toLocaleString('en-US')} files…`);
    if (anyUnlisted(files, this.data, this.rejected)) {
      const current = new Set(files.map((f) => f.path));
      for (const rel of [...this.data.paths()].filter((r) => !current.has(r))) {
        this.data.dropFile(rel);
        report.removed++;
        this.revision++;
      }
      for (const rel of [...this.rejected.keys()]) if (!current.has(rel) && this.rejected.delete(rel)) this.revision++;
    }
    const stale = files.filter((f) => this.isStale(f));
    let toRead = stale;
    // Progress counts the whole workspace: a run resumed after a stop goes on from where it stopped, not from 0.
    const from = (left: unknown[]) => opts.onFiles && ((done: number) => opts.onFiles!(files.length - left.length + done, files.length));
    if (cold && stale.length >= this.parallel.minFiles) {
      // A cold build of a large tree: files on disk are read and tokenized in worker threads; open
      // editors' texts (which only this thread sees) are indexed after, below.
      const onDisk = stale.filter((f) => this.overlay.get(f.absPath) === undefined);
      const built = await buildInWorkers(onDisk, this.settings.maxFileBytes, { ...this.parallel, signal: opts.signal, onFiles: from(stale) });
      if (built) {
        this.data = IndexData.unpack(built.packed);
        for (const [rel, r] of built.rejected) this.rejected.set(rel, r);
        this.revision++;
        report.bytes += built.bytes;
        toRead = stale.filter((f) => this.overlay.get(f.absPath) !== undefined);
      }
    }
    if (toRead.length >= readAheadFrom) ahead.start();
    else ahead.stop();
    await inBatches(toRead, BATCH, ahead, (f, read) => (report.bytes += this.indexFile(f, read)), { signal: opts.signal, onFiles: from(toRead) });
    this.skipped = [...skipped, ...[...this.rejected.values()].map((r) => r.skip)];
    if (this.watched) pathGrams(this.data, { now: true }); // answering many questions, it builds its path lookup now
    return {
      ...report, files: this.data.fileCount, chunks: this.data.liveChunks, reread: stale.length, reused: files.length - stale.length,
      tookMs: Math.round(performance.now() - started),
    };
  }

  /**
   * Refreshes, then searches. A one-shot index (loaded from disk, git listing the files in its own
   * processes meanwhile) ranks its loaded data while the listing is under way and keeps that result
   * when the refresh read and removed nothing, as is usual: the ranking no longer waits for git.
   */
  async refreshAndSearch(terms: SearchTerm[], limit: number, opts: SearchOptions = {}, refresh: RefreshOptions = {}) {
    const started = performance.now();
    const before = this.revision;
    // Ranking holds this thread: it starts once git has listed the tracked files and walks for the others.
    const early = this.listing && this.data.fileCount > 0
      ? Promise.race([this.trackedListed, this.listing]).then(() => this.search(terms, limit, opts)) : undefined;
    early?.catch(() => undefined); // a failure is the refresh's to report first
    await this.refresh(refresh);
    const refreshedMs = performance.now() - started;
    return { chunks: await (early && this.revision === before ? early : this.search(terms, limit, opts)), refreshedMs };
  }

  /** The options the index lists the workspace's files with. */
  discoveryOptions() {
    return {
      root: this.root,
      extraIgnore: this.settings.extraIgnore,
      excludedFolders: this.settings.excludedFolders,
      maxFileBytes: this.settings.maxFileBytes,
    };
  }

  /** True when a file must be read again: new, changed on disk, or open with text other than what was indexed. */
  isStale(f: WorkspaceFile): boolean {
    const open = this.overlay.get(f.absPath);
    const rec = this.data.file(f.path);
    if (open !== undefined) return !rec || rec.hash !== textHash(open);
    if (!rec) {
      const r = this.rejected.get(f.path);
      return !r || r.size !== f.size || r.mtimeMs !== f.mtimeMs;
    }
    return rec.fromEditor || rec.size !== f.size || rec.mtimeMs !== f.mtimeMs;
  }

  /** Re-indexes one workspace-relative file (after a save or an edit). */
  updateFile(file: WorkspaceFile): void {
    this.indexFile(file);
  }

  /** Drops a file from the index. */
  removeFile(rel: string): void {
    this.data.dropFile(rel);
    this.rejected.delete(rel);
    this.revision++;
  }

  /** True when the data changed since it was restored or `markSaved` was called. */
  get unsaved(): boolean {
    return this.revision !== this.savedRevision;
  }

  /** Records that the current data is what was saved. */
  markSaved(): void {
    this.savedRevision = this.revision;
  }

  /** Reads and indexes one file unless its text is what was indexed; returns the bytes read. */
  private indexFile(file: WorkspaceFile, ahead?: AheadRead): number {
    const { bytes, rejected } = readIntoIndex(this.data, file, this.overlay, this.settings.maxFileBytes, ahead);
    this.revision++;
    if (rejected) {
      this.data.dropFile(file.path);
      this.rejected.set(file.path, rejected);
    } else this.rejected.delete(file.path);
    return bytes;
  }

  /** The best chunks for the terms, best first, at most `limit` (index-search.ts). */
  search(terms: SearchTerm[], limit = 50, opts: SearchOptions = {}): Promise<RankedChunk[]> {
    this.project ??= projectNames(this.root);
    const place = { root: this.root, overlay: this.overlay, maxFileBytes: this.settings.maxFileBytes, project: this.project };
    return searchIndex(this.data, place, terms, limit, opts);
  }

  private project?: Set<string>; // the project's own names (overview.ts), read at the first search

  /** True when the file was read before: indexed, or found unreadable or too large. */
  known(rel: string): boolean {
    return this.data.file(rel) !== undefined || this.rejected.has(rel);
  }

  /** True when the workspace-relative file is indexed. */
  has(rel: string): boolean {
    return this.data.file(rel) !== undefined;
  }

  /** All indexed files' workspace-relative paths; `visible`: with the linked copies, as discovery lists them. */
  paths(visible = false): string[] {
    return visible ? [...this.data.paths(), ...this.linkedCopies] : [...this.data.paths()];
  }

  /** The index's data as flat arrays plus the files found unreadable, for the on-disk copy. */
  pack(): { data: PackedIndex; rejected: [string, Rejected][] } {
    return { data: this.data.pack(), rejected: [...this.rejected] };
  }

  /** Replaces the index's data with a saved copy (the next refresh re-reads only what changed since). */
  restore(saved: { data: PackedIndex; rejected: [string, Rejected][] }): void {
    this.data = IndexData.unpack(saved.data);
    this.rejected = new Map(saved.rejected);
    // The saved index may come from other settings: until the next refresh re-lists the files, a
    // file hidden now by extraIgnore, an excluded folder or the size limit must not be answered from it.
    const hidden = hiddenBySettings(this.settings);
    const max = this.settings.maxFileBytes;
    for (const rel of [...this.data.paths()]) if (hidden(rel) || (this.data.file(rel)?.size ?? 0) > max) this.data.dropFile(rel);
    this.dirty = true;
    this.savedRevision = ++this.revision;
  }
}
