import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createFileApplyEdit } from '../../../src/engine/plans/edits';
import { executePlan } from '../../../src/engine/plans/executor';
import { validatePlan } from '../../../src/engine/plans/validate';
import { toolCatalogText } from '../../../src/engine/tools/catalog';
import { hostFor, makeWorkspace, plan, sampleTs } from './helpers';

const accepting = async () => 'accept' as const;

test('symbols_in_file(pattern) as the seed signs it: across the workspace, or narrowed to one file', async () => {
  const root = makeWorkspace({
    'src/calc.ts': sampleTs,
    'src/other.ts': 'export function addAll(xs: number[]) { return xs.length; }\n',
    'README.md': 'nothing here\n',
  });
  const result = await executePlan({
    plan: plan([
      { id: 'all', tool: 'symbols_in_file', arguments: { pattern: 'add' } },
      { id: 'one', tool: 'symbols_in_file', arguments: { pattern: 'ADD', path: 'src/other.ts' } },
    ], { intent: 'READ' }),
    host: hostFor(root), authorize: accepting, applyEdit: createFileApplyEdit(root), mode: 'plan',
  });
  assert.equal(result.status, 'completed', JSON.stringify(result.steps));
  assert.deepEqual(result.steps.map((s) => s.output), [
    'function add src/calc.ts#L4-6\nmethod Calc.add src/calc.ts#L10-12\nfunction addAll src/other.ts#L1-1',
    'function addAll src/other.ts#L1-1',
  ]);
  const noPattern = await validatePlan(plan([{ id: 's', tool: 'symbols_in_file', arguments: { path: 'src/calc.ts' } }]), { host: hostFor(root) });
  assert.match(
    noPattern.issues[0].message,
    /Invalid arguments for 'symbols_in_file': missing 'pattern'\. Schema: symbols_in_file \{ pattern: string \(required\), path: string \(optional\) \}/,
  );
});

test('references_from_file_to_symbol_name(file, name) keeps the references inside that file only', async () => {
  const root = makeWorkspace({ 'src/calc.ts': sampleTs, 'src/use.ts': "import { VERSION } from './calc';\nconsole.log(VERSION);\n" });
  const result = await executePlan({
    plan: plan([
      { id: 'from', tool: 'references_from_file_to_symbol_name', arguments: { file: 'src/use.ts', name: 'VERSION' } },
      { id: 'all', tool: 'references_to_symbol_name', arguments: { name: 'VERSION' } },
    ], { intent: 'READ' }),
    host: hostFor(root), authorize: accepting, applyEdit: createFileApplyEdit(root), mode: 'plan',
  });
  const [from, all] = result.steps.map((s) => s.output ?? '');
  assert.ok(from.split('\n').every((l) => l.startsWith('src/use.ts#L')), from);
  assert.equal(from.split('\n').length, 2);
  assert.ok(all.includes('src/calc.ts#L'), all);
  const missing = await validatePlan(plan([{ id: 'r', tool: 'references_from_file_to_symbol_name', arguments: { file: 'src/nope.ts', name: 'VERSION' } }]), {
    host: hostFor(root),
  });
  assert.deepEqual(missing.issues.map((i) => i.message), ["Step 'r': Precondition failed: file 'src/nope.ts' does not exist"]);
  assert.match(toolCatalogText(), /references_from_file_to_symbol_name \{ file: string \(required\), name: string \(required\) \}/);
});
