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

  /** Waits for the title bar's buttons or `asked` (the notification), whichever answers first. */
  async decide(asked: Thenable<string | undefined>): Promise<string | undefined> {
    await vscode.commands.executeCommand('setContext', REVIEWING_KEY, true);
    try {
      return await new Promise<string | undefined>((resolve) => {
        this.pending = resolve;
        asked.then(resolve, () => resolve(undefined));
      });
    } finally {
      this.pending = undefined;
      await vscode.commands.executeCommand('setContext', REVIEWING_KEY, false);
    }
  }

  dispose(): void {
    this.commands.forEach((c) => c.dispose());
  }
}
