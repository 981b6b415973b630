// The Grounded panel's script: displays the conversation the extension renders (already safe
// HTML), sends questions, citation clicks and Stop, and keeps its state (the conversation and the
// question being typed) across hide/show.
import type { PanelTurn, ToWebview } from '../../src/vscode/panel/messages';
import { copyCode } from './copy-code';
import { attachMentions } from './mentions';
import { announcement, el, plural, renderTurn } from './turn-view';

declare function acquireVsCodeApi(): { postMessage(m: unknown): void; getState(): unknown; setState(s: unknown): void };

/** What the webview keeps while hidden: the conversation as last drawn and the question not yet sent. */
interface Kept { turns?: PanelTurn[]; draft?: string; cleared?: number }

const vscode = acquireVsCodeApi();
const conversation = document.getElementById('conversation')!;
const form = document.getElementById('ask') as HTMLFormElement;
const input = document.getElementById('question') as HTMLTextAreaElement;
const send = document.getElementById('send') as HTMLButtonElement;
const stop = document.getElementById('stop') as HTMLButtonElement;
const clear = document.getElementById('clear') as HTMLButtonElement;
const status = document.getElementById('status')!;
let busy = false;
/** Set by the Clear button: the state that answers it offers Undo, and focus goes there. */
let clearing = false;
const mentions = attachMentions(input, document.getElementById('mentions')!, (m) => vscode.postMessage(m));
const kept = (vscode.getState() ?? {}) as Kept;

/**
 * What to draw before the extension answers `ready`: what this webview kept (hidden and shown
 * again: fresher than the page), else the conversation the extension embedded in a new page.
 */
function initialState(): { turns: PanelTurn[]; cleared: number } {
  if (kept.turns) return { turns: kept.turns, cleared: kept.cleared ?? 0 };
  const embedded = document.getElementById('initial-state')?.textContent;
  try {
    const state = embedded ? (JSON.parse(embedded) as ToWebview) : undefined;
    if (state?.type === 'state') return { turns: state.turns, cleared: state.cleared ?? 0 };
  } catch {
    // Without valid data the page waits for the extension's `state` message.
  }
  return { turns: [], cleared: 0 };
}

let { turns, cleared } = initialState();
input.value = kept.draft ?? '';

function keep(): void {
  vscode.setState({ turns, cleared, draft: input.value } satisfies Kept);
}

/** Says `text` to a screen reader once (the status region is polite: it waits for the reader to finish). */
function announce(text: string): void {
  status.textContent = '';
  // A changed text is what a live region reads; set it after clearing so the same sentence is read again.
  setTimeout(() => { status.textContent = text; }, 50);
}

/** Whether a model answers (the extension says so after `ready`); until then nothing is claimed. */
let model: 'ready' | 'missing' | 'none' = 'ready';

/** The empty view's word on the model: the status bar alone was missed. The same button as a first answer's. */
function modelNote(): HTMLElement[] {
  if (model === 'ready') return [];
  if (model === 'none') return [el('p', 'empty no-model', 'The provider setting is "none": answers will be the ranked snippets, with their citations.')];
  const p = el('div', 'empty no-model');
  p.append(el('p', undefined, 'No model is set up yet: until you choose one, answers will be the ranked snippets, with their citations.'));
  // Drawn as a first answer's buttons are, so the same action looks the same before and after a question.
  const row = el('div', 'turn-actions');
  const choose = el('button', 'action', 'Choose provider…');
  choose.type = 'button';
  choose.dataset.command = 'grounded.selectModel';
  row.append(choose);
  p.append(row);
  return [p];
}

function emptyState(): HTMLElement[] {
  if (!cleared) {
    const intro = 'Ask a question about the code in this workspace. Answers cite the lines they come from; click a citation to open it.';
    return [el('p', 'empty', intro), ...modelNote()];
  }
  const p = el('p', 'empty cleared', `Conversation cleared (${plural(cleared, 'question')}). `);
  const undo = el('button', 'undo', 'Undo');
  undo.type = 'button';
  undo.id = 'undo-clear';
  undo.title = 'Bring the cleared conversation back';
  p.append(undo);
  return [p];
}

/**
 * Stop takes Ask's place while an answer is written, the same width: a fourth button wrapped the
 * row in a narrow side bar and the question box jumped up under the reader's eyes. Enter still
 * asks (a new question stops the answer first). The keyboard's focus stays on the slot it was on.
 */
function showStop(on: boolean): void {
  const from = on ? send : stop;
  const hadFocus = document.activeElement === from;
  send.hidden = on;
  stop.hidden = !on;
  if (hadFocus) (on ? stop : send).focus();
}

function render(nowBusy: boolean): void {
  busy = nowBusy;
  conversation.replaceChildren(...(turns.length ? turns.map(renderTurn) : emptyState()));
  showStop(busy);
  clear.disabled = turns.length === 0 && !busy;
  keep();
  // A failed answer, one missing a mention the user asked for, or one with no model (its buttons
  // are under the reason) shows from its top; any other from its end (where the newest text is).
  const last = conversation.lastElementChild;
  if (last?.querySelector('.banner, .notice.warning, .turn-actions.lead')) last.scrollIntoView({ block: 'start' });
  else last?.scrollIntoView({ block: 'end' });
}

/** A turn just finished: say so to a screen reader, and put a question that could not be answered back in the box. */
function finished(t: PanelTurn): void {
  announce(announcement(t));
  if (t.error && !input.value.trim()) {
    input.value = t.question;
    keep();
  }
}

window.addEventListener('message', (event: MessageEvent<ToWebview>) => {
  const m = event.data;
  if (m?.type === 'state') {
    const undoable = clearing && (m.cleared ?? 0) > 0;
    clearing = false;
    turns = m.turns;
    cleared = m.cleared ?? 0;
    render(m.busy);
    if (undoable) {
      announce(`Conversation cleared. ${plural(cleared, 'question')} can be brought back with Undo.`);
      // The Clear button is now disabled: focus goes to Undo, where a keyboard user can take it back.
      document.getElementById('undo-clear')?.focus();
    }
  } else if (m?.type === 'turn') {
    const i = turns.findIndex((t) => t.id === m.turn.id);
    const wasDone = i >= 0 && turns[i].done;
    if (i >= 0) turns[i] = m.turn;
    else turns.push(m.turn);
    cleared = 0;
    render(m.busy);
    if (m.turn.done && !wasDone) finished(m.turn);
  } else if (m?.type === 'model') {
    model = m.state;
    if (!turns.length) render(busy);
  } else if (m?.type === 'completions') mentions.receive(m.requestId, m.items);
});

conversation.addEventListener('click', (e) => {
  const target = e.target as HTMLElement;
  if (target.closest('button#undo-clear')) {
    vscode.postMessage({ type: 'undoClear' });
    return input.focus();
  }
  const copy = target.closest('button.copy-code') as HTMLButtonElement | null;
  if (copy) return copyCode(copy, (text) => vscode.postMessage({ type: 'copy', text }));
  const reask = target.closest('button.reask') as HTMLButtonElement | null;
  if (reask?.dataset.question) return vscode.postMessage({ type: 'ask', question: reask.dataset.question });
  const action = target.closest('button.action') as HTMLButtonElement | null;
  // The turn it sits under goes along: a model set up from there offers to ask that question again.
  const under = (action?.closest('.turn') as HTMLElement | null)?.dataset.id;
  if (action) return vscode.postMessage({ type: 'command', command: action.dataset.command, ...(under ? { turn: under } : {}) });
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
  keep();
  mentions.close();
});

input.addEventListener('input', keep);
input.addEventListener('keydown', (e) => {
  // An open suggestion list takes Up/Down/Enter/Tab/Escape: Escape then closes it and does not Stop.
  if (mentions.handleKey(e)) {
    e.preventDefault();
    e.stopPropagation();
    return;
  }
  if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
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
clear.addEventListener('click', () => {
  clearing = true;
  vscode.postMessage({ type: 'clear' });
});
document.getElementById('model')!.addEventListener('click', () => vscode.postMessage({ type: 'command', command: 'grounded.selectModel' }));

// Focus given to the view from outside (Ctrl+Alt+G, its icon, F6) lands in the question box when
// nothing inside holds it: keys typed then went nowhere, and a keyboard user had to Tab to the box.
window.addEventListener('focus', () => {
  if (!document.activeElement || document.activeElement === document.body) input.focus();
});

render(false);
vscode.postMessage({ type: 'ready' });
input.focus();
// Every listener is attached: the box now sends on Enter (tests wait for this before typing).
document.body.dataset.ready = 'true';
