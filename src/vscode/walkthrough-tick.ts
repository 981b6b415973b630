import * as vscode from 'vscode';

/** The context keys the walkthrough's steps complete on (package.json `onContext:` completion events). */
export type WalkthroughKey = 'grounded.connected' | 'grounded.answered';

/**
 * Ticks the walkthrough step that completes on `onContext:key`. VS Code (1.100) loads walkthroughs
 * lazily, counts a key that is already true when it loads as seen without ticking its step, and
 * sees no change when a key is set to the value it has. A key left true therefore never ticked its
 * step once the walkthrough was opened after the first answer; a pulse (true, then false) is a
 * change the walkthrough sees every time, and leaves nothing true for it to swallow.
 */
export async function tickWalkthroughStep(key: WalkthroughKey): Promise<void> {
  await vscode.commands.executeCommand('setContext', key, true);
  await vscode.commands.executeCommand('setContext', key, false);
}
