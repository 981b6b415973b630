import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AuditStore } from '../../../src/engine/audit/store';
import { createFileApplyEdit } from '../../../src/engine/plans/edits';
import { executePlan, type AuthorizationDecision } from '../../../src/engine/plans/executor';
import type { PlanStep } from '../../../src/engine/plans/schema';
import { hostFor, makeWorkspace, plan } from './helpers';

test('step by step, "accept all remaining" authorizes the rest of the plan mid-run, and the audit log says so', async () => {
  const root = makeWorkspace({ 'a.txt': 'A\n', 'b.txt': 'B\n', 'c.txt': 'C\n' });
  const store = await AuditStore.open({ file: path.join(root, '.agent/state/grounded.db') });
  const asked: string[] = [];
  const authorize = async (step: PlanStep): Promise<AuthorizationDecision> => {
    asked.push(step.id);
    return step.id === 'w2' ? 'accept_all' : 'accept';
  };
  const result = await executePlan({
    plan: plan([
      { id: 'w1', tool: 'file_write', arguments: { path: 'a.txt', contents: 'A2\n' } },
      { id: 'w2', tool: 'file_write', arguments: { path: 'b.txt', contents: 'B2\n' } },
      { id: 'r3', tool: 'file_read', arguments: { path: 'a.txt' } },
      { id: 'w4', tool: 'file_write', arguments: { path: 'c.txt', contents: 'C2\n' } },
    ]),
    host: hostFor(root), authorize, applyEdit: createFileApplyEdit(root), mode: 'step', store,
  });
  assert.equal(result.status, 'completed');
  assert.deepEqual(asked, ['w1', 'w2'], 'nothing is asked after the switch');
  assert.deepEqual(['a.txt', 'b.txt', 'c.txt'].map((f) => readFileSync(path.join(root, f), 'utf8')), ['A2\n', 'B2\n', 'C2\n']);
  const rows = store.query('SELECT step_id, decision, mode FROM authorizations ORDER BY decided_at, rowid');
  // As with an upfront whole-plan authorization, read-only steps (r3) are covered without a row of their own.
  assert.deepEqual(rows.map((r) => [r.step_id, r.decision, r.mode]), [
    ['w1', 'accept', 'step'], [null, 'accept', 'plan'], ['w2', 'accept', 'plan'], ['w4', 'accept', 'plan'],
  ]);
  store.close();
});
