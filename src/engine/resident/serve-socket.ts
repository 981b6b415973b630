import { chmodSync, existsSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createMessageConnection, ResponseError, SocketMessageReader, SocketMessageWriter } from 'vscode-jsonrpc/node';
import type { EngineSettings } from '../config/settings';
import { buildContext } from '../context/build';
import type { BuiltContext } from '../context/types';
import type { ChunkSource, IndexingState } from '../retrieval/chunk-source';
import { realFolder } from '../workspace/contain';
import { byPath } from '../workspace/discovery';
import { ensureStateDir } from '../workspace/state-dir';
import type { FolderIndex } from './folder-index';
import {
  ContextRequest, FilesRequest, indexedBy, RefusedCode, RESIDENT_PROTOCOL, ServeStatusRequest, ShutdownRequest,
  type ContextParams, type FilesParams, type FilesResult, type ServeHost, type ServeStatus,
} from './protocol';
import { answersAt, residentSocketPaths } from './socket-path';
import { AlreadyServingError } from './refused';

/** A folder's live index, as a process that keeps one (`grounded serve`, VS Code's index server) offers it to the CLI. */
export interface FolderService {
  root: string;
  /** The settings the index is built with: the CLI's questions asked with others are refused. */
  settings: EngineSettings;
  folder: FolderIndex;
  host: ServeHost;
  /** Called before each request: marks the index for a look at the file list when changes may have been missed. */
  freshen(): void;
  /** Folders watched for changes (0: each question re-lists the files). */
  watchedFolders(): number;
  onAnswered?: (info: { queryId: string; chunks: number; tokens: number; ms: number }) => void;
  /** Each listing answered (`grounded files`): counts and time only. */
  onListed?: (info: { files: number; ms: number }) => void;
  /** Any request arrived (questions, listings, status): the server is in use. */
  onActivity?: () => void;
  /** `grounded serve --stop` asked it to stop (after its answer went out). */
  onShutdown?: () => void;
}

export interface ServedSocket {
  socketPath: string;
  /** Stops listening, lets connected CLIs go and removes the socket file. */
  close(): Promise<void>;
}

// Thrown when another resident server already answers for the folder (kept in refused.ts, which loads nothing).
export { AlreadyServingError } from './refused';

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
      if (code === 'EADDRINUSE') throw new AlreadyServingError(root, place);
      if (!code || !NO_SOCKET_HERE.has(code)) throw err;
      last = err;
    }
  }
  throw last;
}

/** Removes the socket files of servers that no longer run; throws when one still answers. */
export async function claimSocketPlaces(root: string): Promise<string[]> {
  const places = residentSocketPaths(root, true);
  for (const place of places) {
    if (process.platform === 'win32' || !existsSync(place)) continue;
    if (await answersAt(place)) throw new AlreadyServingError(root, place);
    rmSync(place, { force: true });
  }
  return places;
}

/** The folder's index as the context builder reads it; `freshen` runs before each search. */
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
 * Answers `grounded query` and `grounded files` for one folder from its live index, on a local
 * socket only this user can open. Context is built exactly as in the CLI (buildContext, the same
 * scrubber), so what reaches a model is the same whichever process built it.
 */
export async function serveFolder(svc: FolderService, claimed?: string[]): Promise<ServedSocket> {
  const { root, settings, folder } = svc;
  // `claimed`: the places claimSocketPlaces already cleared for this server, before it started its index.
  const places = claimed ?? (await claimSocketPlaces(root));
  const source = liveSource(folder, () => svc.freshen());
  const own = indexedBy(settings);
  // Folders compared by their real path: a server started in `/real/repo` answers the CLI run from a symlink to it.
  const here = realFolder(root);

  /** Refuses a request the server cannot answer as the CLI would; then takes in the file events already queued. */
  const admit = async (p: ContextParams | FilesParams): Promise<void> => {
    svc.onActivity?.();
    // The host goes with a refusal: the CLI tells its user to restart a `grounded serve`, not VS Code.
    const refuse = (code: number, message: string) => new ResponseError(code, message, { host: svc.host });
    if (p.protocol !== RESIDENT_PROTOCOL) throw refuse(RefusedCode.otherProtocol, `this server speaks protocol ${RESIDENT_PROTOCOL}, not ${p.protocol}`);
    if (realFolder(p.root) !== here) throw refuse(RefusedCode.otherFolder, `this server answers for ${root}`);
    if (indexedBy(p.settings) !== own) throw refuse(RefusedCode.otherSettings, 'the index is built with other settings (.agent/etc/query.yaml changed?)');
    // A request made right after an edit sees it: its event is taken in before the answer.
    await new Promise((r) => setImmediate(r));
  };

  const files = async (p: FilesParams): Promise<FilesResult> => {
    await admit(p);
    const started = performance.now();
    svc.freshen();
    await folder.settled();
    // In-process discovery's order (byPath; a plain sort of strings compares code units the same way).
    const listed = { files: folder.index.paths(true).sort(), skipped: [...folder.index.skipped].sort(byPath) };
    svc.onListed?.({ files: listed.files.length, ms: performance.now() - started });
    return listed;
  };

  const context = async (p: ContextParams): Promise<BuiltContext> => {
    await admit(p);
    const started = performance.now();
    const ctx = await buildContext({ root, question: p.question, history: p.history, settings: p.settings, queryId: p.queryId }, { index: source });
    svc.onAnswered?.({ queryId: p.queryId, chunks: ctx.chunks.length, tokens: ctx.totalTokens, ms: performance.now() - started });
    return ctx;
  };

  const status = (): ServeStatus => ({
    protocol: RESIDENT_PROTOCOL, root, pid: process.pid, files: folder.index.fileCount,
    watchedFolders: svc.watchedFolders(), indexing: folder.indexing, host: svc.host,
  });
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    const conn = createMessageConnection(new SocketMessageReader(socket), new SocketMessageWriter(socket));
    conn.onRequest(ContextRequest, context);
    conn.onRequest(FilesRequest, files);
    conn.onRequest(ServeStatusRequest, () => {
      svc.onActivity?.();
      return status();
    });
    conn.onRequest(ShutdownRequest, () => {
      // Answered first (the reply is written asynchronously): the stopping CLI learns which server it stopped.
      setTimeout(() => svc.onShutdown?.(), 20);
      return status();
    });
    socket.on('close', () => {
      sockets.delete(socket);
      conn.dispose();
    });
    socket.on('error', () => socket.destroy());
    conn.listen();
  });
  const socketPath = await listenAtFirst(server, places, root);
  const ours = process.platform === 'win32' ? undefined : statSync(socketPath).ino;
  return {
    socketPath,
    close: async () => {
      // Connected CLIs are let go (a question under way fails over to being answered by the CLI), or
      // close would wait for them: ended (what was written still goes out), destroyed if they linger.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) {
        socket.end();
        setTimeout(() => socket.destroy(), 1000).unref();
      }
      await closed;
      // Closing unlinks it already (libuv); by the time the connections are gone another server may
      // have taken the place (VS Code's taking over from a stopped `grounded serve`): its file stays.
      if (ours !== undefined && statSync(socketPath, { throwIfNoEntry: false })?.ino === ours) rmSync(socketPath, { force: true });
    },
  };
}
