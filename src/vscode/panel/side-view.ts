import * as vscode from 'vscode';
import { conversationWebviewOptions } from './html';
import type { ConversationHub } from './hub';

/** The id of the conversation view in Grounded's view container (package.json `views.grounded`). */
export const SIDE_VIEW_ID = 'grounded.chatView';

/** The conversation as a view in Grounded's own place in the side bar; the same conversation as the editor tab. */
export class GroundedSideView implements vscode.WebviewViewProvider {
  private view: vscode.WebviewView | undefined;

  constructor(private readonly extensionUri: vscode.Uri, private readonly hub: ConversationHub) {}

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    view.webview.options = conversationWebviewOptions(this.extensionUri);
    view.webview.html = this.hub.html(view.webview, this.extensionUri);
    const attached = this.hub.attach(view.webview);
    view.onDidDispose(() => {
      attached.dispose();
      if (this.view === view) this.view = undefined;
    });
  }

  /** True while the view is shown (the side bar is open on it). */
  get visible(): boolean {
    return this.view?.visible ?? false;
  }
}
