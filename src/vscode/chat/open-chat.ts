import * as vscode from 'vscode';

/** VS Code's own command that opens the Chat view; with `isPartialQuery` it types the query without sending it. */
const CHAT_OPEN = 'workbench.action.chat.open';

/** What the Chat view's box holds when opened for Grounded: the participant, then the caret for the question. */
export const CHAT_PREFIX = '@grounded ';

/**
 * "Chat: Ask Grounded (@grounded)": the Chat view with `@grounded ` already typed. A newcomer who
 * searches the palette for "chat" found only VS Code's own Chat commands, and nothing said that
 * Grounded answers there after `@grounded` (tour20). An editor with no Chat view gets Grounded's
 * own Ask view instead, which answers the same way, and a sentence saying why.
 */
export async function askInChat(openAskView: () => Thenable<unknown>): Promise<'chat' | 'view'> {
  const hasChat = (await vscode.commands.getCommands(true)).includes(CHAT_OPEN);
  const open = () => Promise.resolve(vscode.commands.executeCommand(CHAT_OPEN, { query: CHAT_PREFIX, isPartialQuery: true }));
  const opened = hasChat && (await open().then(() => true, () => false));
  if (opened) return 'chat';
  await openAskView();
  void vscode.window.showInformationMessage('This editor has no Chat view: ask in Grounded\'s Ask view, which answers the same way.');
  return 'view';
}
