import * as vscode from 'vscode';
import type { ProposeResult } from '../plans/commands';
import { afterPlanNote } from '../plans/plan-view-model';
import type { PanelTurn } from './messages';
import { safeMarkdownHtml } from './render';

/**
 * The change written after `/plan` in the question box ('' for `/plan` alone), or undefined for a
 * question. The README teaches `@grounded /plan …`; typed in the Grounded view it was answered as
 * a question about the word "plan", and no plan was proposed.
 */
export function planRequestOf(question: string): string | undefined {
  const m = /^\/plan(?:\s+([\s\S]*))?$/i.exec(question.trim());
  return m ? (m[1] ?? '').trim() : undefined;
}

const SAID: Record<ProposeResult, string> = {
  opened: afterPlanNote(true, true, 'this view'),
  'opened-invalid': afterPlanNote(false, true, 'this view'),
  'opened-untrusted': afterPlanNote(false, false, 'this view'),
  unusable: "The model's reply was not a usable plan: its reasons are open beside this view. Ask again with more detail.",
  'no-model': 'Plans need a language model, and none is set up yet.',
  cancelled: 'No plan was asked for: write the change after `/plan`, e.g. `/plan rename formatDuration to formatElapsed`.',
};

/**
 * Proposes the change through "Grounded: Propose a change…" (the plan opens in its own view) and
 * says in the conversation where it went, or why there is none, with the button that fits.
 */
export async function proposeFromView(request: string): Promise<Pick<PanelTurn, 'html' | 'actions'>> {
  const result = await vscode.commands.executeCommand<ProposeResult | undefined>('grounded.proposeChange', request || undefined);
  const said = result ? SAID[result] : 'No plan was proposed: the reason is in the notification.';
  return { html: safeMarkdownHtml(said), actions: result === 'no-model' ? ['grounded.selectModel'] : undefined };
}
