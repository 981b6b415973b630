import * as vscode from 'vscode';

/** The context key true while a proposed edit waits for Accept or Reject (package.json `editor/title`). */
export const REVIEWING_KEY = 'grounded.reviewingEdit';
/**
 * The context key true while a read-only step (run step by step) waits for Run or Skip: the same
 * keys decide it, but the diff's title-bar buttons and the palette's "Accept this change" do not
 * show for a step that changes nothing.
 */
export const ASKING_STEP_KEY = 'grounded.askingStep';

/** What the keys answer for one question, and how a late click on the notification is told it was decided. */
export interface BarAnswers {
  accept: string;
  reject: string;
  /** The context key that binds the keys (and, for an edit, shows the title-bar buttons). */
  contextKey: string;
  /** "that change was already accepted", in the question's own words. */
  decided: (choice: string) => string;
}

/**
 * Accept and Reject in the diff editor's title bar and on the keys (Ctrl+Alt+Y / Ctrl+Alt+N),
 * besides the notification's buttons: whichever the user uses first decides. One decision is
 * pending at a time (a plan runs its steps in turn).
 */
export class DecisionBar implements vscode.Disposable {
  private pending: { accept: () => void; reject: () => void } | undefined;
  /** A key pressed once the keys were bound (arm) but before the question was asked (decide). */
  private early: 'accept' | 'reject' | undefined;
  private readonly commands: vscode.Disposable[];
  /** A file change's answers: Accept / Reject, bound while the diff is shown. */
  readonly edit: BarAnswers;

  constructor(accept: string, reject: string) {
    this.edit = { accept, reject, contextKey: REVIEWING_KEY, decided: (c) => `that change was already ${c === accept ? 'accepted' : 'rejected'}` };
    this.commands = [
      vscode.commands.registerCommand('grounded.acceptEdit', () => this.pending?.accept()),
      vscode.commands.registerCommand('grounded.rejectEdit', () => this.pending?.reject()),
    ];
  }

  /**
   * Waits for the title bar's buttons or the keys, or `asked` (the notification), whichever answers
   * first. A notification cannot be closed by its extension: decided from the title bar or the keys,
   * its toast is hidden (its buttons would decide nothing now), and a late click on it says so.
   */
  async decide(asked: Thenable<string | undefined>, answers: BarAnswers = this.edit): Promise<string | undefined> {
    await vscode.commands.executeCommand('setContext', answers.contextKey, true);
    let byBar = false;
    try {
      const choice = await new Promise<string | undefined>((resolve) => {
        const by = (c: string) => () => { byBar = true; resolve(c); };
        this.pending = { accept: by(answers.accept), reject: by(answers.reject) };
        const early = this.early;
        this.early = undefined;
        if (early) this.pending[early]();
        asked.then(resolve, () => resolve(undefined));
      });
      if (byBar && choice) {
        await vscode.commands.executeCommand('notifications.hideToasts');
        const said = `Grounded: ${answers.decided(choice)} with ${answers.contextKey === REVIEWING_KEY ? "the diff's title bar or keys" : 'the keys'}.`;
        asked.then((late) => late && void vscode.window.showInformationMessage(said));
      }
      return choice;
    } finally {
      this.pending = undefined;
      await vscode.commands.executeCommand('setContext', answers.contextKey, false);
    }
  }

  /**
   * Binds the keys before the diff opens, so they decide as soon as it is on screen: bound only once
   * the question was asked, a key pressed at the first sight of the diff (the extension host lagging
   * under load) went to VS Code's own binding instead (in VS Code for the Web Ctrl+Alt+N opens a new
   * untitled file). Until shown() a key decides nothing: a change is never decided before it is seen.
   */
  async arm(answers: BarAnswers = this.edit): Promise<void> {
    this.early = undefined;
    this.pending = { accept: () => undefined, reject: () => undefined };
    await vscode.commands.executeCommand('setContext', answers.contextKey, true);
  }

  /** The diff is on screen: a key pressed from now on, before the question is asked, is kept for decide(). */
  shown(): void {
    if (this.pending) this.pending = { accept: () => (this.early = 'accept'), reject: () => (this.early = 'reject') };
  }

  /** Unbinds the keys of an arm() that no decide() followed (the diff could not open, a test answered). */
  async disarm(answers: BarAnswers = this.edit): Promise<void> {
    if (!this.early && !this.pending) return;
    this.early = undefined;
    this.pending = undefined;
    await vscode.commands.executeCommand('setContext', answers.contextKey, false);
  }

  dispose(): void {
    this.commands.forEach((c) => c.dispose());
  }
}
