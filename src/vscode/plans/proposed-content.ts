import * as vscode from 'vscode';

export const proposedScheme = 'grounded-proposed';

/**
 * Serves the proposed text of a file under the read-only `grounded-proposed:` scheme, so VS Code's
 * diff editor can show "current ↔ proposed" before anything is written.
 */
export class ProposedContentProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private counter = 0;

  /** `scheme` is configurable so a test can serve its own proposals next to the extension's. */
  constructor(readonly scheme: string = proposedScheme) {}

  /** Registers `text` and returns the URI that shows it (the file name is kept for syntax colouring). */
  put(relPath: string, text: string, label: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: this.scheme, path: `/${relPath}`, query: `${label}-${++this.counter}` });
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
    return uri;
  }

  /** Forgets a proposal once it was accepted or rejected. */
  drop(uri: vscode.Uri): void {
    this.texts.delete(uri.toString());
  }

  // Undefined (not '') for an unknown URI, so another provider of the scheme can answer it.
  provideTextDocumentContent(uri: vscode.Uri): string | undefined {
    return this.texts.get(uri.toString());
  }

  dispose(): void {
    this.texts.clear();
    this.changed.dispose();
  }
}
