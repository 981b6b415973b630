import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AuditStore } from '../../../src/engine/audit/store';
import { createFileApplyEdit, type ApplyEdit, type ProposedEdit } from '../../../src/engine/plans/edits';
import { executePlan, type AuthorizationDecision } from '../../../src/engine/plans/executor';
import { validatePlan } from '../../../src/engine/plans/validate';
import type { PlanStep } from '../../../src/engine/plans/schema';
import { hostFor, makeWorkspace, plan } from './helpers';

const files = {
  'src/a.ts': 'export function one(): number {\n  return 1;\n}\n\nexport function two(): number {\n  return 2;\n}\n',
  'src/b.ts': '// b\nexport function three(): number {\n  return 3;\n}\n',
};
const splices = {
  splices: [
    { file: 'src/a.ts', symbol: 'two', with: 'export function two(): number {\n  return 22;\n}' },
    { file: 'src/a.ts', symbol: 'one', kind: 'function', with: 'export function one(): number {\n  return 11;\n}' },
    { file: 'src/b.ts', symbol: 'three', with: 'export function three(): number {\n  return 33;\n}' },
  ],
};
const step = { id: 's1', tool: 'splice_plan', arguments: { file: 'splices.json' }, requires_confirmation: true };
const read = (root: string, rel: string) => readFileSync(path.join(root, rel), 'utf8');

test('splice_plan applies every splice of the plan file, one diff per file, and reports the changed files', async () => {
  const root = makeWorkspace({ ...files, 'splices.json': JSON.stringify(splices) });
  const shown: string[] = [];
  const authorize = async (_s: PlanStep, edit?: ProposedEdit): Promise<AuthorizationDecision> => { shown.push(edit!.path); return 'accept'; };
  const store = await AuditStore.open({ file: path.join(root, '.agent', 'state', 'grounded.db') });
  const result = await executePlan({ plan: plan([step]), host: hostFor(root), authorize, applyEdit: createFileApplyEdit(root), mode: 'step', store });
  assert.equal(result.status, 'completed', JSON.stringify(result));
  assert.deepEqual(shown, ['src/a.ts', 'src/b.ts']);
  assert.equal(read(root, 'src/a.ts'), files['src/a.ts'].replace('return 1;', 'return 11;').replace('return 2;', 'return 22;'));
  assert.equal(read(root, 'src/b.ts'), '// b\nexport function three(): number {\n  return 33;\n}\n');
  assert.deepEqual(JSON.parse(result.steps[0].output!), { success: true, changed_files: ['src/a.ts', 'src/b.ts'] });
  assert.equal(result.steps[0].edits?.length, 2);
  const rows = store.query("SELECT status FROM executions WHERE tool = 'splice_plan'");
  assert.deepEqual(rows.map((r) => r.status), ['succeeded']);
});

test('rejecting one file\'s diff writes nothing at all', async () => {
  const root = makeWorkspace({ ...files, 'splices.json': JSON.stringify(splices) });
  const authorize = async (_s: PlanStep, edit?: ProposedEdit): Promise<AuthorizationDecision> => (edit!.path === 'src/b.ts' ? 'reject' : 'accept');
  const result = await executePlan({ plan: plan([step]), host: hostFor(root), authorize, applyEdit: createFileApplyEdit(root), mode: 'step' });
  assert.equal(result.steps[0].status, 'rejected');
  assert.equal(read(root, 'src/a.ts'), files['src/a.ts']);
  assert.equal(read(root, 'src/b.ts'), files['src/b.ts']);
});

test('a failed write puts back the files already written', async () => {
  const root = makeWorkspace({ ...files, 'splices.json': JSON.stringify(splices) });
  const real = createFileApplyEdit(root);
  // b.ts changes on disk between the approval and the write: the write refuses it.
  const applyEdit: ApplyEdit = async (edit) => {
    if (edit.path === 'src/b.ts' && edit.after.text.includes('33')) writeFileSync(path.join(root, 'src/b.ts'), '// changed meanwhile\n');
    return real(edit);
  };
  const result = await executePlan({ plan: plan([step]), host: hostFor(root), authorize: async () => 'accept', applyEdit, mode: 'plan' });
  assert.equal(result.status, 'failed');
  assert.match(result.steps[0].error!, /^splice_plan failed: .*changed on disk.*\(the 1 file\(s\) already written were restored\)/);
  assert.equal(read(root, 'src/a.ts'), files['src/a.ts'], 'a.ts is back as it was');
});

test('validation checks every splice of a plan file on disk: a missing symbol rejects the plan before it runs', async () => {
  const bad = { splices: [...splices.splices, { file: 'src/b.ts', symbol: 'four', with: '' }] };
  const root = makeWorkspace({ ...files, 'splices.json': JSON.stringify(bad), 'notes.json': '{"edits": []}' });
  const v = await validatePlan(plan([step]), { host: hostFor(root) });
  assert.deepEqual(v.issues.map((i) => i.message), ["Step 's1': Precondition failed: symbol 'four' not found in 'src/b.ts'"]);
  const wrongShape = await validatePlan(plan([{ ...step, arguments: { file: 'notes.json' } }]), { host: hostFor(root) });
  assert.match(wrongShape.issues[0].message, /plan file 'notes\.json' is not a splice plan .*Expected \{"splices"/);
  const args = await validatePlan(plan([{ ...step, arguments: { plan_file: 'splices.json' } }]), { host: hostFor(root) });
  assert.match(args.issues[0].message, /Invalid arguments for 'splice_plan': missing 'file'.*Schema: splice_plan \{ file: string \(required\) \}/);
});

test('a plan that creates its splice plan file first and then applies it', async () => {
  const root = makeWorkspace(files);
  const result = await executePlan({
    plan: plan([
      { id: 's1', tool: 'file_create', arguments: { path: 'splices.json', contents: JSON.stringify(splices) }, requires_confirmation: true },
      { ...step, id: 's2', precondition: 's1 succeeded' },
    ]),
    host: hostFor(root), authorize: async () => 'accept', applyEdit: createFileApplyEdit(root), mode: 'plan',
  });
  assert.equal(result.status, 'completed', JSON.stringify(result.steps.map((s) => s.error)));
  assert.match(read(root, 'src/b.ts'), /return 33;/);
});
