import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Provider, ProviderEvent, ProviderRequest } from '../../../src/engine/llm/types';
import type { PlanRunResult } from '../../../src/engine/plans/executor';
import { PlanParseError } from '../../../src/engine/plans/schema';
import { nullLogger } from '../../../src/engine/telemetry/log';
import { openWorkspaceSession, type WorkspaceSession } from '../../../src/engine/session/workspace-session';
import { PlanFeatures } from '../../../src/vscode/plans/plan-features';
import { ReadOnlyDocs } from '../../../src/vscode/read-only-docs';
import { createVsCodeWorkspaceHost } from '../../../src/vscode/plans/workspace-host';
import { approvalsForTesting } from '../../../src/vscode/plans/test-hooks';
import { eventually } from './eventually';

// The plan features as the extension uses them (propose → plan panel → run → reconstruct), with a
// provider that answers with a fixed reply (a real implementation of the Provider interface).

class CannedProvider implements Provider {
  readonly id = 'canned';
  readonly model = 'canned-1';
  readonly requests: ProviderRequest[] = [];
  constructor(public reply: string) {}
  async *stream(request: ProviderRequest): AsyncIterable<ProviderEvent> {
    this.requests.push(request);
    yield { type: 'text', text: this.reply };
  }
}

const scheme = 'grounded-proposed-features-it';
const planWebviewTabs = () =>
  vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('grounded.plan'));
const describeTabs = () =>
  vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .map((t) => `${t.label} [${(t.input as { viewType?: string })?.viewType ?? typeof t.input}]`)
    .join(', ');


describe('plan features in VS Code', function () {
  this.timeout(60_000);
  let root: string;
  let dir: string;
  let rel: (name: string) => string;
  let features: PlanFeatures;
  let session: WorkspaceSession;
  let provider: CannedProvider | undefined;
  let registration: vscode.Disposable;
  const previousHooks = process.env.GROUNDED_TEST_HOOKS;

  before(() => {
    root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? assert.fail('the test workspace folder is open');
    dir = mkdtempSync(path.join(root, 'plan-features-it-'));
    rel = (name) => path.relative(root, path.join(dir, name)).split(path.sep).join('/');
    process.env.GROUNDED_TEST_HOOKS = '1';
    const extensionUri = vscode.extensions.getExtension('grounded-dev.grounded')?.extensionUri ?? vscode.Uri.file(root);
    session = openWorkspaceSession({
      root, host: (discovery) => createVsCodeWorkspaceHost({ discovery }),
      database: { file: path.join(mkdtempSync(path.join(os.tmpdir(), 'grounded-it-db-')), 'grounded.db') },
    });
    features = new PlanFeatures(extensionUri, { getProvider: async () => provider, logger: nullLogger, session: () => session }, scheme);
    registration = vscode.workspace.registerTextDocumentContentProvider(scheme, features.proposed);
  });

  // Its tests count plan tabs: none left open by a suite before it.
  beforeEach(async () => {
    if (planWebviewTabs().length) await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  afterEach(async () => {
    approvalsForTesting.length = 0;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(() => {
    registration.dispose();
    features.dispose();
    session.dispose();
    rmSync(dir, { recursive: true, force: true });
    if (previousHooks === undefined) delete process.env.GROUNDED_TEST_HOOKS;
    else process.env.GROUNDED_TEST_HOOKS = previousHooks;
  });

  it('proposes a plan from a scrubbed request, opens it in a plan panel, runs it, and reconstructs the run', async () => {
    writeFileSync(path.join(dir, 'notes.md'), 'previous notes 7f3a\n');
    provider = new CannedProvider('```json\n' + JSON.stringify({
      id: 'plan_1', intent: 'MUTATE',
      steps: [{ id: 's1', tool: 'file_write', arguments: { path: rel('notes.md'), contents: 'new\n' } }],
      evidence_referenced: [], explanation: 'Replaces the text of the notes file.',
    }) + '\n```');
    const outcome = await features.propose('Update the notes; contact jane.doe@acme-corp.com');
    assert.ok(outcome.session, outcome.markdown);
    assert.match(outcome.markdown, /`file_write` on `.*notes\.md` — \*\*modifies files\*\*/);
    const sent = provider.requests[0].messages.map((m) => m.content).join('\n');
    assert.ok(!sent.includes('jane.doe@acme-corp.com'), 'the request reaches the model scrubbed');
    assert.ok(await eventually(() => planWebviewTabs().length === 1), `the plan opens in its panel; tabs: ${describeTabs()}`);

    approvalsForTesting.push('accept');
    const result = await outcome.session.run('step');
    assert.equal(result.status, 'completed');
    assert.equal(readFileSync(path.join(dir, 'notes.md'), 'utf8'), 'new\n');

    const record = await features.reconstruct(outcome.session.plan.id);
    assert.ok(record);
    const story = record.markdown;
    // Named as the plan's tab names it, short enough for a narrow tab: not by its id.
    assert.equal(record.title, 'Run: notes.md');
    // "Show the run record" opens it this way: rendered, in the Markdown preview (which this opens, activating
    // the Markdown extension when no Markdown file was opened before), not as Markdown source.
    const docs = new ReadOnlyDocs('grounded-test-record');
    await docs.showRendered(record.title, story, outcome.session.plan.id);
    const shown = () => vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(
      await eventually(() => shown()?.input instanceof vscode.TabInputWebview && /markdown\.preview/.test((shown()!.input as vscode.TabInputWebview).viewType)),
      `the record opens in the Markdown preview; tabs: ${describeTabs()}`,
    );
    assert.equal(shown()!.label, 'Preview Run: notes.md', 'the tab says what the run was, with no ".md"');
    docs.dispose();
    assert.match(story, new RegExp(`^- Plan \`${outcome.session.plan.id}\`: Change \\(\`MUTATE\`\\)`, 'm'));
    assert.match(story, /^### Step `s1`: `file_write` on `.*notes\.md`: succeeded$/m);
    assert.match(story, /^- Decision: accepted \(step\)$/m);
    assert.match(story, /^- applied:\n {2}- path: `.*notes\.md`\n {2}- kind: `modify`$/m);
    assert.ok(!story.includes('previous notes 7f3a'), 'the file\'s previous contents are not in the audit log (hashes only)');
    const recent = await features.recentRuns();
    assert.equal(recent[0].id, outcome.session.plan.id, 'the run is first in "Reconstruct run…"');
  });

  it('after a failed run the model explains it, quoting the error, and its revised plan opens as a new plan to authorize', async () => {
    writeFileSync(path.join(dir, 'todo.md'), 'one\n');
    const plan = {
      id: 'plan_after_run',
      intent: 'MUTATE',
      steps: [{ id: 's1', tool: 'file_write', arguments: { path: rel('todo.md'), contents: 'two\n' } }],
      evidence_referenced: [],
    };
    await features.openPlan(plan as never);
    const panel = features.panel('plan_after_run');
    assert.ok(panel, 'the plan panel is open');
    // The file changes on disk after the plan was shown: the write is refused at run time.
    writeFileSync(path.join(dir, 'todo.md'), 'changed meanwhile\n');
    const revised = { id: 'r', intent: 'MUTATE', steps: [{ id: 's1', tool: 'file_read', arguments: { path: rel('todo.md') } }], evidence_referenced: [] };
    approvalsForTesting.push('accept');
    // The model quotes the step's error verbatim: it reads it from the run report it is sent.
    const quoting = new CannedProvider('');
    quoting.stream = async function* (request) {
      quoting.requests.push(request);
      const report = request.messages.map((m) => m.content).join('\n');
      const error = /error \(verbatim\): (.*)/.exec(report)?.[1] ?? 'no error in the report';
      yield { type: 'text', text: `Step s1 was refused: \`${error}\`.\n\n\`\`\`json\n${JSON.stringify(revised)}\n\`\`\`` };
    };
    provider = quoting;
    await panel.run('plan');
    const view = panel.currentView;
    assert.equal(view.state, 'failed');
    assert.equal(view.outcome?.state, 'explained', JSON.stringify(view.outcome));
    assert.match(view.outcome!.explanation!, /Step s1 was refused: `.*changed on disk/);
    assert.equal(view.outcome!.revisedValid, true);
    assert.equal(readFileSync(path.join(dir, 'todo.md'), 'utf8'), 'changed meanwhile\n', 'nothing was written');
    panel.openRevised();
    assert.ok(await eventually(() => planWebviewTabs().length === 2), `the revised plan opens in its own panel; tabs: ${describeTabs()}`);
    assert.ok(features.panel(view.outcome!.revisedPlanId!), 'a panel for the revised plan');
  });

  it('after a run the panel says "N applied · M rejected", and Undo puts the files back', async () => {
    writeFileSync(path.join(dir, 'u1.md'), 'one\n');
    writeFileSync(path.join(dir, 'u2.md'), 'two\n');
    const plan = { id: 'plan_undo', intent: 'MUTATE', steps: [
      { id: 's1', tool: 'file_write', arguments: { path: rel('u1.md'), contents: 'ONE\n' } },
      { id: 's2', tool: 'file_write', arguments: { path: rel('u2.md'), contents: 'TWO\n' } },
      { id: 's3', tool: 'file_create', arguments: { path: rel('u3.md'), contents: 'three\n' } },
    ], evidence_referenced: [] };
    provider = undefined;
    await features.openPlan(plan as never);
    const panel = features.panel('plan_undo')!;
    approvalsForTesting.push('accept', 'reject', 'accept');
    await panel.run('step');
    assert.deepEqual(panel.currentView.summary, { applied: 2, rejected: 1 });
    assert.equal(readFileSync(path.join(dir, 'u1.md'), 'utf8'), 'ONE\n');
    await panel.undo();
    assert.deepEqual(panel.currentView.summary?.undone, [rel('u3.md'), rel('u1.md')]);
    assert.equal(readFileSync(path.join(dir, 'u1.md'), 'utf8'), 'one\n');
    assert.equal(readFileSync(path.join(dir, 'u2.md'), 'utf8'), 'two\n');
    assert.ok(!existsSync(path.join(dir, 'u3.md')), 'the created file is gone again');
  });

  it('shows an unusable reply verbatim and opens nothing', async () => {
    provider = new CannedProvider('Sure, I will just edit the file.');
    const outcome = await features.propose('Change something');
    assert.equal(outcome.session, undefined);
    assert.match(outcome.markdown, /Plan is not valid: no JSON object found in the reply/);
    assert.equal(planWebviewTabs().length, 0);
  });

  it('says a model is needed when none is configured', async () => {
    provider = undefined;
    const outcome = await features.propose('Change something');
    assert.match(outcome.markdown, /Plans need a language model/);
  });

  it('runs a plan file: an unknown tool is refused before anything runs; bad JSON is a parse error', async () => {
    const text = JSON.stringify({ id: 'p_file', intent: 'MUTATE', steps: [{ id: 'x', tool: 'shell_exec', arguments: {} }] });
    const result = (await features.runPlanText(text, 'plan')) as PlanRunResult;
    assert.equal(result.status, 'invalid');
    assert.match(result.validation.issues[0].message, /^Step 'x': Tool 'shell_exec' not found in available tools\. Available tools: file_read, /);
    await assert.rejects(features.runPlanText('{ "id": ', 'plan'), PlanParseError);
  });
});
