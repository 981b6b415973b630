import * as vscode from 'vscode';
import type { AnswerResult } from '../../engine/ask/types';
import { contextUse, isCited } from '../../engine/context/use-summary';
import { fixCommands } from '../fix-commands';
import { providerName } from '../status-bar';
import type { PanelTurn } from './messages';

/** Sources of an answer; a source counts as cited only when a verified citation overlaps its lines. */
function sourcesOf(r: AnswerResult): PanelTurn['sources'] {
  return r.context.chunks.map((c) => ({
    path: c.path, startLine: c.startLine, endLine: c.endLine, tokens: c.tokens, origin: c.origin, cited: isCited(c, r.citations),
  }));
}

/** The name of the folder `root` when the window has several (which one was searched is then worth saying). */
function folderName(root: string | undefined): string | undefined {
  const folders = vscode.workspace.workspaceFolders ?? [];
  return folders.length > 1 ? folders.find((f) => f.uri.fsPath === root)?.name : undefined;
}

/**
 * What a finished answer adds to its turn: sources, redactions, who answered (only when a model
 * was asked), why there are only snippets, and the buttons that fit (fixCommands). In a window of
 * several folders the turn names the folder searched, and a fruitless search says how to search another.
 */
export function outcomeOf(r: AnswerResult, root: string | undefined): Partial<PanelTurn> & { answer: string } {
  const folder = folderName(root);
  const nothing = r.status === 'no_context';
  const fixes = fixCommands(r);
  const elsewhere = nothing && folder
    ? `Only the folder "${folder}" was searched: with several folders open, Grounded searches the folder of the active editor (else the first). ` +
      'To ask about another folder, open one of its files first.'
    : undefined;
  return {
    answer: r.answer,
    sources: sourcesOf(r),
    use: contextUse(r.context, r.provider !== undefined && !nothing, r.provider && !r.modelError ? r.citations : undefined),
    redactions: r.context.redactions,
    provider: r.provider && !r.modelError && !nothing ? `${providerName(r.provider)} · ${r.model}` : undefined,
    folder,
    // Without a model the answer opens with why (and the buttons follow it): no second notice.
    note: r.modelError ? 'The model did not answer (why, just below); these are the ranked snippets.' : elsewhere,
    sent: r.provider !== undefined && !nothing,
    retryable: r.modelError ? true : undefined,
    actions: fixes.length ? fixes : undefined,
  };
}

/** The turn of a question asked with no folder open: nothing to search, and the way to open one. */
export const NO_FOLDER: Pick<PanelTurn, 'error' | 'actions'> = {
  error: { message: 'No folder is open.', suggestion: 'Open a folder, then ask again: Grounded answers from the code in it.' },
  actions: ['vscode.openFolder'],
};
