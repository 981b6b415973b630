import * as vscode from 'vscode';
import {
  DidChangeWatchedFilesNotification, LanguageClient, RevealOutputChannelOn, State, TransportKind, type LanguageClientOptions, type ServerOptions,
} from 'vscode-languageclient/node';
import {
  fileEventMatters,
  IndexingProgressNotification,
  SearchRequest,
  StatusRequest,
  StopIndexingRequest,
  type IndexServerOptions,
  type IndexStatus,
} from '../engine/index-protocol/protocol';
import type { ChunkSource, IndexingState, SearchOptions } from '../engine/retrieval/chunk-source';
import type { RefreshOptions } from '../engine/retrieval/index';
import type { RankedChunk } from '../engine/retrieval/rank';
import type { SearchTerm } from '../engine/retrieval/terms';
import type { SkippedFile } from '../engine/workspace/types';
import { IndexingStatus } from './indexing-status';
import { readSettings } from './settings';
import { watchRuleFilesBeyond, type RuleFileChange } from './rule-file-watch';

/**
 * The extension's side of the index server: starts it (node IPC), forwards file events (minus
 * `.git/`, `.agent/state/` and excluded folders) and editor text, and hands the engine one
 * `ChunkSource` per folder. When the server crashes the client restarts it and says so briefly.
 */
export class IndexClient implements vscode.Disposable {
  private readonly client: LanguageClient;
  private readonly watcher = vscode.workspace.createFileSystemWatcher('**/*');
  /** The status-bar item of a long indexing run (tests read its text). */
  readonly indexingStatus = new IndexingStatus();
  private readonly stopCommand: vscode.Disposable;

  constructor(context: vscode.ExtensionContext, output: vscode.LogOutputChannel) {
    const module = context.asAbsolutePath('dist/server.js');
    const serverOptions: ServerOptions = { run: { module, transport: TransportKind.ipc }, debug: { module, transport: TransportKind.ipc } };
    // A function: read again at every (re)start, so changed settings apply after `restart`.
    const init = (): IndexServerOptions => {
      this.startedWith = indexSettingsKey();
      const settings = Object.fromEntries((vscode.workspace.workspaceFolders ?? []).map((f) => [f.uri.fsPath, readSettings(f.uri).engine]));
      return { settings, answerCli: vscode.workspace.isTrusted };
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector: [{ scheme: 'file' }],
      synchronize: { fileEvents: this.watcher },
      initializationOptions: init,
      outputChannel: output,
      // A restart is announced in the status bar; the log must never pop up and take the user's focus.
      revealOutputChannelOn: RevealOutputChannelOn.Never,
      middleware: {
        workspace: {
          // Grounded's own writes (.agent/state/) after every answer, git's and excluded folders' churn never reach the server.
          didChangeWatchedFile: (event, next) => {
            const uri = vscode.Uri.parse(event.uri);
            const folder = vscode.workspace.getWorkspaceFolder(uri);
            if (!folder) return Promise.resolve();
            const rel = vscode.workspace.asRelativePath(uri, false);
            return fileEventMatters(rel, readSettings(folder.uri).engine.excludedFolders ?? []) ? next(event) : Promise.resolve();
          },
        },
      },
    };
    this.client = new LanguageClient('grounded.index', 'Grounded index', serverOptions, clientOptions);
    this.client.onDidChangeState((e) => {
      if (e.oldState !== State.Starting || e.newState !== State.Running) return;
      if (this.runs++ > 0 && !this.quiet) void vscode.window.setStatusBarMessage('$(sync) Grounded: the index server stopped and was restarted', 5000);
      this.quiet = false;
    });
    this.client.onNotification(IndexingProgressNotification, (p) => this.indexingStatus.update(p));
    this.stopCommand = vscode.commands.registerCommand('grounded.stopIndexing', () => this.stopIndexing());
    this.ready = this.client.start();
    void this.ready.then(() => this.watchRules(), () => undefined);
  }

  /** Rule files beyond the folders, watched again at each (re)start: a folder may have moved into a repository since. */
  private ruleWatch: Promise<vscode.Disposable | undefined> = Promise.resolve(undefined);

  private watchRules(): void {
    const previous = this.ruleWatch;
    const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
    this.ruleWatch = previous.then((old) => {
      old?.dispose();
      const send = (uri: vscode.Uri, type: RuleFileChange) =>
        void this.client.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uri.toString(), type }] }).catch(() => undefined);
      return watchRuleFilesBeyond(folders, send).catch(() => undefined);
    });
  }

  /** How far each folder's index is, as a server running with the current settings says. */
  async status(): Promise<IndexStatus[]> {
    await this.current();
    return this.client.sendRequest(StatusRequest, {});
  }

  /** Stops every indexing run under way; what is indexed stays and the next question carries on. */
  async stopIndexing(): Promise<number> {
    await this.ready;
    return this.client.sendRequest(StopIndexingRequest, {});
  }

  private runs = 0;
  private quiet = false;
  private ready: Promise<void>;
  /** The index settings of every folder when the server last started (see `indexSettingsKey`). */
  private startedWith = '';

  /** Restarts the server on purpose (settings changed), without the crash notice. */
  restart(): void {
    // One restart at a time, each after the one before: two that overlap (three settings changed in
    // a row) could leave the first one's server running, started with the older settings, while
    // `startedWith` already holds the newer ones, so `current()` would not restart it again.
    this.ready = this.ready.catch(() => undefined).then(() => {
      this.quiet = true;
      return this.client.restart();
    }).then(() => this.watchRules()).catch(() => undefined);
  }

  /**
   * Waits until the server runs with the current index settings. A question asked right after a
   * settings change must not be answered by a server that still hides (or shows) the old files,
   * whether or not the configuration event has arrived yet.
   */
  private async current(): Promise<void> {
    await this.ready;
    if (this.startedWith !== indexSettingsKey()) {
      this.restart();
      await this.ready;
    }
  }

  /** The server process id while it runs (tests kill it to check the restart). */
  get serverPid(): number | undefined {
    return (this.client as unknown as { _serverProcess?: { pid?: number } })._serverProcess?.pid;
  }

  /**
   * The chunk source of one workspace folder, answered by the server; while the server cannot
   * answer (it failed to start, or is being restarted) `fallback` answers in this process.
   */
  sourceFor(root: string, fallback: () => ChunkSource): ChunkSource {
    return new ServerChunkSource(root, async (terms, limit, opts) => {
      await this.current();
      return this.client.sendRequest(SearchRequest, { root, terms, limit, within: opts?.within });
    }, fallback, async () => (await this.status()).find((s) => s.root === root)?.files);
  }

  dispose(): void {
    this.watcher.dispose();
    void this.ruleWatch.then((w) => w?.dispose());
    this.stopCommand.dispose();
    this.indexingStatus.dispose();
    void this.client.stop();
  }
}

type Search = (terms: SearchTerm[], limit: number, opts?: SearchOptions) => Promise<{ chunks: RankedChunk[]; fileCount: number; skipped: SkippedFile[]; indexing?: IndexingState }>;

/** A `ChunkSource` backed by the server: nothing to refresh here, the server keeps itself fresh. */
class ServerChunkSource implements ChunkSource {
  fileCount = 0;
  skipped: SkippedFile[] = [];
  indexing?: IndexingState;

  constructor(readonly root: string, private readonly ask: Search, private readonly fallback: () => ChunkSource,
    private readonly files: () => Promise<number | undefined>) {}

  /** The server keeps itself fresh; this only tells the user how many files the question searches. */
  async refresh(opts?: RefreshOptions): Promise<void> {
    if (!opts?.onProgress) return;
    const n = await this.files().catch(() => undefined);
    if (n !== undefined) opts.onProgress(`Searching ${n.toLocaleString('en-US')} files…`);
  }

  async search(terms: SearchTerm[], limit: number, opts?: SearchOptions): Promise<RankedChunk[]> {
    let r: Awaited<ReturnType<Search>>;
    try {
      r = await this.ask(terms, limit, opts);
    } catch {
      const local = this.fallback();
      await local.refresh();
      const chunks = await local.search(terms, limit, opts);
      this.fileCount = local.fileCount;
      this.skipped = local.skipped;
      this.indexing = undefined;
      return chunks;
    }
    this.fileCount = r.fileCount;
    this.skipped = r.skipped;
    this.indexing = r.indexing;
    return r.chunks;
  }
}

/** The settings that change what the server indexes, per folder, as one comparable string. */
export const INDEX_SETTINGS = ['extraIgnore', 'excludedFolders', 'maxFileSize', 'maxFileTokens', 'encoding'];

function indexSettingsKey(): string {
  return JSON.stringify((vscode.workspace.workspaceFolders ?? []).map((f) => {
    const c = vscode.workspace.getConfiguration('grounded', f.uri);
    return [f.uri.fsPath, INDEX_SETTINGS.map((k) => c.get(k))];
  }));
}
