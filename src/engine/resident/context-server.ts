import type { EngineSettings } from '../config/settings';
import type { IndexingProgress } from '../index-protocol/protocol';
import { emptyOverlay } from '../workspace/types';
import { DirWatcher } from './dir-watcher';
import { FolderIndex } from './folder-index';
import { claimSocketPlaces, serveFolder, type FolderService } from './serve-socket';

export { AlreadyServingError } from './serve-socket';

export interface ResidentServerOptions {
  root: string;
  /** The settings the index is built with (.agent/etc/query.yaml): questions asked with others are refused. */
  settings: EngineSettings;
  /** Each answered question: counts and time only (never its text). */
  onAnswered?: FolderService['onAnswered'];
  onListed?: FolderService['onListed'];
  onProgress?: (p: IndexingProgress) => void;
  /** Watching stopped working: questions now re-list the files first (slower, still current). */
  onWatchLost?: (reason: string) => void;
  onError?: (err: unknown) => void;
  /** Any request arrived (questions, listings, status): the server is in use. */
  onActivity?: () => void;
  /** `grounded serve --stop` asked it to stop (after its answer went out). */
  onShutdown?: () => void;
}

export interface ResidentServer {
  socketPath: string;
  folder: FolderIndex;
  watcher: DirWatcher;
  close(): Promise<void>;
}

/**
 * `grounded serve`: keeps one folder's index in memory, current through file watching, and builds
 * the scrubbed context of `grounded query`'s questions on a local socket only this user can open —
 * a question then costs the CLI's start and the ranking, not loading the index, listing the files
 * and loading the tokenizer.
 */
export async function startResidentServer(opts: ResidentServerOptions): Promise<ResidentServer> {
  const { root, settings } = opts;
  const onError = opts.onError ?? (() => undefined);
  // Before any work: a second server for the folder stops here.
  const places = await claimSocketPlaces(root);
  const folder = new FolderIndex(root, settings, emptyOverlay, onError, opts.onProgress);
  const watcher = new DirWatcher(root, settings.excludedFolders, {
    onChange: (abs, kind) => void folder.changed(abs, kind).catch(onError),
    onLost: (reason) => {
      folder.index.markDirty();
      opts.onWatchLost?.(reason);
    },
  });
  // Watching starts before the first listing, so nothing changed in between is missed.
  await watcher.watchTree();
  const ready = folder.start();
  let served;
  try {
    served = await serveFolder({
      root, settings, folder, host: 'grounded serve',
      // Without watching (the inotify limit), every request looks at the file list first.
      freshen: () => {
        if (watcher.unreliable) folder.index.markDirty();
      },
      watchedFolders: () => (watcher.unreliable ? 0 : watcher.folders),
      onAnswered: opts.onAnswered, onListed: opts.onListed, onActivity: opts.onActivity, onShutdown: opts.onShutdown,
    }, places);
  } catch (err) {
    // Nowhere to listen (or another server won the race): nothing of this one may keep running.
    watcher.close();
    folder.dispose();
    throw err;
  }
  await ready;
  return {
    socketPath: served.socketPath,
    folder,
    watcher,
    close: async () => {
      watcher.close();
      await served.close();
      await folder.close();
    },
  };
}
