import { recordConversationTurn } from '../audit/records';
import type { AuditStore } from '../audit/store';
import { createCommandToolset, type CommandToolset } from '../plans/command-tools';
import type { WorkspaceHost } from '../plans/host';
import type { AnsweredTurn } from './ask';

/**
 * The read-only tools an answer may use (seed 003) for one workspace: /search, /grep, /read,
 * /symbols and /references through the host (the editor's view of the files, ignore rules
 * applied), and /memory_search and /memory_sql over the workspace memory when a store is open.
 */
export function answerToolset(host: WorkspaceHost, store?: AuditStore): CommandToolset {
  return createCommandToolset({ host, store });
}

/**
 * Keeps every answered question of a conversation in the workspace memory, so later questions
 * (and `/memory_search`) can find it. Only scrubbed text reaches it; a failed write never fails
 * the answer the user already has, so it is reported to `onError` instead.
 */
export function rememberTurns(store: AuditStore, conversationId: string, onError: (err: unknown) => void = () => undefined): (turn: AnsweredTurn) => void {
  return (turn) => {
    try {
      recordConversationTurn(store, { conversationId, question: turn.question, answer: turn.answer, toolResults: turn.toolResults });
    } catch (err) {
      onError(err);
    }
  };
}
