// The Grounded panel's script: displays the conversation the extension renders (already safe
// HTML), sends questions, citation clicks and Stop, and keeps its state across hide/show.
import type { PanelTurn, ToWebview } from '../../src/vscode/panel/messages';
import { describeCited, describeContextUse } from '../../src/engine/context/use-summary';
import { describeRedactions } from '../../src/engine/privacy/kind-labels';
import { copyCode } from './copy-code';
import { attachMentions } from './mentions';

const ACTION_LABELS: Record<string, string> = {
  'grounded.setApiKey': 'Set API key',
  'grounded.selectModel': 'Choose provider…',
  'grounded.showVisibleFiles': 'Show what Grounded can see',
  'grounded.showLogs': 'Show logs',
};

declare function acquireVsCodeApi(): { postMessage(m: unknown): void; getState(): unknown; setState(s: unknown): void };

const vscode = acquireVsCodeApi();
const conversation = document.getElementById('conversation')!;
const form = document.getElementById('ask') as HTMLFormElement;
const input = document.getElementById('question') as HTMLTextAreaElement;
const stop = document.getElementById('stop') as HTMLButtonElement;
let busy = false;
const mentions = attachMentions(input, document.getElementById('mentions')!, (m) => vscode.postMessage(m));

/**
 * What to draw before the extension answers `ready`: what this webview kept (hidden and shown
 * again: fresher than the page), else the conversation the extension embedded in a new page.
 */
function initialTurns(): PanelTurn[] {
  const kept = vscode.getState() as { turns?: PanelTurn[] } | undefined;
  if (kept?.turns) return kept.turns;
  const embedded = document.getElementById('initial-state')?.textContent;
  try {
    const state = embedded ? (JSON.parse(embedded) as ToWebview) : undefined;
    if (state?.type === 'state') return state.turns;
  } catch {
    // Without valid data the page waits for the extension's `state` message.
  }
  return [];
}

let turns: PanelTurn[] = initialTurns();

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const excerpts = (n: number, files: number) => `${plural(n, 'excerpt')} from ${plural(files, 'file')}`;

function renderTurn(t: PanelTurn): HTMLElement {
  const box = el('section', 'turn');
  box.dataset.id = t.id;
  box.append(el('div', 'question', t.question));
  // What was redacted is said before the answer, where it is seen.
  const kinds = Object.entries(t.redactions);
  if (t.done)
    box.append(
      el('div', 'redactions', kinds.length
        ? `${t.sent === false ? 'Redacted in these snippets' : 'Redacted before sending'}: ${describeRedactions(t.redactions)}`
        : 'Nothing needed redacting.'),
    );
  if (t.progress && !t.done) box.append(el('div', 'progress', t.progress));
  // When the model did not answer, why and what to do about it come first, as one banner (the
  // answer below starts with the cause, then the snippets); otherwise the buttons follow the answer.
  const banner = t.retryable ? el('div', 'banner') : undefined;
  if (banner) {
    banner.setAttribute('role', 'alert');
    box.append(banner);
  }
  const answer = el('div', 'answer');
  // The extension renders Markdown with raw HTML disabled, so this HTML carries no script or link.
  answer.innerHTML = t.html;
  box.append(answer);
  if (t.error) {
    const err = el('div', 'error');
    err.append(el('strong', undefined, t.error.message), el('div', undefined, t.error.suggestion));
    box.append(err);
  }
  if (t.stopped) box.append(el('div', 'note stopped', 'Stopped.'));
  if (t.note) (banner ?? box).append(el('div', 'note', t.note));
  if (t.restricted) box.append(el('div', 'note restricted', t.restricted));
  if (t.actions?.length || t.retryable) {
    const row = el('div', 'turn-actions');
    if (t.retryable) {
      const retry = el('button', 'retry', 'Retry');
      retry.type = 'button';
      row.append(retry);
    }
    for (const command of t.actions ?? []) {
      const b = el('button', 'action', ACTION_LABELS[command] ?? command);
      b.type = 'button';
      b.dataset.command = command;
      row.append(b);
    }
    (banner ?? box).append(row);
  }
  if (t.done && t.sources.length) {
    const details = el('details', 'sources');
    const cited = t.use ? describeCited(t.use) : '';
    const summary = t.use ? `${describeContextUse(t.use)}${cited ? `; ${cited}` : ''}` : excerpts(t.sources.length, new Set(t.sources.map((s) => s.path)).size);
    details.append(el('summary', undefined, `Sources: ${summary}`));
    const list = el('ul');
    for (const s of t.sources) {
      const li = el('li');
      const b = el('button', `cite${s.cited ? ' cited' : ''}`, `${s.path}#L${s.startLine}-${s.endLine}`);
      b.dataset.path = s.path;
      b.dataset.start = String(s.startLine);
      b.dataset.end = String(s.endLine);
      li.append(b, el('span', 'meta', ` ${s.tokens} tokens · ${s.origin}${s.cited ? ' · cited' : ''}`));
      list.append(li);
    }
    details.append(list);
    box.append(details);
  }
  if (t.provider) box.append(el('div', 'meta', t.provider));
  return box;
}

function render(nowBusy: boolean): void {
  busy = nowBusy;
  conversation.replaceChildren(
    ...(turns.length
      ? turns.map(renderTurn)
      : [el('p', 'empty', 'Ask a question about the code in this workspace. Answers cite the lines they come from; click a citation to open it.')]),
  );
  stop.hidden = !busy;
  vscode.setState({ turns });
  // A failed answer, or one missing a mention the user asked for, shows from its top, where the
  // banner or the warning is; any other from its end (where the newest text is).
  const last = conversation.lastElementChild;
  if (last?.querySelector('.banner, .notice.warning')) last.scrollIntoView({ block: 'start' });
  else last?.scrollIntoView({ block: 'end' });
}

window.addEventListener('message', (event: MessageEvent<ToWebview>) => {
  const m = event.data;
  if (m?.type === 'state') {
    turns = m.turns;
    render(m.busy);
  } else if (m?.type === 'turn') {
    const i = turns.findIndex((t) => t.id === m.turn.id);
    if (i >= 0) turns[i] = m.turn;
    else turns.push(m.turn);
    render(m.busy);
  } else if (m?.type === 'completions') mentions.receive(m.requestId, m.items);
});

conversation.addEventListener('click', (e) => {
  const target = e.target as HTMLElement;
  const copy = target.closest('button.copy-code') as HTMLButtonElement | null;
  if (copy) return copyCode(copy, (text) => vscode.postMessage({ type: 'copy', text }));
  const action = target.closest('button.action') as HTMLButtonElement | null;
  if (action) return vscode.postMessage({ type: 'command', command: action.dataset.command });
  const retry = target.closest('button.retry') as HTMLButtonElement | null;
  const turnId = (target.closest('.turn') as HTMLElement | null)?.dataset.id;
  if (retry && turnId) return vscode.postMessage({ type: 'retry', turn: turnId });
  const b = target.closest('button.cite') as HTMLButtonElement | null;
  if (!b) return;
  const turn = (b.closest('.turn') as HTMLElement | null)?.dataset.id;
  vscode.postMessage({ type: 'openCitation', turn, path: b.dataset.path, startLine: Number(b.dataset.start), endLine: Number(b.dataset.end) });
});

form.addEventListener('submit', (e) => {
  e.preventDefault();
  const question = input.value.trim();
  if (!question) return;
  vscode.postMessage({ type: 'ask', question });
  input.value = '';
  mentions.close();
});

input.addEventListener('keydown', (e) => {
  // An open suggestion list takes Up/Down/Enter/Tab/Escape: Escape then closes it and does not Stop.
  if (mentions.handleKey(e)) {
    e.preventDefault();
    e.stopPropagation();
    return;
  }
  if (e.key === 'Enter' && !e.shiftKey) {
    e.preventDefault();
    form.requestSubmit();
  }
});

stop.addEventListener('click', () => vscode.postMessage({ type: 'stop' }));
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && busy) {
    e.preventDefault();
    vscode.postMessage({ type: 'stop' });
  }
});
document.getElementById('clear')!.addEventListener('click', () => vscode.postMessage({ type: 'clear' }));
document.getElementById('model')!.addEventListener('click', () => vscode.postMessage({ type: 'command', command: 'grounded.selectModel' }));

render(false);
vscode.postMessage({ type: 'ready' });
input.focus();
// Every listener is attached: the box now sends on Enter (tests wait for this before typing).
document.body.dataset.ready = 'true';
