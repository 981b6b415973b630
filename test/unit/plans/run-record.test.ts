import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reconstructExecution } from '../../../src/engine/audit/reconstruct';
import { addArtifact, finishExecution, recordAuthorization, recordExchange, recordPlan, startExecution } from '../../../src/engine/audit/records';
import { reconstructionMarkdown, runRecordTitle } from '../../../src/engine/plans/run-record';
import { AuditStore, defaultDatabasePath } from '../../../src/engine/audit/store';
import { executePlan } from '../../../src/engine/plans/executor';
import { freshStore } from '../audit/seed';
import { hostFor, makeWorkspace, plan } from './helpers';

/** A proposed plan that wrote one file (accepted) and failed on a second (its error quotes code), with the model exchange kept. */
async function recordedRun() {
  const { store, advance } = await freshStore();
  const contents = Array.from({ length: 40 }, (_, i) => `line ${i + 1} of the new globals.py`).join('\n');
  recordPlan(store, {
    id: 'plan_a',
    intent: 'MUTATE',
    plan: { id: 'plan_a', explanation: 'Add a *closing* comment to `globals.py`.' },
    validation: { valid: true, issues: [] },
    evidence: { cited: [], summary: ['- Q1 (tool_executions): No evidence found for list_executions_by_tool'] },
  });
  recordExchange(store, { planId: 'plan_a', provider: 'openai-compatible', model: 'tour-model', prompt: 'p', response: 'r', keptText: '```json\n{}\n```' });
  const file = 'src/flask/globals.py';
  const write = startExecution(store, { planId: 'plan_a', stepId: 's1', tool: 'file_write', args: { path: file, contents }, path: file });
  recordAuthorization(store, { planId: 'plan_a', stepId: 's1', decision: 'accept', mode: 'step' });
  addArtifact(store, write, 'applied', { path: file, kind: 'modify' });
  finishExecution(store, write, 'succeeded');
  advance(1000);
  const patch = startExecution(store, { planId: 'plan_a', stepId: 's2', tool: 'splice_patch', args: { file: 'src/app.py', symbol: 'run' },
    path: 'src/app.py' });
  recordAuthorization(store, { planId: 'plan_a', stepId: 's2', decision: 'accept', mode: 'step' });
  finishExecution(store, patch, 'failed', "splice_patch failed: symbol `run` not found in 'src/app.py'\n# not a heading");
  const story = reconstructExecution(store, 'plan_a');
  store.close();
  assert.ok(story);
  return { md: reconstructionMarkdown(story, '.agent/state/grounded.db', new Date(0)), contents };
}

test('the run record reads as a document: plan in words, a tally of the steps, one section per step with its decision', async () => {
  const { md } = await recordedRun();
  const headings = md.split('\n').filter((l) => l.startsWith('#'));
  assert.deepEqual(headings, [
    '# Grounded run: Add a closing comment to globals\\.py',
    '## Plan',
    '## Steps',
    '### Step `s1`: `file_write` on `src/flask/globals.py`: succeeded',
    '### Step `s2`: `splice_patch` on `src/app.py`: **failed**',
    '## Evidence',
    '## Model exchanges',
  ]);
  assert.match(md, /^Run `plan_a`, reconstructed from `\.agent\/state\/grounded\.db` on 1970-01-01T00:00:00\.000Z\.$/m, 'the id follows the title');
  assert.match(md, /^- Plan `plan_a`: Change \(`MUTATE`\), created 2023-11-14T22:13:20\.000Z$/m);
  assert.match(md, /^2 steps: 1 succeeded, 1 failed\.$/m);
  assert.equal(md.match(/^- Decision: accepted \(step\)$/gm)?.length, 2);
});

test('the run record keeps model and tool text verbatim, never as Markdown, and leaves a file\'s whole new contents out', async () => {
  const { md, contents } = await recordedRun();
  // The explanation (model text) in a fence: its * and ` are not emphasis or code.
  assert.match(md, /\n```text\nAdd a \*closing\* comment to `globals\.py`\.\n```\n/);
  // The error verbatim, its "# …" line inside the fence rather than a heading.
  assert.match(md, /- Error \(verbatim\):\n\n {2}```text\n {2}splice_patch failed: symbol `run` not found in 'src\/app\.py'\n {2}# not a heading\n {2}```/);
  // Kept exchange text holding a fence sits in a longer fence.
  assert.match(md, /\n {4}````text\n {4}```json\n {4}\{\}\n {4}```\n {4}````\n/);
  assert.ok(!md.includes(contents), 'the new contents are not copied into the record');
  assert.match(md, /- Arguments: `\{"path":"src\/flask\/globals\.py","contents":"… 40 lines, \d+ characters"\}`/);
  assert.match(md, /^- applied:\n {2}- path: `src\/flask\/globals\.py`\n {2}- kind: `modify`$/m, 'an artifact field by field');
  assert.match(md, /^- `Q1 \(tool_executions\): No evidence found for list_executions_by_tool`$/m);
});

test('the title in the heading is the model\'s words as plain text: no link, emphasis or markup from them; no explanation, the id', async () => {
  const { store } = await freshStore();
  recordPlan(store, { id: 'plan_t', intent: 'MUTATE', plan: { id: 'plan_t', explanation: 'Open [this](http://x.test) <img src=x> ~now~!' }, validation: {},
    evidence: {} });
  recordPlan(store, { id: 'plan_u', intent: 'MUTATE', plan: { id: 'plan_u' }, validation: {}, evidence: {} });
  const heading = (id: string) => reconstructionMarkdown(reconstructExecution(store, id)!, 'db', new Date(0)).split('\n')[0];
  assert.equal(heading('plan_t'), '# Grounded run: Open \\[this\\]\\(http://x\\.test\\) \\<img src=x \\~now\\~');
  assert.equal(heading('plan_u'), '# Grounded run `plan_u`');
  store.close();
});

test('a plan that never ran says so under Steps', async () => {
  const { store } = await freshStore();
  const validation = { valid: false, issues: [{ message: "Tool 'shell' not found" }] };
  recordPlan(store, { id: 'plan_b', intent: 'READ', plan: { id: 'plan_b' }, validation, evidence: {} });
  const story = reconstructExecution(store, 'plan_b');
  store.close();
  const md = reconstructionMarkdown(story!, 'db', new Date(0));
  assert.match(md, /## Steps\n\nNo step ran\.\n/);
  assert.match(md, /- Validation: \*\*invalid\*\*\n {2}- `Tool 'shell' not found`/);
  assert.match(md, /Cited by the plan: none\./);
});

test('keeps a model reply with hundreds of thousands of backtick runs verbatim in one fence longer than any of them', async () => {
  const { store } = await freshStore();
  recordPlan(store, { id: 'plan_b', intent: 'MUTATE', plan: { id: 'plan_b' }, validation: { valid: true, issues: [] }, evidence: { cited: [], summary: [] } });
  const kept = `${'a`b'.repeat(200_000)}\n\`\`\`\``;
  recordExchange(store, { planId: 'plan_b', provider: 'openai', model: 'm', prompt: 'p', response: 'r', keptText: kept });
  const story = reconstructExecution(store, 'plan_b');
  store.close();
  assert.ok(story);
  const md = reconstructionMarkdown(story, 'db', new Date(0));
  const lines = md.split('\n').map((l) => l.trim());
  const open = lines.indexOf('`````text');
  assert.ok(open > 0, 'a fence one backtick longer than the reply\'s longest run');
  assert.deepEqual(lines.slice(open + 1, open + 4), [...kept.split('\n'), '`````'], 'the reply verbatim inside it');
});

test('the record\'s tab says what the run was, short enough to read whole after "Preview " in a narrow group; the id only without a plan', async () => {
  const { store } = await freshStore();
  const write = { id: 's1', tool: 'file_write', arguments: { path: 'src/flask/globals.py', contents: 'x' } };
  const plan = (id: string, explanation: string) => ({ id, intent: 'MUTATE', plan: { id, explanation, steps: [write] }, validation: {}, evidence: {} });
  recordPlan(store, plan('plan_s', 'Shorten the README.'));
  recordPlan(store, plan('plan_l', 'Add a closing note to globals.py explaining the proxies.'));
  recordPlan(store, { id: 'plan_7c9e0f6d-5fa2-4e4b-9b82-481177aa6f63', intent: 'MUTATE', plan: 'not a plan', validation: {}, evidence: {} });
  const title = (id: string) => runRecordTitle(reconstructExecution(store, id)!);
  recordPlan(store, plan('plan_t', 'Fix a typo.'));
  assert.equal(title('plan_t'), 'Run: Fix a typo', 'a short sentence is the name');
  assert.equal(title('plan_s'), 'Run: globals.py', 'a longer one: the file the run changed, by its name');
  assert.equal(title('plan_l'), 'Run: globals.py');
  assert.equal(title('plan_7c9e0f6d-5fa2-4e4b-9b82-481177aa6f63'), 'Run plan_7c9e0f6…');
  // VS Code's preview tab says "Preview " before it; in a 900 px window's editor group ~22 characters of the label are read.
  for (const id of ['plan_t', 'plan_s', 'plan_l', 'plan_7c9e0f6d-5fa2-4e4b-9b82-481177aa6f63']) assert.ok(`Preview ${title(id)}`.length <= 25, title(id));
  store.close();
});

test('a step the user rejected or cancelled reads as that decision, not as an error; the audit log keeps its text', async () => {
  for (const [answer, said] of [['reject', 'rejected'], ['cancel', 'cancelled']] as const) {
    const root = makeWorkspace({ 'README.md': '# Notes\n' });
    const store = await AuditStore.open({ file: defaultDatabasePath(root) });
    const p = plan([{ id: 's1', tool: 'file_write', arguments: { path: 'README.md', contents: '# Shorter\n' } }], { id: `plan_${said}` });
    recordPlan(store, { id: p.id, intent: p.intent, plan: p, validation: { valid: true, issues: [] }, evidence: {} });
    // A real run, turned down by the user: the executor writes the audit log the record is read from.
    await executePlan({ plan: p, host: hostFor(root), store, mode: 'step', authorize: async () => answer, applyEdit: async () => {} });
    const kept = store.query(`SELECT error_text FROM executions WHERE plan_id = '${p.id}'`);
    const md = reconstructionMarkdown(reconstructExecution(store, p.id)!, 'db', new Date(0));
    store.close();
    assert.equal(kept[0].error_text, answer === 'reject' ? 'Rejected by the user' : 'Cancelled by the user', 'the audit log keeps its data');
    assert.match(md, /### Step `s1`: `file_write` on `README\.md`: \*\*rejected\*\*/);
    assert.match(md, new RegExp(`^- Not run: ${said} by the user; nothing was written$`, 'm'));
    assert.doesNotMatch(md, /Error \(verbatim\)/);
  }
});

test('a validation issue of 200 K tabs and a reply of 200 K blank lines are rendered as before, and at once', async () => {
  const { store } = await freshStore();
  const issue = `tabs${'\t'.repeat(200_000)}x\n  next line`;
  recordPlan(store, {
    id: 'plan_b', intent: 'MUTATE', plan: { id: 'plan_b', explanation: 'x' }, validation: { valid: false, issues: [{ message: issue }] },
    evidence: { cited: [], summary: [] },
  });
  const blanks = `${'\n'.repeat(200_000)}end`;
  recordExchange(store, { planId: 'plan_b', provider: 'p', model: 'm', prompt: 'p', response: blanks, keptText: blanks });
  const story = reconstructExecution(store, 'plan_b');
  store.close();
  assert.ok(story);
  const md = reconstructionMarkdown(story, 'db', new Date(0));
  assert.ok(md.endsWith('\n') && !md.endsWith('\n\n'), 'one final newline');
  // In inline code a newline and the blanks around it are one space; the tabs no newline ends stay.
  assert.ok(md.includes(`\`tabs${'\t'.repeat(200_000)}x next line\``));
});
