import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { EngineSettings } from '../engine/config/settings';
import type { IndexingState } from '../engine/retrieval/chunk-source';
import { isIgnoreFile } from '../engine/index-protocol/protocol';
import { WorkspaceIndex } from '../engine/retrieval/index';
import { loadSavedIndex, saveIfChanged } from '../engine/retrieval/index-store';
import type { RankedChunk } from '../engine/retrieval/rank';
import type { SearchTerm } from '../engine/retrieval/terms';
import type { DocumentOverlay } from '../engine/workspace/types';

/** Reports a build's progress and can cancel it (the client's work-done progress). */
export interface BuildProgress {
  report(done: number, total: number): void;
  readonly signal: AbortSignal;
  done(): void;
}

/** Waits this long after the last file event before refreshing, so a burst of changes is one refresh. */
const SETTLE_MS = 300;

/**
 * One workspace folder's index inside the server: loaded from its saved copy, kept fresh by file
 * events and editor changes, refreshed one run at a time and saved after each run that changed it.
 * Questions asked during a run are answered from what is indexed so far.
 */
/** How long a question waits for a first build that has indexed nothing yet. */
const FIRST_BUILD_WAIT_MS = 10_000;

export class FolderIndex {
  readonly index: WorkspaceIndex;
  private running: Promise<void> | undefined;
  private progress: IndexingState | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Re-indexing of changed files under way: a search waits for them, so it sees the edit it follows. */
  private readonly pending = new Set<Promise<void>>();

  constructor(readonly root: string, settings: Partial<EngineSettings>, overlay: DocumentOverlay, private readonly onError: (err: unknown) => void) {
    this.index = new WorkspaceIndex({ root, settings, overlay, watched: true });
  }

  /** Loads the saved index, then brings it up to date (only changed files are read). */
  async start(progress?: BuildProgress): Promise<void> {
    await loadSavedIndex(this.index);
    await this.run(progress);
  }

  /** Runs one refresh unless one is running; saves the result. */
  run(progress?: BuildProgress): Promise<void> {
    this.running ??= (async () => {
      try {
        const report = await this.index.refresh({
          signal: progress?.signal,
          onFiles: (done, total) => {
            this.progress = { indexed: done, total };
            progress?.report(done, total);
          },
        });
        // Saved after runs that read or dropped files; edits re-indexed one by one wait for the next such run.
        if (report.reread + report.removed > 0) await saveIfChanged(this.index).catch(this.onError);
      } catch (err) {
        // A cancelled build keeps what it indexed; the next question or change continues it.
        if (!progress?.signal.aborted) this.onError(err);
        this.index.markDirty();
      } finally {
        this.progress = undefined;
        this.running = undefined;
        progress?.done();
      }
    })();
    return this.running;
  }

  /** How far a running build has got; undefined when none is running. */
  get indexing(): IndexingState | undefined {
    return this.running ? this.progress ?? { indexed: 0, total: 0 } : undefined;
  }

  /** The best chunks; during a build, from what is indexed so far (and says how far that is). */
  async search(terms: SearchTerm[], limit: number): Promise<{ chunks: RankedChunk[]; indexing?: IndexingState }> {
    await Promise.all(this.pending);
    if (!this.running) await this.run();
    // Nothing indexed yet (a question right after the window opened): wait a little for the first
    // files rather than answer "nothing found"; a large tree is answered from what is indexed by then.
    else if (this.index.fileCount === 0) await Promise.race([this.running, new Promise((r) => setTimeout(r, FIRST_BUILD_WAIT_MS).unref())]);
    const indexing = this.indexing;
    return { chunks: await this.index.search(terms, limit), indexing };
  }

  /** A file changed on disk or in an editor: a known file is re-indexed now, anything else on the next refresh. */
  changed(absPath: string, kind: 'created' | 'changed' | 'deleted'): Promise<void> {
    const work = this.apply(absPath, kind).finally(() => this.pending.delete(work));
    this.pending.add(work);
    return work;
  }

  private async apply(absPath: string, kind: 'created' | 'changed' | 'deleted'): Promise<void> {
    const rel = path.relative(this.root, absPath).split(path.sep).join('/');
    if (kind === 'deleted' && this.index.has(rel)) {
      this.index.removeFile(rel);
      return;
    }
    if (kind !== 'deleted' && !isIgnoreFile(rel) && this.index.has(rel)) {
      const st = await stat(absPath).catch(() => undefined);
      if (st?.isFile()) this.index.updateFile({ path: rel, absPath, size: st.size, mtimeMs: st.mtimeMs });
      return;
    }
    // New files and ignore files need the file list (and the rules) decided again.
    this.index.markDirty();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), SETTLE_MS);
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
