import * as vscode from 'vscode';
import type { AttachedContext } from '../../engine/ask/types';
import type { PanelController, StoredTurn } from './controller';
import { conversationWebviewOptions } from './html';
import type { ConversationHub } from './hub';

export const PANEL_VIEW_TYPE = 'grounded.panel';

/**
 * The Grounded conversation in an editor tab ("open in editor"; the side-bar view shows the same
 * conversation): it works without the chat view (VSCodium, code-server without Copilot). Answers
 * are rendered to safe HTML by the extension; the webview only displays them. Strict CSP with a
 * nonce, resources only from media/, messages validated both ways (see PanelController), state
 * kept in workspaceState so the conversation is back when reopened.
 */
export class GroundedPanel implements vscode.Disposable {
  private static current: GroundedPanel | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  static show(context: vscode.ExtensionContext, hub: ConversationHub): GroundedPanel {
    if (GroundedPanel.current) {
      GroundedPanel.current.panel.reveal(); // where it is: moving it would reload the webview
      return GroundedPanel.current;
    }
    const panel = vscode.window.createWebviewPanel(
      PANEL_VIEW_TYPE,
      'Grounded',
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false },
      { ...conversationWebviewOptions(context.extensionUri), retainContextWhenHidden: false },
    );
    return (GroundedPanel.current = new GroundedPanel(panel, context, hub));
  }

  static restore(panel: vscode.WebviewPanel, context: vscode.ExtensionContext, hub: ConversationHub): void {
    panel.webview.options = conversationWebviewOptions(context.extensionUri);
    GroundedPanel.current = new GroundedPanel(panel, context, hub);
  }

  static get instance(): GroundedPanel | undefined {
    return GroundedPanel.current;
  }

  /** Where cited code opens when the conversation is in an editor tab: next to it, not over it. */
  static citationColumn(): vscode.ViewColumn {
    const column = GroundedPanel.current?.panel.viewColumn;
    if (column === undefined) return vscode.ViewColumn.Active;
    return column === vscode.ViewColumn.One ? vscode.ViewColumn.Beside : vscode.ViewColumn.One;
  }

  private constructor(readonly panel: vscode.WebviewPanel, context: vscode.ExtensionContext, private readonly hub: ConversationHub) {
    panel.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'grounded.svg');
    panel.webview.html = hub.html(panel.webview, context.extensionUri);
    this.disposables.push(hub.attach(panel.webview), panel.onDidDispose(() => this.dispose()));
  }

  /** The conversation shown here (shared with the side-bar view). */
  get controller(): PanelController {
    return this.hub.controller;
  }

  dispose(): void {
    if (GroundedPanel.current === this) GroundedPanel.current = undefined;
    this.disposables.forEach((d) => d.dispose());
  }

  /** Asks in the conversation (the editor menu's "Ask Grounded About the Selection"). */
  ask(question: string, attached: AttachedContext[] = [], root?: string): Promise<StoredTurn> {
    return this.hub.controller.ask(question, attached, root);
  }
}
