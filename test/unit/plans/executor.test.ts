import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AuditStore } from '../../../src/engine/audit/store';
import { reconstructExecution } from '../../../src/engine/audit/reconstruct';
import { createFileApplyEdit, type ProposedEdit } from '../../../src/engine/plans/edits';
import { executePlan, type AuthorizationDecision } from '../../../src/engine/plans/executor';
import type { PlanStep } from '../../../src/engine/plans/schema';
import { hostFor, makeWorkspace, plan, sampleTs } from './helpers';

const accepting = async (): Promise<AuthorizationDecision> => 'accept';

test('splice_patch replaces exactly one symbol; the rest of the file is byte-identical', async () => {
  const root = makeWorkspace({ 'src/calc.ts': sampleTs });
  const replacement = 'export function add(a: number, b: number): number {\n  return b + a;\n}';
  const result = await executePlan({
    plan: plan([{ id: 's1', tool: 'splice_patch', arguments: { file: 'src/calc.ts', symbol: 'add', kind: 'function', with: replacement } }]),
    host: hostFor(root), authorize: accepting, applyEdit: createFileApplyEdit(root), mode: 'step',
  });
  assert.equal(result.status, 'completed');
  const after = readFileSync(path.join(root, 'src/calc.ts'), 'utf8');
  const start = sampleTs.indexOf('export function add');
  const end = sampleTs.indexOf('}\n', start) + 1;
  assert.equal(after, sampleTs.slice(0, start) + replacement + sampleTs.slice(end));
  assert.ok(after.includes('/** Adds. */\nexport function add'), 'the doc comment before the symbol is kept');
});

test('an ambiguous symbol at run time fails with the candidates, verbatim, and writes nothing', async () => {
  const root = makeWorkspace({ 'a.py': 'def f():\n    return 1\n\nclass K:\n    def f(self):\n        return 2\n' });
  const result = await executePlan({
    plan: plan([{ id: 's1', tool: 'splice_patch', arguments: { file: 'a.py', symbol: 'f', with: 'def f():\n    return 3' } }]),
    host: hostFor(root), authorize: accepting, applyEdit: createFileApplyEdit(root), mode: 'step',
  });
  assert.equal(result.status, 'invalid');
  assert.deepEqual(result.validation.issues.map((i) => i.message), [
    "Step 's1': Precondition failed: symbol 'f' is ambiguous in 'a.py': function f (line 1), function f (line 5); give a kind to choose",
  ]);
});

test('accept one edit, reject the other: the workspace ends exactly as chosen', async () => {
  const root = makeWorkspace({ 'a.txt': 'A\n', 'b.txt': 'B\n' });
  const seen: string[] = [];
  const authorize = async (step: PlanStep, edit?: ProposedEdit): Promise<AuthorizationDecision> => {
    seen.push(`${step.id}:${edit?.path}:${edit?.kind}`);
    return step.id === 'wa' ? 'accept' : 'reject';
  };
  const result = await executePlan({
    plan: plan([
      { id: 'wa', tool: 'file_write', arguments: { path: 'a.txt', contents: 'A2\n' } },
      { id: 'wb', tool: 'file_write', arguments: { path: 'b.txt', contents: 'B2\n' } },
      { id: 'c', tool: 'file_create', arguments: { path: 'new/c.txt', contents: 'C\n' } },
    ]),
    host: hostFor(root), authorize, applyEdit: createFileApplyEdit(root), mode: 'step',
  });
  assert.deepEqual(seen, ['wa:a.txt:modify', 'wb:b.txt:modify', 'c:new/c.txt:create']);
  assert.deepEqual(result.steps.map((s) => s.status), ['succeeded', 'rejected', 'rejected']);
  assert.equal(readFileSync(path.join(root, 'a.txt'), 'utf8'), 'A2\n');
  assert.equal(readFileSync(path.join(root, 'b.txt'), 'utf8'), 'B\n');
});

test('a file changed on disk after the diff was shown is refused, never overwritten, and the plan stops', async () => {
  const root = makeWorkspace({ 'a.txt': 'original\n' });
  const authorize = async (): Promise<AuthorizationDecision> => {
    writeFileSync(path.join(root, 'a.txt'), 'someone else\n');
    return 'accept';
  };
  const store = await AuditStore.open({ file: path.join(root, '.agent/state/grounded.db') });
  const result = await executePlan({
    plan: plan([
      { id: 's1', tool: 'file_write', arguments: { path: 'a.txt', contents: 'mine\n' } },
      { id: 's2', tool: 'file_read', arguments: { path: 'a.txt' } },
    ]),
    host: hostFor(root), authorize, applyEdit: createFileApplyEdit(root), mode: 'step', store,
  });
  const refusal = "Refused to write 'a.txt': the file changed on disk since the plan was made; nothing was written";
  assert.equal(result.status, 'failed');
  assert.equal(result.error, refusal);
  assert.deepEqual(result.steps.map((s) => s.status), ['failed', 'skipped']);
  assert.equal(readFileSync(path.join(root, 'a.txt'), 'utf8'), 'someone else\n');
  const story = reconstructExecution(store, result.steps[0].executionId as string);
  assert.ok(story?.text.includes(`error: ${refusal}`), 'the audit keeps the error verbatim');
  store.close();
});

test('a tool error stops the plan with the verbatim message: no retries', async () => {
  const root = makeWorkspace({ 'a.txt': 'x\n' });
  let calls = 0;
  const result = await executePlan({
    plan: plan([
      { id: 's1', tool: 'file_search', arguments: { pattern: '(unclosed' } },
      { id: 's2', tool: 'file_read', arguments: { path: 'a.txt' } },
    ]),
    host: hostFor(root), authorize: async () => { calls++; return 'accept'; }, applyEdit: createFileApplyEdit(root), mode: 'plan',
  });
  assert.equal(result.status, 'failed');
  assert.match(result.error ?? '', /^file_search failed: invalid pattern at position 1: missing closing \)/);
  assert.deepEqual(result.steps.map((s) => s.status), ['failed', 'skipped']);
  assert.equal(calls, 0);
});

test('lsp_check in the CLI reports that diagnostics are unavailable, verbatim', async () => {
  const root = makeWorkspace({ 'a.ts': 'export const a = 1;\n' });
  const result = await executePlan({
    plan: plan([{ id: 's1', tool: 'lsp_check', arguments: { path: '.' } }]),
    host: hostFor(root), authorize: accepting, applyEdit: createFileApplyEdit(root), mode: 'plan',
  });
  assert.equal(result.error, 'Diagnostics are unavailable in the CLI: they come from the language features of VS Code');
});

test('cancel stops the plan; an edited plan is validated again before running', async () => {
  const root = makeWorkspace({ 'a.txt': 'A\n' });
  const cancelled = await executePlan({
    plan: plan([
      { id: 's1', tool: 'file_read', arguments: { path: 'a.txt' }, requires_confirmation: true },
      { id: 's2', tool: 'file_write', arguments: { path: 'a.txt', contents: 'Z' } },
    ]),
    host: hostFor(root), authorize: async () => 'cancel', applyEdit: createFileApplyEdit(root), mode: 'step',
  });
  assert.equal(cancelled.status, 'cancelled');
  assert.deepEqual(cancelled.steps.map((s) => s.status), ['rejected', 'skipped']);
  const edited = await executePlan({
    plan: plan([{ id: 's1', tool: 'file_write', arguments: { path: 'missing.txt', contents: 'Z' } }]),
    host: hostFor(root), authorize: accepting, applyEdit: createFileApplyEdit(root), mode: 'edited',
  });
  assert.equal(edited.status, 'invalid');
  assert.equal(readFileSync(path.join(root, 'a.txt'), 'utf8'), 'A\n');
});

test('read-only steps return their output; file_glob and symbols_in_file work on the workspace', async () => {
  const root = makeWorkspace({ 'src/calc.ts': sampleTs, 'src/b.md': 'x' });
  const result = await executePlan({
    plan: plan([
      { id: 'g', tool: 'file_glob', arguments: { pattern: '*.ts' } },
      { id: 's', tool: 'symbols_in_file', arguments: { path: 'src/calc.ts', pattern: '*' } },
      { id: 'r', tool: 'references_to_symbol_name', arguments: { name: 'VERSION' } },
    ], { intent: 'READ' }),
    host: hostFor(root), authorize: accepting, applyEdit: createFileApplyEdit(root), mode: 'plan',
  });
  assert.deepEqual(
    result.steps.map((s) => s.output),
    [
      'src/calc.ts',
      ('function add src/calc.ts#L4-6\nclass Calc src/calc.ts#L8-13\nproperty Calc.total src/calc.ts#L9-9\nmethod Calc.add src/calc.ts#L10-12\nvariable ' +
        'VERSION src/calc.ts#L15-15'),
      "src/calc.ts#L15: export const VERSION = '1.0';",
    ],
  );
});

test('step by step confirms every step, read-only ones included; whole plan asks only for file changes', async () => {
  const root = makeWorkspace({ 'a.txt': 'A\n', 'src/calc.ts': sampleTs });
  const steps = [
    { id: 'r', tool: 'file_read', arguments: { path: 'a.txt' } },
    { id: 's', tool: 'symbols_in_file', arguments: { path: 'src/calc.ts', pattern: '*' } },
    { id: 'w', tool: 'file_write', arguments: { path: 'a.txt', contents: 'A2\n' } },
  ];
  const asked = (log: string[]) => async (step: PlanStep, edit?: ProposedEdit): Promise<AuthorizationDecision> => {
    log.push(`${step.id}:${edit ? 'diff' : 'run?'}`);
    return 'accept';
  };
  const stepLog: string[] = [];
  const store = await AuditStore.open({ file: path.join(root, '.agent/state/grounded.db') });
  const byStep = await executePlan({
    plan: plan(steps),
    host: hostFor(root),
    authorize: asked(stepLog),
    applyEdit: createFileApplyEdit(root),
    mode: 'step',
    store,
  });
  assert.equal(byStep.status, 'completed');
  assert.deepEqual(stepLog, ['r:run?', 's:run?', 'w:diff'], 'none of the steps is marked requires_confirmation, yet each one asks');
  assert.deepEqual(
    store.query('SELECT step_id, decision, mode FROM authorizations ORDER BY decided_at, rowid').map((r) => `${r.step_id}:${r.decision}:${r.mode}`),
    ['r:accept:step', 's:accept:step', 'w:accept:step'],
  );

  const editedLog: string[] = [];
  await executePlan({ plan: plan(steps.slice(0, 2)), host: hostFor(root), authorize: asked(editedLog), applyEdit: createFileApplyEdit(root), mode: 'edited' });
  assert.deepEqual(editedLog, ['r:run?', 's:run?'], 'an edited plan runs step by step too');

  writeFileSync(path.join(root, 'a.txt'), 'A\n');
  const planLog: string[] = [];
  const whole = await executePlan({
    plan: plan(steps.map((s) => ({ ...s, requires_confirmation: true }))),
    host: hostFor(root),
    authorize: asked(planLog),
    applyEdit: createFileApplyEdit(root),
    mode: 'plan',
  });
  assert.equal(whole.status, 'completed');
  assert.deepEqual(planLog, ['w:diff'], 'whole-plan approval covers read-only steps; a file change still shows its diff');
  store.close();
});

test('skipping a read-only step in step-by-step mode goes on with the next step', async () => {
  const root = makeWorkspace({ 'a.txt': 'A\n' });
  const result = await executePlan({
    plan: plan([
      { id: 'r1', tool: 'file_read', arguments: { path: 'a.txt' } },
      { id: 'r2', tool: 'file_read', arguments: { path: 'a.txt' } },
    ], { intent: 'READ' }),
    host: hostFor(root), authorize: async (step) => (step.id === 'r1' ? 'reject' : 'accept'), applyEdit: createFileApplyEdit(root), mode: 'step',
  });
  assert.deepEqual(result.steps.map((s) => [s.stepId, s.status, s.output]), [['r1', 'rejected', undefined], ['r2', 'succeeded', 'A\n']]);
  assert.equal(result.status, 'completed');
});
