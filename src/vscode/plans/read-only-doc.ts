import * as vscode from 'vscode';

export const READ_ONLY_SCHEME = 'grounded-doc';

/**
 * Markdown Grounded shows (a reconstructed run, a plan the model could not make usable) as
 * read-only documents of their own scheme: an untitled document asked "Do you want to save?"
 * when closed and was titled by its first line. The same name shows the latest text again.
 */
export class ReadOnlyDocs implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration: vscode.Disposable;

  constructor(private readonly scheme = READ_ONLY_SCHEME) {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(scheme, this);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.path) ?? '';
  }

  /** Opens `markdown` in a tab titled `name` (".md" is added, so it is shown as Markdown). */
  async show(name: string, markdown: string): Promise<vscode.TextEditor> {
    const uri = vscode.Uri.from({ scheme: this.scheme, path: `/${name.replace(/[\\/]/g, '-')}.md` });
    this.texts.set(uri.path, markdown);
    this.changed.fire(uri);
    const doc = await vscode.workspace.openTextDocument(uri);
    if (doc.languageId !== 'markdown') await vscode.languages.setTextDocumentLanguage(doc, 'markdown');
    return vscode.window.showTextDocument(doc, { preview: false });
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }
}
