import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { GroundedApi } from '../../../src/vscode/extension';
import { eventually } from './eventually';
import { proposalDiffTabs } from '../../../src/vscode/plans/diff-review';
import type { PlanSession } from '../../../src/vscode/plans/session';

// Issue 15: a proposed change is accepted or rejected from the diff editor's title bar
// (grounded.acceptEdit / grounded.rejectEdit, shown while grounded.reviewingEdit is set), not only
// from the corner notification.


/**
 * Runs `command` until `run` settles, and returns its result: the command answers only once the
 * question is pending (its context key is set just after the diff opens, or the read's question is asked).
 */
async function answerWith<T>(command: string, run: Promise<T>): Promise<T> {
  let settled = false;
  void run.finally(() => { settled = true; });
  for (let i = 0; i < 50 && !settled; i++) {
    await vscode.commands.executeCommand(command);
    await new Promise((r) => setTimeout(r, 100));
  }
  return run;
}

describe('Accept / Reject in the diff title bar', function () {
  this.timeout(60_000);
  let api: GroundedApi;
  let dir: string;
  let rel: (name: string) => string;

  before(async () => {
    api = await vscode.extensions.getExtension<GroundedApi>('grounded-dev.grounded')!.activate();
    const root = vscode.workspace.workspaceFolders![0].uri.fsPath;
    dir = mkdtempSync(path.join(root, 'title-bar-it-'));
    rel = (name) => path.relative(root, path.join(dir, name)).split(path.sep).join('/');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    rmSync(dir, { recursive: true, force: true });
  });

  for (const [command, expected] of [['grounded.acceptEdit', 'after\n'], ['grounded.rejectEdit', 'before\n']] as const) {
    it(`${command} decides the change shown in the diff`, async () => {
      writeFileSync(path.join(dir, 'a.txt'), 'before\n');
      const plan = {
        id: `plan_bar_${command}`,
        intent: 'MUTATE',
        steps: [{ id: 's1', tool: 'file_write', arguments: { path: rel('a.txt'), contents: 'after\n' } }],
        evidence_referenced: [],
      };
      const session = (await api.plans.runPlanText(JSON.stringify(plan))) as PlanSession;
      const run = session.run('plan');
      assert.ok(await eventually(() => proposalDiffTabs().length === 1), 'the diff of the change is open');
      const result = await answerWith(command, run);
      assert.equal(readFileSync(path.join(dir, 'a.txt'), 'utf8'), expected);
      assert.equal(result.steps[0].status, command === 'grounded.acceptEdit' ? 'succeeded' : 'rejected');
      assert.ok(await eventually(() => proposalDiffTabs().length === 0), 'the diff closes once decided');
    });
  }

  // A read-only step run step by step asks Run / Skip: the same commands (and so the same keys) answer it.
  for (const [command, expected] of [['grounded.acceptEdit', 'succeeded'], ['grounded.rejectEdit', 'rejected']] as const) {
    it(`${command} answers a read-only step's question (${expected === 'succeeded' ? 'Run' : 'Skip'})`, async () => {
      writeFileSync(path.join(dir, 'r.txt'), 'read me\n');
      const plan = {
        id: `plan_bar_read_${command}`,
        intent: 'READ',
        steps: [{ id: 's1', tool: 'file_read', arguments: { path: rel('r.txt') } }],
        evidence_referenced: [],
      };
      const session = (await api.plans.runPlanText(JSON.stringify(plan))) as PlanSession;
      const run = session.run('step');
      const result = await answerWith(command, run);
      assert.equal(result.steps[0].status, expected);
      assert.equal(proposalDiffTabs().length, 0, 'a read shows no diff');
    });
  }
});
