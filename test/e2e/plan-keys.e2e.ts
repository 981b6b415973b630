import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../scripts/vscode/workbench.mjs';
import { openWithFixtureModel, sendQuestion, type Workbench } from './harness';

// A newcomer's edit plan, end to end from the keyboard, in the Light theme: two changes, the first
// accepted and the second rejected by a key pressed as soon as its diff is on screen (once each,
// never pressed again), then Undo. Bound only after the question was asked, the keys once missed a
// diff shown by a lagging extension host, and in VS Code for the Web Ctrl+Alt+N then opened an
// untitled file instead of rejecting the change.

let wb: Workbench;
let original: { readme: string; notes: string };
const NEW_README = '# Acme Notes\n\nA small notes service.\n';

before(async () => {
  const basic = path.join(repoRoot, 'test/fixtures/workspaces/basic');
  original = { readme: readFileSync(path.join(basic, 'README.md'), 'utf8'), notes: readFileSync(path.join(basic, 'src/notes.ts'), 'utf8') };
  const plan = {
    id: 'plan_e2e_keys',
    intent: 'MUTATE',
    steps: [
      { id: 's1', tool: 'file_write', arguments: { path: 'README.md', contents: NEW_README } },
      { id: 's2', tool: 'file_write', arguments: { path: 'src/notes.ts', contents: `// Notes kept by the service.\n${original.notes}` } },
    ],
    evidence_referenced: [],
    explanation: 'Shorten the README and add a header comment to src/notes.ts.',
  };
  wb = await openWithFixtureModel('plan-keys', [{ match: 'shorten the readme and comment the notes', reply: JSON.stringify(plan) }], {
    settings: { 'workbench.colorTheme': 'Default Light Modern' },
  });
});

after(async () => {
  await wb?.close();
});

/** The diff of `file` on screen, its proposed side showing `text`: what the user sees before pressing a key. */
async function diffShown(file: string, text: string): Promise<void> {
  await wb.page.locator('.tab.active', { hasText: `${file} ↔ proposed by Grounded` }).waitFor({ state: 'visible', timeout: 30_000 });
  await wb.page.locator('.monaco-diff-editor .editor.modified .view-lines', { hasText: text }).first().waitFor({ state: 'visible', timeout: 30_000 });
}

test('each key pressed once, at first sight of its diff, decides it; Undo puts the file back and keeps the keyboard', { timeout: 240_000 }, async () => {
  await wb.waitForText(/Grounded: VS Code/, 90_000);
  await wb.page.keyboard.press('Control+Alt+G');
  const view = await wb.webviewWith('body[data-ready="true"] #question');
  await sendQuestion(view.locator('#question'), '/plan shorten the readme and comment the notes');
  await view.locator('.turn .answer', { hasText: 'The plan is open beside this view' }).waitFor({ state: 'visible', timeout: 60_000 });
  const planView = await wb.webviewWith('button:has-text("Run step by step")');
  await planView.locator('button', { hasText: 'Run step by step' }).click();

  await diffShown('README.md', 'A small notes service.');
  await wb.page.keyboard.press('Control+Alt+Y');
  await diffShown('src/notes.ts', 'Notes kept by the service.');
  await wb.screenshot('plan-keys-second-diff');
  await wb.page.keyboard.press('Control+Alt+N');

  const summary = planView.locator('.summary');
  await summary.filter({ hasText: '1 change applied · 1 rejected' }).waitFor({ state: 'visible', timeout: 30_000 });
  assert.equal(await wb.page.locator('.tab', { hasText: /^Untitled/ }).count(), 0, 'no key went to VS Code\'s own binding (a new untitled file)');
  assert.equal(readFileSync(path.join(wb.folder, 'README.md'), 'utf8'), NEW_README);
  assert.equal(readFileSync(path.join(wb.folder, 'src/notes.ts'), 'utf8'), original.notes, 'the rejected change was not written');
  await wb.screenshot('plan-keys-done');

  const undo = summary.locator('button', { hasText: 'Undo' });
  await undo.focus();
  await wb.page.keyboard.press('Enter');
  await summary.filter({ hasText: 'undone: 1 change reverted (README.md)' }).waitFor({ state: 'visible', timeout: 30_000 });
  assert.equal(readFileSync(path.join(wb.folder, 'README.md'), 'utf8'), original.readme);
  // Undo went with the redraw: the keyboard is on the next button, not lost on the page.
  const focused = await planView.evaluate(() => (document.activeElement instanceof HTMLButtonElement ? document.activeElement.textContent : 'none'));
  assert.equal(focused, 'Show the run record');
  await wb.screenshot('plan-keys-undone');
});
