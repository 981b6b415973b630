import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openWithFixtureModel, sendQuestion, type Workbench } from './harness';

// A newcomer rejects a plan's only change, and the model then claims the change was made: the plan
// view says the step was rejected (not an error), says in words why the model's account is withheld
// and what to do, and the run record reads as a rejection too. Asked again, the second plan's tab
// is told apart from the first's.

let wb: Workbench;
const plan = {
  id: 'plan_e2e_outcome',
  intent: 'MUTATE',
  steps: [{ id: 's1', tool: 'file_write', arguments: { path: 'README.md', contents: '# Acme Notes\n\nA small notes service.\n' } }],
  evidence_referenced: [],
  explanation: 'Shorten the README.',
};
// Said of a run whose only change was rejected: the audit log contradicts it, twice (the correction repeats it).
const FALSE_ACCOUNT = 'Step s1 succeeded and README.md now contains the shorter text.';

before(async () => {
  wb = await openWithFixtureModel('plan-outcome', [
    { match: 'has run; its status', reply: FALSE_ACCOUNT },
    { match: 'shorten the readme', reply: JSON.stringify(plan) },
  ]);
});

after(async () => {
  await wb?.close();
});

async function askForPlan(): Promise<void> {
  await wb.page.keyboard.press('Control+Alt+G');
  const view = await wb.webviewWith('body[data-ready="true"] #question');
  await sendQuestion(view.locator('#question'), '/plan shorten the readme');
}

test('a rejected change reads as a rejection, and a withheld account says why in words and what to do', { timeout: 240_000 }, async () => {
  await wb.waitForText(/Grounded: VS Code/, 90_000);
  const original = readFileSync(path.join(wb.folder, 'README.md'), 'utf8');
  await askForPlan();
  const planView = wb.lastWebview();
  await planView.locator('h1', { hasText: 'Shorten the README' }).waitFor({ state: 'visible', timeout: 60_000 });
  await planView.locator('button', { hasText: 'Run step by step' }).click();
  await wb.page.locator('.tab.active', { hasText: 'README.md ↔ proposed by Grounded' }).waitFor({ state: 'visible', timeout: 30_000 });
  // The keys are bound once the question is asked (its notification names them).
  await wb.waitForText(/Ctrl\+Alt\+Y \/ Ctrl\+Alt\+N/);
  await wb.page.keyboard.press('Control+Alt+N');

  // The diff closed on the last answer: the keyboard is back in the plan view (the window's focus, not only the
  // view's own), on Show the run record, not in whatever editor VS Code would have focused.
  const record = planView.locator('button', { hasText: 'Show the run record' });
  await record.waitFor({ state: 'visible', timeout: 30_000 });
  const keyboardOn = () => record.evaluate((b) => document.hasFocus() && b === document.activeElement).catch(() => false);
  for (let i = 0; i < 50 && !(await keyboardOn()); i++) await wb.page.waitForTimeout(200);
  const where = await wb.page.evaluate(() => `${document.activeElement?.tagName}.${document.activeElement?.className}`.slice(0, 80));
  assert.equal(await keyboardOn(), true, `the keyboard is on Show the run record (the workbench's focus: ${where})`);
  const outcome = planView.locator('.outcome');
  await outcome.locator('.warning').waitFor({ state: 'visible', timeout: 60_000 });
  await wb.screenshot('plan-outcome-withheld');
  assert.equal(readFileSync(path.join(wb.folder, 'README.md'), 'utf8'), original, 'rejected: the file is as it was');
  const step = planView.locator('.step').first();
  assert.equal(await step.locator('.status').innerText(), 'rejected');
  assert.equal(await step.locator('pre.error').count(), 0, 'a rejection is not shown as an error');
  assert.match(await step.locator('.note').innerText(), /You rejected this change: README\.md was left as it was/);

  const said = await outcome.locator('.warning').innerText();
  assert.match(said, /Grounded withheld the model's account of this run/);
  assert.match(said, /it said a step succeeded or changed a file, but the audit log records otherwise/);
  assert.match(said, /The steps above are what happened; Show the run record for the full account/);
  // The check's own words stay one click away, folded: they name the rule, not what a user can do.
  const details = outcome.locator('details');
  assert.equal(await details.locator('summary').innerText(), 'What the check found');
  assert.ok(!(await details.evaluate((d) => (d as HTMLDetailsElement).open)), 'folded');
  assert.match(await details.locator('pre').textContent() ?? '', /Explanation rejected: it says "Step s1 succeeded/);

  await record.click();
  await wb.page.locator('.tab.active', { hasText: 'Preview Run: README.md' }).waitFor({ state: 'visible', timeout: 30_000 });
  const recordView = wb.lastWebview();
  await recordView.locator('h3', { hasText: 'Step s1: file_write on README.md: rejected' }).waitFor({ state: 'visible', timeout: 30_000 });
  await wb.screenshot('plan-outcome-record');
  const text = await recordView.locator('body').innerText();
  assert.doesNotMatch(text, /Error \(verbatim\)/, 'a rejection is not an error');
  assert.match(text, /Not run: rejected by the user; nothing was written/);
  await wb.runCommand('View: Close Editor');
});

test('two plans for the same change open with tab titles told apart', { timeout: 180_000 }, async () => {
  await askForPlan();
  const tabs = wb.page.locator('.tab', { hasText: /^Plan: Shorten the README/ });
  await wb.page.locator('.tab.active', { hasText: 'Plan: Shorten the README (2)' }).waitFor({ state: 'visible', timeout: 60_000 });
  await wb.lastWebview().locator('button', { hasText: 'Run step by step' }).waitFor({ state: 'visible', timeout: 30_000 });
  await wb.screenshot('plan-outcome-two-tabs');
  const labels = (await tabs.allInnerTexts()).map((t) => t.trim()).sort();
  assert.deepEqual(labels, ['Plan: Shorten the README', 'Plan: Shorten the README (2)']);
});
