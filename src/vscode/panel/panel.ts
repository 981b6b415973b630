import * as vscode from 'vscode';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AttachedContext } from '../../engine/ask/types';
import type { BuiltContext } from '../../engine/context/types';
import { ProviderError } from '../../engine/llm/types';
import { citationLocation } from '../chat/citation-stream';
import type { GroundedServices } from '../services';
import { fromWebview, toWebview, type PanelTurn, type ToWebview } from './messages';
import { renderAnswerHtml } from './render';

export const PANEL_VIEW_TYPE = 'grounded.panel';
const STATE_KEY = 'grounded.panel.turns';
const MAX_TURNS = 50;

const highlight = vscode.window.createTextEditorDecorationType({ backgroundColor: new vscode.ThemeColor('editor.findMatchHighlightBackground'), isWholeLine: true });

/** Opens the editor at the cited lines, selects and highlights them for a moment. */
export async function openCitation(root: string, p: string, startLine: number, endLine: number): Promise<vscode.TextEditor> {
  const loc = citationLocation(root, p, startLine, endLine);
  const editor = await vscode.window.showTextDocument(loc.uri, { selection: new vscode.Range(loc.range.start, loc.range.start), preview: true });
  const range = editor.document.validateRange(loc.range);
  editor.selection = new vscode.Selection(range.start, range.end);
  editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  editor.setDecorations(highlight, [range]);
  setTimeout(() => editor.setDecorations(highlight, []), 2500);
  return editor;
}

/**
 * The Grounded panel: a conversation that works without the chat view (VSCodium, code-server
 * without Copilot). Answers are rendered to safe HTML here; the webview only displays them.
 * Strict CSP with a nonce, resources only from media/, messages validated both ways, state kept
 * in workspaceState so the conversation is back when the panel is reopened.
 */
export class GroundedPanel implements vscode.Disposable {
  private static current: GroundedPanel | undefined;
  private turns: PanelTurn[];
  private busy = false;
  private controller: AbortController | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  static show(context: vscode.ExtensionContext, services: GroundedServices): GroundedPanel {
    if (GroundedPanel.current) {
      GroundedPanel.current.panel.reveal(vscode.ViewColumn.Beside);
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

  private constructor(readonly panel: vscode.WebviewPanel, private readonly context: vscode.ExtensionContext, private readonly services: GroundedServices) {
    this.turns = context.workspaceState.get<PanelTurn[]>(STATE_KEY, []).filter((t) => t.done);
    panel.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'grounded.svg');
    panel.webview.html = this.html();
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((raw) => void this.receive(raw)),
    );
  }

  dispose(): void {
    if (GroundedPanel.current === this) GroundedPanel.current = undefined;
    this.controller?.abort();
    this.disposables.forEach((d) => d.dispose());
  }

  private post(message: ToWebview): void {
    void this.panel.webview.postMessage(toWebview.parse(message));
  }

  private async receive(raw: unknown): Promise<void> {
    const parsed = fromWebview.safeParse(raw);
    if (!parsed.success) {
      this.services.logger.warn('panel.message.rejected', { issues: parsed.error.issues.length });
      return;
    }
    const m = parsed.data;
    if (m.type === 'ready') this.post({ type: 'state', turns: this.turns, busy: this.busy });
    else if (m.type === 'ask') await this.ask(m.question);
    else if (m.type === 'openCitation') {
      const root = this.services.rootFor();
      if (root) await openCitation(root, m.path, m.startLine, m.endLine);
    } else if (m.type === 'command') await vscode.commands.executeCommand(m.command);
    else if (m.type === 'clear') {
      this.turns = [];
      await this.save();
      this.post({ type: 'state', turns: this.turns, busy: this.busy });
    }
  }

  private async save(): Promise<void> {
    await this.context.workspaceState.update(STATE_KEY, this.turns.filter((t) => t.done).slice(-MAX_TURNS));
  }

  /** Asks a question in the panel (from its input box, or with a selection from the editor menu). */
  async ask(question: string, attached: AttachedContext[] = []): Promise<PanelTurn> {
    const t: PanelTurn = { id: randomUUID(), question, html: '', done: false, sources: [], redactions: {} };
    this.turns.push(t);
    this.busy = true;
    this.post({ type: 'turn', turn: t });
    this.controller = new AbortController();
    let text = '';
    let ctx: BuiltContext | undefined;
    const history = this.turns.filter((x) => x.done && !x.error).slice(-6).flatMap((x) => [{ role: 'user' as const, text: x.question }, { role: 'assistant' as const, text: x.html.replace(/<[^>]+>/g, '') }]);
    try {
      const r = await this.services.ask({
        question, attached, history, signal: this.controller.signal,
        onEvent: (e) => {
          if (e.type === 'progress') { t.progress = e.message; this.post({ type: 'turn', turn: t }); }
          else if (e.type === 'context') ctx = e.context;
          else if (e.type === 'text') { text += e.delta; t.html = renderAnswerHtml(text, ctx); this.post({ type: 'turn', turn: t }); }
        },
      });
      const cited = new Set(r.citations.filter((c) => c.verified).map((c) => c.path));
      Object.assign(t, {
        html: renderAnswerHtml(r.answer, r.context),
        sources: r.context.chunks.map((c) => ({ path: c.path, startLine: c.startLine, endLine: c.endLine, tokens: c.tokens, origin: c.origin, cited: cited.has(c.path) })),
        redactions: r.context.redactions,
        provider: r.provider ? `${r.provider} · ${r.model}` : undefined,
        note: r.fallbackReason ?? (vscode.workspace.isTrusted ? undefined : 'Restricted mode: no tools, edits or URL fetches.'),
      });
    } catch (err) {
      const e = err instanceof ProviderError ? err : new ProviderError('malformed', (err as Error).message, 'See "Grounded: Show Logs".');
      t.error = { message: e.message, suggestion: e.suggestion };
    } finally {
      t.done = true;
      t.progress = undefined;
      this.busy = false;
      this.post({ type: 'turn', turn: t });
      await this.save();
    }
    return t;
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
  <textarea id="question" rows="3" placeholder="Ask about this workspace… (Enter to send, Shift+Enter for a new line)" aria-label="Question"></textarea>
  <div class="actions">
    <button type="submit" id="send">Ask</button>
    <button type="button" id="clear" class="secondary">Clear</button>
    <button type="button" id="model" class="secondary">Provider…</button>
  </div>
</form>
<script nonce="${nonce}" src="${media('dist/webview.js')}"></script>
</body>
</html>`;
  }
}
