// The plan view's script (runs in the webview). It renders what the extension sends and posts
// the user's choices back; both directions are checked against the shared zod schemas.
import { intentWord } from '../../src/engine/plans/intent-words';
import { splitAfterSlashes } from '../../src/engine/text/path-breaks';
import {
  explanationRepeatsTitle, fromPlanViewSchema, toPlanViewSchema, type FromPlanView, type PlanStepView, type PlanView,
} from '../../src/vscode/plans/messages';
import { copyCode } from './copy-code';

declare function acquireVsCodeApi(): { postMessage(message: unknown): void };

const vscodeApi = acquireVsCodeApi();
const root = document.getElementById('plan') as HTMLElement;

function send(message: FromPlanView): void {
  vscodeApi.postMessage(fromPlanViewSchema.parse(message));
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: { text?: string; className?: string } = {}, ...children: Node[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.text !== undefined) node.textContent = props.text;
  if (props.className) node.className = props.className;
  node.append(...children);
  return node;
}

/** Text whose paths may wrap between their folders (see splitAfterSlashes). */
function withPathBreaks(text: string): Node[] {
  return splitAfterSlashes(text).flatMap((part, i) => (i ? [document.createElement('wbr'), document.createTextNode(part)] : [document.createTextNode(part)]));
}

function button(label: string, message: FromPlanView, enabled: boolean, primary = false): HTMLButtonElement {
  const b = el('button', { text: label, className: primary ? 'primary' : 'secondary' });
  b.disabled = !enabled;
  b.addEventListener('click', () => send(message));
  return b;
}

function pathLink(path: string): HTMLButtonElement {
  const b = el('button', { text: path, className: 'path' });
  b.title = `Open ${path}`;
  b.addEventListener('click', () => send({ type: 'open', path }));
  return b;
}

/** The run's state in words, under the steps. */
const stateText: Partial<Record<PlanView['state'], string>> = {
  running: 'Running… every file change opens as a diff to accept or reject.',
  completed: 'Finished.',
  failed: 'Stopped: a step failed (its error is above).',
  cancelled: 'Cancelled: the remaining steps did not run.',
};

const statusText: Record<PlanStepView['status'], string> = {
  pending: 'pending', succeeded: 'done', failed: 'failed', rejected: 'rejected', skipped: 'skipped',
};

function renderStep(step: PlanStepView, index: number): HTMLElement {
  const head = el('div', { className: 'step-head' },
    el('span', { className: 'step-number', text: `${index + 1}.` }),
    el('code', { text: step.tool }),
    // The path looks like a link, so it is one: it opens the file (after a run, to see the change).
    ...(step.path ? [pathLink(step.path)] : []),
    ...(step.modifies ? [el('span', { className: 'badge modifies', text: 'modifies files' })] : []),
    ...(step.requiresConfirmation ? [el('span', { className: 'badge', text: 'asks first' })] : []),
    // A read is skipped, not rejected: the word of the button that answered it (Skip).
    el('span', { className: `status ${step.status}`, text: step.status === 'rejected' && !step.modifies ? 'skipped' : statusText[step.status] }),
  );
  const body = el('details', {}, el('summary', { text: 'Arguments' }), el('pre', { text: step.arguments }));
  const item = el('li', { className: `step ${step.status}` }, head, body);
  if (step.precondition) item.append(el('div', { className: 'precondition', text: `Precondition: ${step.precondition}` }));
  if (step.error) item.append(el('pre', { className: 'error', text: step.error }));
  if (step.note) item.append(el('p', { className: 'note', text: step.note }));
  if (step.output) item.append(el('details', {}, el('summary', { text: 'Output' }), el('pre', { text: step.output })));
  return item;
}

/** Markdown the extension rendered to safe HTML (no raw HTML, links or images); plain text otherwise. */
function markdown(html: string | undefined, text: string): HTMLElement {
  const box = el('div', { className: 'explanation' });
  if (html) box.innerHTML = html;
  else box.textContent = text;
  return box;
}

/** "2 applied · 1 rejected", with Undo while there is something to revert. */
function renderSummary(sum: NonNullable<PlanView['summary']>): HTMLElement {
  const changes = (n: number) => `${n} change${n === 1 ? '' : 's'}`;
  const box = el('div', { className: 'summary' }, el('span', { text: `${changes(sum.applied)} applied · ${sum.rejected} rejected` }));
  if (sum.undone) {
    const files = sum.undone.length ? ` (${sum.undone.join(', ')})` : '';
    box.append(el('span', { className: 'note', text: ` — undone: ${changes(sum.undone.length)} reverted${files}` }));
    if (sum.undoRefused?.length) box.append(el('pre', { className: 'error', text: sum.undoRefused.join('\n') }));
  } else if (sum.applied > 0) {
    box.append(button('Undo', { type: 'undo' }, true));
  }
  return box;
}

/** The model's account of the run, and its revised plan after a failure (opened as a new plan to authorize). */
function renderOutcome(o: NonNullable<PlanView['outcome']>): HTMLElement {
  const section = el('section', { className: 'outcome' }, el('h2', { text: 'What happened' }));
  if (o.state === 'explaining') section.append(el('p', { className: 'state', text: 'The model is explaining the outcome…' }));
  if (o.explanation) section.append(markdown(o.explanationHtml, o.explanation));
  // Withheld with no reason: the reply held no explanation at all (only a plan, or nothing), not an empty list of refusals.
  if (o.state === 'withheld' && !o.rejected.length) {
    section.append(el('p', { className: 'warning', text: "The model's reply held no explanation of the outcome." }));
  }
  else if (o.state === 'withheld')
    // Plain words first (what was withheld, why, what to do); the check's own words, which name rules, folded beside them.
    section.append(
      el('p', { className: 'warning', text: o.withheldWhy ?? "The model's explanation was withheld." }),
      el('details', {}, el('summary', { text: 'What the check found' }), el('pre', { className: 'error', text: o.rejected.join('\n') })),
    );
  if (o.revisedPlanId) {
    section.append(el('h2', { text: `Revised plan ${o.revisedPlanId}${o.revisedValid ? '' : ' (not valid)'}` }));
    if (o.revisedErrors.length) section.append(el('pre', { className: 'error', text: o.revisedErrors.join('\n') }));
    section.append(el('div', { className: 'actions' }, button('Review the revised plan', { type: 'openRevised' }, true, true)));
  } else if (o.revisedErrors.length) {
    section.append(el('pre', { className: 'error', text: o.revisedErrors.join('\n') }));
  }
  return section;
}

/** The question the running step waits on, with its answers: the same as the notification's, which hides itself after a while. */
function renderPending(pending: NonNullable<PlanView['pending']>): HTMLElement {
  return el('div', { className: 'decision' },
    el('p', { text: pending.question }),
    el('div', { className: 'actions' }, ...pending.choices.map((c, i) => button(c, { type: 'decide', choice: c }, true, i === 0))));
}

/** What the view asked last: a plan to run, a step's question, or the run's end. A new one takes the focus; a redraw of the same one does not. */
let lastStage: string | undefined;

/** The button a keyboard user wants next: a question's first answer, else the highlighted action (Run step by step), else the first one. */
function nextButton(): HTMLButtonElement | null {
  return root.querySelector<HTMLButtonElement>('.decision button')
    ?? root.querySelector<HTMLButtonElement>('.actions button.primary:not([disabled])')
    ?? root.querySelector<HTMLButtonElement>('.actions button:not([disabled])');
}

/**
 * A new stage takes the keyboard to its next button when this view has the focus: a plan opened from
 * the keyboard (the view gets the focus) lands on Run step by step, a step's question on its first
 * answer, a finished run on Show the run record. Redrawing dropped the focus on the page, and a
 * keyboard user had to Tab through the steps to find them. A diff that opened has the focus: it is not taken.
 */
function focusNewStage(view: PlanView): void {
  const stage = view.pending?.question ?? view.state;
  if (stage !== lastStage && document.hasFocus()) nextButton()?.focus();
  lastStage = stage;
}

// Coming back to the view (from a diff, or by Ctrl+Tab) with nothing in it focused: the keyboard is on the next button, not the page.
window.addEventListener('focus', () => {
  if (document.activeElement === document.body || !document.activeElement) nextButton()?.focus();
});

function render(view: PlanView): void {
  const idle = view.state === 'ready';
  const canRun = idle && view.trusted;
  const header = el('header', {},
    el('h1', {}, ...withPathBreaks(view.title)),
    el('span', { className: 'badge', text: intentWord(view.intent) }),
    ...(view.edited ? [el('span', { className: 'badge', text: 'edited' })] : []),
  );
  const parts: Node[] = [header];
  // A one-sentence explanation is the title already.
  if (view.explanation && !explanationRepeatsTitle(view)) parts.push(markdown(view.explanationHtml, view.explanation));
  if (!view.trusted && view.steps.some((s) => s.modifies)) {
    // The way out is VS Code's trust editor, one click away.
    parts.push(el('p', { className: 'warning', text: 'This workspace is not trusted: Grounded writes nothing here. ' },
      button('Manage Workspace Trust', { type: 'trust' }, true)));
  }
  if (view.errors.length) {
    parts.push(el('h2', { text: 'The plan is not valid; nothing will run' }), el('pre', { className: 'error', text: view.errors.join('\n') }));
    // The way on, said where the problem is: the buttons alone (Run greyed out) did not say it.
    const way = 'Correct it with Edit plan (it is validated again), or ask for the change again with more detail.';
    if (view.state === 'invalid') parts.push(el('p', { className: 'hint', text: way }));
  }
  parts.push(el('ol', { className: 'steps' }, ...view.steps.map(renderStep)));
  if (view.pending) parts.push(renderPending(view.pending));
  // The evidence and the plan's id are details: folded, one click away.
  const evidence = el('details', { className: 'evidence' },
    el('summary', { text: `Details: evidence cited ${view.evidenceCited.length ? view.evidenceCited.join(', ') : 'none'} · plan ${view.planId}` }));
  if (view.evidenceSummary.length) evidence.append(el('pre', { text: view.evidenceSummary.join('\n') }));
  parts.push(evidence);
  if (view.runError) parts.push(el('pre', { className: 'error', text: view.runError }));
  const state = stateText[view.state];
  if (state) parts.push(el('p', { className: 'state', text: state }));
  if (view.summary) parts.push(renderSummary(view.summary));
  if (view.outcome) parts.push(renderOutcome(view.outcome));
  // Once the run is over there is nothing to run or cancel: only Close stays.
  const over = view.state === 'completed' || view.state === 'failed' || view.state === 'cancelled';
  parts.push(el('div', { className: 'actions' }, ...(over
    ? [button('Show the run record', { type: 'reconstruct' }, true), button('Close', { type: 'cancel' }, true)]
    : [
      // An invalid plan's way on is Edit plan: it, not a Run that cannot run, is the highlighted button.
      button('Run step by step', { type: 'run', mode: 'step' }, canRun, view.state !== 'invalid'),
      button('Run whole plan', { type: 'run', mode: 'plan' }, canRun),
      button('Edit plan', { type: 'edit' }, view.state !== 'running', view.state === 'invalid'),
      button('Cancel', { type: 'cancel' }, view.state !== 'running'),
    ])));
  // A redraw (a step's outcome, the explanation arriving) replaces the button that had the keyboard: the same one takes it back.
  const had = root.contains(document.activeElement) && document.activeElement instanceof HTMLButtonElement ? document.activeElement.textContent : undefined;
  root.replaceChildren(...parts);
  // A button that went with the redraw (Undo, once used) hands the keyboard to the next one rather than to the page, when the
  // view has the keyboard: a diff being reviewed keeps it.
  const same = had && Array.from(root.querySelectorAll<HTMLButtonElement>('button:not([disabled])')).find((b) => b.textContent === had);
  if (had) (same || (document.hasFocus() ? nextButton() : null))?.focus();
  focusNewStage(view);
}

/** The plan as last drawn: Escape's meaning depends on its state. */
let shown: PlanView | undefined;

window.addEventListener('message', (event: MessageEvent) => {
  const parsed = toPlanViewSchema.safeParse(event.data);
  if (!parsed.success) return;
  shown = parsed.data.plan;
  render(shown);
});

// Escape steps back as in a dialog: a view with nothing running closes (Close / Cancel: nothing has run, or the run is
// over and its record kept). A running plan is never stopped by a stray Escape: the keyboard goes back to its question.
document.addEventListener('keydown', (e) => {
  if (e.key !== 'Escape' || e.defaultPrevented || !shown) return;
  e.preventDefault();
  if (shown.state !== 'running') return send({ type: 'cancel' });
  nextButton()?.focus();
});

root.addEventListener('click', (e) => {
  const copy = (e.target as HTMLElement).closest('button.copy-code') as HTMLButtonElement | null;
  if (copy) copyCode(copy, (text) => send({ type: 'copy', text }));
});

send({ type: 'ready' });
