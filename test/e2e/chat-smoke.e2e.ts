import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { openWorkbench, type Workbench } from './harness';

// A person opens the Chat view, asks @grounded a question about the basic workspace and sees an
// answer appear. The model behind it is the fixture's (vendor 'fixture'), reached through vscode.lm.

let wb: Workbench;

before(async () => {
  wb = await openWorkbench('chat-smoke');
});

after(async () => {
  await wb?.close();
});

test('asking @grounded in the chat panel streams an answer from Grounded', { timeout: 180_000 }, async () => {
  await wb.sendChat('@grounded where are API keys stored?');
  const response = await wb.waitForChatResponse(/\S/);
  const file = await wb.screenshot('chat-smoke');
  assert.ok(existsSync(file));
  const text = (await response.innerText()).trim();
  // Without a registered @grounded participant VS Code hands the message to the default one.
  assert.doesNotMatch(text, /Fixture default participant/, 'the question reached @grounded, not the default participant');
  assert.ok(text.length > 0, 'the response has text');
});
