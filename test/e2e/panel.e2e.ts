import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openWorkbench, type Workbench } from './harness';

// The Grounded panel works without the chat view: ask there, see the answer with its sources and
// redactions, click a citation chip and land in the editor on the cited lines. Then the editor's
// context menu: select code, "Ask Grounded about this selection", type a question.

let wb: Workbench;

before(async () => {
  wb = await openWorkbench('panel', { settings: { 'grounded.provider': 'vscode-lm' } });
});

after(async () => {
  await wb?.close();
});

const panelFrame = () => wb.page.frameLocator('iframe.webview.ready').last().frameLocator('#active-frame');

test('asking in the Grounded panel and clicking a citation opens the cited lines', { timeout: 180_000 }, async () => {
  await wb.runCommand('Grounded: Open Grounded Panel');
  const frame = panelFrame();
  const input = frame.locator('#question');
  await input.waitFor({ state: 'visible', timeout: 30_000 });
  await input.fill('how are API keys stored?');
  await input.press('Enter');
  const chip = frame.locator('.answer button.cite').first();
  await chip.waitFor({ state: 'visible', timeout: 60_000 });
  await frame.locator('.redactions').first().waitFor({ state: 'visible' });
  await wb.screenshot('panel-answer');
  const cited = (await chip.innerText()).trim();
  assert.match(cited, /^src\/auth\/keyStore\.ts#L\d+-\d+$/);
  await chip.click();
  await wb.page.locator('.tab.active', { hasText: 'keyStore.ts' }).waitFor({ state: 'visible', timeout: 15_000 });
  await wb.page.waitForTimeout(300);
  await wb.screenshot('panel-citation-opened');
});

test('right-click → Ask Grounded about this selection answers about exactly that code', { timeout: 180_000 }, async () => {
  await wb.runCommand('Go to File...');
  await wb.page.keyboard.type('client.ts', { delay: 5 });
  await wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'client.ts' }).first().waitFor({ state: 'visible' });
  await wb.page.keyboard.press('Enter');
  const editor = wb.page.locator('.editor-instance .monaco-editor .view-lines').first();
  await editor.waitFor({ state: 'visible' });
  await wb.runCommand('Go to Line/Column...');
  await wb.page.keyboard.type('10', { delay: 5 });
  await wb.page.keyboard.press('Enter');
  for (let i = 0; i < 6; i++) await wb.page.keyboard.press('Shift+ArrowDown');
  await wb.page.locator('.view-line', { hasText: 'parseRetryAfter' }).first().click({ button: 'right', modifiers: [] }).catch(() => undefined);
  const item = wb.page.locator('.context-view .action-item', { hasText: 'Ask Grounded about this selection' });
  const visible = await item.waitFor({ state: 'visible', timeout: 10_000 }).then(() => true, () => false);
  await wb.screenshot('editor-context-menu');
  if (visible) await item.click();
  else await wb.runCommand('Grounded: Ask Grounded about this selection');
  const box = wb.page.locator('.quick-input-widget input');
  await box.waitFor({ state: 'visible' });
  await box.fill('what does this parse?');
  await wb.page.keyboard.press('Enter');
  const frame = panelFrame();
  const turn = frame.locator('.turn', { hasText: 'what does this parse?' });
  await turn.locator('.redactions').waitFor({ state: 'visible', timeout: 60_000 });
  // Sources are folded by default: open them as a user would, with the keyboard.
  await turn.locator('.sources summary').focus();
  await turn.locator('.sources summary').press('Enter');
  const firstSource = turn.locator('.sources button.cite').first();
  await firstSource.waitFor({ state: 'visible' });
  await wb.screenshot('ask-selection-answer');
  const sources = (await firstSource.innerText()).trim();
  assert.match(sources, /^src\/http\/client\.ts#L\d+-\d+$/);
  assert.ok(visible, 'the editor context menu offers "Ask Grounded about this selection"');
});
