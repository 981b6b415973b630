import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { main } from '../../../src/cli/main';
import { evidenceForPlan } from '../../../src/engine/plans/evidence-plan';
import { addMessage, recordExchange } from '../../../src/engine/audit/records';
import { AuditStore } from '../../../src/engine/audit/store';
import { proposePlan } from '../../../src/engine/plans/propose';
import { parsePlanText } from '../../../src/engine/plans/schema';
import { validatePlan } from '../../../src/engine/plans/validate';
import { createScrubber } from '../../../src/engine/privacy/scrubber';
import { hostFor, makeWorkspace, runAcceptedWrite, scriptedProvider } from './helpers';
import { captureStreams as capture } from '../../support/cli-io';

test('grounded plan check: 0 valid, 1 invalid with the exact messages, 2 usage', async () => {
  const root = makeWorkspace({ 'src/a.ts': 'export function f() {}\n' });
  writeFileSync(
    path.join(root, 'good.json'),
    JSON.stringify({ id: 'p', intent: 'READ', steps: [{ id: 's1', tool: 'file_read', arguments: { path: 'src/a.ts' } }] }),
  );
  writeFileSync(
    path.join(root, 'bad.json'),
    '```json\n' +
      JSON.stringify({
        id: 'p',
        intent: 'MUTATE',
        steps: [
          { id: 's1', tool: 'splice_patch', arguments: { file: 'src/a.ts', symbol: 'g', with: '' } },
          { id: 's2', tool: 'shell', arguments: {} },
        ],
      }) +
      '\n```',
  );
  let c = capture(root);
  assert.equal(await main(['plan', 'check', 'good.json'], c.io), 0);
  assert.equal(c.out.stdout, 'Plan is valid.\n');
  c = capture(root);
  assert.equal(await main(['plan', 'check', path.join(root, 'bad.json'), '--root', root], c.io), 1);
  assert.equal(
    c.out.stdout,
    ("Step 's1': Precondition failed: symbol 'g' not found in 'src/a.ts'\nStep 's2': Tool 'shell' not found in available tools. Available tools: " +
      ("file_read, file_write, file_create, file_search, file_glob, splice_patch, splice_plan, symbols_in_file, references_to_symbol_name, " +
        "references_from_file_to_symbol_name, lsp_check\n")),
  );
  c = capture(root);
  assert.equal(await main(['plan', 'check'], c.io), 2);
  assert.equal(await main(['plan', 'check', 'good.json', '--root', 'nope'], c.io), 2);
  assert.equal(await main(['plan', '--help'], c.io), 0);
  assert.equal(await main(['plan', 'check', 'good.json', '--db', 'missing.db'], c.io), 2);
  c = capture(root);
  assert.equal(await main(['plan', 'check', 'missing.json'], c.io), 2);
  assert.match(c.out.stderr, /cannot read 'missing\.json': no such file/);
});

test('grounded plan check uses the workspace audit log for history claims, with the same messages as the extension', async () => {
  const root = makeWorkspace({ 'a.txt': 'A\n' });
  const dbFile = path.join(root, '.agent/state/grounded.db');
  const store = await AuditStore.open({ file: dbFile });
  await runAcceptedWrite(root, store);
  const handWritten = {
    id: 'hand', intent: 'MUTATE', evidence_referenced: ['Q4', 'Q2'],
    steps: [{ id: 's1', tool: 'file_write', arguments: { path: 'a.txt', contents: 'C\n' } }],
    explanation: 'Q4 shows a previous edit of a.txt; Q2 lists no previous failures.',
  };
  writeFileSync(path.join(root, 'hand.json'), JSON.stringify(handWritten));
  // What the extension's "Run plan from the active editor" validates with (plan-features.runPlanText).
  const parsed = parsePlanText(JSON.stringify(handWritten));
  const extension = (await validatePlan(parsed, { host: hostFor(root), evidenceRowCounts: evidenceForPlan(store, parsed, root).rowCounts })).issues.map(
    (i) => i.message,
  );
  assert.deepEqual(extension, []);
  let c = capture(root);
  assert.equal(await main(['plan', 'check', 'hand.json'], c.io), 0, c.out.stdout);
  assert.equal(c.out.stdout, 'Plan is valid.\n');

  // Without the audit log the same claim has no evidence: the message says which query is empty.
  const bare = makeWorkspace({ 'a.txt': 'A\n' });
  writeFileSync(path.join(bare, 'hand.json'), JSON.stringify(handWritten));
  c = capture(bare);
  assert.equal(await main(['plan', 'check', 'hand.json'], c.io), 1);
  assert.equal(
    c.out.stdout,
    ('Insufficient evidence: the explanation mentions \'prior runs\' ("previous edit") but Q2, Q4 return empty results\nInsufficient evidence: the ' +
      'explanation mentions \'prior runs\' ("previous failures") but Q2, Q4 return empty results\n'),
  );

  // A plan the extension proposed is checked against the evidence it was proposed with.
  const claim = { ...handWritten, evidence_referenced: ['Q1'], explanation: 'Q1 shows previous runs of file_write.' };
  const proposed = await proposePlan({
    request: 'rewrite a.txt',
    provider: scriptedProvider(() => JSON.stringify(claim)),
    scrubber: createScrubber(),
    host: hostFor(root),
    store,
    currentFile: 'a.txt',
  });
  assert.deepEqual(proposed.errors, []);
  store.close();
  writeFileSync(path.join(root, 'proposed.json'), JSON.stringify(proposed.plan));
  c = capture(root);
  assert.equal(await main(['plan', 'check', 'proposed.json', '--json'], c.io), 0);
  const out = JSON.parse(c.out.stdout);
  assert.deepEqual([out.valid, out.evidence.source, out.evidence.rowCounts.Q1], [true, 'recorded', 1]);
  c = capture(root);
  assert.equal(await main(['plan', 'check', 'proposed.json', '--db', path.join(bare, 'nothing.db')], c.io), 2, '--db must name an existing file');
});

test('grounded audit show reconstructs an execution; exit 1 when not found', async () => {
  const root = makeWorkspace({ 'a.txt': 'A\n' });
  const store = await AuditStore.open({ file: path.join(root, '.agent/state/grounded.db') });
  const result = await runAcceptedWrite(root, store);
  recordExchange(store, { planId: 'plan_1', provider: 'openai', model: 'gpt-x', prompt: 'prompt', response: 'reply' });
  store.close();
  let c = capture(root);
  assert.equal(await main(['audit', 'show', result.steps[0].executionId as string], c.io), 0);
  assert.match(c.out.stdout, /^Plan plan_1 \(MUTATE\)/);
  assert.match(
    c.out.stdout,
    /\nModel exchange \S+ at \S+: openai \/ gpt-x\n  prompt: 6 bytes, sha256 [0-9a-f]{64}\n  response: 5 bytes, sha256 [0-9a-f]{64}\n  text: not kept \(hashes only\)\n/,
  );
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
  assert.equal(await main(['memory', 'sql', 'SELECT count(*) AS n FROM executions'], c.io), 0, 'the user\'s own view includes the audit tables');
  assert.equal(c.out.stdout, 'n\n-\n0\n(1 row)\n');
  c = capture(root);
  assert.equal(await main(['memory', 'sql', 'SELECT 1; DROP TABLE messages'], c.io), 1);
  assert.equal(c.out.stderr, 'Refused: stacked statements (a ";" followed by more SQL); only one statement is allowed\n');
  assert.equal(await main(['memory', 'sql'], c.io), 2);
});
