import * as vscode from 'vscode';

/** The context key true while a proposed edit waits for Accept or Reject (package.json `editor/title`). */
export const REVIEWING_KEY = 'grounded.reviewingEdit';

/**
 * Accept and Reject in the diff editor's title bar, besides the notification's buttons: whichever
 * the user clicks first decides. One decision is pending at a time (a plan runs its steps in turn).
 */
export class DecisionBar implements vscode.Disposable {
  private pending: ((choice: string) => void) | undefined;
  private readonly commands: vscode.Disposable[];

  constructor(accept: string, reject: string) {
    this.commands = [
      vscode.commands.registerCommand('grounded.acceptEdit', () => this.pending?.(accept)),
      vscode.commands.registerCommand('grounded.rejectEdit', () => this.pending?.(reject)),
    ];
  }

  /**
   * Waits for the title bar's buttons or `asked` (the notification), whichever answers first. A
   * notification cannot be closed by its extension: decided from the title bar or the keys, its
   * toast is hidden (its buttons would decide nothing now), and a late click on it says so.
   */
  async decide(asked: Thenable<string | undefined>): Promise<string | undefined> {
    await vscode.commands.executeCommand('setContext', REVIEWING_KEY, true);
    let byBar = false;
    try {
      const choice = await new Promise<string | undefined>((resolve) => {
        this.pending = (c) => { byBar = true; resolve(c); };
        asked.then(resolve, () => resolve(undefined));
      });
      if (byBar) {
        await vscode.commands.executeCommand('notifications.hideToasts');
        const said = `Grounded: that change was already ${choice?.toLowerCase()}ed with the diff's title bar or keys.`;
        asked.then((late) => late && void vscode.window.showInformationMessage(said));
      }
      return choice;
    } finally {
      this.pending = undefined;
      await vscode.commands.executeCommand('setContext', REVIEWING_KEY, false);
    }
  }

  dispose(): void {
    this.commands.forEach((c) => c.dispose());
  }
}
