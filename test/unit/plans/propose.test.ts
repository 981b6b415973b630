import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { AuditStore } from '../../../src/engine/audit/store';
import { proposePlan } from '../../../src/engine/plans/propose';
import { createScrubber } from '../../../src/engine/privacy/scrubber';
import { hostFor, makeWorkspace } from './helpers';
import { CannedProvider } from '../../support/provider-helpers';

const validPlan = {
  id: 'plan_model',
  intent: 'MUTATE',
  steps: [
    { id: 's1', tool: 'file_read', arguments: { path: 'a.txt' }, precondition: 'file exists' },
    { id: 's2', tool: 'file_write', arguments: { path: 'a.txt', contents: 'A2\n' }, requires_confirmation: true },
  ],
  evidence_referenced: [],
  explanation: 'Rewrites a.txt with the new text.',
};

async function setup(reply: string, keep = false) {
  const root = makeWorkspace({ 'a.txt': 'A\n', 'config.env': 'API_KEY=sk-live-abcdefghijklmnopqrstuvwx\n' });
  const store = await AuditStore.open({ file: path.join(root, '.agent', 'state', 'grounded.db') });
  // Two chunks, as a streaming model would send them.
  const provider = new CannedProvider(reply, 2);
  const result = await proposePlan({
    request: 'Change a.txt to A2; my email is jane.doe@acme-corp.com',
    provider, scrubber: createScrubber(), host: hostFor(root), store,
    currentFile: 'a.txt', keepExchangeText: keep, newPlanId: () => 'plan_fixed',
  });
  return { root, store, provider, result };
}

test('a valid plan comes back parsed and validated, with a Grounded-assigned id, and is recorded', async () => {
  const { store, provider, result } = await setup(JSON.stringify(validPlan));
  assert.deepEqual(result.errors, []);
  assert.equal(result.plan?.id, 'plan_fixed');
  assert.deepEqual(result.plan?.steps.map((s) => s.tool), ['file_read', 'file_write']);
  const [system, user] = provider.requests[0].messages;
  assert.match(system.content, /reply with exactly one JSON object/);
  assert.match(
    system.content,
    /splice_patch \{ file: string \(required\), symbol: string \(required\), kind: string \(optional\), with: string \(required\) \}/,
  );
  assert.match(system.content, /no causal claims/);
  assert.match(
    user.content,
    /EVIDENCE SUMMARY \(read-only\):\n- Q1 \(tool_executions\): No evidence found for list_executions_by_tool\(tool: any of "file_read", "file_write", /,
  );
  assert.match(user.content, /\n- Q4 \(file_executions\): No evidence found for find_executions_by_file\(path: "a.txt"\)/);
  assert.ok(!user.content.includes('jane.doe@acme-corp.com'), 'the request is scrubbed before it reaches the model');
  assert.match(user.content, /\[REDACTED:email#1\]/);
  const [planRow] = store.query('SELECT id, intent FROM plans');
  assert.deepEqual({ ...planRow }, { id: 'plan_fixed', intent: 'MUTATE' });
  const [x] = store.query('SELECT plan_id, prompt_sha256, response_sha256, kept_text, provider, model, prompt_bytes, response_bytes FROM llm_exchanges');
  assert.equal(x.plan_id, 'plan_fixed');
  assert.deepEqual([x.provider, x.model, x.response_bytes], ['canned', 'canned-1', JSON.stringify(validPlan).length]);
  assert.ok(Number(x.prompt_bytes) > 1000, 'the prompt size is recorded');
  assert.match(String(x.prompt_sha256), /^[0-9a-f]{64}$/);
  assert.equal(x.kept_text, null, 'only hashes unless the user chose to keep the text');
});

test('a plan inside a ```json fence with prose around it is accepted; kept text is the scrubbed exchange', async () => {
  const reply = `Here is the plan:\n\n\`\`\`json\n${JSON.stringify(validPlan, null, 2)}\n\`\`\`\nDone.`;
  const { store, result } = await setup(reply, true);
  assert.deepEqual(result.errors, []);
  assert.equal(result.plan?.steps.length, 2);
  const [x] = store.query('SELECT kept_text FROM llm_exchanges');
  const kept = String(x.kept_text);
  assert.match(kept, /\[assistant\]\nHere is the plan:/);
  assert.ok(!kept.includes('jane.doe@acme-corp.com'));
});

test('invalid JSON is reported verbatim, nothing is retried, no plan is recorded', async () => {
  const { store, provider, result } = await setup('```json\n{ "id": "p", "intent": "MUTATE", "steps": [ }\n```');
  assert.equal(result.plan, undefined);
  assert.equal(result.errors.length, 1);
  assert.match(result.errors[0], /^Plan is not valid: JSON syntax error: /);
  assert.equal(provider.requests.length, 1, 'one request, no self-healing retry');
  assert.equal(store.query('SELECT COUNT(*) AS n FROM plans')[0].n, 0);
  assert.equal(store.query('SELECT COUNT(*) AS n FROM llm_exchanges')[0].n, 1, 'the exchange is still audited');
});

test('a reply without JSON says so', async () => {
  const { result } = await setup('I would edit a.txt.');
  assert.deepEqual(result.errors, ['Plan is not valid: no JSON object found in the reply']);
});

test('an unknown tool is rejected with the list of known tools, and the plan is kept for editing', async () => {
  const bad = { ...validPlan, steps: [{ id: 's1', tool: 'shell_exec', arguments: { cmd: 'rm -rf /' } }] };
  const { store, result } = await setup(JSON.stringify(bad));
  assert.deepEqual(result.errors, [
    ("Step 's1': Tool 'shell_exec' not found in available tools. Available tools: file_read, file_write, file_create, file_search, file_glob, " +
      "splice_patch, splice_plan, symbols_in_file, references_to_symbol_name, references_from_file_to_symbol_name, lsp_check"),
  ]);
  assert.equal(result.plan?.steps[0].tool, 'shell_exec');
  const [row] = store.query('SELECT validation_json FROM plans WHERE id = ?', ['plan_fixed']);
  assert.equal(JSON.parse(String(row.validation_json)).valid, false);
});

test('an explanation with causal and confidence language is rejected with the rules, not rewritten', async () => {
  const bad = { ...validPlan, explanation: 'The old text caused the failure; this is 90% certain to work.' };
  const { result } = await setup(JSON.stringify(bad));
  assert.deepEqual(result.errors, [
    'Explanation rejected: no causal claims (only temporal adjacency): "caused"',
    'Explanation rejected: no confidence or probability language: "90%"',
  ]);
  assert.equal(result.plan?.explanation, bad.explanation);
});

test('a history claim without evidence is reported as insufficient evidence', async () => {
  const bad = { ...validPlan, explanation: 'Prior fixes on a.txt are replayed here.', evidence_referenced: ['Q8'] };
  const { result } = await setup(JSON.stringify(bad));
  assert.equal(result.errors.length, 1);
  assert.match(result.errors[0], /^Insufficient evidence: /);
});
