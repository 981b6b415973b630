import { randomUUID } from 'node:crypto';
import { ask } from '../ask/ask';
import type { AnswerResult, AskRequest } from '../ask/types';
import { listRecentRuns, type RecentRun } from '../audit/recent-runs';
import { reconstructExecution, type Reconstruction } from '../audit/reconstruct';
import { openSharedStore } from '../audit/shared-store';
import { AuditStore } from '../audit/store';
import { resolveSettings, type EngineSettings } from '../config/settings';
import { buildContext } from '../context/build';
import { renderContext } from '../context/render';
import type { Provider } from '../llm/types';
import { mentionResolver, type WorkspaceRoot } from '../mentions/index';
import type { MetricsRegistry } from '../metrics/registry';
import { createCommandToolset } from '../tools/command-tools';
import { evidenceForPlan, type PlanEvidence } from '../plans/evidence-plan';
import { buildEvidenceRequest, type EvidenceInputs } from '../plans/evidence-request';
import type { WorkspaceHost } from '../tools/host';
import { createNodeWorkspaceHost } from '../tools/node-host';
import { proposePlan, type ProposePlanResult } from '../plans/propose';
import type { Plan } from '../plans/schema';
import { validatePlan, type ValidationResult } from '../plans/validate';
import type { ScrubbedText } from '../privacy/types';
import { createScrubber } from '../privacy/scrubber';
import { WorkspaceIndex } from '../retrieval/index';
import { rememberTurns } from './remember-turns';
import { nullLogger, type Logger } from '../telemetry/log';
import { discoverFiles } from '../workspace/discovery';
import { explainPath } from '../workspace/explain';
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
  /** @url mentions: whether the network may be used, where pages are cached; other folders for @name/path. */
  mentions?: { allowNetwork: () => boolean; cacheDir?: string; roots?: () => WorkspaceRoot[] | undefined };
  /** Read-only tools and memory writes happen only in a trusted workspace (default: trusted). */
  trusted?: () => boolean;
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

/** A workspace folder's engine, wired once: every surface (CLI, chat, panel, plans) calls into it. */
export interface WorkspaceSession {
  readonly root: string;
  /** The settings in force now, defaults filled in. */
  settings(): EngineSettings;
  /** Files, symbols and trust as tools and plans see them, under the current ignore rules. */
  host(): WorkspaceHost;
  /** The audit log and memory, opened on first use. */
  store(): Promise<AuditStore>;
  ask(request: SessionAskRequest): Promise<AnswerResult>;
  proposePlan(request: SessionPlanRequest): Promise<ProposePlanResult>;
  /** Validates a plan against the workspace and the evidence it was proposed with (or its own). */
  checkPlan(plan: Plan, rowCounts?: PlanEvidence['rowCounts']): Promise<{ validation: ValidationResult; evidence: PlanEvidence | undefined }>;
  recentRuns(limit?: number): Promise<RecentRun[]>;
  reconstruct(id: string): Promise<Reconstruction | undefined>;
  /** Files or editors changed: the next question looks again (watched sessions only). */
  markDirty(): void;
  dispose(): void;
}

/** What the settings hide from Grounded, as discovery takes it. */
export function discoveryOf(root: string, s: EngineSettings): DiscoveryOptions {
  return { root, extraIgnore: s.extraIgnore, excludedFolders: s.excludedFolders, maxFileBytes: s.maxFileBytes };
}

/** A host on the file system that applies the same ignore rules as discovery (the CLI's). */
export function fileSystemHost(discovery: DiscoveryOptions): WorkspaceHost {
  return createNodeWorkspaceHost({
    root: discovery.root,
    explain: (p) => explainPath(discovery, p),
    listFiles: async () => (await discoverFiles(discovery)).files.map((f) => f.path),
  });
}

/**
 * Opens the engine for one workspace folder: it owns the settings, the index and the audit store,
 * and answers questions, proposes and checks plans and reads the audit log with them, so no
 * surface assembles the pipeline itself (and none can forget a setting, as plans once did).
 */
export function openWorkspaceSession(opts: WorkspaceSessionOptions): WorkspaceSession {
  const { root } = opts;
  const logger = opts.logger ?? nullLogger;
  const trusted = opts.trusted ?? (() => true);
  const settings = () => resolveSettings(opts.settings?.());
  const makeHost = opts.host ?? fileSystemHost;
  let index: { key: string; index: WorkspaceIndex } | undefined;
  let store: Promise<AuditStore> | undefined;

  // The index is built for one set of settings; changed settings get a new one.
  const indexFor = (s: EngineSettings): WorkspaceIndex | undefined => {
    if (!opts.watched) return undefined;
    const key = JSON.stringify(s);
    if (index?.key !== key) index = { key, index: new WorkspaceIndex({ root, settings: s, overlay: opts.overlay, watched: true }) };
    return index.index;
  };
  const openStore = (): Promise<AuditStore> => {
    if (!opts.database) throw new Error('This session has no audit database.');
    store ??= opts.database.shared ? openSharedStore(opts.database.file) : AuditStore.open({ file: opts.database.file });
    return store;
  };
  const host = () => makeHost(discoveryOf(root, settings()));

  return {
    root,
    settings,
    host,
    store: openStore,

    async ask(r) {
      const s = settings();
      const mentions = opts.mentions;
      const resolveMentions = mentionResolver({ discovery: discoveryOf(root, s), roots: mentions?.roots?.(), overlay: opts.overlay, allowNetwork: mentions ? mentions.allowNetwork() : true, cacheDir: mentions?.cacheDir });
      // Tools and memory only matter when a model answers, and only in a trusted workspace.
      const store = r.provider && r.tools !== false && trusted() && opts.database ? await openStore() : undefined;
      return ask(
        { root, question: r.question, history: r.history, attached: r.attached, overlay: opts.overlay, signal: r.signal, onEvent: r.onEvent },
        {
          provider: r.provider, unconfiguredReason: r.unconfiguredReason, settings: s, logger, metrics: opts.metrics, index: indexFor(s), resolveMentions,
          tools: store ? createCommandToolset({ host: makeHost(discoveryOf(root, s)), store }) : undefined,
          onTurn: store ? rememberTurns(store, r.conversationId ?? randomUUID(), r.onMemoryError) : undefined,
        },
      );
    },

    async proposePlan(r) {
      const s = settings();
      const scrubber = createScrubber();
      const queryId = randomUUID();
      let context: ScrubbedText | undefined;
      try {
        // The same settings as an answer: ignore rules, excluded folders, size and token limits.
        context = renderContext(await buildContext({ root, question: r.request, overlay: opts.overlay, settings: s, scrubber, queryId, signal: r.signal }, { logger, index: indexFor(s) }));
      } catch (err) {
        if (r.signal?.aborted) throw err;
        // The plan can still be proposed from the request and the evidence alone.
        logger.warn('plan.context_failed', { queryId, error: (err as Error).name });
      }
      const store = await openStore();
      return proposePlan({
        request: r.request, provider: r.provider, scrubber, host: host(), store, context, queryId, signal: r.signal, logger,
        currentFile: r.currentFile, currentDiagnostic: r.currentDiagnostic,
        evidence: buildEvidenceRequest({ ...r.editor, text: r.request }, store),
        keepExchangeText: r.keepExchangeText ?? false,
      });
    },

    async checkPlan(plan, rowCounts) {
      const evidence = rowCounts || !opts.database ? undefined : evidenceForPlan(await openStore(), plan, root);
      const validation = await validatePlan(plan, { host: host(), evidenceRowCounts: rowCounts ?? evidence?.rowCounts });
      return { validation, evidence };
    },

    async recentRuns(limit = 30) {
      return listRecentRuns(await openStore(), limit);
    },

    async reconstruct(id) {
      return reconstructExecution(await openStore(), id.trim());
    },

    markDirty() {
      index?.index.markDirty();
    },

    dispose() {
      index = undefined;
      // A shared store belongs to the whole process (other sessions, the other surfaces).
      if (!opts.database?.shared) void store?.then((s) => s.close(), () => undefined);
      store = undefined;
    },
  };
}
