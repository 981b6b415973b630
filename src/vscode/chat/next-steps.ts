import * as vscode from 'vscode';
import { searchTermOf } from '../../engine/ask/search-term';
import { askAgainWith } from '../../engine/ask/rephrase-label';
import type { Rephrasing } from '../../engine/ask/types';
import { FIX_TITLES, fixCommands, type FixableResult } from '../fix-commands';
import { readSettings } from '../settings';

/** What a chat answer keeps in its metadata for the buttons and follow-ups after it. */
export interface AnswerMetadata { queryId?: string; cited?: string[]; status?: string; question?: string; command?: string; rephrasings?: Rephrasing[] }

/**
 * The buttons that fit why there is no model answer: `retry` (when the model failed or was stopped,
 * not when none is set up), a key, another provider or model, the logs.
 */
export function fixButtons(result: FixableResult, retry: vscode.Command): vscode.Command[] {
  const fixes = fixCommands(result, readSettings().provider).map((id) => ({ command: id, title: FIX_TITLES[id] }));
  if (!result.modelError) return fixes;
  // A rejected key is fixed first, then retried; any other failure is worth retrying first.
  return result.modelError.kind === 'auth' ? [...fixes, retry] : [retry, ...fixes];
}

/**
 * Follow-ups after an answer, written as the mentions they use so the user learns them by
 * clicking: the first cited lines attached (`@path#Lx-y`), a workspace search for the question's
 * main word (`@search:"…"`), and /explain of the active editor's selection or cursor; first, a
 * mention that was not found asked again with each path it may have meant.
 */
export function followups(metadata: AnswerMetadata | undefined, editor: vscode.TextEditor | undefined): vscode.ChatFollowup[] {
  // After /plan the next step is in the plan view (its button is in the answer), not another question.
  if (metadata?.command === 'plan') return [];
  const out: vscode.ChatFollowup[] = (metadata?.rephrasings ?? []).map((r) => ({ prompt: r.question, label: askAgainWith(r) }));
  const first = metadata?.cited?.[0];
  if (first) {
    // The label names the cited lines as the prompt does: "What calls gin.go?" asked what calls a file.
    out.push({ prompt: `What calls the code in @${first}?`, label: `What calls the code in ${first}?` });
  }
  const term = metadata?.question ? searchTermOf(metadata.question) : undefined;
  if (term) out.push({ prompt: `Where else is @search:"${term}" used?`, label: `Search the workspace for "${term}"` });
  // /explain takes the selection, else the code at the cursor: the label says which there is now, and
  // with no editor open there is nothing to explain.
  if (editor) out.push({ prompt: '', command: 'explain', label: editor.selection.isEmpty ? 'Explain the code at the cursor' : 'Explain the current selection' });
  return out;
}
