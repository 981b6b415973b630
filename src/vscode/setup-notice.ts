import * as vscode from 'vscode';

/** How long the setup's result stays on screen when no question comes first: an information toast's own time. */
export const SETUP_NOTICE_MS = 15_000;

/**
 * The setup's closing sentence ("Grounded is connected: … answered."), as a notification that
 * goes as soon as a question is asked, from any surface. VS Code's information toast cannot be
 * closed by its extension and stays 15 s: a newcomer's first question, answered within that time,
 * was read beside a toast about the setup before it (tour19, tour20 on httpx). A progress
 * notification can be closed; its bar is shown full, as the test just before it ended.
 */
export class SetupNotice implements vscode.Disposable {
  private close: (() => void) | undefined;

  /** Says `message` until a question is asked, the next setup ends, or `ms` pass. */
  show(message: string, ms = SETUP_NOTICE_MS): void {
    this.dismiss();
    void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: message }, (progress) => new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.close === done) this.close = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.close = done;
      progress.report({ increment: 100 });
    }));
  }

  /** Takes the notice away (a question was asked: the setup is old news). */
  dismiss(): void {
    this.close?.();
  }

  dispose(): void {
    this.dismiss();
  }
}
