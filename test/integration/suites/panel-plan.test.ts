import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import type { GroundedApi } from '../../../src/vscode/extension';
import type { GroundedPanel } from '../../../src/vscode/panel/panel';
import { requests, setReplies } from './chat-harness';
import { eventually } from './eventually';

// `/plan …` typed in the Grounded view (the README teaches `@grounded /plan`): it proposes the
// change as a plan, which opens in its own view, and the conversation says where it went. It was
// answered as a question about the words, and no plan was proposed.

const planTabs = () =>
  vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('grounded.plan'));

describe('Grounded panel: /plan', function () {
  this.timeout(120_000);
  let panel: GroundedPanel;
  const config = () => vscode.workspace.getConfiguration('grounded');
  let savedProvider: unknown;

  before(async () => {
    await vscode.extensions.getExtension<GroundedApi>('grounded-dev.grounded')!.activate();
    panel = (await vscode.commands.executeCommand('grounded.openPanel')) as GroundedPanel;
    savedProvider = config().inspect('provider')?.globalValue;
  });

  after(async () => {
    await config().update('provider', savedProvider, vscode.ConfigurationTarget.Global);
    panel.panel.dispose();
    // The plans this suite opened stay open otherwise, and the suites after it count plan tabs.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('"/plan <change>" asks the model for a plan, opens it, and the turn says where it is', async () => {
    const plan = {
      id: 'plan_1', intent: 'MUTATE', evidence_referenced: [], explanation: 'Shorten the README.',
      steps: [{ id: 's1', tool: 'file_write', arguments: { path: 'README.md', contents: '# Acme\n' } }],
    };
    await setReplies([{ match: 'panel-plan-7', reply: JSON.stringify(plan) }]);
    const before = (await requests()).length;
    const t = await panel.ask('/plan panel-plan-7: shorten the readme');
    assert.match(t.html, /The plan is open beside this view/);
    assert.deepEqual([t.sources.length, t.done, t.actions], [0, true, undefined]);
    assert.ok(await eventually(() => planTabs().length >= 1), 'the plan view opened');
    const sent = (await requests()).slice(before);
    assert.equal(sent.length, 1, 'one request: the plan, not a question');
    assert.match(sent[0].prompt, /"steps"/, 'the plan prompt (its JSON shape), not the question prompt');
    assert.match(sent[0].prompt, /panel-plan-7: shorten the readme/);
    assert.doesNotMatch(sent[0].prompt, /\/plan/, 'the command word is not part of the request');
  });

  it('an invalid plan opens too, and the turn says what the chat says: it cannot run as it is, and how to go on', async () => {
    const plan = {
      id: 'plan_2', intent: 'MUTATE', evidence_referenced: [], explanation: 'Write a file that is not there.',
      steps: [{ id: 's1', tool: 'file_write', arguments: { path: 'no/such/file.md', contents: 'x\n' } }],
    };
    await setReplies([{ match: 'panel-plan-8', reply: JSON.stringify(plan) }]);
    const t = await panel.ask('/plan panel-plan-8: write the missing file');
    assert.match(t.html, /The plan is open beside this view, but it cannot run as it is: correct it with <strong>Edit plan<\/strong>/);
    assert.doesNotMatch(t.html, /run it step by step/, 'its run buttons are disabled: it is not told to run it');
  });

  it('with no model, the turn says plans need one, with Choose provider…, and waits for nothing', async () => {
    await config().update('provider', 'none', vscode.ConfigurationTarget.Global);
    const t = await panel.ask('/plan rename formatDuration');
    assert.match(t.html, /Plans need a language model/);
    assert.deepEqual(t.actions, ['grounded.selectModel']);
  });

  it('a question that only mentions /plan later is still a question', async () => {
    const t = await panel.ask('how are API keys stored, before any /plan?');
    assert.ok(t.sources.length > 0, 'answered from the workspace');
    assert.doesNotMatch(t.html, /Plans need|plan is open/);
  });
});
