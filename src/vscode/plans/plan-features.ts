import * as vscode from 'vscode';
import { currentDiagnosticText } from '../../engine/plans/evidence-request';
import { reconstructionMarkdown, runRecordTitle } from '../../engine/plans/run-record';
import type { ExecutionMode, PlanRunResult } from '../../engine/plans/executor';
import type { ProposePlanResult } from '../../engine/plans/propose';
import { PlanParseError, parsePlanText, type Plan } from '../../engine/plans/schema';
import type { WorkspaceSession } from '../../engine/session/workspace-session';
import type { Logger } from '../../engine/telemetry/log';
import type { Provider } from '../../engine/llm/types';
import type { DecisionBar } from './decision-bar';
import { gatherEditorEvidence } from './editor-evidence';
import { PlanPanel } from './plan-panel';
import { planMarkdown, planViewOf, unusablePlanMarkdown } from './plan-view-model';
import { ProposedContentProvider } from './proposed-content';
import { PlanSession } from './session';

/** What the plan features need from the rest of the extension. */
export interface PlanServices {
  /** The model for this request (the one the chat picked, if any), or undefined when none is configured. */
  getProvider(requestModel?: vscode.LanguageModelChat): Promise<Provider | undefined>;
  logger: Logger;
  /** The engine session of the folder a plan acts on (the active editor's, else the first); undefined with no folder open. */
  session(): WorkspaceSession | undefined;
  /** Keep the scrubbed prompt and reply of plan requests in the audit log (default: hashes only). */
  keepExchangeText?: () => boolean;
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

/** The plan features' state: the proposal content provider and the open plan panels. */
export class PlanFeatures implements vscode.Disposable {
  readonly proposed: ProposedContentProvider;
  private readonly panels = new Map<string, PlanPanel>();

  /** `scheme` serves the proposals (tests use their own next to the extension's). */
  /** `bar`: Accept / Reject in the diff title bar (registered once by the extension). */
  constructor(private readonly extensionUri: vscode.Uri, readonly services: PlanServices, scheme?: string, private readonly bar?: DecisionBar) {
    this.proposed = new ProposedContentProvider(scheme);
  }

  requireSession(): WorkspaceSession {
    const session = this.services.session();
    if (!session) throw new PlanFeatureError('Grounded plans need an open workspace folder.', 'Open a folder (File: Open Folder…) and try again.');
    return session;
  }

  /** Asks the model (the request's, else the configured one) for a plan, validates it and opens it in a plan panel. */
  async propose(request: string, token?: vscode.CancellationToken, requestModel?: vscode.LanguageModelChat): Promise<ProposeOutcome> {
    const session = this.requireSession();
    const provider = await this.services.getProvider(requestModel);
    if (!provider) {
      return {
        markdown: 'Plans need a language model, and none is configured. Choose one with **Grounded: Select Provider and Model** (setting `grounded.provider`).',
      };
    }
    const abort = new AbortController();
    const cancel = token?.onCancellationRequested(() => abort.abort());
    try {
      const editor = gatherEditorEvidence(session.root);
      const result = await session.proposePlan({
        request, provider, signal: abort.signal, editor,
        currentFile: editor.activeFile, currentDiagnostic: currentDiagnosticText(editor.diagnostics),
        keepExchangeText: this.services.keepExchangeText?.() ?? false,
      });
      if (!result.plan) {
        return { result, markdown: unusablePlanMarkdown(result.errors) };
      }
      const plans = await this.openPlan(result.plan, { rowCounts: result.evidence.rowCounts, summary: result.evidence.lines });
      const view = planViewOf(plans.plan, plans.validation, { evidenceSummary: result.evidence.lines, trusted: session.host().isTrusted(), edited: false });
      return { result, session: plans, markdown: planMarkdown(view) };
    } finally {
      cancel?.dispose();
    }
  }

  /** Validates a plan, snapshots the files it changes and shows it in a panel. */
  async openPlan(plan: Plan, evidence: { rowCounts?: ProposePlanResult['evidence']['rowCounts']; summary?: string[] } = {}, show = true): Promise<PlanSession> {
    const workspace = this.requireSession();
    const session = await PlanSession.create(plan, {
      host: workspace.host(), proposed: this.proposed, store: await workspace.store(), logger: this.services.logger, bar: this.bar,
      evidenceRowCounts: evidence.rowCounts, evidenceSummary: evidence.summary,
    });
    if (show) {
      this.panels.get(plan.id)?.dispose();
      this.panels.set(
        plan.id,
        PlanPanel.show(this.extensionUri, session, evidence.summary ?? [], this.services.logger, {
          explain: async (ran, result) => {
            const provider = await this.services.getProvider();
            if (!provider) return undefined;
            const steps = result.steps.map((o) => ({ stepId: o.stepId, tool: o.tool, status: o.status, output: o.output, error: o.error }));
            return workspace.explainRun({ plan: ran, status: result.status, steps, provider });
          },
          // A revised plan is validated again and opened like any plan: nothing runs without the user.
          openRevised: (revised) =>
            void this.runPlanText(JSON.stringify(revised)).catch((err) => void vscode.window.showErrorMessage(`Grounded: ${(err as Error).message}`)),
        }),
      );
    }
    return session;
  }

  /** The open panel of a plan, if any. */
  panel(planId: string): PlanPanel | undefined {
    return this.panels.get(planId);
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
    // Same evidence as `grounded plan check`, so a plan file gets the same messages in both.
    const { evidence } = await this.requireSession().checkPlan(plan);
    const session = await this.openPlan(plan, { rowCounts: evidence?.rowCounts, summary: evidence?.lines }, mode === undefined);
    return mode === undefined ? session : session.run(mode);
  }

  /** A past execution (or plan) rebuilt from the audit log, as Markdown and its tab's title; undefined when the id is unknown. */
  async reconstruct(id: string): Promise<{ markdown: string; title: string } | undefined> {
    const r = await this.requireSession().reconstruct(id);
    return r && { markdown: reconstructionMarkdown(r, '.agent/state/grounded.db', new Date()), title: runRecordTitle(r) };
  }

  /** Recent plans and executions, newest first, for the "Reconstruct run…" quick pick. */
  recentRuns(limit = 30): Promise<Array<{ id: string; label: string; detail: string }>> {
    return this.requireSession().recentRuns(limit);
  }

  dispose(): void {
    for (const p of this.panels.values()) p.dispose();
    this.panels.clear();
    this.proposed.dispose();
  }
}

/** The verbatim messages of a plan that could not be read. */
export function parseErrorsOf(err: unknown): string[] {
  return err instanceof PlanParseError ? err.errors : [(err as Error).message];
}
