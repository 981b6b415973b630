import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { openWithFixtureModel, sendQuestion, type Workbench } from './harness';

// A newcomer asks @grounded /plan for a change and follows it through: the chat names the plan in
// words, the plan view runs it step by step, the change is accepted from the keyboard while its
// diff is shown, and afterwards the run's record opens rendered, read-only (closing it asks nothing).

let wb: Workbench;
const plan = {
  id: 'plan_e2e_notes',
  intent: 'MUTATE',
  steps: [{ id: 's1', tool: 'file_write', arguments: { path: 'README.md', contents: '# Acme Notes\n\nA small notes service.\n' } }],
  evidence_referenced: [],
  explanation: 'Shorten the README.',
};

/** Reads first, then changes: run step by step, the read asks too. */
const readThenWrite = {
  ...plan,
  id: 'plan_e2e_read_first',
  steps: [{ id: 's1', tool: 'file_read', arguments: { path: 'README.md' } }, { ...plan.steps[0], id: 's2' }],
  explanation: 'Read the README, then shorten it.',
};

/** One sentence longer than a tab's title, with a path in it: the heading of a narrow plan view. */
const NARROW_TITLE = 'Read the README, then rewrite the notes in docs/architecture.md with a shorter body';
const longTitled = { ...plan, id: 'plan_e2e_narrow', explanation: `${NARROW_TITLE}.` };

before(async () => {
  wb = await openWithFixtureModel('plan-review', [
    { match: 'rewrite the notes narrowly', reply: JSON.stringify(longTitled) },
    { match: 'shorten the readme', reply: JSON.stringify(plan) },
    { match: 'read the readme, then shorten it', reply: JSON.stringify(readThenWrite) },
  ]);
});

after(async () => {
  await wb?.close();
});

const lastFrame = () => wb.lastWebview();

test('/plan → plan view → diff accepted with Ctrl+Alt+Y → the run record opens rendered and read-only', { timeout: 240_000 }, async () => {
  await wb.waitForText(/Grounded: VS Code/, 90_000);
  await wb.sendChat('@grounded /plan shorten the readme');
  // The first Enter may only close the slash-command suggestions.
  const responses = wb.page.locator('.interactive-item-container.interactive-response');
  if (!(await responses.first().waitFor({ state: 'visible', timeout: 3_000 }).then(() => true, () => false))) await wb.page.keyboard.press('Enter');
  const response = await wb.waitForChatResponse(/Open the plan/, 90_000);
  const said = await response.innerText();
  assert.match(said, /Proposed plan: Shorten the README \(Change\)/, 'the plan is named in words, its intent too');
  // The id (Grounded gives every proposed plan its own) is the last detail, not the heading.
  assert.doesNotMatch(said.split('\n').find((l) => l.includes('Proposed plan')) ?? '', /plan_/, 'the id is not the heading');
  await wb.screenshot('plan-review-chat');
  // Its next step is the plan view, so no follow-up question is suggested under it.
  await wb.page.waitForTimeout(1_500);
  assert.equal(await wb.page.getByText(/^Explain the (current selection|code at the cursor)$/).count(), 0);

  const run = lastFrame().locator('button', { hasText: 'Run step by step' });
  await run.waitFor({ state: 'visible', timeout: 30_000 });
  assert.equal(await lastFrame().locator('header .badge').first().innerText(), 'Change');
  await run.click();
  await wb.page.locator('.tab.active', { hasText: 'README.md ↔ proposed by Grounded' }).waitFor({ state: 'visible', timeout: 30_000 });
  await wb.waitForText(/Ctrl\+Alt\+Y \/ Ctrl\+Alt\+N/);
  await wb.screenshot('plan-review-diff');
  await wb.page.keyboard.press('Control+Alt+Y');

  const summary = lastFrame().locator('.summary');
  await summary.waitFor({ state: 'visible', timeout: 30_000 });
  assert.match(await summary.innerText(), /1 change applied · 0 rejected/);
  assert.equal(await lastFrame().locator('.decision').count(), 0, 'decided with the keys: the view asks nothing any more');
  assert.equal(readFileSync(path.join(wb.folder, 'README.md'), 'utf8'), plan.steps[0].arguments.contents);
  // Decided with the keys: the notification's Accept / Reject would decide nothing now, so it is not left on screen.
  await wb.page.locator('.notification-toast', { hasText: 'Review the diff' }).waitFor({ state: 'hidden', timeout: 10_000 });
  await wb.screenshot('plan-review-done');

  await lastFrame().locator('button', { hasText: 'Show the run record' }).click();
  // The record opens rendered (VS Code's Markdown preview): headings and the step's decision, not Markdown source.
  // Named as the plan's tab names it (not by its id), with no ".md".
  const recordTab = wb.page.locator('.tab.active', { hasText: 'Preview Run: README.md' });
  await recordTab.waitFor({ state: 'visible', timeout: 30_000 });
  // The preview is the newest webview (the plan view was opened before it).
  const record = wb.lastWebview();
  const step = record.locator('h3', { hasText: 'Step s1: file_write on README.md: succeeded' });
  await step.waitFor({ state: 'visible', timeout: 30_000 });
  assert.deepEqual(await record.locator('h2').allInnerTexts(), ['Plan', 'Steps', 'Evidence', 'Model exchanges']);
  assert.match(await record.locator('body').innerText(), /Decision: accepted \(step\)/);
  assert.equal(await record.locator('text=```').count(), 0, 'no Markdown source on screen');
  await wb.screenshot('plan-review-record');
  await wb.runCommand('View: Close Editor');
  await recordTab.waitFor({ state: 'detached', timeout: 15_000 });
  assert.equal(await wb.page.locator('.monaco-dialog-box').count(), 0, 'closing the record asks nothing (it is read-only, not an unsaved file)');
});

test('/plan typed in the Grounded view opens the plan; a step\'s question is asked in the plan view too, and answered there', { timeout: 240_000 }, async () => {
  await wb.page.keyboard.press('Control+Alt+G');
  // The Ask view by what it holds: once the plan view opens, it is the newest webview, not this one.
  const view = await wb.webviewWith('body[data-ready="true"] #question');
  const input = view.locator('#question');
  await sendQuestion(input, '/plan read the readme, then shorten it');
  await view.locator('.turn .answer', { hasText: 'The plan is open beside this view' }).waitFor({ state: 'visible', timeout: 60_000 });
  const planView = lastFrame();
  await planView.locator('h1', { hasText: 'Read the README, then shorten it' }).waitFor({ state: 'visible', timeout: 30_000 });
  await planView.locator('button', { hasText: 'Run step by step' }).click();
  // The notification asks too, and hides itself after a while: the plan view keeps the question and its answers.
  const decision = planView.locator('.decision');
  await decision.waitFor({ state: 'visible', timeout: 30_000 });
  assert.match(await decision.innerText(), /run step 1 of 2: file_read on README\.md \(reads only, changes nothing\)\?/);
  assert.deepEqual(await decision.locator('button').allInnerTexts(), ['Run', 'Accept all remaining', 'Skip', 'Cancel plan']);
  await wb.screenshot('plan-review-step-question');
  // While the plan runs, "Run step by step" is disabled, and looks it: no accent fill, unlike the live Run.
  const paint = (b: Element) => getComputedStyle(b).backgroundColor;
  const idle = planView.locator('button', { hasText: 'Run step by step' });
  assert.ok(await idle.isDisabled());
  assert.equal(await idle.evaluate(paint), 'rgba(0, 0, 0, 0)', 'a disabled button has no fill');
  assert.notEqual(await decision.locator('button', { hasText: /^Run$/ }).evaluate(paint), 'rgba(0, 0, 0, 0)', 'a live one keeps its fill');
  await decision.locator('button', { hasText: /^Run$/ }).click();
  // Answered in the view: the notification's buttons would decide nothing now, so it goes.
  await wb.page.locator('.notification-toast', { hasText: 'reads only' }).waitFor({ state: 'hidden', timeout: 10_000 });
  await wb.page.locator('.tab.active', { hasText: 'README.md ↔ proposed by Grounded' }).waitFor({ state: 'visible', timeout: 30_000 });
  // The click on Run left the keyboard in the plan view: the keys go to the diff once it has the focus.
  await wb.page.locator('.editor-instance .view-lines').last().click();
  await wb.page.keyboard.press('Control+Alt+Y');
  await planView.locator('.summary', { hasText: '1 change applied' }).waitFor({ state: 'attached', timeout: 30_000 });
  assert.equal(await planView.locator('.decision').count(), 0, 'nothing waits any more');
});

/**
 * Presses `key` until `done` shows. The keys are bound once the question's context key has reached the
 * workbench, a moment after the question is drawn: a test presses faster than a person reads.
 */
async function pressUntil(key: string, done: Locator): Promise<void> {
  for (let i = 0; i < 6; i++) {
    await wb.page.keyboard.press(key);
    if (await done.waitFor({ state: 'attached', timeout: 5_000 }).then(() => true, () => false)) return;
  }
  throw new Error(`${key} answered nothing`);
}

const KEYS_TITLE = 'a plan opened and answered from the keyboard: the focus lands on Run step by step, then on Run, Ctrl+Alt+N skips the read, ' +
  'then rejects the change, and the keyboard is on Show the run record; Escape keeps the running plan and closes the finished one';

test(KEYS_TITLE, { timeout: 240_000 }, async () => {
  await wb.page.keyboard.press('Control+Alt+G');
  const view = await wb.webviewWith('body[data-ready="true"] #question');
  const input = view.locator('#question');
  await sendQuestion(input, '/plan read the readme, then shorten it');
  // The new plan's view: the earlier plans' views stay open, run, with no live Run button.
  // Two minutes: in a fresh-clone run this question reached Grounded only after a minute (the Enter lost, sent again
  // by sendQuestion), and its plan view opened right after a one-minute wait gave up.
  const planView = await wb.webviewWith('#plan button.primary:not([disabled])', 120_000);
  const start = planView.locator('button:not([disabled])', { hasText: 'Run step by step' });
  await start.waitFor({ state: 'visible', timeout: 60_000 });
  // Opened from the keyboard, the plan view has the keyboard, on Run step by step: no Tab through the steps to find it.
  const focused = async () => start.evaluate((b) => b === document.activeElement).catch(() => false);
  for (let i = 0; i < 50 && !(await focused()); i++) await wb.page.waitForTimeout(200);
  assert.equal(await focused(), true, 'the keyboard is on Run step by step');
  await wb.page.keyboard.press('Enter');
  const decision = planView.locator('.decision');
  await decision.waitFor({ state: 'visible', timeout: 30_000 });
  assert.match(await decision.innerText(), /reads only, changes nothing\)\? Ctrl\+Alt\+Y runs it, Ctrl\+Alt\+N skips it\./);
  // Redrawn for the question, the view would drop the focus on the page: it is on the first answer instead.
  assert.equal(await decision.locator('button', { hasText: /^Run$/ }).evaluate((b) => b === document.activeElement), true, 'the keyboard is on Run');
  // A stray Escape does not stop a running plan: the question stays, the keyboard back on its first answer.
  await planView.locator('.steps').click();
  await wb.page.keyboard.press('Escape');
  const onRun = () => decision.locator('button', { hasText: /^Run$/ }).evaluate((b) => b === document.activeElement).catch(() => false);
  for (let i = 0; i < 25 && !(await onRun()); i++) await wb.page.waitForTimeout(200);
  assert.equal(await onRun(), true, 'Escape put the keyboard back on Run');
  assert.equal(await decision.isVisible(), true, 'the question is still asked');
  await pressUntil('Control+Alt+N', wb.page.locator('.tab.active', { hasText: 'README.md ↔ proposed by Grounded' }));
  // Skip is the read's "reject" in the record; the view says it in the button's word.
  assert.equal(await planView.locator('.step').first().locator('.status').innerText(), 'skipped');
  assert.equal(await planView.locator('.step').first().locator('details', { hasText: 'Output' }).count(), 0, 'the read did not run');
  await decision.filter({ hasText: "change 'README.md'" }).waitFor({ state: 'visible', timeout: 30_000 });
  await pressUntil('Control+Alt+N', planView.locator('.summary', { hasText: '0 changes applied · 1 rejected' }));
  // The diff closed, the run is over: back in the plan view, the keyboard is on what comes next, not on the page.
  const record = planView.locator('button', { hasText: 'Show the run record' });
  await record.waitFor({ state: 'visible', timeout: 30_000 });
  await planView.locator('.outcome').waitFor({ state: 'visible', timeout: 30_000 }).catch(() => {});
  // The explanation's arrival redraws the view: the button keeps the keyboard (order, not time: polled until the outcome is drawn).
  // The view's own focus is checked, not the window's: where VS Code puts the window focus once the diff closes is its
  // choice. One run in seven failed the stricter check (its cause not captured; the message now says where the focus was).
  const onRecord = () => record.evaluate((b) => b === document.activeElement).catch(() => false);
  for (let i = 0; i < 50 && !(await onRecord()); i++) await wb.page.waitForTimeout(200);
  const where = await record
    .evaluate(() => `window focused: ${document.hasFocus()}, active: ${document.activeElement?.tagName} ${document.activeElement?.textContent?.slice(0, 40)}`)
    .catch((e: Error) => e.message);
  assert.equal(await onRecord(), true, `the keyboard is on Show the run record (${where})`);
  // The run is over: Escape closes the view, as its Close button does.
  const planTabs = wb.page.locator('.tab', { hasText: 'Plan: ' });
  const before = await planTabs.count();
  await wb.screenshot('plan-review-before-escape');
  await wb.page.keyboard.press('Escape');
  for (let i = 0; i < 50 && (await planTabs.count()) === before; i++) await wb.page.waitForTimeout(200);
  await wb.screenshot('plan-review-after-escape');
  assert.equal(await planTabs.count(), before - 1, 'Escape closed the finished plan\'s view');
});

test('in a plan view about 250 px wide the heading is the whole sentence, wrapped, with nothing cut at the edge', { timeout: 180_000 }, async () => {
  await wb.page.keyboard.press('Control+Alt+G');
  const view = await wb.webviewWith('body[data-ready="true"] #question');
  await sendQuestion(view.locator('#question'), '/plan rewrite the notes narrowly');
  // This plan's view (the earlier plans' views are still open), by the start of its heading.
  const planView = await wb.webviewWith('header h1:has-text("Read the README, then rewrite the notes")', 60_000);
  // The plans so far are tabs of one group, not one more column each; this plan's tab title is what
  // changes and the file's name (the sentence is the heading), read whole, not cut before the group's actions.
  const groups = wb.page.locator('.editor-group-container').filter({ has: wb.page.locator('.tab', { hasText: 'Plan: ' }) });
  assert.equal(await groups.count(), 1, 'every plan is a tab of the same group');
  const tab = groups.locator('.tab', { hasText: 'Plan: Change README.md' });
  await tab.waitFor({ state: 'visible' });
  const tabBox = (await tab.boundingBox())!;
  const actions = (await groups.locator('.editor-actions').boundingBox())!;
  assert.ok(tabBox.x + tabBox.width <= actions.x + 1, `the tab is whole (${JSON.stringify({ tabBox, actions })})`);
  await wb.screenshot('plan-review-plan-tabs');
  const size = wb.page.viewportSize()!;
  // The workbench narrows as a person narrows the window, until the plan's column is about 250 px wide.
  let viewport = size.width;
  for (let width = await planView.evaluate(() => innerWidth); width > 270 && viewport > 600; width = await planView.evaluate(() => innerWidth)) {
    viewport -= Math.max(20, Math.round((width - 250) * 1.5));
    await wb.page.setViewportSize({ width: viewport, height: size.height });
    await wb.page.waitForTimeout(500);
  }
  await wb.screenshot('plan-review-narrow-title');
  // No helper function inside: the test's transpiler would name it with a helper the page lacks.
  const m = await planView.evaluate(() => ({
    width: document.documentElement.clientWidth, scrollWidth: document.documentElement.scrollWidth,
    title: document.querySelector('header h1')!.textContent,
    headerRight: Math.max(...Array.from(document.querySelectorAll('header *')).map((e) => e.getBoundingClientRect().right)),
  }));
  await wb.page.setViewportSize(size);
  assert.ok(m.width <= 280, `the plan view is narrow (${JSON.stringify(m)})`);
  assert.equal(m.title, NARROW_TITLE, 'the heading is the whole sentence, not cut with "…"');
  assert.ok(m.headerRight <= m.width, `the heading and its badge stay inside the view (${JSON.stringify(m)})`);
  assert.ok(m.scrollWidth <= m.width, `nothing runs past the view's edge (${JSON.stringify(m)})`);
  await planView.locator('button', { hasText: 'Cancel' }).click();
});

test('with no model, "Propose a change…" says so before asking for the change, with the way to choose one', { timeout: 120_000 }, async () => {
  await wb.runCommand('Grounded: Select Provider and Model');
  await wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'No model' }).first().click();
  await wb.waitForText('Grounded: snippets only');
  await wb.runCommand('Grounded: Propose a change…');
  const toast = wb.page.locator('.notification-toast', { hasText: 'plans need a language model, and none is configured' });
  await toast.waitFor({ state: 'visible', timeout: 15_000 });
  assert.equal(await wb.page.locator('.quick-input-widget input[placeholder^="e.g. rename"]').isVisible(), false, 'no request is asked for');
  await wb.screenshot('plan-review-no-model');
  await toast.locator('.monaco-button', { hasText: 'Select Provider and Model' }).click();
  await wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'No model' }).first().waitFor({ state: 'visible', timeout: 15_000 });
  await wb.page.keyboard.press('Escape');
});
