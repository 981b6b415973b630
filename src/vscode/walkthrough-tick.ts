import * as vscode from 'vscode';

/** The context keys the walkthrough's steps complete on (package.json `onContext:` completion events). */
export type WalkthroughKey = 'grounded.connected' | 'grounded.answered';

/** The walkthrough's id in package.json, and the step each key completes. */
const WALKTHROUGH = 'grounded.start';
const STEP_OF: Record<WalkthroughKey, string> = { 'grounded.connected': 'provider', 'grounded.answered': 'ask' };

/**
 * Ticks the walkthrough step that completes on `onContext:key`, whether or not the walkthrough has
 * been opened yet. VS Code (1.100) loads walkthroughs lazily and, when one loads, counts a key that
 * is already true as seen without ticking its step; a key set while none is loaded is not seen at
 * all. So a newcomer who asked first and opened "Get started" afterwards found the step unticked.
 * `welcome.markStepComplete` records the step as done in the walkthrough's own stored progress,
 * which it reads when it loads; the pulse (true, then false) still ticks a walkthrough already open
 * where that command is missing, and leaves nothing true to be swallowed.
 */
export async function tickWalkthroughStep(key: WalkthroughKey, extensionId = 'grounded-dev.grounded'): Promise<void> {
  // The walkthrough service may still be registering the extension's steps (it saves the progress
  // first, then throws on a step it does not know yet): the record is kept either way.
  await Promise.resolve(vscode.commands.executeCommand('welcome.markStepComplete', `${extensionId}#${WALKTHROUGH}#${STEP_OF[key]}`)).catch(
    () => undefined,
  );
  await vscode.commands.executeCommand('setContext', key, true);
  await vscode.commands.executeCommand('setContext', key, false);
}
