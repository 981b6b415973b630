import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { reconstructExecution } from '../../../src/engine/audit/reconstruct';
import { AuditStore } from '../../../src/engine/audit/store';

const script = path.join(__dirname, 'fixtures', 'run-plan-and-block.ts');

test('a process killed mid-plan: completed steps are recorded, the interrupted one is reported as interrupted', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'grounded-crash-'));
  writeFileSync(path.join(root, 'a.txt'), 'A\n');
  writeFileSync(path.join(root, 'b.txt'), 'B\n');
  const child = spawn(process.execPath, ['--import', 'tsx', script, root], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  // The child prints "waiting" when the second step's authorization is pending, then blocks forever.
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('waiting')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`child exited early (${code}): ${stderr}`)));
  });
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;

  const store = await AuditStore.open({ file: path.join(root, '.agent/state/grounded.db') });
  const rows = store.query("SELECT step_id, status, error_text FROM executions WHERE plan_id = 'crash-plan' ORDER BY started_at, rowid");
  assert.deepEqual(rows.map((r) => [r.step_id, r.status]), [['s1', 'succeeded'], ['s2', 'interrupted']]);
  assert.match(String(rows[1].error_text), /^Interrupted: the process running this step \(pid \d+\) ended before the step finished$/);
  assert.equal(readFileSync(path.join(root, 'a.txt'), 'utf8'), 'A2\n');
  assert.equal(readFileSync(path.join(root, 'b.txt'), 'utf8'), 'B\n');
  const story = reconstructExecution(store, 'crash-plan');
  assert.ok(story?.text.includes('  authorization: accept (step)'));
  assert.ok(story?.text.includes('proposed_edit: {"path":"b.txt"'));
  store.close();
});
