import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openWithFixtureModel, type Workbench } from './harness';

// A window of two folders (basic and second): a question in the Grounded panel is answered from
// both, its citation chips name each file under its folder, and clicking the second folder's chip
// opens that file, the first folder's chip its own.

const fixtures = path.join(__dirname, '..', 'fixtures', 'workspaces');
let wb: Workbench;

before(async () => {
  wb = await openWithFixtureModel('multiroot', [
    {
      match: '^Question: how is the API key stored, and how are initials',
      reply: 'Keys are sealed in basic/src/auth/keyStore.ts#L19-26; initials come from second/lib/helper.ts#L7-9.',
    },
  ], { folders: [path.join(fixtures, 'basic'), path.join(fixtures, 'second')] });
});

after(async () => {
  await wb?.close();
});

test('a panel answer in a window of two folders cites a file of each, and each chip opens its file', { timeout: 180_000 }, async () => {
  const frame = await wb.askInPanel('how is the API key stored, and how are initials computed?');
  const chips = frame.locator('.answer button.cite');
  await chips.nth(1).waitFor({ state: 'visible', timeout: 60_000 });
  await frame.getByText(/Searched basic, second/).waitFor({ state: 'visible', timeout: 15_000 });
  await wb.screenshot('multiroot-panel-answer');
  assert.deepEqual((await chips.allInnerTexts()).map((t) => t.trim()), ['basic/src/auth/keyStore.ts#L19-26', 'second/lib/helper.ts#L7-9']);
  await chips.nth(1).click();
  await wb.page.locator('.tab.active', { hasText: 'helper.ts' }).waitFor({ state: 'visible', timeout: 15_000 });
  // Lines 7-9 of the second folder's file selected, the cursor on line 7 (the status bar says so).
  const lines = readFileSync(path.join(fixtures, 'second', 'lib', 'helper.ts'), 'utf8').split('\n');
  const position = wb.page.locator('.statusbar-item', { hasText: /^Ln \d+, Col \d+/ }).first();
  await position.filter({ hasText: `Ln 7, Col 1 (${lines.slice(6, 9).join('\n').length} selected)` }).waitFor({ state: 'visible', timeout: 15_000 });
  await wb.screenshot('multiroot-citation-opened');
  await chips.nth(0).click();
  await wb.page.locator('.tab.active', { hasText: 'keyStore.ts' }).waitFor({ state: 'visible', timeout: 15_000 });
});
