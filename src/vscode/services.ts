import { existsSync } from 'node:fs';
import * as vscode from 'vscode';
import { tickWalkthroughStep } from './walkthrough-tick';
import { defaultDatabasePath } from '../engine/audit/store';
import type { AnswerResult, AskEvent, AttachedContext, ConversationTurn } from '../engine/ask/types';
import { chooseProvider } from '../engine/config/provider-endpoints';
import { createProvider } from '../engine/llm/factory';
import { ProviderError, type Provider, type ProviderErrorKind } from '../engine/llm/types';
import { MetricsRegistry } from '../engine/metrics/registry';
import type { ChunkSource } from '../engine/retrieval/chunk-source';
import { discoverFiles } from '../engine/workspace/discovery';
import { createLogger, type Logger, type LogRecord } from '../engine/telemetry/log';
import { levelFilteredSink } from '../engine/telemetry/log-level';
import { IndexClient, INDEX_SETTINGS } from './index-client';
import { KeyStore } from './keys';
import { LastCheck } from './last-check';
import { SetupNotice } from './setup-notice';
import { VsCodeLmProvider } from './lm-provider';
import { openWorkspaceSession, type WorkspaceSession } from '../engine/session/workspace-session';
import { createVsCodeWorkspaceHost, openDocumentOverlay } from './plans/workspace-host';
import { discoveryFor, readSettings } from './settings';
import { currentCheckScope } from './status-bar';
import { workspaceRoots } from './workspace-paths';

export interface ResolvedProvider {
  provider?: Provider;
  /** Why there is none (shown with the snippet answer, with a button to fix it). */
  reason?: string;
}

export interface AskOptions {
  question: string;
  root?: string;
  history?: ConversationTurn[];
  attached?: AttachedContext[];
  signal?: AbortSignal;
  onEvent?: (e: AskEvent) => void;
  /** Which conversation this question continues, for the workspace memory (default: a new one). */
  conversationId?: string;
  /** The model the chat panel picked for this request (used when the provider is auto or vscode-lm). */
  requestModel?: vscode.LanguageModelChat;
}

/** Settings the index server reads: a change to one of them rebuilds its view of the workspace. */

export const KEY_HINT = 'run "Grounded: Set API Key"';

/** Why an answer is snippets when nothing is set up (auto found no key, no server, no VS Code model). */
export const NO_MODEL_REASON =
  ('No model is set up yet. For written answers, choose one: a local server such as Ollama (no key needed), VS Code\'s language models ' +
    '(such as Copilot\'s), or an OpenAI, Gemini or GitHub Models key.');

/** What every surface shares: the log channel, metrics, keys, one watched index per folder, the provider choice. */
export class GroundedServices implements vscode.Disposable {
  readonly output: vscode.LogOutputChannel;
  readonly logger: Logger;
  readonly metrics = new MetricsRegistry();
  readonly keys: KeyStore;
  /** The last connection check's result, shown by the status bar. */
  readonly lastCheck = new LastCheck();
  /** The setup's "connected" notification, taken away by the next question. */
  readonly setupNotice = new SetupNotice();
  readonly overlay = openDocumentOverlay();
  /** One engine session per workspace folder: its settings, index and audit store. */
  private readonly sessions = new Map<string, WorkspaceSession>();
  /** Notes said in this window (a model's small window), whichever folder or surface asked: each once. */
  private readonly saidNotes = new Set<string>();
  /** The index server: it owns the index, so the extension host's memory does not grow with the workspace. */
  readonly indexClient?: IndexClient;
  /** Per folder, the files @mention completion offers (listed once, again after files or settings change). */
  private readonly mentionLists = new Map<string, Promise<string[]>>();
  private readonly disposables: vscode.Disposable[] = [];
  private logLevel = readSettings().logLevel;

  /** Fetched @url pages are cached in the extension's storage, never inside the user's repository. */
  readonly urlCacheDir: string;

  constructor(context: vscode.ExtensionContext) {
    this.urlCacheDir = vscode.Uri.joinPath(context.globalStorageUri, 'url-cache').fsPath;
    this.output = vscode.window.createOutputChannel('Grounded', { log: true });
    this.logger = createLogger(levelFilteredSink((r) => this.write(r), () => this.logLevel));
    this.keys = new KeyStore(context.secrets);
    if (existsSync(context.asAbsolutePath('dist/server.js'))) this.indexClient = new IndexClient(context, this.output);
    const watcher = vscode.workspace.createFileSystemWatcher('**/*');
    const dirty = () => this.sessions.forEach((session) => session.markDirty());
    const relist = () => this.mentionLists.clear();
    this.disposables.push(this.output, this.lastCheck, this.setupNotice, watcher,
      watcher.onDidCreate(dirty), watcher.onDidChange(dirty), watcher.onDidDelete(dirty),
      watcher.onDidCreate(relist), watcher.onDidDelete(relist), watcher.onDidChange((u) => { if (/(^|[\\/])\.(git|agent)ignore$/.test(u.path)) relist(); }),
      vscode.workspace.onDidChangeTextDocument((e) => { if (e.document.uri.scheme === 'file') dirty(); }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration('grounded')) return;
        // Only what changes the index restarts its server (a provider or log level change does not).
        if (INDEX_SETTINGS.some((k) => e.affectsConfiguration(`grounded.${k}`))) this.indexClient?.restart();
        relist();
        this.logLevel = readSettings().logLevel;
      }));
  }

  dispose(): void {
    this.indexClient?.dispose();
    this.disposables.forEach((d) => d.dispose());
    this.sessions.forEach((session) => session.dispose());
    this.sessions.clear();
  }

  /** Structured, text-free records into the log channel (grounded.logLevel filters them first). */
  private write(r: LogRecord): void {
    const line = JSON.stringify(r);
    if (r.level === 'error') this.output.error(line);
    else if (r.level === 'warn') this.output.warn(line);
    else if (r.level === 'debug') this.output.debug(line);
    else this.output.info(line);
  }

  /**
   * The workspace folder a question is asked from: the one holding `uri`, else the first. Its
   * settings and memory are the question's; in a window of several folders all are searched, this one preferred.
   */
  rootFor(uri?: vscode.Uri): string | undefined {
    const folder = (uri && vscode.workspace.getWorkspaceFolder(uri)) ?? vscode.workspace.workspaceFolders?.[0];
    return folder?.uri.fsPath;
  }

  /**
   * The engine session of a workspace folder, made once: settings read fresh from that folder on
   * every request, the editor's view of the files, the audit store shared by the whole process.
   */
  sessionFor(root: string): WorkspaceSession {
    let session = this.sessions.get(root);
    if (!session) {
      const client = this.indexClient;
      session = openWorkspaceSession({
        root, logger: this.logger, metrics: this.metrics, overlay: this.overlay, watched: true,
        settings: () => readSettings(vscode.Uri.file(root)).engine,
        host: (discovery) => createVsCodeWorkspaceHost({ discovery }),
        database: { file: defaultDatabasePath(root), shared: true },
        mentions: { allowNetwork: () => vscode.workspace.isTrusted, cacheDir: this.urlCacheDir, roots: workspaceRoots },
        trusted: () => vscode.workspace.isTrusted,
        // The index server answers when it runs; the session's own index otherwise.
        chunkSource: client ? (local) => client.sourceFor(root, local) : undefined,
        // In a window of several folders a question searches them all (the index server serves each).
        folders: () => workspaceRoots()?.map((f) => ({ name: f.name, session: this.sessionFor(f.path) })),
        saidNotes: this.saidNotes,
      });
      this.sessions.set(root, session);
    }
    return session;
  }

  /** Where questions about `root` get ranked chunks: the index server, or the session's own index without one. */
  indexFor(root: string): ChunkSource {
    return this.sessionFor(root).chunkSource();
  }

  /**
   * What the question box offers after `@`: the files Grounded may read in `root`, or, in a window of
   * several folders, in every folder, written `name/rel` as mentions and answers write them there.
   */
  async windowMentionPaths(root: string): Promise<string[]> {
    const folders = workspaceRoots();
    if (!folders) return this.mentionPaths(root);
    // One folder that cannot be listed leaves the others' files offered.
    const lists = await Promise.all(folders.map((f) => this.mentionPaths(f.path).then((l) => l.map((rel) => `${f.name}/${rel}`), () => [])));
    return lists.flat();
  }

  /** Workspace-relative paths Grounded may read in `root` (discovery: ignore rules applied), for @mention completion. */
  mentionPaths(root: string): Promise<string[]> {
    let list = this.mentionLists.get(root);
    if (!list) {
      list = discoverFiles(discoveryFor(root)).then((r) => r.files.map((f) => f.path));
      this.mentionLists.set(root, list);
      list.catch(() => this.mentionLists.delete(root));
    }
    return list;
  }

  /**
   * The provider the settings choose (decided by the engine's chooseProvider): a cloud provider
   * with its key from SecretStorage, always sent to that provider's own endpoint; the
   * OpenAI-compatible server at the user's grounded.baseUrl with its own key only; VS Code's
   * language models; or none.
   */
  async resolveProvider(requestModel?: vscode.LanguageModelChat): Promise<ResolvedProvider> {
    const s = readSettings();
    const choice = await chooseProvider({
      provider: s.provider,
      model: s.model,
      compatibleBaseUrl: s.baseUrl,
      keyFor: (kind) => this.keys.get(kind),
      keyHint: KEY_HINT,
      surface: 'vscode',
    });
    if (choice.kind === 'none') return { reason: choice.reason };
    if (choice.kind === 'spec') return { provider: createProvider(choice.spec) };
    const model = requestModel ?? (await vscode.lm.selectChatModels(s.model ? { id: s.model } : {}))[0];
    if (model) return { provider: new VsCodeLmProvider(model) };
    // The first answer a newcomer sees: it names the three ways to a model, the buttons lead to them.
    return { reason: NO_MODEL_REASON };
  }

  /**
   * A model did not answer a question: the status bar says so, from whichever surface asked, until
   * a model answers again. Stopping a question is no failure.
   */
  private async questionFailed(e: { kind: ProviderErrorKind; message: string; suggestion: string; keyMissing?: boolean }, provider?: Provider): Promise<void> {
    if (e.kind === 'cancelled') return;
    const summary = `${e.message} ${e.suggestion}`.trim();
    const check = { ok: false, summary, kind: e.kind, question: true, ...(e.keyMissing ? { keyMissing: true } : {}) };
    this.lastCheck.record(await currentCheckScope(this, provider), check);
  }

  /** Asks the engine session of the question's folder, with the model this request picked. */
  async ask(opts: AskOptions): Promise<AnswerResult> {
    const root = opts.root ?? this.rootFor(vscode.window.activeTextEditor?.document.uri);
    if (!root) throw new Error('Open a folder first: Grounded answers questions about the code in the open workspace.');
    // Whichever surface asks, the setup's "connected" is old news once a question is on its way.
    this.setupNotice.dismiss();
    const resolved = await this.resolveProvider(opts.requestModel);
    const result = await this.sessionFor(root).ask({
      question: opts.question, history: opts.history, attached: opts.attached, signal: opts.signal, onEvent: opts.onEvent,
      provider: resolved.provider, unconfiguredReason: resolved.reason, conversationId: opts.conversationId,
      remember: readSettings(vscode.Uri.file(root)).keepAnswers,
      onMemoryError: () => this.logger.warn('memory.write_failed', {}),
    }).catch(async (err: unknown) => {
      if (err instanceof ProviderError) await this.questionFailed(err, resolved.provider);
      throw err;
    });
    if (result.modelError) await this.questionFailed(result.modelError, resolved.provider);
    // Ticks the walkthrough's "Ask your first question" whichever surface answered.
    void tickWalkthroughStep('grounded.answered');
    // A warning from an earlier failed check must not outlive the model answering.
    // A model that answered is chosen, however it was (auto found it): "Choose who answers" is done too.
    if (result.provider && result.status === 'success') {
      this.lastCheck.answered();
      void tickWalkthroughStep('grounded.connected');
    }
    return result;
  }
}
