import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openWorkbench, sendQuestion, type Workbench, waitForPanelScript } from './harness';

// Someone who just installed Grounded, with no model anywhere (no key, no server, no Copilot: the
// fixture leaves its model out), in the Dark theme. The first answer says how to get a model and
// its buttons are on screen under that sentence; Clear can be undone, with the keyboard too; a
// question typed but not sent survives hiding the view; and the errors a newcomer meets (no folder
// open, a folder with nothing to read, a selection larger than the budget) say what happened and
// what to do, without losing the question.

let wb: Workbench;
const empty = mkdtempSync(path.join(os.tmpdir(), 'grounded-e2e-empty-'));

before(async () => {
  wb = await openWorkbench('newcomer', { settings: { 'workbench.colorTheme': 'Default Dark Modern' }, env: { GROUNDED_FIXTURE_NO_MODEL: '1' } });
});

after(async () => {
  await wb?.close();
  rmSync(empty, { recursive: true, force: true });
});

/**
 * The Grounded view in the side bar (Ctrl+Alt+G), once its script listens. Under load a key pressed
 * while the window is still settling (an extension activating, a view being restored) can go
 * nowhere: the key is pressed again until the view is there (focusing it twice does nothing more).
 */
async function openView() {
  const frame = wb.lastWebview();
  const ready = frame.locator('body[data-ready="true"]');
  for (let attempt = 0; attempt < 6; attempt++) {
    await wb.page.keyboard.press('Control+Alt+G');
    if (await ready.waitFor({ state: 'attached', timeout: 10_000 }).then(() => true, () => false)) break;
  }
  return { frame, input: await waitForPanelScript(frame) };
}

test('the first answer with no model says how to get one, its buttons on screen under that sentence', { timeout: 180_000 }, async () => {
  await wb.waitForText('Grounded: auto → snippets only (no model)', 90_000);
  const { frame, input } = await openView();
  // Before any question, the view itself says that no model is set up, and offers to choose one.
  const note = frame.locator('.empty.no-model');
  await note.waitFor({ state: 'visible', timeout: 30_000 });
  assert.match(await note.innerText(), /^No model is set up yet: until you choose one, answers will be the ranked snippets/);
  await wb.screenshot('newcomer-empty-view');
  await note.locator('button', { hasText: 'Choose provider…' }).click();
  await wb.page.locator('.quick-input-widget .monaco-list-row', { hasText: 'OpenAI-compatible server' }).waitFor({ state: 'visible', timeout: 15_000 });
  await wb.page.keyboard.press('Escape');
  await sendQuestion(input, 'how are API keys stored?');
  const turn = frame.locator('.turn').last();
  const row = turn.locator('.answer .turn-actions.lead');
  await row.waitFor({ state: 'visible', timeout: 60_000 });
  assert.deepEqual((await row.locator('button').allInnerTexts()).map((s) => s.trim()), ['Choose provider…', 'Set API key']);
  assert.match(await turn.locator('.answer > p').first().innerText(), /Ollama \(no key needed\), VS Code's language models/);
  // Under the reason, before the snippets, and in view without scrolling.
  assert.ok(await row.evaluate((r) => r.previousElementSibling?.tagName === 'P' && r.getBoundingClientRect().bottom <= window.innerHeight));
  await frame.locator('#status', { hasText: /^Answer ready: \d+ snippets?, no model answered\.$/ }).waitFor({ state: 'attached' });
  await wb.screenshot('newcomer-first-answer');
  await row.locator('button', { hasText: 'Choose provider…' }).click();
  await wb.page.locator('.quick-input-widget .monaco-list-row', { hasText: 'OpenAI-compatible server' }).waitFor({ state: 'visible', timeout: 15_000 });
  await wb.page.keyboard.press('Escape');
});

test('Clear can be undone: focus moves to Undo, Enter brings the conversation back', { timeout: 120_000 }, async () => {
  const { frame } = await openView();
  const clear = frame.locator('#clear');
  await clear.click();
  const undo = frame.locator('#undo-clear');
  await frame.locator('.empty.cleared', { hasText: 'Conversation cleared (1 question). Undo' }).waitFor({ state: 'visible', timeout: 15_000 });
  assert.equal(await clear.isDisabled(), true, 'nothing left to clear');
  assert.equal(await undo.evaluate((b) => b === document.activeElement), true, 'focus is on Undo');
  await frame.locator('#status', { hasText: /Conversation cleared\. 1 question can be brought back with Undo\./ }).waitFor({ state: 'attached' });
  await wb.screenshot('newcomer-cleared');
  // Focus was on Undo (asserted above); an extension activating meanwhile ("Activating Extensions…" in a failed CI run) can take
  // the workbench's focus from the view, and then the Enter below went nowhere. The key is pressed on Undo, as a user would.
  await undo.focus();
  await wb.page.keyboard.press('Enter');
  await frame.locator('.turn', { hasText: 'how are API keys stored?' }).waitFor({ state: 'visible', timeout: 15_000 });
  assert.equal(await clear.isDisabled(), false);
});

test('a question typed but not sent survives hiding the view; Shift+Enter is a new line', { timeout: 120_000 }, async () => {
  let { input } = await openView();
  await input.click();
  await wb.page.keyboard.type('first line', { delay: 5 });
  await wb.page.keyboard.press('Shift+Enter');
  await wb.page.keyboard.type('second line', { delay: 5 });
  await wb.runCommand('View: Show Explorer');
  await wb.page.locator('.part.sidebar', { hasText: /Explorer/i }).waitFor({ state: 'visible' });
  ({ input } = await openView());
  assert.equal(await input.inputValue(), 'first line\nsecond line');
  await input.fill('');
});

test('a selection larger than the budget: the answer says which lines were sent, as a warning', { timeout: 180_000 }, async () => {
  const lines = Array.from({ length: 20_000 }, (_, i) => `export const value${i} = compute(${i}, "abcdefghij"); // line ${i + 1}`);
  writeFileSync(path.join(wb.folder, 'src', 'huge.ts'), lines.join('\n'));
  await wb.runCommand('Go to File...');
  await wb.page.keyboard.type('huge.ts', { delay: 10 });
  await wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'huge.ts' }).first().click();
  await wb.page.locator('.tab.active', { hasText: 'huge.ts' }).waitFor({ state: 'visible', timeout: 30_000 });
  await wb.page.locator('.editor-instance .view-lines').first().click();
  await wb.page.keyboard.press('ControlOrMeta+A');
  await wb.page.keyboard.press('Control+Alt+A');
  await wb.page.locator('.quick-input-widget', { hasText: 'Ask about src/huge.ts#L1-20000' }).waitFor({ state: 'visible', timeout: 15_000 });
  await wb.page.keyboard.type('what does this define?', { delay: 5 });
  await wb.page.keyboard.press('Enter');
  const turn = wb.lastWebview().locator('.turn', { hasText: 'what does this define?' });
  const note = turn.locator('.notice.warning');
  await note.waitFor({ state: 'visible', timeout: 90_000 });
  assert.match(await note.innerText(), /^Note: only lines 1–\d+ of your selection src\/huge\.ts#L1-20000 were sent: it is larger than the context budget/);
  await wb.screenshot('newcomer-huge-selection');
  // Left open, the next windows restore it, and TypeScript analysing 20,000 lines slowed their start under load.
  await wb.runCommand('View: Close All Editors');
  await wb.page.locator('.tab', { hasText: 'huge.ts' }).waitFor({ state: 'detached', timeout: 15_000 });
});

/** A local OpenAI-compatible server (what Ollama would be): one model, answers citing the first excerpt sent. */
function localModelServer(): http.Server {
  return http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      if (req.url === '/v1/models') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"id":"local-coder"}]}');
      if (req.url !== '/v1/chat/completions') return void res.writeHead(404).end();
      const cited = /<<<FILE (\S+#L\d+-\d+)/.exec(body)?.[1];
      const chunk = (delta: object, finish: string | null) =>
        `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(chunk({ content: cited ? `Keys are kept in ${cited}.` : 'OK' }, null) + chunk({}, 'stop') + 'data: [DONE]\n\n');
    });
  });
}

test('a model set up from the first answer\'s "Choose provider…": that answer offers Retry, which asks the model', { timeout: 240_000 }, async () => {
  const server = localModelServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const { frame } = await openView();
    // Every text the status bar's Grounded item shows from here on (a string: nothing of the test's own code runs in the page).
    await wb.page.evaluate(`(() => {
      const seen = (window.groundedStatusSeen = []);
      const read = () => {
        const item = [...document.querySelectorAll('.statusbar-item')].map((e) => e.innerText.replace(/\\s+/g, ' ').trim())
          .find((t) => t.startsWith('Grounded:') && !t.startsWith('Grounded: indexing'));
        if (item && seen[seen.length - 1] !== item) seen.push(item);
      };
      read();
      new MutationObserver(read).observe(document.querySelector('.part.statusbar'), { subtree: true, childList: true, characterData: true });
    })()`);
    const first = frame.locator('.turn', { hasText: 'how are API keys stored?' }).first();
    await first.locator('.turn-actions button', { hasText: 'Choose provider…' }).click();
    await wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'OpenAI-compatible server' }).first().click();
    const box = wb.page.locator('.quick-input-widget input');
    await box.fill(`127.0.0.1:${(server.address() as AddressInfo).port}/v1`);
    await wb.page.keyboard.press('Enter');
    await wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'local-coder' }).first().click();
    await wb.waitForText(/Grounded is connected: OpenAI-compatible local-coder answered/, 60_000);
    await wb.waitForText('Grounded: OpenAI-compatible local-coder');
    // While the setup ran, the status bar kept its word: no "snippets only" or "server's default model" between its steps.
    const seen = await wb.page.evaluate('window.groundedStatusSeen');
    assert.deepEqual(seen, ['Grounded: auto → snippets only (no model)', 'Grounded: OpenAI-compatible local-coder']);
    const banner = first.locator('.banner');
    const offer = 'Answered before a model was set up. Retry asks this question again, of the model.';
    await banner.locator('.note', { hasText: offer }).waitFor({ state: 'visible', timeout: 15_000 });
    assert.equal(await first.locator('button', { hasText: 'Choose provider…' }).count(), 0, 'nothing left to set up under that answer');
    await wb.screenshot('newcomer-model-set-up');
    const connected = wb.page.locator('.notification-toast', { hasText: 'Grounded is connected' });
    assert.equal(await connected.isVisible(), true, 'the setup says it connected');
    await banner.locator('button.retry').click();
    const again = frame.locator('.turn', { hasText: 'how are API keys stored?' }).last();
    await again.locator('.meta', { hasText: 'OpenAI-compatible · local-coder' }).waitFor({ state: 'visible', timeout: 60_000 });
    assert.match(await again.locator('.answer').innerText(), /^Keys are kept in /);
    // The question took the setup's notification away: it no longer sits beside the answer it came before.
    await connected.waitFor({ state: 'hidden', timeout: 5_000 });
    await wb.screenshot('newcomer-asked-again');
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test('a folder with nothing to read says so, with the way to see what Grounded reads', { timeout: 180_000 }, async () => {
  await wb.reopen(`folder=${encodeURIComponent(empty)}`);
  const { frame, input } = await openView();
  await sendQuestion(input, 'how are API keys stored?');
  const turn = frame.locator('.turn', { hasText: 'how are API keys stored?' }).last();
  await turn.locator('.answer', { hasText: 'This workspace has no file Grounded can read' }).waitFor({ state: 'visible', timeout: 60_000 });
  assert.deepEqual((await turn.locator('.turn-actions button').allInnerTexts()).map((s) => s.trim()), ['Show what Grounded can see']);
  assert.equal(await turn.locator('.redactions').count(), 0, 'nothing was shown or sent: no redaction line');
  await wb.screenshot('newcomer-empty-folder');
});

test('no folder open: the answer says so, offers Open Folder…, and the question is back in the box', { timeout: 180_000 }, async () => {
  await wb.reopen('ew=true');
  const { frame, input } = await openView();
  // Not sendQuestion: with no folder open the question comes back to the box on purpose.
  await input.fill('where is the retry policy?');
  await input.press('Enter');
  const turn = frame.locator('.turn', { hasText: 'where is the retry policy?' }).last();
  await turn.locator('.error', { hasText: 'No folder is open.' }).waitFor({ state: 'visible', timeout: 30_000 });
  assert.doesNotMatch(await turn.innerText(), /Show Logs|Nothing needed redacting/);
  assert.equal(await input.inputValue(), 'where is the retry policy?', 'nothing typed is lost');
  await wb.screenshot('newcomer-no-folder');
  await turn.locator('.turn-actions button', { hasText: 'Open Folder…' }).click();
  await wb.page.locator('.quick-input-widget', { hasText: 'Open Folder' }).waitFor({ state: 'visible', timeout: 15_000 });
  await wb.page.keyboard.press('Escape');
});
