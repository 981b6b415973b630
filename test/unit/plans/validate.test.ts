import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validatePlan } from '../../../src/engine/plans/validate';
import { parsePlanText, PlanParseError } from '../../../src/engine/plans/schema';
import { hostFor, makeWorkspace, plan, sampleTs } from './helpers';

const root = makeWorkspace({ 'src/calc.ts': sampleTs, 'README.md': '# hi\n', '.gitignore': 'dist/\n*.log\n', 'dist/out.js': 'x', 'app.log': 'log' });
const messages = async (p: ReturnType<typeof plan>, counts = {}, trusted = true) =>
  (await validatePlan(p, { host: hostFor(root, trusted), evidenceRowCounts: counts })).issues.map((i) => i.message);

test('a valid plan has no issues', async () => {
  const p = plan([
    { id: 's1', tool: 'file_read', arguments: { path: 'src/calc.ts' }, precondition: 'file exists' },
    {
      id: 's2',
      tool: 'splice_patch',
      arguments: { file: 'src/calc.ts', symbol: 'add', kind: 'function', with: 'export function add() {}' },
      requires_confirmation: true,
    },
    { id: 's3', tool: 'file_create', arguments: { path: 'src/new.ts', contents: 'x' } },
    { id: 's4', tool: 'file_read', arguments: { path: 'src/new.ts' }, precondition: 's3 succeeded' },
  ]);
  assert.deepEqual(await messages(p), []);
});

test('unknown tool lists the known tools', async () => {
  assert.deepEqual(await messages(plan([{ id: 's1', tool: 'rm_rf', arguments: {} }])), [
    ("Step 's1': Tool 'rm_rf' not found in available tools. Available tools: file_read, file_write, file_create, file_search, file_glob, splice_patch, " +
      "splice_plan, symbols_in_file, references_to_symbol_name, references_from_file_to_symbol_name, lsp_check"),
  ]);
});

test('missing and wrong arguments show the tool schema', async () => {
  assert.deepEqual(await messages(plan([{ id: 's1', tool: 'splice_patch', arguments: { file: 'src/calc.ts', kind: 3, with: 'x', extra: true } }])), [
    ("Step 's1': Invalid arguments for 'splice_patch': missing 'symbol'; 'kind' must be a string; unexpected 'extra'. Schema: splice_patch { file: string " +
      "(required), symbol: string (required), kind: string (optional), with: string (required) }"),
  ]);
});

test('preconditions: missing file, existing file for create, folder, outside, ignored', async () => {
  const p = plan([
    { id: 'a', tool: 'file_read', arguments: { path: 'src/lib.rs' } },
    { id: 'b', tool: 'file_create', arguments: { path: 'README.md', contents: '' } },
    { id: 'c', tool: 'file_read', arguments: { path: 'src' } },
    { id: 'd', tool: 'file_write', arguments: { path: '../etc/passwd', contents: '' } },
    { id: 'e', tool: 'file_write', arguments: { path: 'dist/out.js', contents: '' } },
    { id: 'f', tool: 'file_search', arguments: { pattern: 'x', root: 'nope' } },
  ]);
  assert.deepEqual(await messages(p), [
    "Step 'a': Precondition failed: file 'src/lib.rs' does not exist",
    "Step 'b': Precondition failed: file 'README.md' already exists",
    "Step 'c': Precondition failed: 'src' is a folder, not a file",
    "Step 'd': Precondition failed: path '../etc/passwd' is outside the workspace",
    "Step 'e': Precondition failed: 'dist/out.js' is hidden from Grounded (excluded-folder: 'dist' is in the excluded folders setting)",
    "Step 'f': Precondition failed: folder 'nope' does not exist",
  ]);
});

test('symbol must exist, and an ambiguous symbol lists the candidates', async () => {
  const missing = plan([{ id: 's', tool: 'splice_patch', arguments: { file: 'src/calc.ts', symbol: 'mul', with: '' } }]);
  assert.deepEqual(await messages(missing), ["Step 's': Precondition failed: symbol 'mul' not found in 'src/calc.ts'"]);
  const ambiguous = plan([{ id: 's', tool: 'splice_patch', arguments: { file: 'src/calc.ts', symbol: 'add', with: '' } }]);
  assert.deepEqual(await messages(ambiguous), [
    "Step 's': Precondition failed: symbol 'add' is ambiguous in 'src/calc.ts': function add (line 4), method Calc.add (line 10); give a kind to choose",
  ]);
  const own = plan([{ id: 's', tool: 'file_read', arguments: { path: 'src/calc.ts' }, precondition: "file contains symbol 'nothere'" }]);
  assert.deepEqual(await messages(own), ["Step 's': Precondition failed: symbol 'nothere' not found in 'src/calc.ts'"]);
});

test('an untrusted workspace refuses mutating steps but not reads', async () => {
  const p = plan([
    { id: 'r', tool: 'file_read', arguments: { path: 'README.md' } },
    { id: 'w', tool: 'file_write', arguments: { path: 'README.md', contents: 'x' } },
  ]);
  assert.deepEqual(await messages(p, {}, false), [
    "Step 'w': Precondition failed: the workspace is not trusted; Grounded writes nothing in an untrusted workspace",
  ]);
});

test('a precondition naming a later step is refused', async () => {
  const p = plan([
    { id: 's1', tool: 'file_read', arguments: { path: 'README.md' }, precondition: 's2 succeeded' },
    { id: 's2', tool: 'file_read', arguments: { path: 'README.md' } },
  ]);
  assert.deepEqual(await messages(p), ["Step 's1': Precondition failed: 's2 succeeded' refers to step 's2', which does not come before this step"]);
});

test('claims about history need evidence with rows', async () => {
  const base = [{ id: 's1', tool: 'file_read', arguments: { path: 'README.md' } }];
  const claim = 'Q8 shows prior fixes on this file.';
  assert.deepEqual(await messages(plan(base, { explanation: claim })), [
    'Insufficient evidence: the explanation mentions \'prior fixes\' ("prior fixes") but the plan cites no evidence query (Q8)',
  ]);
  assert.deepEqual(await messages(plan(base, { explanation: claim, evidence_referenced: ['Q8'] }), { Q8: 0 }), [
    'Insufficient evidence: the explanation mentions \'prior fixes\' ("prior fixes") but Q8 returns empty results',
  ]);
  assert.deepEqual(await messages(plan(base, { explanation: claim, evidence_referenced: ['Q1'] }), { Q1: 4 }), [
    'Insufficient evidence: the explanation mentions \'prior fixes\' ("prior fixes") but the plan cites none of Q8',
  ]);
  assert.deepEqual(await messages(plan(base, { explanation: claim, evidence_referenced: ['Q8'] }), { Q8: 2 }), []);
  const pre = [{ id: 's1', tool: 'file_read', arguments: { path: 'README.md' }, precondition: 'previous runs succeeded' }];
  assert.deepEqual(await messages(plan(pre)), [
    "Insufficient evidence: the precondition of step 's1' mentions 'prior runs' (\"previous runs\") but the plan cites no evidence query (Q1, Q2, Q4, Q5, Q6)",
  ]);
});

test('a screened explanation is rejected with the rule and the phrase', async () => {
  const p = plan([{ id: 's1', tool: 'file_read', arguments: { path: 'README.md' } }], { explanation: 'This is 90% likely to work.' });
  assert.deepEqual(await messages(p), [
    'Explanation rejected: no confidence or probability language: "90%"',
    'Explanation rejected: no confidence or probability language: "likely"',
  ]);
});

test('issues come in step order and are identical on every run', async () => {
  const p = plan([
    { id: 'x', tool: 'nope', arguments: {} },
    { id: 'y', tool: 'file_read', arguments: {} },
    { id: 'x', tool: 'file_read', arguments: { path: 'missing' } },
  ]);
  const first = await messages(p);
  assert.deepEqual(first.map((m) => m.slice(0, 9)), ["Step 'x':", "Step 'x':", "Step 'y':", "Step 'x':"]);
  assert.match(first[0], /duplicate step id/);
  assert.deepEqual(await messages(p), first);
});

test('model output parses from a json fence, with the seed spellings plan_id / step_id', () => {
  const reply =
    'Here is the plan:\n```json\n{"plan_id":"p9","intent":"READ","steps":[{"step_id":"a","tool":"file_read","arguments":{"path":"x"}}],"evidence_referenced":["Q4"]}\n```\nDone.';
  const p = parsePlanText(reply);
  assert.equal(p.id, 'p9');
  assert.equal(p.steps[0].id, 'a');
  assert.equal(p.steps[0].requires_confirmation, false);
  assert.deepEqual(parsePlanText('{"id":"p","intent":"QUERY","steps":[]}').evidence_referenced, []);
});

test('unparseable plans give exact messages', () => {
  assert.throws(() => parsePlanText('no json here'), (e: PlanParseError) => e.errors[0] === 'Plan is not valid: no JSON object found in the reply');
  assert.throws(() => parsePlanText('{"id":"p","intent":"DELETE","steps":[{"id":"a","arguments":{}}],"evidence_referenced":["Q9"]}'), (e: PlanParseError) => {
    assert.deepEqual(e.errors, [
      'Plan is not valid: intent: Invalid option: expected one of "READ"|"MUTATE"|"QUERY"|"EXPLAIN"',
      'Plan is not valid: steps[0].tool: Invalid input: expected string, received undefined',
      'Plan is not valid: evidence_referenced[0]: Invalid option: expected one of "Q1"|"Q2"|"Q3"|"Q4"|"Q5"|"Q6"|"Q7"|"Q8"',
    ]);
    return true;
  });
});
