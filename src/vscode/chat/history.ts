import * as vscode from 'vscode';
import type { ConversationTurn } from '../../engine/ask/types';

/** The earlier turns of this participant's conversation, as the engine's turns (text only). */
export function historyTurns(history: readonly (vscode.ChatRequestTurn | vscode.ChatResponseTurn)[]): ConversationTurn[] {
  const out: ConversationTurn[] = [];
  for (const turn of history) {
    if (turn instanceof vscode.ChatRequestTurn) {
      if (turn.participant === 'grounded.chat') out.push({ role: 'user', text: turn.prompt });
    } else if (turn instanceof vscode.ChatResponseTurn && turn.participant === 'grounded.chat') {
      const text = turn.response
        .map((part) =>
          part instanceof vscode.ChatResponseMarkdownPart
            ? part.value.value
            : part instanceof vscode.ChatResponseAnchorPart
              ? String((part as { title?: string }).title ?? '')
              : '',
        )
        .join('');
      if (text.trim()) out.push({ role: 'assistant', text });
    }
  }
  return out;
}
