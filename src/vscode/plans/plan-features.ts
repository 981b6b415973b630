import { openSharedStore } from '../../engine/audit/shared-store';
import * as vscode from 'vscode';
import { randomUUID } from 'node:crypto';
import { evidenceForPlan } from '../../engine/audit/evidence-plan';
import { buildEvidenceRequest, currentDiagnosticText } from '../../engine/audit/evidence-request';
import { reconstructExecution, reconstructionMarkdown } from '../../engine/audit/reconstruct';
import { AuditStore, defaultDatabasePath } from '../../engine/audit/store';
import { buildContext } from '../../engine/context/build';
import { renderContext } from '../../engine/context/render';
import type { ExecutionMode, PlanRunResult } from '../../engine/plans/executor';
import { proposePlan, type ProposePlanResult } from '../../engine/plans/propose';
import { PlanParseError, parsePlanText, type Plan } from '../../engine/plans/schema';
import type { ScrubbedText } from '../../engine/privacy/types';
import { createScrubber } from '../../engine/privacy/scrubber';
import type { Logger } from '../../engine/telemetry/log';
import type { Provider } from '../../engine/llm/types';
import { gatherEditorEvidence } from './editor-evidence';
import { PlanPanel } from './plan-panel';
import { planMarkdown, planViewOf } from './plan-view-model';
import { ProposedContentProvider } from './proposed-content';
import { PlanSession } from './session';
import { createVsCodeWorkspaceHost, openDocumentOverlay } from './workspace-host';

/** What the plan features need from the rest of the extension. */
export interface PlanServices {
  /** The configured model, or undefined when none is (plans then explain why they cannot run). */
  getProvider(): Promise<Provider | undefined>;
  logger: Logger;
  /** Absolute root of the workspace folder plans act on; undefined when no folder is open. */
  root: string | undefined;
  /** Keep the scrubbed prompt and reply of plan requests in the audit log (default: hashes only). */
  keepExchangeText?: () => boolean;
  /** The audit database file; default `<root>/.agent/state/grounded.db` (shared with the CLI). */
  auditDatabase?: string;
}

/** A user-facing failure with what to do about it. */
export class PlanFeatureError extends Error {
  constructor(message: string, readonly suggestion: string) {
    super(message);
    this.name = 'PlanFeatureError';
  }
}

export interface ProposeOutcome {
  result?: ProposePlanResult;
  session?: PlanSession;
  /** Markdown for a chat response (plan summary or the reason nothing was proposed). */
  markdown: string;
}

/** The plan features' state: the proposal content provider, the audit store, open plan panels. */
export class PlanFeatures implements vscode.Disposable {
  readonly proposed: ProposedContentProvider;
  private store: Promise<AuditStore> | undefined;
  private readonly panels = new Map<string, PlanPanel>();

  /** `scheme` serves the proposals (tests use their own next to the extension's). */
  constructor(private readonly extensionUri: vscode.Uri, readonly services: PlanServices, scheme?: string) {
    this.proposed = new ProposedContentProvider(scheme);
  }

  requireRoot(): string {
    if (!this.services.root) throw new PlanFeatureError('Grounded plans need an open workspace folder.', 'Open a folder (File: Open Folder…) and try again.');
    return this.services.root;
  }

  /** The audit log at <root>/.agent/state/grounded.db, opened once. */
  auditStore(): Promise<AuditStore> {
    this.store ??= openSharedStore(this.services.auditDatabase ?? defaultDatabasePath(this.requireRoot()));
    return this.store;
  }

  host() {
    const extraIgnore = vscode.workspace.getConfiguration('grounded').get<string[]>('extraIgnore') ?? [];
    return createVsCodeWorkspaceHost({ root: this.requireRoot(), extraIgnore });
  }

  /** Asks the model for a plan, validates it and opens it in a plan panel. */
  async propose(request: string, token?: vscode.CancellationToken): Promise<ProposeOutcome> {
    const root = this.requireRoot();
    const provider = await this.services.getProvider();
    if (!provider) {
      return { markdown: 'Plans need a language model, and none is configured. Choose one with **Grounded: Select Provider and Model** (setting `grounded.provider`).' };
    }
    const abort = new AbortController();
    const cancel = token?.onCancellationRequested(() => abort.abort());
    const queryId = randomUUID();
    try {
      const scrubber = createScrubber();
      const host = this.host();
      const store = await this.auditStore();
      let context: ScrubbedText | undefined;
      try {
        context = renderContext(await buildContext({ root, question: request, overlay: openDocumentOverlay(), scrubber, queryId, signal: abort.signal }, { logger: this.services.logger }));
      } catch (err) {
        // The plan can still be proposed from the request and the evidence alone.
        this.services.logger.warn('plan.context_failed', { queryId, error: (err as Error).name });
      }
      const editor = gatherEditorEvidence(root);
      const result = await proposePlan({
        request, provider, scrubber, host, store, context, queryId, signal: abort.signal, logger: this.services.logger,
        currentFile: editor.activeFile, currentDiagnostic: currentDiagnosticText(editor.diagnostics),
        evidence: buildEvidenceRequest({ ...editor, text: request }, store),
        keepExchangeText: this.services.keepExchangeText?.() ?? false,
      });
      if (!result.plan) {
        return { result, markdown: ['**The model did not return a usable plan; nothing will run:**', '', '```text', ...result.errors, '```'].join('\n') };
      }
      const session = await this.openPlan(result.plan, { store, rowCounts: result.evidence.rowCounts, summary: result.evidence.lines });
      const view = planViewOf(session.plan, session.validation, { evidenceSummary: result.evidence.lines, trusted: host.isTrusted(), edited: false });
      return { result, session, markdown: planMarkdown(view) };
    } finally {
      cancel?.dispose();
    }
  }

  /** Validates a plan, snapshots the files it changes and shows it in a panel. */
  async openPlan(plan: Plan, evidence: { store?: AuditStore; rowCounts?: ProposePlanResult['evidence']['rowCounts']; summary?: string[] } = {}, show = true): Promise<PlanSession> {
    const session = await PlanSession.create(plan, {
      host: this.host(), proposed: this.proposed, store: evidence.store ?? (await this.auditStore()), logger: this.services.logger,
      evidenceRowCounts: evidence.rowCounts, evidenceSummary: evidence.summary,
    });
    if (show) {
      this.panels.get(plan.id)?.dispose();
      this.panels.set(plan.id, PlanPanel.show(this.extensionUri, session, evidence.summary ?? [], this.services.logger));
    }
    return session;
  }

  /** Brings an open plan panel to the front (the chat's "Open the plan" button). */
  showPlan(planId: string): void {
    this.panels.get(planId)?.reveal();
  }

  /**
   * Validates and opens (or, with `mode`, directly runs) a plan given as JSON text. Parse
   * errors are thrown as PlanParseError with the verbatim messages.
   */
  async runPlanText(text: string, mode?: Exclude<ExecutionMode, 'edited'>): Promise<PlanRunResult | PlanSession> {
    const plan = parsePlanText(text);
    const store = await this.auditStore();
    // Same evidence as `grounded plan check`, so a plan file gets the same messages in both.
    const evidence = evidenceForPlan(store, plan, this.requireRoot());
    const session = await this.openPlan(plan, { store, rowCounts: evidence.rowCounts, summary: evidence.lines }, mode === undefined);
    return mode === undefined ? session : session.run(mode);
  }

  /** Markdown of a past execution (or plan) rebuilt from the audit log; undefined when the id is unknown. */
  async reconstruct(id: string): Promise<string | undefined> {
    const r = reconstructExecution(await this.auditStore(), id.trim());
    return r && reconstructionMarkdown(r, '.agent/state/grounded.db', new Date());
  }

  /** Recent plans and executions, newest first, for the "Reconstruct run…" quick pick. */
  async recentRuns(limit = 30): Promise<Array<{ id: string; label: string; detail: string }>> {
    const store = await this.auditStore();
    const plans = store.query('SELECT id, intent, created_at FROM plans ORDER BY created_at DESC LIMIT ?', [limit]);
    const executions = store.query('SELECT id, tool, status, path, started_at FROM executions WHERE plan_id IS NULL ORDER BY started_at DESC LIMIT ?', [limit]);
    const rows = [
      ...plans.map((p) => ({ at: Number(p.created_at), id: String(p.id), label: `plan ${String(p.id)}`, detail: `${String(p.intent)} · ${new Date(Number(p.created_at)).toLocaleString()}` })),
      ...executions.map((e) => ({ at: Number(e.started_at), id: String(e.id), label: `${String(e.tool)} ${e.path ? String(e.path) : ''}`.trim(), detail: `${String(e.status)} · ${new Date(Number(e.started_at)).toLocaleString()}` })),
    ];
    return rows.sort((a, b) => b.at - a.at).slice(0, limit).map(({ id, label, detail }) => ({ id, label, detail }));
  }

  dispose(): void {
    for (const p of this.panels.values()) p.dispose();
    this.panels.clear();
    this.proposed.dispose();
    void this.store?.then((s) => s.close(), () => undefined);
  }
}

/** The verbatim messages of a plan that could not be read. */
export function parseErrorsOf(err: unknown): string[] {
  return err instanceof PlanParseError ? err.errors : [(err as Error).message];
}
