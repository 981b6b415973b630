import path from 'node:path';
import { resolveSettings, type EngineSettings } from '../config/settings';
import { discoverFiles } from '../workspace/discovery';
import { readWorkspaceText } from '../workspace/read';
import { emptyOverlay, type DocumentOverlay, type SkippedFile, type WorkspaceFile } from '../workspace/types';
import { chunkText } from './chunks';
import { findPhrases } from './phrases';
import { rankChunks, type ChunkRow, type IndexStats, type RankedChunk } from './rank';
import { splitIdentifier, stem, type SearchTerm } from './terms';

interface FileEntry {
  file: WorkspaceFile;
  chunkIds: number[];
  pathTokens: Set<string>;
  fromEditor: boolean;
}

export interface IndexOptions {
  root: string;
  settings?: Partial<EngineSettings>;
  overlay?: DocumentOverlay;
  /**
   * When true (the extension, which watches files and editors), `refresh` after the first one
   * only runs once `markDirty` was called; when false (the CLI), every refresh walks the tree.
   */
  watched?: boolean;
}

const READ_CONCURRENCY = 16;

function pathTokens(rel: string): Set<string> {
  const out = new Set<string>();
  // Split before lower-casing: `keyStore.ts` names key and store, not one word keystore.
  for (const part of rel.split(/[/.]/)) {
    const words = splitIdentifier(part);
    if (words.length > 1) out.add(words.join(''));
    for (const w of words) out.add(stem(w));
  }
  return out;
}

/**
 * A keyword index of the files the assistant may read: chunks of ~60 lines, an inverted index of
 * identifier and word tokens, BM25 statistics. `refresh` re-reads only files whose size or mtime
 * changed (and open editors, whose unsaved text wins); `updateFile` re-indexes one file.
 */
export class WorkspaceIndex implements IndexStats {
  readonly root: string;
  readonly settings: EngineSettings;
  overlay: DocumentOverlay;
  skipped: SkippedFile[] = [];
  private files = new Map<string, FileEntry>();
  readonly chunks: (ChunkRow | undefined)[] = [];
  /** token → [chunkId, tf, chunkId, tf, …]; a dropped chunk's entries stay until the token's list is rebuilt. */
  readonly postings = new Map<string, number[]>();
  liveChunks = 0;
  totalLength = 0;
  private readonly watched: boolean;
  private dirty = true;

  constructor(opts: IndexOptions) {
    this.root = path.resolve(opts.root);
    this.settings = resolveSettings(opts.settings);
    this.overlay = opts.overlay ?? emptyOverlay;
    this.watched = opts.watched ?? false;
  }

  /** Says that files or editors changed, so the next refresh must look (watched indexes only skip otherwise). */
  markDirty(): void {
    this.dirty = true;
  }

  get fileCount(): number {
    return this.files.size;
  }

  fileEntry(rel: string): { pathTokens: Set<string>; chunkIds: number[] } | undefined {
    return this.files.get(rel);
  }

  /** Brings the index up to date with the workspace; reports progress as "Searching N files…". */
  async refresh(opts: { onProgress?: (message: string) => void; signal?: AbortSignal } = {}): Promise<void> {
    if (this.watched && !this.dirty) {
      opts.onProgress?.(`Searching ${this.files.size.toLocaleString('en-US')} files…`);
      return;
    }
    this.dirty = false;
    const { files, skipped } = await discoverFiles({
      root: this.root,
      extraIgnore: this.settings.extraIgnore,
      excludedFolders: this.settings.excludedFolders,
      maxFileBytes: this.settings.maxFileBytes,
    });
    opts.onProgress?.(`Searching ${files.length.toLocaleString('en-US')} files…`);
    this.skipped = skipped;
    const current = new Set(files.map((f) => f.path));
    for (const rel of [...this.files.keys()]) if (!current.has(rel)) this.removeFile(rel);
    const stale = files.filter((f) => {
      const prev = this.files.get(f.path);
      return !prev || prev.fromEditor || prev.file.mtimeMs !== f.mtimeMs || prev.file.size !== f.size || this.overlay.get(f.absPath) !== undefined;
    });
    for (let i = 0; i < stale.length; i += READ_CONCURRENCY) {
      opts.signal?.throwIfAborted();
      await Promise.all(stale.slice(i, i + READ_CONCURRENCY).map((f) => this.indexFile(f)));
    }
  }

  /** Re-indexes one workspace-relative file (after a save or an edit), or drops it when it is gone. */
  async updateFile(file: WorkspaceFile): Promise<void> {
    await this.indexFile(file);
  }

  /** Drops a file from the index. */
  removeFile(rel: string): void {
    const entry = this.files.get(rel);
    if (!entry) return;
    for (const id of entry.chunkIds) {
      const row = this.chunks[id];
      if (!row) continue;
      this.totalLength -= row.length;
      this.liveChunks--;
      this.chunks[id] = undefined;
    }
    this.files.delete(rel);
  }

  /** Number of chunks containing `token` (dropped chunks count until the list is rebuilt: a small overestimate after edits). */
  docFrequency(token: string): number {
    return (this.postings.get(token)?.length ?? 0) / 2;
  }

  private async indexFile(file: WorkspaceFile): Promise<void> {
    const read = await readWorkspaceText(file.absPath, { overlay: this.overlay, maxFileBytes: this.settings.maxFileBytes });
    this.removeFile(file.path);
    if (!read.ok) {
      this.skipped.push({ path: file.path, reason: read.reason, detail: read.detail });
      return;
    }
    const chunkIds: number[] = [];
    for (const c of chunkText(read.text)) {
      const id = this.chunks.length;
      this.chunks.push({ path: file.path, startLine: c.startLine, endLine: c.endLine, length: c.length, defines: c.defines });
      for (const [t, n] of c.tf) {
        let list = this.postings.get(t);
        if (!list) this.postings.set(t, (list = []));
        list.push(id, n);
      }
      this.liveChunks++;
      this.totalLength += c.length;
      chunkIds.push(id);
    }
    this.files.set(file.path, { file, chunkIds, pathTokens: pathTokens(file.path), fromEditor: read.fromEditor });
  }

  /** The best chunks for the terms, best first, at most `limit`. Quoted phrases are checked against the text. */
  async search(terms: SearchTerm[], limit = 50): Promise<RankedChunk[]> {
    const phrases = terms.filter((t) => t.kind === 'phrase').map((t) => t.text);
    if (phrases.length === 0) return rankChunks(this, terms, limit);
    const adjacent = await findPhrases(this, phrases, (rel) => this.readIndexed(rel));
    return rankChunks(this, terms, limit, (phrase, id) => adjacent.get(phrase)?.has(id) ?? false);
  }

  /** The text of an indexed file as it was indexed (the open editor's when there is one). */
  private async readIndexed(rel: string): Promise<string | undefined> {
    const entry = this.files.get(rel);
    if (!entry) return undefined;
    const read = await readWorkspaceText(entry.file.absPath, { overlay: this.overlay, maxFileBytes: this.settings.maxFileBytes });
    return read.ok ? read.text : undefined;
  }

  /** All indexed files' workspace-relative paths. */
  paths(): string[] {
    return [...this.files.keys()];
  }
}
