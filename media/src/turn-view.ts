// One turn of the conversation as the webview draws it: the question, the answer (HTML the
// extension rendered safely), why there is no model answer and what to do, what was hidden, the
// sources and who answered.
import type { PanelTurn } from '../../src/vscode/panel/messages';
import { describeCited, describeContextUse } from '../../src/engine/context/use-summary';
import { describeHidden } from '../../src/engine/privacy/kind-labels';
import { askAgainWith } from '../../src/engine/ask/rephrase-label';

const ACTION_LABELS: Record<string, string> = {
  'grounded.setApiKey': 'Set API key',
  'grounded.selectModel': 'Choose provider…',
  'grounded.showVisibleFiles': 'Show what Grounded can see',
  'grounded.showLogs': 'Show logs',
  'vscode.openFolder': 'Open Folder…',
};

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const excerpts = (n: number, files: number) => `${plural(n, 'excerpt')} from ${plural(files, 'file')}`;
const lines = (start: number, end: number) => (start === end ? `line ${start}` : `lines ${start}–${end}`);

function actionsRow(t: PanelTurn): HTMLElement {
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
  return row;
}

/** A button that opens `path` at those lines (the click is handled with every citation's). */
function lineButton(path: string, startLine: number, endLine: number): HTMLButtonElement {
  const b = el('button', 'cite');
  b.append(el('span', undefined, `${path}#L${startLine}-${endLine}`)); // an isolated run: cite.css cuts it at its start
  b.type = 'button';
  b.title = `Open ${path}, ${lines(startLine, endLine)}`;
  b.dataset.path = path;
  b.dataset.start = String(startLine);
  b.dataset.end = String(endLine);
  return b;
}

/** The selection or file a question was asked about, under it: without it "what does this do?" says nothing of what "this" was. */
function aboutLine(t: PanelTurn): HTMLElement | undefined {
  if (!t.attachedAt?.length) return undefined;
  const about = el('div', 'about', 'About ');
  about.append(...t.attachedAt.map((a) => lineButton(a.path, a.startLine, a.endLine)));
  return about;
}

function sourcesList(t: PanelTurn): HTMLElement {
  const details = el('details', 'sources');
  const cited = t.use ? describeCited(t.use) : '';
  const summary = t.use ? `${describeContextUse(t.use)}${cited ? `; ${cited}` : ''}` : excerpts(t.sources.length, new Set(t.sources.map((s) => s.path)).size);
  details.append(el('summary', undefined, `Sources: ${summary}`));
  const list = el('ul');
  for (const s of t.sources) {
    const li = el('li');
    const b = lineButton(s.path, s.startLine, s.endLine);
    if (s.cited) b.classList.add('cited');
    li.append(b, el('span', 'meta', ` ${s.tokens} tokens · ${s.origin}${s.cited ? ' · cited' : ''}`));
    list.append(li);
  }
  details.append(list);
  return details;
}

export function renderTurn(t: PanelTurn): HTMLElement {
  const box = el('section', 'turn');
  box.dataset.id = t.id;
  box.append(el('div', 'question', t.question));
  const about = aboutLine(t);
  if (about) box.append(about);
  if (t.progress && !t.done) box.append(el('div', 'progress', t.progress));
  // When the model did not answer, why and what to do about it come first, as one banner (the
  // answer below starts with the cause, then the snippets); otherwise the buttons follow the answer.
  // (Not an alert: the whole conversation is drawn again on every change, so a screen reader hears
  // the outcome once, from the status region; see announcement.)
  const banner = t.retryable ? el('div', 'banner') : undefined;
  if (banner) box.append(banner);
  const answer = el('div', 'answer');
  // The extension renders Markdown with raw HTML disabled, so this HTML carries no script or link.
  answer.innerHTML = t.html;
  box.append(answer);
  if (t.done && t.rephrasings?.length) {
    // Under the warning that says "Did you mean", so the suggestion is the button itself.
    const row = el('div', 'turn-actions rephrasings');
    for (const r of t.rephrasings) {
      const b = el('button', 'action reask', askAgainWith(r));
      b.type = 'button';
      b.dataset.question = r.question;
      row.append(b);
    }
    const warning = answer.querySelector(':scope > .notice.warning');
    if (warning) warning.after(row);
    else answer.prepend(row);
  }
  if (t.error) {
    const err = el('div', 'error');
    err.append(el('strong', undefined, t.error.message), el('div', undefined, t.error.suggestion));
    box.append(err);
  }
  if (t.stopped) {
    const note = el('div', 'note stopped', 'Stopped. ');
    // The question is not lost with its answer: one click asks it again.
    if (t.done) {
      const again = el('button', 'retry again', 'Ask again');
      again.type = 'button';
      note.append(again);
    }
    box.append(note);
  }
  if (t.note) (banner ?? box).append(el('div', 'note', t.note));
  if (t.restricted) box.append(el('div', 'note restricted', t.restricted));
  if (t.actions?.length || t.retryable) {
    const row = actionsRow(t);
    // No model: the buttons go right under the sentence that says so, before the snippets, not after them all.
    const reason = !banner && !t.error && !t.provider ? answer.querySelector(':scope > p') : null;
    if (reason) {
      row.classList.add('lead');
      reason.after(row);
    } else (banner ?? box).append(row);
  }
  // Said quietly after the answer, and only when something was hidden: the same sentence as the chat's footer.
  const hidden = t.done ? describeHidden(t.redactions, t.sent !== false) : '';
  if (hidden) box.append(el('div', 'redactions', hidden));
  if (t.done && t.sources.length) box.append(sourcesList(t));
  const meta = [t.folder ? `Searched ${t.folder}` : '', t.provider ?? ''].filter(Boolean).join(' · ');
  if (meta) box.append(el('div', 'meta', meta));
  return box;
}

/** One sentence for a screen reader when a turn ends (the conversation itself is not a live region). */
export function announcement(t: PanelTurn): string {
  if (t.error) return `${t.error.message} ${t.error.suggestion}`;
  if (t.stopped) return 'Answer stopped.';
  if (t.retryable) return 'The model did not answer; the ranked snippets are shown, with Retry.';
  if (!t.provider && t.sources.length) return `Answer ready: ${plural(t.sources.length, 'snippet')}, no model answered.`;
  return 'Answer ready.';
}
