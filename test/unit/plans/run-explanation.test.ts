import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { main } from '../../../src/cli/main';
import { AuditStore, defaultDatabasePath } from '../../../src/engine/audit/store';
import { executePlan } from '../../../src/engine/plans/executor';
import { explainRun } from '../../../src/engine/plans/run-explanation';
import { withheldInWords } from '../../../src/engine/plans/withheld-words';
import { createScrubber } from '../../../src/engine/privacy/scrubber';
import { LlmWireServer } from '../../support/llm-server';
import { hostFor, makeWorkspace, plan, scriptedProvider } from './helpers';

// Seed 004, section 5: after a run the model explains the outcome; after a failure it may propose
// a revised plan, validated like the first. Issue 16, item 1.

const ERROR = "splice_patch failed: symbol 'mul' not found in 'src/calc.ts'";
const WRITE_ERROR = "EACCES: permission denied, open 'src/calc.ts'";
const revisedJson = JSON.stringify({
  id: 'x',
  intent: 'MUTATE',
  steps: [{ id: 's1', tool: 'file_read', arguments: { path: 'src/calc.ts' } }],
  evidence_referenced: [],
});

/** A recorded run that fails at run time: the write is refused by the disk. */
async function failedRun(id: string) {
  const root = makeWorkspace({ 'src/calc.ts': 'export function mul(a: number, b: number) {\n  return a * b;\n}\n' });
  const store = await AuditStore.open({ file: defaultDatabasePath(root) });
  const p = plan([{ id: 's1', tool: 'file_write', arguments: { path: 'src/calc.ts', contents: 'export const product = 0;\n' }, requires_confirmation: true }], {
    id,
  });
  const run = await executePlan({
    plan: p, host: hostFor(root), store, mode: 'plan', authorize: async () => 'accept',
    applyEdit: async () => { throw new Error(WRITE_ERROR); },
  });
  return { root, store, plan: p, run };
}

test('a failed run is explained with its error quoted verbatim, and the revised plan is validated and kept', async () => {
  const { root, store, plan: p, run } = await failedRun('plan_calc_2');
  assert.equal(run.status, 'failed');
  const steps = [{ stepId: 's1', tool: 'file_write', status: 'failed', error: ERROR }];
  const provider = scriptedProvider(() => `Step s1 stopped: \`${ERROR}\`. The file now defines \`product\` instead.\n\n\`\`\`json\n${revisedJson}\n\`\`\``);
  const r = await explainRun({
    plan: p,
    status: 'failed',
    steps,
    provider,
    scrubber: createScrubber(),
    host: hostFor(root),
    store,
    newPlanId: () => 'plan_revised',
  });
  assert.deepEqual(r.rejected, []);
  assert.match(r.explanation!, /Step s1 stopped/);
  assert.ok(!r.explanation!.includes('```'), 'the revised plan is not part of the explanation');
  assert.equal(r.revised?.plan.id, 'plan_revised');
  assert.equal(r.revised?.validation.valid, true);
  const prompt = provider.requests[0].map((m) => m.content).join('\n');
  assert.match(prompt, /s1 file_write: failed\n {2}error \(verbatim\): splice_patch failed: symbol 'mul' not found/);
  assert.match(prompt, /EVIDENCE SUMMARY/);
  const kept = store.query("SELECT evidence_json FROM plans WHERE id = 'plan_revised'");
  assert.match(String(kept[0].evidence_json), /"revises":"plan_calc_2"/);
  assert.equal(store.query("SELECT COUNT(*) AS n FROM llm_exchanges WHERE plan_id = 'plan_calc_2'")[0].n, 1);
});

test('forbidden language gets one chance to be corrected; a reworded error is withheld with the reason', async () => {
  const root = makeWorkspace({ 'src/calc.ts': 'export const product = 1;\n' });
  const steps = [{ stepId: 's1', tool: 'splice_patch', status: 'failed', error: ERROR }];
  const p = plan([{ id: 's1', tool: 'splice_patch', arguments: { file: 'src/calc.ts', symbol: 'mul', with: '' } }], { id: 'plan_a' });
  const fixing = scriptedProvider((_r, n) =>
    n === 1 ? `The rename probably caused it: \`${ERROR}\`.` : `Step s1 stopped with \`${ERROR}\`. No revised plan: insufficient evidence.`,
  );
  const fixed = await explainRun({ plan: p, status: 'failed', steps, provider: fixing, scrubber: createScrubber(), host: hostFor(root) });
  assert.equal(fixing.requests.length, 2);
  assert.match(
    fixing.requests[1].at(-1)!.content,
    /Response contains disallowed elements:\nExplanation rejected: no confidence or probability language: "probably"/,
  );
  assert.deepEqual(fixed.rejected, []);
  assert.equal(fixed.revised, undefined);
  const rewording = scriptedProvider(() => 'The symbol was not there, so nothing changed.');
  const withheld = await explainRun({ plan: p, status: 'failed', steps, provider: rewording, scrubber: createScrubber(), host: hostFor(root) });
  assert.equal(withheld.explanation, undefined);
  assert.deepEqual(withheld.rejected, [
    `Explanation rejected: tool errors must be surfaced verbatim: step 's1' failed with "${ERROR}", which the explanation does not quote`,
  ]);
  assert.deepEqual(withheld.refusedFor, ['tool-error']);
  assert.match(withheldInWords(withheld.refusedFor), /withheld the model's account of this run: it did not quote a tool's error word for word/);
});

test('a completed run is explained without a revised plan, even if the model sends one', async () => {
  const root = makeWorkspace({ 'a.txt': 'A\n' });
  const p = plan([{ id: 's1', tool: 'file_read', arguments: { path: 'a.txt' } }], { id: 'plan_ok' });
  const provider = scriptedProvider(() => `Step s1 read a.txt.\n\`\`\`json\n${revisedJson}\n\`\`\``);
  const r = await explainRun({
    plan: p,
    status: 'completed',
    steps: [{ stepId: 's1', tool: 'file_read', status: 'succeeded', output: 'A' }],
    provider,
    scrubber: createScrubber(),
    host: hostFor(root),
  });
  assert.equal(r.revised, undefined);
  assert.match(provider.requests[0][1].content, /do not propose another plan/);
});

test('a rejected run said to have succeeded: the model is told what the audit log records, then the claim is withheld', async () => {
  const root = makeWorkspace({ 'lib/env/data.js': 'export const VERSION = "1.7.9";\n' });
  const store = await AuditStore.open({ file: defaultDatabasePath(root) });
  const p = plan([{ id: 's1', tool: 'file_write', arguments: { path: 'lib/env/data.js', contents: '// bumped\n' }, requires_confirmation: true }], {
    id: 'plan_rejected',
  });
  // A real run the user rejected: the executor's record, not a hand-written one, is what the model is told.
  const run = await executePlan({ plan: p, host: hostFor(root), store, mode: 'plan', authorize: async () => 'reject', applyEdit: async () => {} });
  const steps = run.steps.map((o) => ({ stepId: o.stepId, tool: o.tool, status: o.status }));
  assert.deepEqual(steps.map((s) => s.status), ['rejected']);
  const claiming = scriptedProvider(() => 'The single step wrote the note to the version file and succeeded.');
  const r = await explainRun({ plan: p, status: run.status, steps, provider: claiming, scrubber: createScrubber(), host: hostFor(root), store });
  const told = claiming.requests[0][1].content;
  assert.match(told, /0 of 1 steps succeeded/);
  assert.match(told, /s1 file_write: rejected \(the user rejected it: it was not applied\)/);
  assert.match(told, /No step took effect: say so/);
  assert.match(claiming.requests[1].at(-1)!.content,
    /Explanation rejected: it says "The single step wrote the note to the version file and succeeded\.", but the audit log records s1 file_write: rejected/);
  assert.equal(r.explanation, undefined, 'withheld: the plan view shows the refusal, not the claim');
  assert.equal(r.rejected.length, 1);
  // Said to the user in words, with what to do, not as the rule that refused it.
  assert.deepEqual(r.refusedFor, ['outcome']);
  const said = withheldInWords(r.refusedFor);
  assert.match(said, /^Grounded withheld the model's account of this run: it said a step succeeded or changed a file, but the audit log records otherwise/);
  assert.match(said, /Show the run record for the full account/);
  assert.doesNotMatch(said, /Explanation rejected/);
  // Said truthfully, the same run's explanation is kept.
  const truthful = scriptedProvider(() => 'You rejected step s1, so lib/env/data.js was not changed.');
  const kept = await explainRun({ plan: p, status: run.status, steps, provider: truthful, scrubber: createScrubber(), host: hostFor(root), store });
  assert.deepEqual(kept.rejected, []);
  assert.equal(kept.explanation, 'You rejected step s1, so lib/env/data.js was not changed.');
});

let server: LlmWireServer;
before(async () => { server = await new LlmWireServer().start(); });
after(() => server.stop());

test('grounded plan explain ID: a recorded run explained by the configured model; the revised plan printed, not run', async () => {
  const { root, store, run } = await failedRun('plan_cli');
  store.close();
  assert.equal(run.status, 'failed');
  mkdirSync(path.join(root, '.agent', 'etc'), { recursive: true });
  writeFileSync(path.join(root, '.agent', 'etc', 'query.yaml'), `llm_provider: ${server.url}/v1\nmodel: llama3.1\n`);
  const out = { stdout: '', stderr: '' };
  const io = { stdout: (t: string) => void (out.stdout += t), stderr: (t: string) => void (out.stderr += t), readStdin: async () => '', env: {}, cwd: root };
  assert.equal(await main(['plan', 'explain', 'nope'], io), 2);
  assert.match(out.stderr, /no recorded plan run with id 'nope'/);
  server.requests.length = 0;
  server.reply({
    kind: 'openai-stream',
    chunks: [`Step s1 was refused by the disk: \`${WRITE_ERROR}\`. `, `Nothing was written.\n\n\`\`\`json\n${revisedJson}\n\`\`\``],
  });
  out.stdout = '';
  assert.equal(await main(['plan', 'explain', 'plan_cli'], io), 0, out.stderr);
  assert.match(out.stdout, /^Step s1 was refused by the disk: `EACCES: permission denied/);
  assert.match(out.stdout, /Revised plan plan_\S+ \(valid; it needs your authorization to run\):\n\{/);
  const sent = JSON.parse(server.requests[0].body).messages.map((m: { content: string }) => m.content).join('\n');
  assert.match(sent, /error \(verbatim\): EACCES: permission denied/);
  assert.equal(await main(['plan', 'explain', 'plan_cli', '--json'], io), 0);
});

test('a withheld account names each kind of refusal once, in the order found, in plain words', async () => {
  const root = makeWorkspace({ 'src/calc.ts': 'export const product = 1;\n' });
  const steps = [{ stepId: 's1', tool: 'splice_patch', status: 'failed', error: ERROR }];
  const p = plan([{ id: 's1', tool: 'splice_patch', arguments: { file: 'src/calc.ts', symbol: 'mul', with: '' } }], { id: 'plan_kinds' });
  const careless = scriptedProvider(() => 'The rename probably caused it; it likely failed because of the symbol.');
  const r = await explainRun({ plan: p, status: 'failed', steps, provider: careless, scrubber: createScrubber(), host: hostFor(root) });
  assert.equal(r.explanation, undefined);
  assert.deepEqual(r.refusedFor, ['language', 'tool-error']);
  assert.ok(r.rejected.length >= 3, 'the verbatim rules are all kept');
  assert.match(withheldInWords(r.refusedFor),
    /: it used words an account of a run may not use \(a cause, a likelihood, a risk or advice\); and it did not quote a tool's error word for word \(/);
});
