import * as vscode from 'vscode';
import { randomUUID } from 'node:crypto';
import type { AttachedContext } from '../../engine/ask/types';
import { ProviderError } from '../../engine/llm/types';
import { rankMentions } from '../../engine/mentions/complete';
import { RESTRICTED_NOTICE } from '../restricted';
import type { GroundedServices } from '../services';
import { workspacePathOf } from '../workspace-paths';
import { fromWebview, toWebview, type PanelTurn, type ToWebview } from './messages';
import { openCitation, resolveCitation } from './open-citation';
import { attachedAt, reattach, type AttachedAt } from './reattach';
import { planRequestOf, proposeFromView } from './plan-request';
import { PanelAnswerRenderer } from './render';
import { NO_FOLDER, outcomeOf } from './turn-outcome';

const STATE_KEY = 'grounded.panel.turns';
/** The turns the last Clear removed, until Undo brings them back or a new question is asked. */
const CLEARED_KEY = 'grounded.panel.cleared';
const MAX_TURNS = 50;
/**
 * Over a snippets-only answer once a model is set up: the answer below still opens with "No model is
 * set up yet", which read as a contradiction under a bare "A model is set up now".
 */
const NO_MODEL_THEN = 'Answered before a model was set up. Retry asks this question again, of the model.';

/**
 * A turn as the extension keeps it: also the folder it was answered for and the answer as plain
 * text, which later questions get as history (neither is sent to the webview).
 */
export type StoredTurn = PanelTurn & { root?: string; answer?: string; attachedAt?: AttachedAt[] };

/**
 * The Grounded panel's conversation and message protocol, apart from the webview that shows it:
 * validates what the webview sends (anything else is dropped and logged), answers questions one
 * at a time (a new question or Stop aborts the running one), opens cited lines inside the
 * workspace only, and keeps the finished turns in workspace state.
 */
export class PanelController implements vscode.Disposable {
  private turns: StoredTurn[];
  private cleared: StoredTurn[];
  private controller: AbortController | undefined;
  private readonly posted = new vscode.EventEmitter<ToWebview>();
  /** Every message sent to the webview, after validation. */
  readonly onDidPost = this.posted.event;

  constructor(
    private readonly services: GroundedServices,
    private readonly memento: vscode.Memento,
    private readonly send: (m: ToWebview) => void,
    private readonly editorColumn: () => vscode.ViewColumn = () => vscode.ViewColumn.Active,
  ) {
    this.turns = memento.get<StoredTurn[]>(STATE_KEY, []).filter((t) => t.done);
    this.cleared = memento.get<StoredTurn[]>(CLEARED_KEY, []).filter((t) => t.done);
  }

  get busy(): boolean {
    return this.controller !== undefined;
  }

  dispose(): void {
    this.stop();
    this.posted.dispose();
  }

  /** The conversation as the webview's page embeds it, so it is drawn with the page (no round trip first). */
  initialState(): ToWebview {
    return toWebview.parse(this.state());
  }

  /** The whole conversation for the webview, with how many cleared turns Undo would bring back. */
  private state(): ToWebview {
    const cleared = this.cleared.length;
    return { type: 'state', turns: this.turns, busy: this.busy, ...(cleared ? { cleared } : {}) };
  }

  private post(message: ToWebview): void {
    const valid = toWebview.parse(message);
    this.send(valid);
    this.posted.fire(valid);
  }

  private postTurn(t: StoredTurn): void {
    // A turn cleared while it was being written ends out of sight (Undo brings it back).
    if (this.turns.includes(t)) this.post({ type: 'turn', turn: t, busy: this.busy });
  }

  /** Handles one message from the webview; returns false when it was rejected. */
  async receive(raw: unknown): Promise<boolean> {
    const parsed = fromWebview.safeParse(raw);
    if (!parsed.success) {
      this.services.logger.warn('panel.message.rejected', { issues: parsed.error.issues.length });
      return false;
    }
    const m = parsed.data;
    if (m.type === 'ready') this.post(this.state());
    else if (m.type === 'ask') await this.ask(m.question);
    else if (m.type === 'stop') this.stop();
    else if (m.type === 'retry') {
      const t = this.turns.find((x) => x.id === m.turn && (x.retryable || x.stopped));
      if (!t) return false;
      // The selection or file asked about goes again, read as it is now.
      const again = t.root ? await reattach(t.root, t.attachedAt) : { attached: [], refused: [] };
      if (again.refused.length) void vscode.window.showWarningMessage(`Grounded: asking again without ${again.refused.join('; ')}.`);
      await this.ask(t.question, again.attached, t.root);
    }
    else if (m.type === 'complete') await this.complete(m.prefix, m.requestId);
    else if (m.type === 'command') {
      const outcome = await vscode.commands.executeCommand(m.command);
      if (m.command === 'grounded.selectModel' && outcome === 'connected' && m.turn) await this.offerAgainWithModel(m.turn);
    }
    else if (m.type === 'copy') await vscode.env.clipboard.writeText(m.text);
    else if (m.type === 'clear') await this.clear();
    else if (m.type === 'undoClear') {
      if (!this.cleared.length) return false;
      this.turns = [...this.cleared, ...this.turns];
      this.cleared = [];
      await this.save();
      this.post(this.state());
    } else if (m.type === 'openCitation') {
      const root = this.turns.find((t) => t.id === m.turn)?.root;
      const uri = resolveCitation(root ?? this.services.rootFor(), m.path);
      if (!uri) {
        this.services.logger.warn('panel.citation.rejected', { reason: 'outside-workspace' });
        return false;
      }
      await openCitation(uri, m.startLine, Math.max(m.startLine, m.endLine), this.editorColumn());
    }
    return true;
  }

  /**
   * A model was set up from the button under a snippets-only answer: that question can now be asked
   * of it, one click away. The answer's "Choose provider…" / "Set API key" had nothing left to do.
   */
  private async offerAgainWithModel(turn: string): Promise<void> {
    const t = this.turns.find((x) => x.id === turn && x.done && x.actions?.includes('grounded.selectModel') && !x.provider && !x.error && x.sources.length);
    if (!t || t.retryable) return;
    Object.assign(t, { retryable: true, actions: undefined, note: NO_MODEL_THEN });
    this.postTurn(t);
    await this.save();
  }

  /**
   * Answers the question box's `@token` with files Grounded may read (open editors first, then the
   * workspace, see rankMentions) and the fixed mention kinds; a hidden file is never offered.
   */
  private async complete(prefix: string, requestId: number): Promise<void> {
    const root = this.services.rootFor(vscode.window.activeTextEditor?.document.uri);
    let all: string[] = [];
    if (root) all = await this.services.windowMentionPaths(root).catch(() => []);
    const tabs = vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .flatMap((t) => (t.input instanceof vscode.TabInputText && t.input.uri.scheme === 'file' ? [t.input.uri.fsPath] : []));
    // Written as `all` writes them: `name/rel` of the folder holding the file when the window has several.
    const inWindow = (abs: string) => {
      const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(abs));
      return (folder && workspacePathOf(folder.uri.fsPath, abs)) ?? [];
    };
    const open = root ? [...tabs, ...this.services.overlay.openPaths()].flatMap(inWindow) : [];
    this.post({ type: 'completions', requestId, items: rankMentions(prefix, open, all) });
  }

  /**
   * Empties the conversation (stopping an answer being written); the turns are kept aside, also
   * across a reload, so Undo can bring them back until the next question.
   */
  private async clear(): Promise<void> {
    this.stop();
    if (this.turns.length) this.cleared = this.turns;
    this.turns = [];
    await this.save();
    this.post(this.state());
  }

  /** Stops the answer being written, if any (the Stop button, Escape). */
  stop(): void {
    this.controller?.abort();
  }

  private async save(): Promise<void> {
    await this.memento.update(STATE_KEY, this.turns.filter((t) => t.done).slice(-MAX_TURNS));
    await this.memento.update(CLEARED_KEY, this.cleared.filter((t) => t.done).slice(-MAX_TURNS));
  }

  /** `/plan …` typed in the box: the plan opens in its own view; the turn says so (never sent as history). */
  private async plan(question: string, request: string): Promise<StoredTurn> {
    this.cleared = [];
    const t: StoredTurn = { id: randomUUID(), question, html: '', done: false, sources: [], redactions: {}, progress: 'Asking the model for a plan…' };
    this.turns.push(t);
    this.postTurn(t);
    Object.assign(t, await proposeFromView(request), { done: true, progress: undefined });
    this.postTurn(t);
    await this.save();
    return t;
  }

  /**
   * Asks a question (from the panel's input box, or with a selection from the editor menu), in
   * `root` or the folder of the active editor. A question still being answered is stopped first.
   */
  async ask(question: string, attached: AttachedContext[] = [], root?: string): Promise<StoredTurn> {
    const planRequest = attached.length ? undefined : planRequestOf(question);
    if (planRequest !== undefined) return this.plan(question, planRequest);
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const t: StoredTurn = {
      id: randomUUID(),
      question,
      html: '',
      done: false,
      sources: [],
      redactions: {},
      root: root ?? this.services.rootFor(vscode.window.activeTextEditor?.document.uri),
      attachedAt: attachedAt(attached),
      restricted: vscode.workspace.isTrusted ? undefined : RESTRICTED_NOTICE,
    };
    const history = this.turns
      .filter((x) => x.done && !x.error && !x.stopped && x.answer !== undefined)
      .slice(-6)
      .flatMap((x) => [
        { role: 'user' as const, text: x.question },
        { role: 'assistant' as const, text: x.answer! },
      ]);
    // A new question starts afresh: what the last Clear removed is gone for good.
    this.cleared = [];
    this.turns.push(t);
    this.postTurn(t);
    if (!t.root) {
      Object.assign(t, NO_FOLDER, { done: true });
      if (this.controller === controller) this.controller = undefined;
      this.postTurn(t);
      await this.save();
      return t;
    }
    const answer = new PanelAnswerRenderer();
    try {
      const r = await this.services.ask({
        question, attached, history, root: t.root, signal: controller.signal, conversationId: `panel-${this.turns[0].id}`,
        onEvent: (e) => {
          if (e.type === 'progress') {
            t.progress = e.message;
            this.postTurn(t);
          } else if (e.type === 'retry') {
            t.progress = (`${e.reason === 'rate_limited' ? 'Rate limited' : 'The server failed'}: retrying ${e.attempt} of 5 in ` +
              `${Math.ceil(e.delayMs / 1000)} s…`);
            this.postTurn(t);
          }
          // Once the answer streams, the progress line has done its job.
          else if (e.type === 'segment') {
            answer.add(e.segment);
            t.html = answer.html;
            t.progress = undefined;
            this.postTurn(t);
          }
        },
      });
      Object.assign(t, { html: answer.html }, outcomeOf(r));
    } catch (err) {
      const e = err instanceof ProviderError ? err : new ProviderError('malformed', (err as Error).message, 'See "Grounded: Show Logs".');
      if (e.kind === 'cancelled') t.stopped = true;
      else t.error = { message: e.message, suggestion: e.suggestion };
      if (e.kind === 'auth') t.actions = ['grounded.setApiKey', 'grounded.selectModel'];
    } finally {
      if (this.controller === controller) this.controller = undefined;
      t.done = true;
      t.progress = undefined;
      this.postTurn(t);
      await this.save();
    }
    return t;
  }
}
