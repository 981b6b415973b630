import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openWithFixtureModel, type Workbench } from './harness';

// A newcomer asks first and opens "Get started with Grounded" afterwards: the step "Ask your first
// question" is already ticked, by the answer they had. (VS Code loads walkthroughs lazily; a context
// key set before it loaded was never seen, so the step waited for an answer given after opening it.)

let wb: Workbench;

before(async () => {
  wb = await openWithFixtureModel('walkthrough', [{ match: '^Question: where is sleep', reply: 'In src/util/time.ts#L1-4.' }]);
});

after(async () => {
  await wb?.close();
});

const TITLE = '"Ask your first question" (and "Choose who answers", a model having answered) is ticked when the walkthrough is first opened after an answer';

test(TITLE, { timeout: 180_000 }, async () => {
  await wb.waitForText(/Grounded: VS Code/, 90_000);
  await wb.sendChat('@grounded where is sleep defined?');
  await wb.waitForChatResponse(/Answered by/, 60_000);
  await wb.runCommand('Grounded: Get Started');
  const askStep = wb.page.locator('.getting-started-step', { hasText: 'Ask your first question' });
  await askStep.waitFor({ state: 'visible', timeout: 30_000 });
  const ticked = await askStep
    .locator('.codicon-getting-started-step-checked')
    .waitFor({ state: 'attached', timeout: 15_000 })
    .then(() => true, () => false);
  await wb.screenshot('walkthrough-ticked');
  assert.ok(ticked, 'the step is ticked by the answer given before the walkthrough was opened');
  // A model answered, so who answers is chosen (here "auto" found it with no step by the user).
  const chosen = wb.page.locator('.getting-started-step', { hasText: 'Choose who answers' }).locator('.codicon-getting-started-step-checked');
  assert.equal(await chosen.count(), 1, '"Choose who answers" is ticked by a model\'s answer');
});

test('the step "Ask your first question" offers Ask in Chat: the Chat view opens with @grounded typed', { timeout: 120_000 }, async () => {
  // The step said "in the Chat view, start a message with @grounded" with a button for the side bar only.
  const askStep = wb.page.locator('.getting-started-step', { hasText: 'Ask your first question' });
  await askStep.click();
  const button = wb.page.locator('.getting-started-step.expanded .monaco-button', { hasText: 'Ask in Chat' });
  await button.waitFor({ state: 'visible', timeout: 15_000 });
  await wb.screenshot('walkthrough-ask-in-chat');
  // The earlier question left "@grounded " in the box (a sticky participant): empty it, so what the button types is seen.
  const box = wb.page.locator('.interactive-input-part .monaco-editor').first();
  await box.click();
  await wb.page.keyboard.press('ControlOrMeta+A');
  await wb.page.keyboard.press('Backspace');
  await button.click();
  await box.locator('.view-lines').filter({ hasText: /^@grounded\s*$/ }).waitFor({ state: 'visible', timeout: 15_000 });
});
