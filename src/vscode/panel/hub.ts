import * as vscode from 'vscode';
import type { GroundedServices } from '../services';
import { modelState, onWhoAnswersChange } from '../status-bar';
import { PanelController } from './controller';
import { conversationHtml } from './html';
import { toWebview, type ToWebview } from './messages';

/**
 * One conversation for every surface that shows it (the side-bar view and the editor tab): one
 * controller, its messages posted to each attached webview, and what any of them sends handled
 * once. Closing a surface detaches it; an answer still being written carries on and is kept.
 */
export class ConversationHub implements vscode.Disposable {
  readonly controller: PanelController;
  private readonly webviews = new Set<vscode.Webview>();
  private readonly watchers: vscode.Disposable[];

  constructor(private readonly services: GroundedServices, state: vscode.Memento, editorColumn: () => vscode.ViewColumn) {
    this.controller = new PanelController(services, state, (m: ToWebview) => {
      for (const w of this.webviews) void w.postMessage(m);
    }, editorColumn);
    this.watchers = onWhoAnswersChange(services, () => {
      for (const w of this.webviews) void this.postModel(w);
    });
  }

  /** Tells `webview` whether a model answers: its empty state says so when none is set up. */
  private async postModel(webview: vscode.Webview): Promise<void> {
    const message: ToWebview = toWebview.parse({ type: 'model', state: await modelState(this.services) });
    if (this.webviews.has(webview)) void webview.postMessage(message);
  }

  /** The page for a webview that shows this conversation: the finished turns are in it from the first paint. */
  html(webview: vscode.Webview, extensionUri: vscode.Uri): string {
    return conversationHtml(webview, extensionUri, this.controller.initialState());
  }

  /** Shows the conversation in `webview` until the returned disposable is disposed. */
  attach(webview: vscode.Webview): vscode.Disposable {
    this.webviews.add(webview);
    const listener = webview.onDidReceiveMessage((raw) => {
      if ((raw as { type?: unknown } | undefined)?.type === 'ready') void this.postModel(webview);
      void this.controller.receive(raw);
    });
    return new vscode.Disposable(() => {
      listener.dispose();
      this.webviews.delete(webview);
    });
  }

  dispose(): void {
    for (const w of this.watchers) w.dispose();
    this.webviews.clear();
    this.controller.dispose();
  }
}
