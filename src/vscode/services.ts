import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { answerToolset, rememberTurns } from '../engine/ask/workspace-tools';
import { openSharedStore } from '../engine/audit/shared-store';
import { defaultDatabasePath } from '../engine/audit/store';
import { ask as engineAsk } from '../engine/ask/ask';
import type { AnswerResult, AskEvent, AttachedContext, ConversationTurn } from '../engine/ask/types';
import { DEFAULT_MODELS, GITHUB_MODELS_URL, type ProviderSpec } from '../engine/config/query-config';
import { createProvider } from '../engine/llm/factory';
import { mentionResolver } from '../engine/mentions/index';
import type { Provider } from '../engine/llm/types';
import { MetricsRegistry } from '../engine/metrics/registry';
import { WorkspaceIndex } from '../engine/retrieval/index';
import { discoverFiles } from '../engine/workspace/discovery';
import { createLogger, type Logger, type LogRecord } from '../engine/telemetry/log';
import { levelFilteredSink } from '../engine/telemetry/log-level';
import { KeyStore, type KeyedProvider } from './keys';
import { VsCodeLmProvider } from './lm-provider';
import { createVsCodeWorkspaceHost, openDocumentOverlay } from './plans/workspace-host';
import { discoveryFor, readSettings } from './settings';
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

const KEY_HINT = 'run "Grounded: Set API Key"';

/** What every surface shares: the log channel, metrics, keys, one watched index per folder, the provider choice. */
export class GroundedServices implements vscode.Disposable {
  readonly output: vscode.LogOutputChannel;
  readonly logger: Logger;
  readonly metrics = new MetricsRegistry();
  readonly keys: KeyStore;
  readonly overlay = openDocumentOverlay();
  private readonly indexes = new Map<string, WorkspaceIndex>();
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
    const watcher = vscode.workspace.createFileSystemWatcher('**/*');
    const dirty = () => this.indexes.forEach((i) => i.markDirty());
    const relist = () => this.mentionLists.clear();
    this.disposables.push(this.output, watcher, watcher.onDidCreate(dirty), watcher.onDidChange(dirty), watcher.onDidDelete(dirty),
      watcher.onDidCreate(relist), watcher.onDidDelete(relist), watcher.onDidChange((u) => { if (/(^|[\\/])\.(git|agent)ignore$/.test(u.path)) relist(); }),
      vscode.workspace.onDidChangeTextDocument((e) => { if (e.document.uri.scheme === 'file') dirty(); }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration('grounded')) return;
        this.indexes.clear();
        relist();
        this.logLevel = readSettings().logLevel;
      }));
  }

  dispose(): void {
    this.disposables.forEach((d) => d.dispose());
  }

  /** Structured, text-free records into the log channel (grounded.logLevel filters them first). */
  private write(r: LogRecord): void {
    const line = JSON.stringify(r);
    if (r.level === 'error') this.output.error(line);
    else if (r.level === 'warn') this.output.warn(line);
    else if (r.level === 'debug') this.output.debug(line);
    else this.output.info(line);
  }

  /** The workspace folder a question is about: the one holding `uri`, else the first. */
  rootFor(uri?: vscode.Uri): string | undefined {
    const folder = (uri && vscode.workspace.getWorkspaceFolder(uri)) ?? vscode.workspace.workspaceFolders?.[0];
    return folder?.uri.fsPath;
  }

  indexFor(root: string): WorkspaceIndex {
    let index = this.indexes.get(root);
    if (!index) {
      index = new WorkspaceIndex({ root, settings: readSettings(vscode.Uri.file(root)).engine, overlay: this.overlay, watched: true });
      this.indexes.set(root, index);
    }
    return index;
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

  private async keyedSpec(kind: KeyedProvider, model: string, baseUrl: string): Promise<ProviderSpec | undefined> {
    const apiKey = await this.keys.get(kind);
    if (kind === 'openai-compatible') return baseUrl ? { kind, model: model || 'llama3.1', baseUrl, apiKey, keyHint: KEY_HINT } : undefined;
    if (!apiKey) return undefined;
    return { kind, model: model || DEFAULT_MODELS[kind], apiKey, baseUrl: kind === 'gh' ? baseUrl || GITHUB_MODELS_URL : baseUrl || undefined, keyHint: KEY_HINT };
  }

  /**
   * The provider the settings choose: a named one (with its key from SecretStorage), VS Code's
   * language models, none, or with `auto` the first provider that has a key, else the chat's model.
   */
  async resolveProvider(requestModel?: vscode.LanguageModelChat): Promise<ResolvedProvider> {
    const s = readSettings();
    if (s.provider === 'none') return { reason: 'The provider setting is "none", so this answer is the ranked snippets.' };
    if (s.provider === 'vscode-lm' || s.provider === 'auto') {
      if (s.provider === 'auto') {
        for (const kind of ['openai', 'gemini', 'gh'] as const) {
          const spec = await this.keyedSpec(kind, s.model, s.baseUrl);
          if (spec) return { provider: createProvider(spec) };
        }
        if (s.baseUrl) return { provider: createProvider((await this.keyedSpec('openai-compatible', s.model, s.baseUrl))!) };
      }
      const model = requestModel ?? (await vscode.lm.selectChatModels(s.model ? { id: s.model } : {}))[0];
      if (model) return { provider: new VsCodeLmProvider(model) };
      return { reason: 'No model is configured: set an API key or choose a provider to get written answers.' };
    }
    const spec = await this.keyedSpec(s.provider, s.model, s.baseUrl);
    if (spec) return { provider: createProvider(spec) };
    return { reason: s.provider === 'openai-compatible' ? 'The provider is "openai-compatible" but grounded.baseUrl is empty.' : `No API key is stored for ${s.provider}.` };
  }

  /** Asks the engine, with this window's settings, index, overlay, metrics and logger. */
  async ask(opts: AskOptions): Promise<AnswerResult> {
    const root = opts.root ?? this.rootFor(vscode.window.activeTextEditor?.document.uri);
    if (!root) throw new Error('Open a folder first: Grounded answers questions about the code in the open workspace.');
    const resolved = await this.resolveProvider(opts.requestModel);
    const { engine, keepAnswers } = readSettings(vscode.Uri.file(root));
    const resolveMentions = mentionResolver({ discovery: discoveryFor(root), roots: workspaceRoots(), overlay: this.overlay, allowNetwork: vscode.workspace.isTrusted, cacheDir: this.urlCacheDir });
    // Read-only tools and memory only in a trusted workspace, and only when a model answers; with
    // grounded.memory.keepAnswers off the database is not even opened (opening creates .agent/state/).
    const toolsAllowed = resolved.provider && vscode.workspace.isTrusted;
    const store = toolsAllowed && keepAnswers ? await openSharedStore(defaultDatabasePath(root)) : undefined;
    const tools = toolsAllowed ? answerToolset(createVsCodeWorkspaceHost({ root, extraIgnore: engine.extraIgnore }), store) : undefined;
    const onTurn = store ? rememberTurns(store, opts.conversationId ?? randomUUID(), () => this.logger.warn('memory.write_failed', {})) : undefined;
    return engineAsk(
      { root, question: opts.question, history: opts.history, attached: opts.attached, overlay: this.overlay, signal: opts.signal, onEvent: opts.onEvent },
      { provider: resolved.provider, unconfiguredReason: resolved.reason, settings: engine, logger: this.logger, index: this.indexFor(root), metrics: this.metrics, resolveMentions, tools, onTurn },
    );
  }
}
