import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import type { PlanRunResult } from '../../engine/plans/executor';
import { distinctTitle, planTabTitle } from '../../engine/plans/plan-title';
import type { RunExplanation } from '../../engine/plans/run-explanation';
import { withheldInWords } from '../../engine/plans/withheld-words';
import { PlanParseError, parsePlanText, type Plan } from '../../engine/plans/schema';
import type { Logger } from '../../engine/telemetry/log';
import { fromPlanViewSchema, type PlanView, type ToPlanView } from './messages';
import { planViewOf, withRunResult, withStepOutcome } from './plan-view-model';
import type { AskUser } from './diff-review';
import { safeMarkdownHtml } from '../panel/render';
import type { PlanSession } from './session';
import { resolveInside } from '../../engine/tools/paths';

const USE_EDITED = 'Use edited plan';
const PLAN_VIEW_TYPE = 'grounded.plan';

/**
 * Where a new plan opens: as a tab beside the plans already open, else beside the active editor.
 * Each plan opened "beside" split the editor area once more: after three plans four columns, each
 * too narrow for its tab's title or its steps.
 */
function planColumn(): vscode.ViewColumn {
  return vscode.window.tabGroups.all.find((g) => g.tabs.some(isPlanTab))?.viewColumn ?? vscode.ViewColumn.Beside;
}

const isPlanTab = (t: vscode.Tab) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(PLAN_VIEW_TYPE);

/** The plan's tab title, told apart from the plan tabs open already ("Plan: Shorten the README (2)"). */
function tabTitle(plan: Plan): string {
  const open = vscode.window.tabGroups.all.flatMap((g) => g.tabs.filter(isPlanTab).map((t) => t.label));
  return distinctTitle(`Plan: ${planTabTitle(plan)}`, open);
}

/** What happens after a run: the model's explanation (undefined without a model), and opening a revised plan. */
export interface AfterRun {
  explain(plan: Plan, result: PlanRunResult): Promise<RunExplanation | undefined>;
  openRevised(plan: Plan): void;
}

/**
 * The plan view: one webview panel per plan, showing its steps, arguments, evidence, which steps
 * modify files and the validation messages verbatim, with Run step by step / Run whole plan /
 * Edit plan / Cancel. Strict CSP (scripts by nonce only), resources only from media/.
 */
export class PlanPanel implements vscode.Disposable {
  private view: PlanView;
  private readonly disposables: vscode.Disposable[] = [];

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    private readonly session: PlanSession,
    private readonly evidenceSummary: string[],
    private readonly logger: Logger,
    private readonly afterRun?: AfterRun,
  ) {
    this.view = this.freshView();
    this.disposables.push(
      panel.webview.onDidReceiveMessage((raw: unknown) => void this.onMessage(raw)),
      panel.onDidDispose(() => this.dispose()),
      // Trusting the folder (the view's "Manage Workspace Trust") lifts the precondition that blocked every write.
      vscode.workspace.onDidGrantWorkspaceTrust(() => void this.afterTrust()),
    );
  }

  /** Opens a panel for a validated plan session. */
  static show(extensionUri: vscode.Uri, session: PlanSession, evidenceSummary: string[], logger: Logger, afterRun?: AfterRun): PlanPanel {
    const media = vscode.Uri.joinPath(extensionUri, 'media');
    const panel = vscode.window.createWebviewPanel(PLAN_VIEW_TYPE, tabTitle(session.plan), planColumn(), {
      enableScripts: true,
      localResourceRoots: [media],
      retainContextWhenHidden: true,
    });
    panel.webview.html = PlanPanel.html(panel.webview, media);
    return new PlanPanel(panel, session, evidenceSummary, logger, afterRun);
  }

  private static html(webview: vscode.Webview, media: vscode.Uri): string {
    const nonce = randomBytes(16).toString('base64');
    const script = webview.asWebviewUri(vscode.Uri.joinPath(media, 'dist', 'plan-view.js'));
    const style = webview.asWebviewUri(vscode.Uri.joinPath(media, 'plan-view.css'));
    return `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${webview.cspSource}; script-src 'nonce-${nonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link href="${style}" rel="stylesheet"><link href="${webview.asWebviewUri(vscode.Uri.joinPath(media, 'code.css'))}" rel="stylesheet"><title>Grounded plan</title></head>
<body><main id="plan" aria-live="polite">Loading the plan…</main>
<script nonce="${nonce}" src="${script}"></script></body></html>`;
  }

  private freshView(): PlanView {
    return planViewOf(this.session.plan, this.session.validation, {
      evidenceSummary: this.evidenceSummary,
      trusted: vscode.workspace.isTrusted,
      edited: this.session.edited,
    });
  }

  private post(): void {
    const message: ToPlanView = { type: 'plan', plan: this.view };
    void this.panel.webview.postMessage(message);
  }

  private async onMessage(raw: unknown): Promise<void> {
    const parsed = fromPlanViewSchema.safeParse(raw);
    if (!parsed.success) {
      this.logger.warn('plan.view.bad_message', { issues: parsed.error.issues.length });
      return;
    }
    const msg = parsed.data;
    if (msg.type === 'ready') return this.post();
    if (msg.type === 'cancel') return this.panel.dispose();
    if (msg.type === 'edit') return this.editPlan();
    if (msg.type === 'run') return this.run(msg.mode);
    if (msg.type === 'openRevised') return this.openRevised();
    if (msg.type === 'undo') return this.undo();
    if (msg.type === 'decide') return this.decide?.(msg.choice);
    if (msg.type === 'copy') return vscode.env.clipboard.writeText(msg.text);
    if (msg.type === 'open') return this.openStepFile(msg.path);
    if (msg.type === 'trust') return void vscode.commands.executeCommand('workbench.trust.manage');
    if (msg.type === 'reconstruct') return void vscode.commands.executeCommand('grounded.reconstructRun', this.session.plan.id);
  }

  private async afterTrust(): Promise<void> {
    if (this.session.isRunning || this.view.state !== 'invalid') return;
    await this.session.revalidate();
    this.view = this.freshView();
    this.post();
  }

  /** Opens a step's file beside the plan (a path outside the workspace or missing gets a warning, never a stack). */
  private async openStepFile(rel: string): Promise<void> {
    try {
      const uri = vscode.Uri.file(resolveInside(this.session.root, rel));
      await vscode.window.showTextDocument(uri, { viewColumn: vscode.ViewColumn.One, preview: false });
    } catch {
      void vscode.window.showWarningMessage(`Grounded: cannot open '${rel}': it is outside the workspace or does not exist (yet).`);
    }
  }

  private revised: Plan | undefined;
  /** Answers the question a running step waits on, from the view's buttons. */
  private decide: ((choice: string) => void) | undefined;
  /** Counts the questions asked: only the latest one may clear what the view shows. */
  private asked = 0;

  /** The step's question is over, whoever answered it (the view, the notification, the diff's title bar or keys). */
  private settle(): void {
    this.decide = undefined;
    this.view = { ...this.view, pending: undefined };
  }

  /**
   * Asks as `base` does (the notification) and, the same question, in the view under the steps:
   * whichever is answered first decides. Answered here, the notification is hidden (its buttons
   * would decide nothing now).
   */
  private askHereToo(base: AskUser): AskUser {
    return async (question, choices) => {
      const id = ++this.asked;
      const asked = base(question, choices);
      this.view = { ...this.view, pending: { question: question.replace(/^Grounded: /, ''), choices } };
      this.post();
      let here = false;
      try {
        return await new Promise<string | undefined>((resolve) => {
          this.decide = (choice) => {
            if (!choices.includes(choice)) return;
            here = true;
            resolve(choice);
          };
          asked.then(resolve, () => resolve(undefined));
        });
      } finally {
        // The diff's title bar and keys decide without this promise: the step's outcome settles the view then.
        if (id === this.asked) {
          this.settle();
          this.post();
        }
        if (here) void vscode.commands.executeCommand('notifications.hideToasts');
      }
    };
  }
  private lastRun: PlanRunResult | undefined;

  /** Reverts what the last run applied (the summary's Undo), once. */
  async undo(): Promise<void> {
    if (!this.lastRun || this.view.summary?.undone) return;
    const { reverted, refused } = await this.session.undo(this.lastRun);
    this.view = { ...this.view, summary: { ...this.view.summary!, undone: reverted, undoRefused: refused } };
    this.post();
  }

  /** The model explains how the run went; after a failure its revised plan can be opened (and needs its own authorization). */
  private async explainOutcome(result: PlanRunResult): Promise<void> {
    if (!this.afterRun || result.status === 'invalid' || result.status === 'cancelled') return;
    this.view = { ...this.view, outcome: { state: 'explaining', rejected: [], revisedErrors: [] } };
    this.post();
    try {
      const r = await this.afterRun.explain(this.session.plan, result);
      if (!r) {
        this.view = { ...this.view, outcome: { state: 'unavailable', rejected: [], revisedErrors: ['No model is configured to explain the outcome.'] } };
      } else {
        this.revised = r.revised?.plan;
        this.view = {
          ...this.view,
          outcome: {
            state: r.explanation ? 'explained' : 'withheld',
            explanation: r.explanation,
            explanationHtml: r.explanation ? safeMarkdownHtml(r.explanation) : undefined,
            rejected: r.rejected,
            withheldWhy: r.explanation ? undefined : withheldInWords(r.refusedFor),
            revisedPlanId: r.revised?.plan.id,
            revisedValid: r.revised?.validation.valid,
            revisedErrors: r.revised ? r.revised.validation.issues.map((i) => i.message) : r.revisedErrors,
          },
        };
      }
    } catch (err) {
      this.view = {
        ...this.view,
        outcome: { state: 'unavailable', rejected: [], revisedErrors: [`The model could not explain the outcome: ${(err as Error).message}`] },
      };
    }
    this.post();
  }

  /** Runs the plan as the view's Run buttons do, then has the model explain the outcome. */
  async run(mode: 'step' | 'plan'): Promise<void> {
    if (this.session.isRunning || this.view.state !== 'ready') return;
    this.view = { ...this.freshView(), state: 'running' };
    this.post();
    let asks = this.asked;
    let lastAsked = false;
    try {
      const result = await this.session.run(mode, (o) => {
        lastAsked = this.asked !== asks;
        asks = this.asked;
        this.settle();
        this.view = withStepOutcome(this.view, o);
        this.post();
      }, this.askHereToo(this.session.askUser));
      this.settle();
      this.view = withRunResult(this.view, result);
      this.lastRun = result;
      const changes = (status: string) => result.steps.filter((o) => o.status === status).reduce((n, o) => n + (o.edits?.length ?? (o.edit ? 1 : 0)), 0);
      this.view = { ...this.view, summary: { applied: changes('succeeded'), rejected: changes('rejected') } };
      this.post();
      // Answered in its diff (keys, title bar, notification), the last question closed the diff, and VS Code put
      // the keyboard in another editor: a keyboard user was left in unrelated code. The view takes it, on its next button.
      if (lastAsked && !this.panel.active) this.panel.reveal(this.panel.viewColumn, false);
      await this.explainOutcome(result);
      return;
    } catch (err) {
      this.view = { ...this.view, state: 'failed', runError: (err as Error).message };
    }
    this.post();
  }

  /** Opens the plan JSON in an untitled editor; the edited text is validated again when the user confirms. */
  private async editPlan(): Promise<void> {
    const doc = await vscode.workspace.openTextDocument({ language: 'json', content: JSON.stringify(this.session.plan, null, 2) });
    await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    const choice = await vscode.window.showInformationMessage(
      'Grounded: edit the plan JSON, then use it. It is validated again before anything runs.',
      USE_EDITED,
    );
    if (choice !== USE_EDITED) return;
    try {
      await this.session.replace(parsePlanText(doc.getText()));
      this.view = this.freshView();
    } catch (err) {
      const errors = err instanceof PlanParseError ? err.errors : [(err as Error).message];
      this.view = { ...this.view, state: 'invalid', errors };
    }
    this.post();
  }

  /** What the panel shows now (tests read it). */
  get currentView(): PlanView {
    return this.view;
  }

  /** Opens the revised plan the model proposed after a failed run, as the view's button does. */
  openRevised(): void {
    if (this.revised) this.afterRun?.openRevised(this.revised);
  }

  /** Brings the panel to the front. */
  reveal(): void {
    this.panel.reveal();
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
  }
}
