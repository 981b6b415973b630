import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openWorkbench, type Workbench } from './harness';

// Restricted mode as a person meets it: workspace trust is on and the folder is not trusted.
// VS Code shows its Restricted Mode banner; Grounded still answers in its panel and says, under
// the answer, that it runs no tools, makes no edits and fetches no URLs.

let wb: Workbench;

before(async () => {
  wb = await openWorkbench('restricted', { untrusted: true, settings: { 'grounded.provider': 'vscode-lm' } });
});

after(async () => {
  await wb?.close();
});

test('in an untrusted workspace the panel answers with the restricted-mode notice', { timeout: 180_000 }, async () => {
  await wb.waitForText(/Restricted Mode/);
  const frame = await wb.askInPanel('how are API keys stored? see @url:https://example.com/keys');
  const turn = frame.locator('.turn').last();
  const notice = turn.locator('.note.restricted');
  await notice.waitFor({ state: 'visible', timeout: 60_000 });
  assert.equal(
    (await notice.innerText()).trim(),
    'Restricted mode: Grounded answers, but runs no tools, makes no edits and fetches no URLs in an untrusted workspace.',
  );
  await turn.locator('.answer', { hasText: 'URL fetches are off in an untrusted workspace' }).waitFor({ state: 'visible' });
  await turn.locator('.answer button.cite').first().waitFor({ state: 'visible' });
  await wb.screenshot('restricted-panel');
});
