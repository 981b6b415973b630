import { recordConversationTurn } from '../audit/records';
import type { AuditStore } from '../audit/store';
import type { AnsweredTurn } from '../ask/ask';

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
