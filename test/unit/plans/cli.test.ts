import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { main } from '../../../src/cli/main';
import { addMessage } from '../../../src/engine/audit/records';
import { AuditStore } from '../../../src/engine/audit/store';
import { createFileApplyEdit } from '../../../src/engine/plans/edits';
import { executePlan } from '../../../src/engine/plans/executor';
import { hostFor, makeWorkspace, plan } from './helpers';

function capture(cwd: string) {
  const out = { stdout: '', stderr: '' };
  return { out, io: { stdout: (t: string) => { out.stdout += t; }, stderr: (t: string) => { out.stderr += t; }, readStdin: async () => '', env: {}, cwd } };
}

test('grounded plan check: 0 valid, 1 invalid with the exact messages, 2 usage', async () => {
  const root = makeWorkspace({ 'src/a.ts': 'export function f() {}\n' });
  writeFileSync(path.join(root, 'good.json'), JSON.stringify({ id: 'p', intent: 'READ', steps: [{ id: 's1', tool: 'file_read', arguments: { path: 'src/a.ts' } }] }));
  writeFileSync(path.join(root, 'bad.json'), '```json\n' + JSON.stringify({ id: 'p', intent: 'MUTATE', steps: [{ id: 's1', tool: 'splice_patch', arguments: { file: 'src/a.ts', symbol: 'g', with: '' } }, { id: 's2', tool: 'shell', arguments: {} }] }) + '\n```');
  let c = capture(root);
  assert.equal(await main(['plan', 'check', 'good.json'], c.io), 0);
  assert.equal(c.out.stdout, 'Plan is valid.\n');
  c = capture(root);
  assert.equal(await main(['plan', 'check', path.join(root, 'bad.json'), '--root', root], c.io), 1);
  assert.equal(c.out.stdout, "Step 's1': Precondition failed: symbol 'g' not found in 'src/a.ts'\nStep 's2': Tool 'shell' not found in available tools. Available tools: file_read, file_write, file_create, file_search, file_glob, splice_patch, symbols_in_file, references_to_symbol_name, lsp_check\n");
  c = capture(root);
  assert.equal(await main(['plan', 'check'], c.io), 2);
  assert.equal(await main(['plan', 'check', 'good.json', '--root', 'nope'], c.io), 2);
  assert.equal(await main(['plan', '--help'], c.io), 0);
});

test('grounded audit show reconstructs an execution; exit 1 when not found', async () => {
  const root = makeWorkspace({ 'a.txt': 'A\n' });
  const store = await AuditStore.open({ file: path.join(root, '.agent/state/grounded.db') });
  const result = await executePlan({ plan: plan([{ id: 's1', tool: 'file_write', arguments: { path: 'a.txt', contents: 'B\n' } }]), host: hostFor(root), authorize: async () => 'accept', applyEdit: createFileApplyEdit(root), mode: 'step', store });
  store.close();
  let c = capture(root);
  assert.equal(await main(['audit', 'show', result.steps[0].executionId as string], c.io), 0);
  assert.match(c.out.stdout, /^Plan plan_1 \(MUTATE\)/);
  assert.match(c.out.stdout, /Step s1: file_write/);
  c = capture(root);
  assert.equal(await main(['audit', 'show', 'plan_1', '--json'], c.io), 0);
  assert.equal(JSON.parse(c.out.stdout).steps[0].execution.status, 'succeeded');
  c = capture(root);
  assert.equal(await main(['audit', 'show', 'missing'], c.io), 1);
  assert.equal(c.out.stderr, `No execution or plan with id 'missing' in ${path.join(root, '.agent/state/grounded.db')}.\n`);
});

test('grounded memory sql prints a table or JSON, and refuses writes with exit 1', async () => {
  const root = makeWorkspace({});
  const store = await AuditStore.open({ file: path.join(root, '.agent/state/grounded.db') });
  addMessage(store, 'c', 'user', 'hi');
  store.close();
  let c = capture(root);
  assert.equal(await main(['memory', 'sql', 'SELECT role, content FROM messages'], c.io), 0);
  assert.equal(c.out.stdout, 'role | content\n-----+--------\nuser | hi\n(1 row)\n');
  c = capture(root);
  assert.equal(await main(['memory', 'sql', 'SELECT content FROM messages', '--json'], c.io), 0);
  assert.deepEqual(JSON.parse(c.out.stdout), { columns: ['content'], rows: [['hi']], truncated: false });
  c = capture(root);
  assert.equal(await main(['memory', 'sql', 'SELECT 1; DROP TABLE messages'], c.io), 1);
  assert.equal(c.out.stderr, 'Refused: stacked statements (a ";" followed by more SQL); only one statement is allowed\n');
  assert.equal(await main(['memory', 'sql'], c.io), 2);
});
