import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addMessage, finishExecution, startExecution } from '../../../src/engine/audit/records';
import { reconstructExecution } from '../../../src/engine/audit/reconstruct';
import { AuditStore } from '../../../src/engine/audit/store';
import { freshStore, seededStore } from './seed';

test('every write is on disk at once: a second open sees it', async () => {
  const { store } = await freshStore();
  addMessage(store, 'c', 'user', 'hello');
  const other = await AuditStore.open({ file: store.file });
  assert.equal(other.query('SELECT content FROM messages')[0].content, 'hello');
  other.close();
  store.close();
});

test('two stores on one file (CLI and extension) do not lose each other\'s writes', async () => {
  const { store: a } = await freshStore();
  const b = await AuditStore.open({ file: a.file });
  addMessage(a, 'c', 'user', 'from a');
  addMessage(b, 'c', 'user', 'from b');
  addMessage(a, 'c', 'user', 'from a again');
  const fresh = await AuditStore.open({ file: a.file });
  assert.deepEqual(fresh.query('SELECT content FROM messages ORDER BY id').map((r) => r.content), ['from a', 'from b', 'from a again']);
  [a, b, fresh].forEach((s) => s.close());
});

test('a running step whose process died is marked interrupted on open; a live one is left alone', async () => {
  const { store } = await freshStore();
  const dead = startExecution(store, { tool: 'file_write', args: {} });
  store.run('UPDATE executions SET owner_pid = ? WHERE id = ?', [999_999_999, dead]);
  const live = startExecution(store, { tool: 'file_read', args: {} });
  const reopened = await AuditStore.open({ file: store.file, isProcessAlive: (pid) => pid === process.pid });
  const rows = reopened.query('SELECT id, status, error_text FROM executions ORDER BY started_at, rowid');
  assert.deepEqual(rows.map((r) => [r.id, r.status]), [[dead, 'interrupted'], [live, 'running']]);
  assert.equal(rows[0].error_text, 'Interrupted: the process running this step (pid 999999999) ended before the step finished');
  finishExecution(reopened, live, 'succeeded');
  reopened.close();
  store.close();
});

test('reconstruction tells the whole story of a plan from one execution id', async () => {
  const { store, ids } = await seededStore();
  const story = reconstructExecution(store, ids.fix1);
  assert.ok(story);
  assert.equal(story.plan?.id, 'p1');
  assert.deepEqual(story.steps.map((s) => s.execution.id), [ids.check1, ids.fix1]);
  const lines = story.text.split('\n');
  assert.equal(lines[0], 'Plan p1 (MUTATE), created 2023-11-14T22:13:20.000Z');
  assert.ok(lines.includes('Evidence cited: Q8'));
  assert.ok(lines.includes('Step s2: splice_patch {"file":"src/lib.rs","symbol":"foo","with":""}'));
  assert.ok(lines.includes('  authorization: accept (step) at 2023-11-14T22:13:21.234Z'));
  assert.ok(lines.includes("  error: splice_patch failed: symbol 'foo' not found in 'src/lib.rs'"));
  const single = reconstructExecution(store, ids.fix2);
  assert.equal(single?.plan, undefined);
  assert.deepEqual(single?.steps[0].artifacts, [{ type: 'applied', content: { path: 'src/lib.rs', kind: 'modify' } }]);
  assert.equal(reconstructExecution(store, 'missing'), undefined);
  store.close();
});
