import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { EngineSettings } from '../config/settings';
import type { IndexingState, SearchOptions } from '../retrieval/chunk-source';
import { isIgnoreFile, type IndexingProgress } from '../index-protocol/protocol';
import { WorkspaceIndex } from '../retrieval/index';
import { loadSavedIndex, saveIfChanged } from '../retrieval/index-store';
import type { RankedChunk } from '../retrieval/rank';
import type { SearchTerm } from '../retrieval/terms';
import type { DocumentOverlay } from '../workspace/types';

/** Waits this long after the last file event before refreshing, so a burst of changes is one refresh. */
const SETTLE_MS = 300;
/** How long a question waits for a first build that has indexed nothing yet. */
const FIRST_BUILD_WAIT_MS = 10_000;
/** How long a question waits for a refresh it started before it is answered from what is indexed. */
const REFRESH_WAIT_MS = 2_000;
/** At most this often a progress message goes to the client (a batch of files takes milliseconds). */
const PROGRESS_EVERY_MS = 150;

/**
 * One workspace folder's index inside the server: loaded from its saved copy, kept fresh by file
 * events and editor changes, refreshed one run at a time and saved after each run that changed it.
 * Questions asked during a run are answered from what is indexed so far; a run can be stopped and
 * the next question or file change carries on from where it was.
 */
export class FolderIndex {
  readonly index: WorkspaceIndex;
  private running: Promise<void> | undefined;
  private abort: AbortController | undefined;
  private progress: IndexingState | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Re-indexing of changed files under way: a search waits for them, so it sees the edit it follows. */
  private readonly pending = new Set<Promise<void>>();
  /** A run has completed (or was stopped) since the server started: the index is no longer just the saved one. */
  private refreshed = false;
  /** The saved index being read: every run waits for it, so a restore never lands on a refreshed index. */
  private loaded: Promise<unknown> = Promise.resolve();

  constructor(
    readonly root: string,
    settings: Partial<EngineSettings>,
    overlay: DocumentOverlay,
    private readonly onError: (err: unknown) => void,
    private readonly onProgress: (p: IndexingProgress) => void = () => undefined,
  ) {
    this.index = new WorkspaceIndex({ root, settings, overlay, watched: true });
  }

  /** Loads the saved index, then brings it up to date (only changed files are read). */
  async start(): Promise<void> {
    this.loaded = loadSavedIndex(this.index).catch(this.onError);
    await this.run();
  }

  /** Runs one refresh unless one is running; saves the result. Progress goes to `onProgress`. */
  run(): Promise<void> {
    this.running ??= (async () => {
      const abort = (this.abort = new AbortController());
      await this.loaded;
      let sentAt = 0;
      let reported = false;
      let stopped = false;
      try {
        const report = await this.index.refresh({
          signal: abort.signal,
          onFiles: (done, total) => {
            this.progress = { indexed: done, total };
            const now = Date.now();
            if (now - sentAt < PROGRESS_EVERY_MS && done < total) return;
            sentAt = now;
            reported = true;
            this.onProgress({ root: this.root, indexed: done, total });
          },
        });
        // Saved after runs that read or dropped files; edits re-indexed one by one wait for the next such run.
        if (report.reread + report.removed > 0) await saveIfChanged(this.index).catch(this.onError);
        this.refreshed = true;
      } catch (err) {
        // A stopped build keeps what it indexed (and saves it); the next question or change continues it.
        stopped = abort.signal.aborted;
        if (!stopped) this.onError(err);
        else {
          await saveIfChanged(this.index).catch(this.onError);
          // Stopped by the user: the next questions are answered from what is indexed, without waiting.
          this.refreshed = true;
        }
        this.index.markDirty();
      } finally {
        const last = this.progress;
        if (reported && last) this.onProgress({ root: this.root, ...last, ended: stopped ? 'stopped' : 'done' });
        this.progress = undefined;
        this.running = undefined;
        this.abort = undefined;
      }
    })();
    return this.running;
  }

  /** Stops the run under way, if any; true when there was one. */
  stop(): boolean {
    if (!this.abort || this.abort.signal.aborted) return false;
    this.abort.abort();
    return true;
  }

  /** How far a running build has got; undefined when none is running. */
  get indexing(): IndexingState | undefined {
    return this.running ? this.progress ?? { indexed: 0, total: 0 } : undefined;
  }

  /**
   * The best chunks. A question starts a refresh when none runs and waits a little for it; during a
   * long run (a first build, or one resumed after a stop), the answer comes from what is indexed so
   * far and says how far that is.
   */
  async search(terms: SearchTerm[], limit: number, opts?: SearchOptions): Promise<{ chunks: RankedChunk[]; indexing?: IndexingState }> {
    await Promise.all(this.pending);
    const already = this.running;
    const run = already ?? this.run();
    // Nothing indexed yet (a question right after the window opened): wait longer for the first
    // files rather than answer "nothing found". A run this question started (usually quick: a look
    // at the file list) is waited for a little; one already under way is not.
    // The first run after a (re)start is waited for too: until it ends, the index is the saved one,
    // which may predate the files and the settings.
    const wait = this.index.fileCount === 0 || !this.refreshed ? FIRST_BUILD_WAIT_MS : already ? 0 : REFRESH_WAIT_MS;
    if (wait > 0) await Promise.race([run, new Promise((r) => setTimeout(r, wait).unref())]);
    const indexing = this.indexing;
    return { chunks: await this.index.search(terms, limit, opts), indexing };
  }

  /** Resolves once every change seen so far is in the index (a run it needs included): for a complete file list. */
  async settled(): Promise<void> {
    await Promise.all(this.pending);
    await this.run();
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
    this.stop();
  }

  /**
   * Stops, then saves what is indexed when it differs from the saved copy (edits re-indexed one by
   * one are otherwise saved only by the next run that reads files): the next start, of the
   * server or of the CLI, reads only what changed after this.
   */
  async close(): Promise<void> {
    this.dispose();
    await Promise.allSettled([this.running, ...this.pending]);
    await saveIfChanged(this.index).catch(this.onError);
  }
}
