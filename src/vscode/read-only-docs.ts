import * as vscode from 'vscode';

export const READ_ONLY_SCHEME = 'grounded-doc';

/** A document's identity among those shown: its name and key. */
const keyOf = (uri: vscode.Uri) => `${uri.path}?${uri.query}`;

/**
 * Text Grounded shows (a reconstructed run, a plan the model could not make usable, the metrics) as
 * read-only documents of their own scheme: an untitled document asked "Do you want to save?" when
 * closed and was titled by its first line. The same name shows the latest text again; a text given
 * as a function is read each time VS Code asks for the document.
 */
export class ReadOnlyDocs implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, () => string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration: vscode.Disposable;

  constructor(private readonly scheme = READ_ONLY_SCHEME) {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(scheme, this);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(keyOf(uri))?.() ?? '';
  }

  /**
   * The document named `name` (and `key`, when names may repeat) now holds `text`; its URI. The key
   * goes in the query, out of the tab's title, which is the path's last segment.
   */
  private publish(name: string, text: string | (() => string), suffix: string, key = ''): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: this.scheme, path: `/${name.replace(/[\\/]/g, '-')}${suffix}`, query: key && `key=${encodeURIComponent(key)}` });
    this.texts.set(keyOf(uri), typeof text === 'string' ? () => text : text);
    this.changed.fire(uri);
    return uri;
  }

  /**
   * Opens `text` in a tab titled `name`. Markdown (the default) gets ".md" added, so it is shown as
   * Markdown; `preview` reuses the preview tab.
   */
  async show(name: string, text: string | (() => string), opts: { markdown?: boolean; preview?: boolean } = {}): Promise<vscode.TextEditor> {
    const markdown = opts.markdown ?? true;
    const uri = this.publish(name, text, markdown ? '.md' : '');
    const doc = await vscode.workspace.openTextDocument(uri);
    if (markdown && doc.languageId !== 'markdown') await vscode.languages.setTextDocumentLanguage(doc, 'markdown');
    return vscode.window.showTextDocument(doc, { preview: opts.preview ?? false });
  }

  /**
   * Opens Markdown `text` rendered, in VS Code's Markdown preview, where a person reads headings and
   * lists rather than their source; as a read-only Markdown document when the preview is unavailable
   * (the built-in Markdown extension disabled). The command is run rather than looked up first: the
   * Markdown extension registers it only once activated, and running it is what activates it. The
   * preview renders the text whatever the name's extension, so the tab says "Preview `name`", no ".md".
   */
  async showRendered(name: string, text: string, key?: string): Promise<void> {
    const uri = this.publish(name, text, '', key);
    try {
      await vscode.commands.executeCommand('markdown.showPreview', uri);
    } catch {
      await this.show(name, text);
    }
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }
}
