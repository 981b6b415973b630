import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AuditStore } from '../../../src/engine/audit/store';
import type { ProposedEdit } from '../../../src/engine/plans/edits';
import type { AuthorizationDecision } from '../../../src/engine/plans/executor';
import { parsePlanValue, type Plan } from '../../../src/engine/plans/schema';
import { proposalDiffTabs } from '../../../src/vscode/plans/diff-review';
import { ProposedContentProvider } from '../../../src/vscode/plans/proposed-content';
import { PlanSession } from '../../../src/vscode/plans/session';
import { approvalsForTesting } from '../../../src/vscode/plans/test-hooks';
import { createVsCodeWorkspaceHost } from '../../../src/vscode/plans/workspace-host';

// Plans in a real VS Code: diffs in the diff editor, WorkspaceEdits, Undo, stale files. The suite
// drives the plan modules directly with its own proposal scheme (so it does not depend on how
// the extension wires them) and answers the approval prompts through approvalsForTesting.

const scheme = 'grounded-proposed-it';

describe('plans in VS Code', function () {
  this.timeout(60_000);
  let root: string;
  let dir: string;
  let rel: (name: string) => string;
  let store: AuditStore;
  const proposed = new ProposedContentProvider(scheme);
  let registration: vscode.Disposable;
  const previousHooks = process.env.GROUNDED_TEST_HOOKS;

  before(() => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test workspace folder is open');
    root = folder.uri.fsPath;
    dir = mkdtempSync(path.join(root, 'plans-it-'));
    rel = (name) => path.relative(root, path.join(dir, name)).split(path.sep).join('/');
    process.env.GROUNDED_TEST_HOOKS = '1';
    registration = vscode.workspace.registerTextDocumentContentProvider(scheme, proposed);
  });

  beforeEach(async () => {
    approvalsForTesting.length = 0;
    store = await AuditStore.open({ file: path.join(mkdtempSync(path.join(os.tmpdir(), 'grounded-it-db-')), 'grounded.db') });
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.files.saveAll');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    store.close();
  });

  after(() => {
    registration.dispose();
    proposed.dispose();
    rmSync(dir, { recursive: true, force: true });
    if (previousHooks === undefined) delete process.env.GROUNDED_TEST_HOOKS;
    else process.env.GROUNDED_TEST_HOOKS = previousHooks;
  });

  const write = (name: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  };
  const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
  const planOf = (steps: Array<Record<string, unknown>>): Plan =>
    parsePlanValue({ id: `plan_it_${Date.now()}`, intent: 'MUTATE', steps, evidence_referenced: [] });
  const session = (plan: Plan, trusted = true) =>
    PlanSession.create(plan, { host: createVsCodeWorkspaceHost({ discovery: { root }, isTrusted: () => trusted }), proposed, store });

  it('shows one diff per changed file; accepting one and rejecting the other leaves the workspace exactly as chosen; Undo restores it', async () => {
    write('a.md', 'alpha\n');
    write('b.md', 'beta\n');
    const diffsSeen: string[] = [];
    const answer = (decision: AuthorizationDecision) => (_step: unknown, edit: ProposedEdit | undefined) => {
      const tabs = proposalDiffTabs(scheme);
      assert.equal(tabs.length, 1, 'exactly one proposal diff is open while the user decides');
      const input = tabs[0].input as vscode.TabInputTextDiff;
      assert.equal(input.original.fsPath, path.join(root, edit?.path ?? ''), 'left side is the file as it is now');
      diffsSeen.push(path.basename(input.modified.path));
      return decision;
    };
    approvalsForTesting.push(answer('accept'), answer('reject'));
    const s = await session(planOf([
      { id: 'wa', tool: 'file_write', arguments: { path: rel('a.md'), contents: 'alpha 2\n' } },
      { id: 'wb', tool: 'file_write', arguments: { path: rel('b.md'), contents: 'beta 2\n' } },
    ]));
    assert.deepEqual(s.validation.issues, []);
    const result = await s.run('step');

    assert.deepEqual(diffsSeen, ['a.md', 'b.md'], 'two diffs were shown, one per file');
    assert.deepEqual(result.steps.map((o) => o.status), ['succeeded', 'rejected']);
    assert.equal(result.status, 'completed');
    assert.equal(proposalDiffTabs(scheme).length, 0, 'the diff tabs close once decided');
    assert.equal(read('a.md'), 'alpha 2\n');
    assert.equal(read('b.md'), 'beta\n');

    const decisions = store.query('SELECT step_id, decision FROM authorizations ORDER BY decided_at, id').map((r) => `${r.step_id}:${r.decision}`);
    assert.deepEqual(decisions.sort(), ['wa:accept', 'wb:reject']);
    const statuses = store.query('SELECT step_id, status FROM executions ORDER BY started_at, rowid').map((r) => `${r.step_id}:${r.status}`);
    assert.deepEqual(statuses, ['wa:succeeded', 'wb:rejected']);

    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(dir, 'a.md')));
    await vscode.window.showTextDocument(doc);
    assert.equal(doc.getText(), 'alpha 2\n');
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), 'alpha\n', 'one Undo reverts the whole step');
    await doc.save();
    assert.equal(read('a.md'), 'alpha\n');
  });

  it('refuses a file changed on disk after the plan was shown, and never overwrites it', async () => {
    write('c.md', 'gamma\n');
    const s = await session(planOf([{ id: 'wc', tool: 'file_write', arguments: { path: rel('c.md'), contents: 'gamma 2\n' } }]));
    write('c.md', 'changed outside\n');
    approvalsForTesting.push('accept');
    const result = await s.run('step');
    assert.equal(result.status, 'failed');
    assert.equal(result.error, `Refused to write '${rel('c.md')}': the file changed on disk since the plan was made; nothing was written`);
    assert.equal(read('c.md'), 'changed outside\n');
    const [row] = store.query('SELECT status, error_text FROM executions');
    assert.equal(row.status, 'failed');
    assert.equal(row.error_text, result.error, 'the error is audited verbatim');
  });

  it('refuses a file changed on disk while the diff was open', async () => {
    write('d.md', 'delta\n');
    approvalsForTesting.push(() => {
      write('d.md', 'edited while reviewing\n');
      return 'accept';
    });
    const result = await (await session(planOf([{ id: 'wd', tool: 'file_write', arguments: { path: rel('d.md'), contents: 'delta 2\n' } }]))).run('plan');
    assert.equal(result.status, 'failed');
    assert.match(result.error ?? '', /^Refused to write '.*d\.md': the file changed on disk since the plan was made; nothing was written$/);
    assert.equal(read('d.md'), 'edited while reviewing\n');
  });

  it('creates a new file through one WorkspaceEdit after showing it against an empty side', async () => {
    approvalsForTesting.push((_s, edit) => {
      const input = proposalDiffTabs(scheme)[0]?.input as vscode.TabInputTextDiff | undefined;
      assert.equal(input?.original.scheme, scheme, 'a new file is compared with an empty document');
      assert.equal(edit?.kind, 'create');
      return 'accept';
    });
    const result = await (await session(planOf([{ id: 'ce', tool: 'file_create', arguments: { path: rel('new/e.md'), contents: 'epsilon\n' } }]))).run('step');
    assert.equal(result.status, 'completed');
    assert.equal(read('new/e.md'), 'epsilon\n');
  });

  it('writes nothing in an untrusted workspace', async () => {
    write('f.md', 'phi\n');
    const s = await session(planOf([{ id: 'wf', tool: 'file_write', arguments: { path: rel('f.md'), contents: 'phi 2\n' } }]), false);
    assert.deepEqual(s.validation.issues.map((i) => i.message), [
      "Step 'wf': Precondition failed: the workspace is not trusted; Grounded writes nothing in an untrusted workspace",
    ]);
    const result = await s.run('plan');
    assert.equal(result.status, 'invalid');
    assert.equal(read('f.md'), 'phi\n');
  });

  it('plans read unsaved editor text: the dirty buffer wins over the disk', async () => {
    write('g.md', 'on disk\n');
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(dir, 'g.md')));
    const editor = await vscode.window.showTextDocument(doc);
    await editor.edit((b) => b.insert(new vscode.Position(0, 0), 'unsaved '));
    const host = createVsCodeWorkspaceHost({ discovery: { root } });
    assert.equal(await host.readText(rel('g.md')), 'unsaved on disk\n');
    await vscode.commands.executeCommand('undo');
  });

  it('symbols come from the language features with full ranges', async function () {
    const host = createVsCodeWorkspaceHost({ discovery: { root } });
    const symbols = await host.documentSymbols('src/util/time.ts');
    assert.ok(symbols.length > 0, 'the TypeScript extension reports symbols');
    for (const s of symbols) assert.ok(s.range.end.line >= s.range.start.line);
    assert.ok(symbols.some((s) => s.kind === 'function'), 'functions are reported with the kind "function"');
  });
});
