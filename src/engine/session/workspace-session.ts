import { randomUUID } from 'node:crypto';
import { ask } from '../ask/ask';
import type { AnswerResult, AskRequest } from '../ask/types';
import type { AskDeps } from '../ask/ask';
import { listRecentRuns, type RecentRun } from '../audit/recent-runs';
import { reconstructExecution, type Reconstruction } from '../audit/reconstruct';
import { openSharedStore } from '../audit/shared-store';
import { AuditStore } from '../audit/store';
import { resolveSettings, type EngineSettings } from '../config/settings';
import { buildContext } from '../context/build';
import { countTokens, loadTokenizer } from '../context/tokens';
import { renderContext } from '../context/render';
import type { Provider } from '../llm/types';
import { mentionResolver, type WorkspaceRoot } from '../mentions/index';
import type { MetricsRegistry } from '../metrics/registry';
import { createCommandToolset } from '../tools/command-tools';
import { evidenceForPlan, type PlanEvidence } from '../plans/evidence-plan';
import { buildEvidenceRequest, type EvidenceInputs } from '../plans/evidence-request';
import type { WorkspaceHost } from '../tools/host';
import { createNodeWorkspaceHost } from '../tools/node-host';
import { explainRun, type RunExplanation, type RunStepView } from '../plans/run-explanation';
import { proposePlan, type ProposePlanResult } from '../plans/propose';
import { titledRecentRun } from '../plans/plan-title';
import type { Plan } from '../plans/schema';
import { validatePlan, type ValidationResult } from '../plans/validate';
import type { ScrubbedText } from '../privacy/types';
import { createScrubber } from '../privacy/scrubber';
import type { ChunkSource } from '../retrieval/chunk-source';
import { WorkspaceIndex } from '../retrieval/index';
import { openIndex, saveIfChanged } from '../retrieval/index-store';
import { lazySavedIndex } from './lazy-saved-index';
import { rememberTurns } from './remember-turns';
import { windowHost, windowSource, type WindowFolder } from './window-folders';
import { nullLogger, type Logger } from '../telemetry/log';
import type { DiscoveryOptions, DocumentOverlay } from '../workspace/types';

export interface WorkspaceSessionOptions {
  /** Absolute root of the workspace folder. */
  root: string;
  /** The folder's settings, read on every request: they may change while the session lives. */
  settings?: () => Partial<EngineSettings>;
  /**
   * The workspace as tools and plans see it, made for the current ignore rules (the editor's view
   * in VS Code); default: the file system.
   */
  host?: (discovery: DiscoveryOptions) => WorkspaceHost;
  /** The audit log and memory. `shared`: the process-wide store of that file, which the session never closes. */
  database?: { file: string; shared?: boolean };
  logger?: Logger;
  metrics?: MetricsRegistry;
  /** Open editors' text, which wins over the disk. */
  overlay?: DocumentOverlay;
  /** Keep the index between questions and refresh it only after `markDirty` (the editor watches files). */
  watched?: boolean;
  /** Start each question's index from .agent/state/index.bin, saved back when changed (the CLI: only changed files are read again). */
  savedIndex?: boolean;
  /** Where ranked chunks come from instead of the session's own index (the index server); `local` is for when it is unavailable. */
  chunkSource?: (local: () => ChunkSource) => ChunkSource;
  /** @url mentions: whether the network may be used, where pages are cached; other folders for @name/path. */
  mentions?: { allowNetwork: () => boolean; cacheDir?: string; roots?: () => WorkspaceRoot[] | undefined; refreshUrls?: boolean };
  /** Read-only tools and memory writes happen only in a trusted workspace (default: trusted). */
  trusted?: () => boolean;
  /** The audit database could not be read and was set aside for a fresh one: this says where it went. */
  onStoreNotice?: (notice: string) => void;
  /**
   * Builds a question's context in a process that keeps the index live (the CLI: a running
   * `grounded serve`); undefined from it, or a question it may not take, builds it here.
   */
  remoteContext?: AskDeps['remoteContext'];
  /**
   * The window's folders when it has several, this one among them (`name` as in `@name/path`): a
   * question then searches them all, this folder a little preferred (FoldersSource).
   */
  folders?: () => WindowFolder[] | undefined;
  /** Notes already said to this user, shared by the sessions of one window: a model's small window is said once, not per answer. */
  saidNotes?: Set<string>;
}

/** One question for the session: the request without what the session owns, plus the model to use. */
export interface SessionAskRequest extends Omit<AskRequest, 'root' | 'overlay'> {
  provider?: Provider;
  /** Why there is no provider, shown with the snippet answer. */
  unconfiguredReason?: string;
  /** Offer read-only tools to the model (default true; never in an untrusted workspace). */
  tools?: boolean;
  /** Which conversation this question continues, in the workspace memory (default: a new one). */
  conversationId?: string;
  /** A failed memory write (the answer itself stands). */
  onMemoryError?: (err: unknown) => void;
  /** Keep the answered turn in the workspace memory (default true; off: the database is not even opened). */
  remember?: boolean;
}

export interface SessionPlanRequest {
  request: string;
  provider: Provider;
  signal?: AbortSignal;
  /** What the editor shows (active file, diagnostics), for the evidence queries. */
  editor?: Omit<EvidenceInputs, 'text'>;
  currentFile?: string;
  currentDiagnostic?: string;
  keepExchangeText?: boolean;
}

/** What the settings hide from Grounded, as discovery takes it. */
export function discoveryOf(root: string, s: EngineSettings): DiscoveryOptions {
  return { root, extraIgnore: s.extraIgnore, excludedFolders: s.excludedFolders, maxFileBytes: s.maxFileBytes };
}

/** A host on the file system that applies the same ignore rules as discovery (the CLI's). */
export function fileSystemHost(discovery: DiscoveryOptions): WorkspaceHost {
  return createNodeWorkspaceHost({ root: discovery.root, discovery });
}

/**
 * The engine of one workspace folder, wired once: it owns the settings, the index and the audit
 * store, and answers questions, proposes and checks plans and reads the audit log with them, so
 * no surface (CLI, chat, panel, plans) assembles the pipeline itself, or can forget a setting as
 * plans once did.
 */
export class WorkspaceSession {
  readonly root: string;
  private readonly logger: Logger;
  private index: { key: string; index: WorkspaceIndex } | undefined;
  private opened: Promise<AuditStore> | undefined;
  private readonly saidNotes: Set<string>;

  constructor(private readonly opts: WorkspaceSessionOptions) {
    this.root = opts.root;
    this.logger = opts.logger ?? nullLogger;
    this.saidNotes = opts.saidNotes ?? new Set();
  }

  /** The settings in force now, defaults filled in. */
  settings(): EngineSettings {
    return resolveSettings(this.opts.settings?.());
  }

  /** Files, symbols and trust as tools and plans see them, under the current ignore rules. */
  host(s = this.settings()): WorkspaceHost {
    return (this.opts.host ?? fileSystemHost)(discoveryOf(this.root, s));
  }

  /** The audit log and memory, opened on first use. */
  store(): Promise<AuditStore> {
    const db = this.opts.database;
    if (!db) throw new Error('This session has no audit database.');
    this.opened ??= (db.shared ? openSharedStore(db.file) : AuditStore.open({ file: db.file })).then((store) => {
      if (store.notice) this.opts.onStoreNotice?.(store.notice);
      return store;
    });
    return this.opened;
  }

  /** Answers a question (see ask()), with tools and memory when a model answers in a trusted workspace. */
  async ask(r: SessionAskRequest): Promise<AnswerResult> {
    const { opts, root } = this;
    const s = this.settings();
    const resolveMentions = mentionResolver({
      discovery: discoveryOf(root, s),
      roots: opts.mentions?.roots?.(),
      overlay: opts.overlay,
      allowNetwork: opts.mentions?.allowNetwork() ?? true,
      cacheDir: opts.mentions?.cacheDir,
      refresh: opts.mentions?.refreshUrls,
    });
    const toolsAllowed = Boolean(r.provider) && r.tools !== false && (opts.trusted?.() ?? true);
    // Opening the database creates .agent/state/: not when the user turned memory off.
    const store = toolsAllowed && r.remember !== false && opts.database ? await this.store() : undefined;
    // With a resident server the saved index is opened only if the question is built here after all.
    // git lists the files in its own process meanwhile: the tokenizer (~100 ms to build) is loaded
    // while it runs instead of after, when the budget first counts.
    const open = () => openIndex({ root, settings: s, overlay: opts.overlay, prefetch: true }).then((o) => (loadTokenizer(s.encoding), o));
    const window = opts.folders?.();
    const folders = window && windowSource(window, this);
    const saved = opts.savedIndex && !folders ? lazySavedIndex(open, !opts.remoteContext) : undefined;
    const result = await ask(
      { root, question: r.question, history: r.history, attached: r.attached, overlay: opts.overlay, signal: r.signal, onEvent: r.onEvent },
      {
        provider: r.provider,
        unconfiguredReason: r.unconfiguredReason,
        settings: s,
        logger: this.logger,
        metrics: opts.metrics,
        index: folders ?? saved ?? this.chunkSource(s),
        remoteContext: folders ? undefined : opts.remoteContext,
        resolveMentions,
        saidNotes: this.saidNotes,
        tools: toolsAllowed ? createCommandToolset({ host: window ? windowHost(window, this, this.host(s)) : this.host(s), store }) : undefined,
        onTurn: store ? rememberTurns(store, r.conversationId ?? randomUUID(), r.onMemoryError) : undefined,
      },
    );
    // Not being able to save (a read-only folder) only makes the next question slower.
    const opened = saved?.opened();
    if (opened) await saveIfChanged(opened).catch(() => this.logger.warn('index.save_failed', {}));
    return result;
  }

  /** Proposes a plan from context built with the folder's settings (ignore rules, excluded folders, size and token limits). */
  async proposePlan(r: SessionPlanRequest): Promise<ProposePlanResult> {
    const s = this.settings();
    const scrubber = createScrubber();
    const queryId = randomUUID();
    let context: ScrubbedText | undefined;
    try {
      context = renderContext(
        await buildContext(
          { root: this.root, question: r.request, overlay: this.opts.overlay, settings: s, scrubber, queryId, signal: r.signal },
          { logger: this.logger, index: this.chunkSource(s) },
        ),
      );
    } catch (err) {
      if (r.signal?.aborted) throw err;
      // The plan can still be proposed from the request and the evidence alone.
      this.logger.warn('plan.context_failed', { queryId, error: (err as Error).name });
    }
    const store = await this.store();
    return proposePlan({
      request: r.request, provider: r.provider, scrubber, host: this.host(s), store, context, queryId, signal: r.signal, logger: this.logger,
      currentFile: r.currentFile, currentDiagnostic: r.currentDiagnostic, evidence: buildEvidenceRequest({ ...r.editor, text: r.request }, store),
      keepExchangeText: r.keepExchangeText ?? false,
    });
  }

  /**
   * After a plan ran: the model explains the outcome and, on failure, may propose a revised plan
   * (validated here; it runs only after a new authorization). See explainRun.
   */
  async explainRun(r: { plan: Plan; status: string; steps: RunStepView[]; provider: Provider; signal?: AbortSignal }): Promise<RunExplanation> {
    const store = this.opts.database ? await this.store() : undefined;
    return explainRun({ ...r, scrubber: createScrubber(), host: this.host(), store });
  }

  /** Validates a plan against the workspace and the evidence it was proposed with (else its own, from the audit log). */
  async checkPlan(plan: Plan): Promise<{ validation: ValidationResult; evidence?: PlanEvidence }> {
    const evidence = this.opts.database ? evidenceForPlan(await this.store(), plan, this.root) : undefined;
    return { validation: await validatePlan(plan, { host: this.host(), evidenceRowCounts: evidence?.rowCounts, evidenceSummary: evidence?.lines }), evidence };
  }

  /** Recent plans and executions, newest first. */
  async recentRuns(limit = 30): Promise<RecentRun[]> {
    return listRecentRuns(await this.store(), limit).map(titledRecentRun);
  }

  /** A past execution or plan rebuilt from the audit log; undefined when the id is unknown. */
  async reconstruct(id: string): Promise<Reconstruction | undefined> {
    return reconstructExecution(await this.store(), id.trim());
  }

  /** Files or editors changed: the next question looks again (watched sessions only). */
  markDirty(): void {
    this.index?.index.markDirty();
  }

  /** Drops the index and closes the store, unless it is the process-wide shared one. */
  dispose(): void {
    this.index = undefined;
    if (!this.opts.database?.shared) void this.opened?.then((s) => s.close(), () => undefined);
    this.opened = undefined;
  }

  /**
   * Where questions get ranked chunks now: the configured source (the index server), else the
   * session's index for the current settings when watched, else a fresh index read from disk.
   */
  chunkSource(s = this.settings()): ChunkSource {
    // The index is built for one set of settings; changed settings get a new one.
    const local = (): WorkspaceIndex => {
      const key = JSON.stringify(s);
      if (this.index?.key !== key) this.index = { key, index: new WorkspaceIndex({ root: this.root, settings: s, overlay: this.opts.overlay, watched: true }) };
      return this.index.index;
    };
    if (this.opts.chunkSource) return this.opts.chunkSource(local);
    return this.opts.watched ? local() : new WorkspaceIndex({ root: this.root, settings: s, overlay: this.opts.overlay });
  }
}

/**
 * Loads the tokenizer and runs the scrubber once on a small sample, so the first question does not
 * pay for it (about half a second of a large repository's first question). Reads no file, sends nothing.
 */
export function warmUpEngine(encoding = resolveSettings({}).encoding): void {
  countTokens(WARM_UP_SAMPLE, encoding);
  createScrubber().scrub(WARM_UP_SAMPLE);
}

/** Text that exercises every scrubber family once (all fake: none is a real credential). */
export const WARM_UP_SAMPLE = [
  'const password = "warm-up-not-a-secret";',
  'mail a.b@example.com from 10.20.30.40',
  'token ghp_notarealtoken and +44 20 7946 0000',
  'Authorization: Bearer abc.def.ghi',
  'IBAN GB82 WEST 1234 5698 7654 32',
]
  .join('\n')
  .repeat(20);

/** Opens the engine session of one workspace folder. */
export const openWorkspaceSession = (opts: WorkspaceSessionOptions): WorkspaceSession => new WorkspaceSession(opts);
