import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { main } from '../../../src/cli/main';
import { AuditStore } from '../../../src/engine/audit/store';
import { makeWorkspace, runAcceptedWrite } from './helpers';
import { captureStreams as capture } from '../../support/cli-io';

/** A workspace whose audit log holds one successful file_write of a.txt. */
async function workspaceWithOneRun(): Promise<string> {
  const root = makeWorkspace({ 'a.txt': 'A\n' });
  const store = await AuditStore.open({ file: path.join(root, '.agent/state/grounded.db') });
  await runAcceptedWrite(root, store);
  store.close();
  return root;
}

async function check(root: string, evidence: string[], explanation: string): Promise<{ code: number; stdout: string }> {
  writeFileSync(
    path.join(root, 'p.json'),
    JSON.stringify({
      id: 'p2',
      intent: 'MUTATE',
      evidence_referenced: evidence,
      steps: [{ id: 's1', tool: 'file_write', arguments: { path: 'a.txt', contents: 'C\n' } }],
      explanation,
    }),
  );
  const c = capture(root);
  const code = await main(['plan', 'check', 'p.json'], c.io);
  return { code, stdout: c.out.stdout };
}

test('an evidence claim whose figures are not in the Q summary is rejected, quoting both', async () => {
  const root = await workspaceWithOneRun();
  const r = await check(root, ['Q1'], 'Q1 shows 50 prior runs of file_write, all failed.');
  assert.equal(r.code, 1, r.stdout);
  assert.match(
    r.stdout,
    /Evidence claim rejected: the explanation says "Q1 shows 50 prior runs of file_write, all failed" but Q1's summary is "\{tool: "file_write", count: 1, succeeded: 1, last_success: true\}" \(50 is not in it\)/,
  );
  // "all failed" alone is checked too: the one run succeeded.
  const all = await check(root, ['Q1'], 'Q1 shows that all runs of file_write failed.');
  assert.match(all.stdout, /\(not all runs failed\)/);
});

test('a claim naming a Q the plan does not cite, or one with no rows, is rejected', async () => {
  const root = await workspaceWithOneRun();
  const uncited = await check(root, [], 'Q2 shows 4 failures of file_write.');
  assert.equal(uncited.code, 1);
  assert.match(uncited.stdout, /says "Q2 shows 4 failures of file_write" but the plan does not cite Q2 in evidence_referenced/);
  const empty = await check(root, ['Q2'], 'Q2 shows 4 failures of file_write.');
  assert.match(
    empty.stdout,
    /says "Q2 shows 4 failures of file_write" but Q2's summary is "No evidence found for list_failures_by_tool\(tool: any of .*"file_write"/,
  );
});

test('claims that match the summary pass', async () => {
  const root = await workspaceWithOneRun();
  const r = await check(root, ['Q1', 'Q2'], 'Q1 shows 1 prior run of file_write; it succeeded (1/1). Q2 lists no failures.');
  assert.equal(r.stdout, 'Plan is valid.\n');
  assert.equal(r.code, 0);
});

test('reads "all … failed" within a sentence, and a model\'s endless sentence of `all` in one pass (the gap is bounded)', async () => {
  const { findEvidenceClaims } = await import('../../../src/engine/plans/evidence-claims');
  assert.deepEqual(findEvidenceClaims('Q1: all 3 runs failed; Q2 none of them succeeded.').map((c) => c.all), ['failed', 'failed']);
  assert.deepEqual(findEvidenceClaims('Q3: each of the writes succeeded.').map((c) => c.all), ['succeeded']);
  // 256 KB without a comma: an unbounded gap scanned to the end from every `all` (6 s); bounded, it is one pass.
  assert.deepEqual(findEvidenceClaims(`Q1 ${'all '.repeat(64_000)}`).map((c) => c.all), [undefined]);
});
