import { test } from 'node:test';
import assert from 'node:assert/strict';
import { listRecentRuns } from '../../../src/engine/audit/recent-runs';
import { recordPlan } from '../../../src/engine/audit/records';
import { titledRecentRun } from '../../../src/engine/plans/plan-title';
import { freshStore } from './seed';

// "Reconstruct run…" lists a plan as the plan view titled it, not as "plan plan_8288fd13-…".
test('the recent runs name a plan in words, with its intent in words and its id in the detail', async () => {
  const { store } = await freshStore();
  const plan = {
    id: 'plan_8288fd13', intent: 'MUTATE', evidence_referenced: [], explanation: 'Rename formatDuration to formatElapsed. Callers too.',
    steps: [{ id: 's1', tool: 'file_write', arguments: { path: 'a.ts', contents: '' } }],
  };
  recordPlan(store, { id: plan.id, intent: plan.intent, plan, validation: {}, evidence: {} });
  const bare = { ...plan, id: 'plan_bare', explanation: undefined };
  recordPlan(store, { id: bare.id, intent: bare.intent, plan: bare, validation: {}, evidence: {} });
  store.run('UPDATE plans SET created_at = created_at - 1000 WHERE id = ?', ['plan_8288fd13']);
  const [newest, older] = listRecentRuns(store).map(titledRecentRun);
  assert.equal(older.label, 'Rename formatDuration to formatElapsed');
  assert.match(older.detail, /^Change · .* · plan_8288fd13$/);
  assert.equal('planJson' in older, false, 'the logged JSON is not passed on to the list');
  assert.equal(newest.label, 'Change a.ts', 'with no explanation: what it does and to which file');
  store.run('UPDATE plans SET plan_json = ? WHERE id = ?', ['{not json', 'plan_bare']);
  assert.equal(titledRecentRun(listRecentRuns(store)[0]).label, 'plan plan_bare', 'an unreadable row is still listed, by its id');
  store.close();
});
