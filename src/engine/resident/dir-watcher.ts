import { statSync, watch, type Dirent, type FSWatcher } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileEventMatters } from '../index-protocol/protocol';
import { byFolder, gitRuleFiles } from '../workspace/git-repo';

export type FileEventKind = 'created' | 'changed' | 'deleted';

export interface DirWatcherEvents {
  /** A file or folder (absolute path) changed; folders arrive as `created`/`deleted`. */
  onChange(absPath: string, kind: FileEventKind): void;
  /**
   * Changes may have been missed (the system's limit of watches was reached, a watch failed):
   * the caller must look at the whole file list again before trusting the index.
   */
  onLost(reason: string): void;
}

/** Keys of the watches of folders holding git's rule files begin so (no folder path can). */
const RULE_FILES = '\0rules:';

/**
 * Folders never watched: those whose files' events do not matter (git's own, Grounded's state, an
 * excluded folder), as `fileEventMatters` judges a file inside (git's index and `info/exclude`
 * are watched on their own, wherever they lie: watchRuleFiles).
 */
const skipFolder = (rel: string, excluded: readonly string[]) => !fileEventMatters(`${rel}/-`, excluded);

/**
 * Watches every folder of a workspace (one non-recursive watch per folder: Node 20's recursive
 * watch on Linux took 0.8 s and 167 MB for babel, per-folder watches 0.1 s and 27 MB for its 12 K
 * folders). Folders that git ignores are watched too: a change there is cheap to look at, and a
 * rule that stops ignoring them must find them watched. A folder created later is watched as it
 * appears; one removed is dropped.
 */
export class DirWatcher {
  private readonly watchers = new Map<string, FSWatcher>();
  private lost = false;

  constructor(
    readonly root: string,
    private readonly excluded: readonly string[],
    private readonly events: DirWatcherEvents,
  ) {}

  get folders(): number {
    return this.watchers.size;
  }

  /**
   * Watches the files beyond the folder's tree that decide what git lists in it (gitRuleFiles:
   * git's index wherever it lies, `info/exclude`, the global excludes file, the `.gitignore` of
   * each folder above a folder inside a repository): one watch per folder holding some, keeping
   * only events of those names. A folder that does not exist yet (no `info/`) is not watched.
   */
  private async watchRuleFiles(): Promise<void> {
    for (const [dir, names] of byFolder(await gitRuleFiles(this.root).catch(() => []))) {
      const key = `${RULE_FILES}${dir}`;
      try {
        const w = watch(dir, { persistent: false }, (_event, name) => {
          const file = name?.toString();
          if (file && names.has(file)) this.events.onChange(path.join(dir, file), 'changed');
        });
        w.on('error', () => this.unwatch(key));
        this.watchers.set(key, w);
      } catch {
        // Gone or not readable: a change there waits for the next listing.
      }
    }
  }

  /** Watches `rel` (a folder, '' for the root) and every folder under it. */
  async watchTree(rel = ''): Promise<void> {
    const queue = [rel];
    if (rel === '') await this.watchRuleFiles();
    while (queue.length && !this.lost) {
      const dir = queue.shift()!;
      if ((dir && skipFolder(dir, this.excluded)) || this.watchers.has(dir)) continue;
      const abs = path.join(this.root, dir);
      let entries: Dirent[];
      try {
        entries = await readdir(abs, { withFileTypes: true });
      } catch {
        continue;
      }
      if (!this.watch(dir, abs)) return;
      for (const e of entries) if (e.isDirectory()) queue.push(dir ? `${dir}/${e.name}` : e.name);
    }
  }

  private watch(dir: string, abs: string): boolean {
    try {
      const w = watch(abs, { persistent: false }, (event, name) => this.onEvent(dir, event, name));
      // A removed folder ends its watch with an error on some systems: it is simply dropped.
      w.on('error', () => this.unwatch(dir));
      this.watchers.set(dir, w);
      return true;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return true;
      this.giveUp(code === 'ENOSPC' || code === 'EMFILE'
        ? `the system's limit of watched folders was reached at ${this.watchers.size.toLocaleString('en-US')} (fs.inotify.max_user_watches)`
        : `a folder could not be watched (${code ?? String(err)})`);
      return false;
    }
  }

  private onEvent(dir: string, event: string, name: string | Buffer | null): void {
    if (name === null || name === undefined) return this.giveUp('a change was reported without its file name');
    const rel = dir ? `${dir}/${name.toString()}` : name.toString();
    const abs = path.join(this.root, rel);
    if (!fileEventMatters(rel, this.excluded)) return;
    if (event === 'change') return this.events.onChange(abs, 'changed');
    // 'rename': something appeared or went; which one, and what it is, only the disk can say.
    const st = statSync(abs, { throwIfNoEntry: false });
    if (!st) {
      for (const d of [...this.watchers.keys()]) if (d === rel || d.startsWith(`${rel}/`)) this.unwatch(d);
      return this.events.onChange(abs, 'deleted');
    }
    if (st.isDirectory()) void this.watchTree(rel);
    this.events.onChange(abs, 'created');
  }

  private unwatch(dir: string): void {
    this.watchers.get(dir)?.close();
    this.watchers.delete(dir);
  }

  private giveUp(reason: string): void {
    if (this.lost) return;
    this.lost = true;
    this.close();
    this.events.onLost(reason);
  }

  /** True once changes may have been missed: the caller re-lists the files instead of trusting watches. */
  get unreliable(): boolean {
    return this.lost;
  }

  close(): void {
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
  }
}
