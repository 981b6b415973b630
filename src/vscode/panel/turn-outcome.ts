import * as vscode from 'vscode';
import type { AnswerResult } from '../../engine/ask/types';
import { contextUse, isCited } from '../../engine/context/use-summary';
import { fixCommands } from '../fix-commands';
import { readSettings } from '../settings';
import { providerName } from '../status-bar';
import type { PanelTurn } from './messages';

/** Sources of an answer; a source counts as cited only when a verified citation overlaps its lines. */
function sourcesOf(r: AnswerResult): PanelTurn['sources'] {
  return r.context.chunks.map((c) => ({
    path: c.path, startLine: c.startLine, endLine: c.endLine, tokens: c.tokens, origin: c.origin, cited: isCited(c, r.citations),
  }));
}

/**
 * What a question searched: the folders an `@folder/` mention kept it to, else, in a window of
 * several folders, all of them (each answer then reads from every one); nothing to say otherwise.
 * A mention's folders are said by the Sources line (contextUse, as in chat) when there are sources.
 */
function foldersSearched(r: AnswerResult): string | undefined {
  if (r.context.searchedWithin?.length) return r.context.chunks.length ? undefined : r.context.searchedWithin.join(', ');
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file');
  return folders.length > 1 ? folders.map((f) => f.name).join(', ') : undefined;
}

/**
 * What a finished answer adds to its turn: sources, redactions, who answered (only when a model
 * was asked), why there are only snippets, and the buttons that fit (fixCommands). In a window of
 * several folders, or a search an `@folder/` kept to some, the turn names what was searched.
 */
export function outcomeOf(r: AnswerResult): Partial<PanelTurn> & { answer: string } {
  const nothing = r.status === 'no_context';
  const fixes = fixCommands(r, readSettings().provider);
  return {
    answer: r.answer,
    sources: sourcesOf(r),
    use: contextUse(r.context, r.provider !== undefined && !nothing, r.provider && !r.modelError ? r.citations : undefined),
    redactions: r.context.redactions,
    provider: r.provider && !r.modelError && !nothing ? `${providerName(r.provider)} · ${r.model}` : undefined,
    folder: foldersSearched(r),
    // Without a model the answer opens with why (and the buttons follow it): no second notice. With a
    // model that failed, the answer opens with the same sentence as in chat ("The model did not answer: …"),
    // so the banner above it only points there instead of saying it twice.
    note: r.modelError ? 'No written answer: the reason is just below, then the ranked snippets.' : undefined,
    sent: r.provider !== undefined && !nothing,
    retryable: r.modelError ? true : undefined,
    actions: fixes.length ? fixes : undefined,
    rephrasings: r.rephrasings?.length ? r.rephrasings : undefined,
  };
}

/** The turn of a question asked with no folder open: nothing to search, and the way to open one. */
export const NO_FOLDER: Pick<PanelTurn, 'error' | 'actions'> = {
  error: { message: 'No folder is open.', suggestion: 'Open a folder, then ask again: Grounded answers from the code in it.' },
  actions: ['vscode.openFolder'],
};
