// @mention completion in the question box: typing `@` at a word start (not in code), alone or with
// a few characters, asks the extension for files Grounded may read; the list opens above the box. Up/Down
// move, Enter/Tab accept, Escape closes (and only closes), a click accepts.
import { mentionTokenAt } from '../../src/engine/mentions/complete';
import type { Completion } from '../../src/vscode/panel/messages';

/** Same bound as the message schema's MAX_PREFIX (kept here so no schema code ships to the webview). */
const MAX_PREFIX = 200;
const DEBOUNCE_MS = 60;

export interface MentionCompleter {
  /** Handles a key in the box when the list is open; true when it used the key (the caller stops it). */
  handleKey(e: KeyboardEvent): boolean;
  /** The extension's answer to a `complete` request (stale answers are ignored). */
  receive(requestId: number, items: Completion[]): void;
  close(): void;
}

export function attachMentions(input: HTMLTextAreaElement, list: HTMLElement, post: (m: unknown) => void): MentionCompleter {
  let items: Completion[] = [];
  let active = 0;
  let latest = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const isOpen = () => !list.hidden;
  const token = () => (input.selectionStart === input.selectionEnd ? mentionTokenAt(input.value, input.selectionStart) : undefined);

  function close(): void {
    clearTimeout(timer);
    latest++; // an answer still on its way must not reopen the list
    items = [];
    list.hidden = true;
    list.replaceChildren();
    input.removeAttribute('aria-activedescendant');
  }

  function show(): void {
    list.replaceChildren(...items.map((item, i) => {
      const option = document.createElement('div');
      option.id = `mention-${i}`;
      option.className = 'mention';
      option.setAttribute('role', 'option');
      option.setAttribute('aria-selected', String(i === active));
      option.dataset.index = String(i);
      const label = document.createElement('span');
      label.className = 'mention-label';
      // Cut at the start when too long (webview.css): deep paths differ at their end, the file name.
      const text = document.createElement('span');
      text.textContent = item.label;
      label.append(text);
      label.title = item.label;
      option.append(label);
      if (item.detail) {
        const detail = document.createElement('span');
        detail.className = 'mention-detail';
        detail.textContent = item.detail;
        option.append(detail);
      }
      return option;
    }));
    list.hidden = false;
    input.setAttribute('aria-activedescendant', `mention-${active}`);
    list.children[active]?.scrollIntoView({ block: 'nearest' });
  }

  function accept(i: number): void {
    const t = token();
    const item = items[i];
    close();
    if (!t || !item) return;
    const caret = input.selectionStart;
    input.value = input.value.slice(0, t.start) + item.insert + input.value.slice(caret);
    // `@search:""`: the caret goes between the quotes; a file: after the inserted space.
    const at = t.start + item.insert.length - (item.insert.endsWith('""') ? 1 : 0);
    input.setSelectionRange(at, at);
    input.focus();
  }

  /** True when the mention at the caret is already what the highlighted suggestion would insert (its lines added or not). */
  function complete(): boolean {
    const t = token();
    const item = items[active];
    if (!t || !item) return false;
    const typed = input.value.slice(t.start, input.selectionStart);
    const insert = item.insert.trimEnd();
    return typed === insert || typed.startsWith(`${insert}#`);
  }

  function update(): void {
    clearTimeout(timer);
    const t = token();
    // `@` alone asks too: the answer lists what can be mentioned (files, @search, @grep, @url).
    if (!t || t.prefix.length > MAX_PREFIX) return close();
    timer = setTimeout(() => post({ type: 'complete', prefix: t.prefix, requestId: ++latest }), DEBOUNCE_MS);
  }

  input.addEventListener('input', update);
  // Leaving the box closes the list; the webview's own focus flicker (the workbench refocusing its
  // frame fires blur on the box) does not, so look again a moment later.
  input.addEventListener('blur', () => setTimeout(() => { if (!document.hasFocus() || document.activeElement !== input) close(); }, 200));
  // The caret left the token (arrow keys, a click elsewhere in the box): the list goes.
  const leftToken = () => { if (isOpen() && !token()) close(); };
  input.addEventListener('click', leftToken);
  input.addEventListener('keyup', (e) => { if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) leftToken(); });
  // Clicking an option must not take the focus from the box (that would close the list first).
  list.addEventListener('mousedown', (e) => e.preventDefault());
  list.addEventListener('click', (e) => {
    const option = (e.target as HTMLElement).closest('[role="option"]') as HTMLElement | null;
    if (option) accept(Number(option.dataset.index));
  });

  return {
    close,
    receive(requestId, answer) {
      if (requestId !== latest || !token()) return;
      items = answer;
      active = 0;
      if (items.length) show();
      else close();
    },
    handleKey(e) {
      if (!isOpen()) return false;
      // A mention typed out in full (or pasted, or filled in) leaves nothing to complete: Enter sends the question.
      // Accepting the same path instead swallowed the Enter of a fast typist, the list having opened after the last key.
      if (e.key === 'Enter' && !e.shiftKey && complete()) {
        close();
        return false;
      }
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        active = (active + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
        show();
      } else if ((e.key === 'Enter' && !e.shiftKey) || (e.key === 'Tab' && !e.shiftKey)) accept(active);
      else if (e.key === 'Escape') close();
      else return false;
      return true;
    },
  };
}
