import * as vscode from 'vscode';
import type { ExecutionMode, PlanRunResult } from '../../engine/plans/executor';
import { ProviderError } from '../../engine/llm/types';
import { parseErrorsOf, PlanFeatureError, type PlanFeatures } from './plan-features';
import type { PlanSession } from './session';
import { ReadOnlyDocs } from '../read-only-docs';
import { approvalsForTesting, testHooksEnabled, type TestApproval } from './test-hooks';

/** Shows an error with its suggestion; never a stack trace. */
export function showPlanError(err: unknown): void {
  const suggestion = err instanceof PlanFeatureError || err instanceof ProviderError ? ` ${err.suggestion}` : '';
  void vscode.window.showErrorMessage(`Grounded: ${(err as Error).message}${suggestion}`);
}

/**
 * No model: a notification with the way out, not a document holding one sentence; not waited for,
 * and left out when the Grounded view asked (its conversation says so, with the same button).
 */
function needModel(notify = true): 'no-model' {
  if (notify) {
    void vscode.window.showWarningMessage('Grounded: plans need a language model, and none is configured.', 'Select Provider and Model')
      .then((choice) => choice && vscode.commands.executeCommand('grounded.selectModel'));
  }
  return 'no-model';
}

/** How a request for a plan ended (the Grounded view says it under the `/plan` typed there). */
/** How "Propose a change…" ended; an opened plan says whether it can run (invalid, or the folder untrusted). */
export type ProposeResult = 'opened' | 'opened-invalid' | 'opened-untrusted' | 'unusable' | 'no-model' | 'cancelled';

/** `given`: the change already written (after `/plan` in the Grounded view); otherwise an input box asks for it. */
async function proposeChange(features: PlanFeatures, docs: ReadOnlyDocs, given?: string): Promise<ProposeResult> {
  // Said before the user writes a request that could not be sent anywhere.
  if (!(await features.services.getProvider())) return needModel(given === undefined);
  const request = given?.trim() || await vscode.window.showInputBox({
    title: 'Grounded: Propose a change',
    prompt: 'Describe the change. Grounded asks the model for a plan, validates it, and shows every file change as a diff first.',
    placeHolder: 'e.g. rename formatDuration to formatElapsed in src/util/time.ts',
    ignoreFocusOut: true,
  });
  if (!request?.trim()) return 'cancelled';
  const outcome = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'Grounded: asking for a plan…', cancellable: true },
    (_p, token) => features.propose(request, token),
  );
  if (outcome.session) {
    if (!vscode.workspace.isTrusted) return 'opened-untrusted';
    return outcome.session.validation.valid ? 'opened' : 'opened-invalid';
  }
  if (!outcome.result) return needModel(given === undefined);
  await docs.show('Grounded plan not usable', outcome.markdown);
  return 'unusable';
}

async function reconstructRun(features: PlanFeatures, docs: ReadOnlyDocs, id?: string): Promise<string | undefined> {
  let target = typeof id === 'string' ? id : undefined;
  if (!target) {
    const recent = await features.recentRuns();
    if (recent.length === 0) {
      const choice = await vscode.window.showInformationMessage(
        'Grounded: the audit log holds no plan or execution yet. "Grounded: Propose a change…" records one; a run can then be reconstructed here.',
        'Propose a change…',
        'Enter an id…',
      );
      if (choice === 'Propose a change…') await vscode.commands.executeCommand('grounded.proposeChange');
      if (choice !== 'Enter an id…') return undefined;
    }
    const typeIt = { label: '$(edit) Enter an execution or plan id…', id: '', detail: '' };
    const picked = await vscode.window.showQuickPick([typeIt, ...recent], {
      title: 'Grounded: Reconstruct run',
      placeHolder: 'Choose a plan or execution from the audit log',
      matchOnDetail: true,
    });
    if (!picked) return undefined;
    target =
      picked.id || (await vscode.window.showInputBox({ title: 'Grounded: Reconstruct run', prompt: 'Execution id or plan id', ignoreFocusOut: true }))?.trim();
  }
  if (!target) return undefined;
  const record = await features.reconstruct(target);
  if (!record) {
    void vscode.window.showWarningMessage(
      `Grounded: no execution or plan '${target}' in the audit log. Pick one from "Grounded: Reconstruct run…" or check the id.`,
    );
    return undefined;
  }
  // Keyed by the id: two runs of plans named alike open as two records.
  await docs.showRendered(record.title, record.markdown, target);
  return record.markdown;
}

/**
 * Validates a plan JSON (the argument's text, else the active editor) and opens it; with a
 * `mode` it runs at once and returns the result (automation and tests).
 */
async function runPlanFile(
  features: PlanFeatures,
  arg?: { text?: string; mode?: Exclude<ExecutionMode, 'edited'> },
): Promise<PlanRunResult | PlanSession | undefined> {
  const text = arg?.text ?? vscode.window.activeTextEditor?.document.getText();
  if (text === undefined) {
    void vscode.window.showWarningMessage('Grounded: open a plan JSON file in the editor first, then run "Grounded: Run plan from the active editor".');
    return undefined;
  }
  try {
    return await features.runPlanText(text, arg?.mode);
  } catch (err) {
    const errors = parseErrorsOf(err);
    void vscode.window.showErrorMessage(`Grounded: the plan is not valid; nothing will run. ${errors.join(' ')}`);
    return undefined;
  }
}

const guarded = <A extends unknown[], R>(fn: (...args: A) => Promise<R>) => async (...args: A): Promise<R | undefined> => {
  try {
    return await fn(...args);
  } catch (err) {
    showPlanError(err);
    return undefined;
  }
};

/** Registers the plan commands (and, with GROUNDED_TEST_HOOKS=1, the hidden test-hook command). */
export function registerPlanCommands(features: PlanFeatures): vscode.Disposable[] {
  const docs = new ReadOnlyDocs();
  const out: vscode.Disposable[] = [
    docs,
    vscode.commands.registerCommand(
      'grounded.proposeChange',
      guarded((request?: unknown) => proposeChange(features, docs, typeof request === 'string' ? request : undefined)),
    ),
    vscode.commands.registerCommand('grounded.reconstructRun', guarded((id?: string) => reconstructRun(features, docs, id))),
    vscode.commands.registerCommand('grounded.runPlanFile', guarded((arg?: { text?: string; mode?: 'step' | 'plan' }) => runPlanFile(features, arg))),
    vscode.commands.registerCommand('grounded.showPlan', (planId: string) => features.showPlan(planId)),
  ];
  if (testHooksEnabled()) {
    out.push(vscode.commands.registerCommand('grounded.testHooks.queueApprovals', (decisions: TestApproval[]) => {
      approvalsForTesting.push(...decisions);
      return approvalsForTesting.length;
    }));
  }
  return out;
}
