import { chmodSync, existsSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createMessageConnection, ResponseError, SocketMessageReader, SocketMessageWriter } from 'vscode-jsonrpc/node';
import type { EngineSettings } from '../config/settings';
import { buildContext } from '../context/build';
import type { BuiltContext } from '../context/types';
import type { IndexingProgress } from '../index-protocol/protocol';
import type { ChunkSource, IndexingState } from '../retrieval/chunk-source';
import { realFolder } from '../workspace/contain';
import { byPath } from '../workspace/discovery';
import { emptyOverlay } from '../workspace/types';
import { ensureStateDir } from '../workspace/state-dir';
import { DirWatcher } from './dir-watcher';
import { FolderIndex } from './folder-index';
import {
  ContextRequest, FilesRequest, indexedBy, RefusedCode, RESIDENT_PROTOCOL, ServeStatusRequest, ShutdownRequest,
  type ContextParams, type FilesParams, type FilesResult, type ServeStatus,
} from './protocol';
import { answersAt, residentSocketPaths } from './socket-path';

export interface ResidentServerOptions {
  root: string;
  /** The settings the index is built with (.agent/etc/query.yaml): questions asked with others are refused. */
  settings: EngineSettings;
  /** Each answered question: counts and time only (never its text). */
  onAnswered?: (info: { queryId: string; chunks: number; tokens: number; ms: number }) => void;
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

/** Thrown when another resident server already answers for the folder. */
export class AlreadyServingError extends Error {}

/** Errors of a place that cannot hold a socket (a Windows drive under WSL, a read-only folder): the next place is tried. */
const NO_SOCKET_HERE = new Set(['EACCES', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EINVAL', 'EROFS', 'ENOENT', 'ENOTDIR', 'EEXIST', 'ENAMETOOLONG']);

/** Listens at the first of `places` that can hold a socket, created 0600; returns where. */
async function listenAtFirst(server: net.Server, places: string[], root: string): Promise<string> {
  let last: unknown = new Error('no place to listen');
  for (const place of places) {
    try {
      if (place.startsWith(path.join(root, '.agent', 'state'))) ensureStateDir(path.dirname(place));
      // Created 0600 from the start (umask), not made so a moment later: no one else may connect in between.
      const umask = process.umask(0o077);
      try {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(place, () => {
            server.off('error', reject);
            resolve();
          });
        });
      } finally {
        process.umask(umask);
      }
      if (process.platform !== 'win32') chmodSync(place, 0o600);
      return place;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE') throw new AlreadyServingError(`a resident server already answers for ${root} (${place})`);
      if (!code || !NO_SOCKET_HERE.has(code)) throw err;
      last = err;
    }
  }
  throw last;
}

/**
 * The folder's index as the context builder reads it: kept current by the watcher, so `refresh`
 * only asks for a look at the file list when watching was lost (`freshen`).
 */
function liveSource(folder: FolderIndex, freshen: () => void): ChunkSource {
  let indexing: IndexingState | undefined;
  return {
    refresh: async () => freshen(),
    search: async (terms, limit, opts) => {
      const r = await folder.search(terms, limit, opts);
      indexing = r.indexing;
      return r.chunks;
    },
    get fileCount() { return folder.index.fileCount; },
    get skipped() { return folder.index.skipped; },
    get indexing() { return indexing; },
  };
}

/**
 * `grounded serve`: keeps one folder's index in memory, current through file watching, and builds
 * the scrubbed context of `grounded query`'s questions on a local socket only this user can open —
 * a question then costs the CLI's start and the ranking, not loading the index, listing the files
 * and loading the tokenizer. Context is built exactly as in the CLI (buildContext, the same
 * scrubber), so what reaches a model is the same either way.
 */
export async function startResidentServer(opts: ResidentServerOptions): Promise<ResidentServer> {
  const { root, settings } = opts;
  const onError = opts.onError ?? (() => undefined);
  const places = residentSocketPaths(root, true);
  for (const place of places) {
    if (process.platform === 'win32' || !existsSync(place)) continue;
    if (await answersAt(place)) throw new AlreadyServingError(`a resident server already answers for ${root} (${place})`);
    rmSync(place, { force: true });
  }
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
  // Without watching (the inotify limit), every request looks at the file list first.
  const freshen = () => {
    if (watcher.unreliable) folder.index.markDirty();
  };
  const source = liveSource(folder, freshen);
  const own = indexedBy(settings);
  // Folders compared by their real path: a server started in `/real/repo` answers the CLI run from a symlink to it.
  const here = realFolder(root);

  /** Refuses a request the server cannot answer as the CLI would; then takes in the file events already queued. */
  const admit = async (p: ContextParams | FilesParams): Promise<void> => {
    opts.onActivity?.();
    if (p.protocol !== RESIDENT_PROTOCOL) {
      throw new ResponseError(RefusedCode.otherProtocol, `this server speaks protocol ${RESIDENT_PROTOCOL}, not ${p.protocol}`);
    }
    if (realFolder(p.root) !== here) throw new ResponseError(RefusedCode.otherFolder, `this server answers for ${root}`);
    if (indexedBy(p.settings) !== own) {
      throw new ResponseError(RefusedCode.otherSettings, 'the index is built with other settings (.agent/etc/query.yaml changed?)');
    }
    // A request made right after an edit sees it: its event is taken in before the answer.
    await new Promise((r) => setImmediate(r));
  };

  const files = async (p: FilesParams): Promise<FilesResult> => {
    await admit(p);
    freshen();
    await folder.settled();
    return {
      // In-process discovery's order (byPath; a plain sort of strings compares code units the same
      // way), so both print byte for byte the same list.
      files: [...folder.index.paths()].sort(),
      skipped: [...folder.index.skipped].sort(byPath),
    };
  };

  const context = async (p: ContextParams): Promise<BuiltContext> => {
    await admit(p);
    const started = performance.now();
    const ctx = await buildContext({ root, question: p.question, history: p.history, settings: p.settings, queryId: p.queryId }, { index: source });
    opts.onAnswered?.({ queryId: p.queryId, chunks: ctx.chunks.length, tokens: ctx.totalTokens, ms: performance.now() - started });
    return ctx;
  };

  const status = (): ServeStatus => ({
    protocol: RESIDENT_PROTOCOL, root, pid: process.pid, files: folder.index.fileCount,
    watchedFolders: watcher.unreliable ? 0 : watcher.folders, indexing: folder.indexing,
  });
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    const conn = createMessageConnection(new SocketMessageReader(socket), new SocketMessageWriter(socket));
    conn.onRequest(ContextRequest, context);
    conn.onRequest(FilesRequest, files);
    conn.onRequest(ServeStatusRequest, () => {
      opts.onActivity?.();
      return status();
    });
    conn.onRequest(ShutdownRequest, () => {
      // Answered first (the reply is written asynchronously): the stopping CLI learns which server it stopped.
      setTimeout(() => opts.onShutdown?.(), 20);
      return status();
    });
    socket.on('close', () => {
      sockets.delete(socket);
      conn.dispose();
    });
    socket.on('error', () => socket.destroy());
    conn.listen();
  });
  let socketPath: string;
  try {
    socketPath = await listenAtFirst(server, places, root);
  } catch (err) {
    // Nowhere to listen (or another server won the race): nothing of this one may keep running.
    watcher.close();
    folder.dispose();
    throw err;
  }
  await ready;
  return {
    socketPath,
    folder,
    watcher,
    close: async () => {
      watcher.close();
      // Connected CLIs are let go (a question under way fails over to being answered by the CLI), or
      // close would wait for them: ended (what was written still goes out), destroyed if they linger.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) {
        socket.end();
        setTimeout(() => socket.destroy(), 1000).unref();
      }
      await closed;
      if (process.platform !== 'win32') rmSync(socketPath, { force: true });
      await folder.close();
    },
  };
}
