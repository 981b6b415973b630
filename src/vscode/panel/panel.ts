import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import type { AttachedContext } from '../../engine/ask/types';
import type { GroundedServices } from '../services';
import { PanelController, type StoredTurn } from './controller';

export const PANEL_VIEW_TYPE = 'grounded.panel';

/**
 * The Grounded panel: a conversation that works without the chat view (VSCodium, code-server
 * without Copilot). Answers are rendered to safe HTML by the extension; the webview only displays
 * them. Strict CSP with a nonce, resources only from media/, messages validated both ways (see
 * PanelController), state kept in workspaceState so the conversation is back when reopened.
 */
export class GroundedPanel implements vscode.Disposable {
  private static current: GroundedPanel | undefined;
  readonly controller: PanelController;
  private readonly disposables: vscode.Disposable[] = [];
  private disposed = false;

  static show(context: vscode.ExtensionContext, services: GroundedServices): GroundedPanel {
    if (GroundedPanel.current) {
      GroundedPanel.current.panel.reveal(); // where it is: moving it would reload the webview
      return GroundedPanel.current;
    }
    const panel = vscode.window.createWebviewPanel(PANEL_VIEW_TYPE, 'Grounded', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false }, GroundedPanel.options(context));
    return (GroundedPanel.current = new GroundedPanel(panel, context, services));
  }

  static restore(panel: vscode.WebviewPanel, context: vscode.ExtensionContext, services: GroundedServices): void {
    panel.webview.options = GroundedPanel.options(context);
    GroundedPanel.current = new GroundedPanel(panel, context, services);
  }

  static get instance(): GroundedPanel | undefined {
    return GroundedPanel.current;
  }

  private static options(context: vscode.ExtensionContext): vscode.WebviewOptions & vscode.WebviewPanelOptions {
    return { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(context.extensionUri, 'media')], retainContextWhenHidden: false };
  }

  private constructor(readonly panel: vscode.WebviewPanel, private readonly context: vscode.ExtensionContext, services: GroundedServices) {
    // An answer still finishing after the panel was closed is kept in state, not posted.
    this.controller = new PanelController(services, context.workspaceState, (m) => { if (!this.disposed) void panel.webview.postMessage(m); },
      // Cited code opens next to the conversation, not over it.
      () => (panel.viewColumn === vscode.ViewColumn.One ? vscode.ViewColumn.Beside : vscode.ViewColumn.One));
    panel.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'grounded.svg');
    panel.webview.html = this.html();
    this.disposables.push(
      this.controller,
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((raw) => void this.controller.receive(raw)),
    );
  }

  dispose(): void {
    this.disposed = true;
    if (GroundedPanel.current === this) GroundedPanel.current = undefined;
    this.disposables.forEach((d) => d.dispose());
  }

  /** Asks in the panel (the editor menu's "Ask Grounded about this selection"). */
  ask(question: string, attached: AttachedContext[] = [], root?: string): Promise<StoredTurn> {
    return this.controller.ask(question, attached, root);
  }

  private html(): string {
    const webview = this.panel.webview;
    const nonce = randomBytes(16).toString('base64');
    const media = (f: string) => webview.asWebviewUri(vscode.Uri.joinPath(this.context.extensionUri, 'media', f));
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src ${webview.cspSource}; style-src ${webview.cspSource}; script-src 'nonce-${nonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link href="${media('webview.css')}" rel="stylesheet">
<title>Grounded</title>
</head>
<body>
<main id="conversation" aria-live="polite" aria-label="Conversation"></main>
<form id="ask" aria-label="Ask Grounded">
  <div id="mentions" role="listbox" aria-label="Mention suggestions" hidden></div>
  <textarea id="question" rows="3" placeholder="Ask about this workspace… (@ to mention a file, Enter to send, Shift+Enter for a new line, Escape to stop)" aria-label="Question" aria-autocomplete="list" aria-controls="mentions"></textarea>
  <div class="actions">
    <button type="submit" id="send">Ask</button>
    <button type="button" id="stop" class="secondary" hidden title="Stop the answer (Escape)">Stop</button>
    <button type="button" id="clear" class="secondary">Clear</button>
    <button type="button" id="model" class="secondary">Provider…</button>
  </div>
</form>
<script nonce="${nonce}" src="${media('dist/webview.js')}"></script>
</body>
</html>`;
  }
}
