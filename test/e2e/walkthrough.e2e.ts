import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openWithFixtureModel, type Workbench } from './harness';

// A newcomer asks first and opens "Get started with Grounded" afterwards: the step "Ask your first
// question" ticks at their next answer. (VS Code loads walkthroughs lazily and swallowed a context
// key that was already true when it loaded, so the step stayed unticked for the whole session.)

let wb: Workbench;

before(async () => {
  wb = await openWithFixtureModel('walkthrough', [{ match: '^Question: where is sleep', reply: 'In src/util/time.ts#L1-4.' }]);
});

after(async () => {
  await wb?.close();
});

const TITLE = '"Ask your first question" (and "Choose who answers", a model having answered) ticks when the walkthrough is opened after a first answer';

test(TITLE, { timeout: 180_000 }, async () => {
  await wb.waitForText(/Grounded: VS Code/, 90_000);
  await wb.sendChat('@grounded where is sleep defined?');
  await wb.waitForChatResponse(/Answered by/, 60_000);
  await wb.runCommand('Grounded: Get Started');
  const askStep = wb.page.locator('.getting-started-step', { hasText: 'Ask your first question' });
  await askStep.waitFor({ state: 'visible', timeout: 30_000 });
  // The walkthrough focuses its selected step once it has laid it out: typing before then loses keys to it.
  await wb.page
    .waitForFunction(() => Boolean(document.activeElement?.closest('.gettingStartedContainer')), undefined, { timeout: 10_000 })
    .catch(() => undefined);
  await wb.sendChat('@grounded where is sleep used?');
  await wb.waitForChatResponse(/Answered by/, 60_000);
  const ticked = await askStep
    .locator('.codicon-getting-started-step-checked')
    .waitFor({ state: 'attached', timeout: 15_000 })
    .then(() => true, () => false);
  await wb.screenshot('walkthrough-ticked');
  assert.ok(ticked, 'the step is ticked by the answer given while the walkthrough is open');
  // A model answered, so who answers is chosen (here "auto" found it with no step by the user).
  const chosen = wb.page.locator('.getting-started-step', { hasText: 'Choose who answers' }).locator('.codicon-getting-started-step-checked');
  assert.equal(await chosen.count(), 1, '"Choose who answers" is ticked by a model\'s answer');
});
