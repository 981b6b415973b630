import * as vscode from 'vscode';
import type { ProposedEdit } from '../../engine/plans/edits';
import type { AuthorizationDecision, Authorize, StepContext } from '../../engine/plans/executor';
import { resolveInside } from '../../engine/tools/paths';
import type { PlanStep } from '../../engine/plans/schema';
import { proposedScheme, type ProposedContentProvider } from './proposed-content';
import { ASKING_STEP_KEY, type BarAnswers, type DecisionBar } from './decision-bar';
import { nextTestApproval } from './test-hooks';

export const ACCEPT = 'Accept';
export const REJECT = 'Reject';
const RUN = 'Run';
const SKIP = 'Skip';
const CANCEL = 'Cancel plan';
const ALL = 'Accept all remaining';
/** A read-only step's answers on the keys: Run and Skip. */
const READ_ANSWERS: BarAnswers = {
  accept: RUN, reject: SKIP, contextKey: ASKING_STEP_KEY, decided: (c) => `that step was already answered (${c})`,
};

/** The package.json keybindings of grounded.acceptEdit / grounded.rejectEdit, as the user presses them. */
const MOD = process.platform === 'darwin' ? 'Cmd' : 'Ctrl';
export const REVIEW_KEYS = { accept: `${MOD}+Alt+Y`, reject: `${MOD}+Alt+N` };

/** How the user is asked; the default is a notification with buttons (no modal dialog). */
export type AskUser = (question: string, choices: string[]) => Thenable<string | undefined>;

/** The notification with buttons: how a step asks when nothing else is given. */
export const askByNotification: AskUser = (question, choices) => vscode.window.showInformationMessage(question, ...choices);

/** The file a step works on, as its arguments name it (path, file or root), for the question asked about it. */
function stepTarget(step: PlanStep): string {
  const args = (step.arguments ?? {}) as Record<string, unknown>;
  const target = [args.path, args.file, args.root].find((v) => typeof v === 'string');
  return typeof target === 'string' ? ` on ${target}` : '';
}

/** Opens VS Code's diff editor: the file as it is now (or an empty side for a new file) against the proposal. */
export async function showEditDiff(proposed: ProposedContentProvider, root: string, edit: ProposedEdit, label: string): Promise<vscode.Uri[]> {
  const right = proposed.put(edit.path, edit.after.text, label);
  const left = edit.kind === 'create' ? proposed.put(edit.path, '', `${label}-empty`) : vscode.Uri.file(resolveInside(root, edit.path));
  const title = `${edit.path} ↔ proposed by Grounded (${edit.kind === 'create' ? 'new file' : 'change'})`;
  await vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: false });
  return edit.kind === 'create' ? [left, right] : [right];
}

/** Closes the diff tabs showing these proposal URIs. */
export async function closeDiffTabs(uris: vscode.Uri[]): Promise<void> {
  const keys = new Set(uris.map((u) => u.toString()));
  const tabs = vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputTextDiff && keys.has(t.input.modified.toString()));
  if (tabs.length) await vscode.window.tabGroups.close(tabs);
}

/** The diff tabs currently showing Grounded proposals (used by tests and the plan view). */
export function proposalDiffTabs(scheme: string = proposedScheme): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.scheme === scheme);
}

function decisionOf(choice: string | undefined): AuthorizationDecision {
  if (choice === ACCEPT || choice === RUN) return 'accept';
  if (choice === ALL) return 'accept_all';
  if (choice === CANCEL) return 'cancel';
  // Dismissing the notification leaves the file as it is.
  return 'reject';
}

/**
 * The executor's Authorize for VS Code: every file change opens as a diff with Accept / Reject /
 * Cancel plan; a read-only step (asked about only when running step by step) gets Run / Skip / Cancel plan.
 * Both offer "Accept all remaining", which authorizes this step and the rest of the plan mid-run.
 * The diff tab is closed once the user decided.
 */
export function createDiffAuthorize(opts: { proposed: ProposedContentProvider; root: string; ask?: AskUser; bar?: DecisionBar }): Authorize {
  const ask = opts.ask ?? askByNotification;
  return async (step: PlanStep, edit: ProposedEdit | undefined, ctx: StepContext) => {
    const queued = nextTestApproval();
    if (!edit) {
      if (queued !== undefined) return typeof queued === 'function' ? queued(step, edit) : queued;
      // In words first (what it does to what); the step's id is for the record, not the question.
      // The keys that decide a change run or skip a read: a keyboard user answers every step alike.
      const keys = opts.bar ? ` ${REVIEW_KEYS.accept} runs it, ${REVIEW_KEYS.reject} skips it.` : '';
      const question = `Grounded: run step ${ctx.index + 1} of ${ctx.total}: ${step.tool}${stepTarget(step)} (reads only, changes nothing)?${keys}`;
      const asked = ask(question, [RUN, ALL, SKIP, CANCEL]);
      return decisionOf(await (opts.bar ? opts.bar.decide(asked, READ_ANSWERS) : asked));
    }
    await opts.bar?.arm();
    let shown: vscode.Uri[] = [];
    try {
      shown = await showEditDiff(opts.proposed, opts.root, edit, `${ctx.plan.id}-${step.id}`);
      opts.bar?.shown();
      if (queued !== undefined) return typeof queued === 'function' ? await queued(step, edit) : queued;
      const verb = edit.kind === 'create' ? `create '${edit.path}'` : `change '${edit.path}'`;
      // The notification hides itself after a while: the title bar and the keys still decide.
      const keys = `${REVIEW_KEYS.accept} / ${REVIEW_KEYS.reject}`;
      const which = `step ${ctx.index + 1} of ${ctx.total}`;
      const question = `Grounded: ${verb} (${which}). Review the diff, then accept or reject: ${keys}, or ✓ / ✕ in its title bar.`;
      const asked = ask(question, [ACCEPT, ALL, REJECT, CANCEL]);
      return decisionOf(await (opts.bar ? opts.bar.decide(asked) : asked));
    } finally {
      await opts.bar?.disarm();
      await closeDiffTabs(shown);
      for (const uri of shown) opts.proposed.drop(uri);
    }
  };
}
