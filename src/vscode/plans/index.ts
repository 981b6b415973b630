import * as vscode from 'vscode';
import { registerPlanCommands, showPlanError } from './commands';
import { PlanFeatureError, PlanFeatures, type PlanServices, type ProposeOutcome } from './plan-features';
import { RETRY_IN_CHAT, type RetryArgs } from '../chat/retry';
import { proposedScheme } from './proposed-content';
import { afterPlanNote } from './plan-view-model';
import { DecisionBar } from './decision-bar';
import { ACCEPT, REJECT } from './diff-review';

export { PlanFeatures, type PlanServices } from './plan-features';
export { approvalsForTesting } from './test-hooks';

/**
 * Registers plans in VS Code: the `grounded-proposed:` diff content, the commands
 * (Propose a change…, Reconstruct run…, Run plan from the active editor) and the plan panels.
 * The extension pushes the returned disposables to `context.subscriptions`.
 */
export function registerPlanFeatures(
  context: Pick<vscode.ExtensionContext, 'extensionUri'>,
  services: PlanServices,
): { features: PlanFeatures; disposables: vscode.Disposable[] } {
  const bar = new DecisionBar(ACCEPT, REJECT);
  const features = new PlanFeatures(context.extensionUri, services, undefined, bar);
  return {
    features,
    disposables: [vscode.workspace.registerTextDocumentContentProvider(proposedScheme, features.proposed), ...registerPlanCommands(features), features, bar],
  };
}

/**
 * The chat participant's `/plan`: asks for a plan, streams its summary (or why there is none)
 * and opens it in a plan panel where the user runs it. Without a stream, errors become
 * notifications.
 */
export async function runPlanRequest(
  features: PlanFeatures,
  request: string,
  stream?: vscode.ChatResponseStream,
  token?: vscode.CancellationToken,
  requestModel?: vscode.LanguageModelChat,
): Promise<ProposeOutcome | undefined> {
  try {
    stream?.progress('Asking the model for a plan…');
    const outcome = await features.propose(request, token, requestModel);
    if (stream) {
      stream.markdown(outcome.markdown);
      if (outcome.session) {
        stream.markdown(`\n\n${afterPlanNote(outcome.session.validation.valid, vscode.workspace.isTrusted)}`);
        stream.button({ command: 'grounded.showPlan', title: 'Open the plan', arguments: [outcome.session.plan.id] });
        if (!vscode.workspace.isTrusted) stream.button({ command: 'workbench.trust.manage', title: 'Manage Workspace Trust' });
      } else nextSteps(stream, request, Boolean(outcome.result));
    } else if (!outcome.session) {
      void vscode.window.showWarningMessage(`Grounded: ${outcome.markdown.replace(/\*\*|`+ ?| ?`+/g, '').replace(/\s*\n+(- )?/g, ' ').trim()}`);
    }
    return outcome;
  } catch (err) {
    if (!stream) {
      showPlanError(err);
      return undefined;
    }
    const suggestion = (err as { suggestion?: unknown }).suggestion;
    stream.markdown(`**${(err as Error).message}**${typeof suggestion === 'string' ? `\n\n${suggestion}` : ''}`);
    // A missing folder is fixed by its suggestion; anything else went wrong on the way to the model.
    if (!(err instanceof PlanFeatureError)) nextSteps(stream, request, true);
    return undefined;
  }
}

/**
 * The ways on after /plan proposed nothing: asking again (when a model was asked: a model's
 * reply differs from one time to the next) and another provider or model.
 */
function nextSteps(stream: Pick<vscode.ChatResponseStream, 'button'>, request: string, retry: boolean): void {
  if (retry) stream.button({ command: RETRY_IN_CHAT, title: 'Retry', arguments: [{ prompt: request, command: 'plan' } satisfies RetryArgs] });
  stream.button({ command: 'grounded.selectModel', title: 'Choose provider and model' });
}
