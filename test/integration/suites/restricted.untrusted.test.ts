import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { PlanRunResult } from '../../../src/engine/plans/executor';
import type { GroundedApi } from '../../../src/vscode/extension';
import type { ToWebview } from '../../../src/vscode/panel/messages';
import type { GroundedPanel } from '../../../src/vscode/panel/panel';
import { Recorder } from './recorder';
import { setReplies } from './chat-harness';

// Restricted mode in a real VS Code: this file runs in its own workbench with workspace trust
// enabled and the folder NOT trusted (scripts/run-vscode-tests.mjs runs *.untrusted.test.ts so).
// Grounded still answers, but says it is restricted, fetches no URL, writes nothing through plans,
// and does not honour grounded.baseUrl from the workspace's settings (a restrictedConfiguration).

const token = new vscode.CancellationTokenSource().token;
const NOTICE = /Restricted mode: Grounded answers, but runs no tools, makes no edits and fetches no URLs in an untrusted workspace\./;

function configChange(section: string, ms = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { sub.dispose(); reject(new Error(`no configuration change of ${section} within ${ms} ms`)); }, ms);
    const sub = vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration(section)) return;
      clearTimeout(timer);
      sub.dispose();
      resolve();
    });
  });
}

describe('restricted mode (untrusted workspace)', function () {
  this.timeout(120_000);
  let api: GroundedApi;
  let model: vscode.LanguageModelChat;
  let root: string;
  const config = () => vscode.workspace.getConfiguration('grounded');

  before(async () => {
    api = await vscode.extensions.getExtension<GroundedApi>('grounded-dev.grounded')!.activate();
    [model] = await vscode.lm.selectChatModels({ vendor: 'fixture' });
    root = vscode.workspace.workspaceFolders![0].uri.fsPath;
  });

  afterEach(async () => {
    await config().update('provider', undefined, vscode.ConfigurationTarget.Global);
    await setReplies([]);
  });

  it('runs in a workspace that is really untrusted, with Grounded active (untrustedWorkspaces: limited)', () => {
    assert.equal(vscode.workspace.isTrusted, false, 'the folder is opened in restricted mode');
    assert.equal(vscode.extensions.getExtension('grounded-dev.grounded')?.isActive, true);
    assert.ok(model, 'the fixture language model is available in restricted mode');
  });

  it("does not answer the CLI's questions from its index server (only a trusted folder's index is offered to a terminal)", async () => {
    await api.services.ask({ question: 'how are API keys stored?' });
    // This checkout's CLI (the installed extension ships none): suites are bundled to .vscode-test/<dir>/.
    const cli = path.resolve(__dirname, '..', '..', 'bin', 'grounded.js');
    const r = spawnSync('node', [cli, 'serve', '--status'], { cwd: root, encoding: 'utf8' });
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /^no server answers for /, r.stderr);
  });

  it('answers in chat with the restricted notice and refuses an @url mention without fetching it', async () => {
    const rec = new Recorder();
    const result = await api.chat(
      { prompt: 'how are API keys stored, per @url:https://example.com/keys?', command: undefined, references: [], model },
      { history: [] },
      rec,
      token,
    );
    const text = rec.text();
    assert.match(text, NOTICE);
    assert.match(
      text,
      /Not attached: @url:https:\/\/example\.com\/keys — URL fetches are off in an untrusted workspace\. Trust the workspace to let Grounded fetch public/,
    );
    assert.equal(result.metadata?.status, 'success', 'the question is still answered');
    assert.ok(rec.citations().length > 0, `the answer cites the workspace: ${text}`);
  });

  it('shows the restricted notice in the panel together with the "no model" note, and no button when "none" was chosen', async () => {
    await config().update('provider', 'none', vscode.ConfigurationTarget.Global);
    const panel = (await vscode.commands.executeCommand('grounded.openPanel')) as GroundedPanel;
    const posted: ToWebview[] = [];
    const sub = panel.controller.onDidPost((m) => posted.push(m));
    try {
      const turn = await panel.ask('how are API keys stored?');
      assert.match(turn.restricted ?? '', NOTICE);
      assert.match(turn.html, /The provider setting is (&quot;|")none(&quot;|")/);
      assert.equal(turn.actions, undefined);
      const last = posted.filter((m) => m.type === 'turn').at(-1);
      assert.ok(last?.type === 'turn' && last.turn.done && last.turn.restricted && /(&quot;|")none(&quot;|")/.test(last.turn.html), 'the webview receives the notice and the reason');
    } finally {
      sub.dispose();
      panel.panel.dispose();
    }
  });

  it('/plan proposes a change but nothing is written, and running the plan writes nothing', async () => {
    const target = path.join(root, 'src/notes.ts');
    const before = readFileSync(target, 'utf8');
    const plan = {
      id: 'plan_restricted_1',
      intent: 'MUTATE',
      steps: [{ id: 's1', tool: 'file_write', arguments: { path: 'src/notes.ts', contents: 'overwritten\n' } }],
      evidence_referenced: [],
      explanation: 'Overwrites the notes module.',
    };
    await setReplies([{ match: 'zap-notes-7c1', reply: '```json\n' + JSON.stringify(plan) + '\n```' }]);
    const rec = new Recorder();
    await api.chat({ prompt: 'zap-notes-7c1: overwrite src/notes.ts', command: 'plan', references: [], model }, { history: [] }, rec, token);
    assert.match(rec.text(), /not trusted/, rec.text());
    assert.equal(readFileSync(target, 'utf8'), before, '/plan wrote nothing');

    const result = (await vscode.commands.executeCommand('grounded.runPlanFile', {
      text: JSON.stringify({ ...plan, id: 'plan_restricted_2' }),
      mode: 'plan',
    })) as PlanRunResult;
    assert.notEqual(result.status, 'completed');
    assert.ok(result.validation.issues.some((i) => /not trusted/.test(i.message)), JSON.stringify(result.validation.issues));
    assert.equal(readFileSync(target, 'utf8'), before, 'running the plan wrote nothing');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('does not honour grounded.baseUrl from the workspace settings (a restricted setting)', async () => {
    let hits = 0;
    const server = http.createServer((_req, res) => { hits++; res.writeHead(500).end(); });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const settingsDir = path.join(root, '.vscode');
    try {
      mkdirSync(settingsDir, { recursive: true });
      const changed = configChange('grounded.provider');
      writeFileSync(path.join(settingsDir, 'settings.json'), JSON.stringify({ 'grounded.provider': 'openai-compatible', 'grounded.baseUrl': baseUrl }));
      await changed;
      assert.equal(config().get('provider'), 'openai-compatible', 'ordinary workspace settings still apply');
      assert.equal(config().get('baseUrl'), '', 'the workspace value of grounded.baseUrl is ignored');
      const r = await api.services.ask({ question: 'how are API keys stored?' });
      assert.equal(r.provider, undefined, 'no model answered');
      assert.match(r.fallbackReason ?? '', /grounded\.baseUrl is empty/);
      assert.equal(hits, 0, 'nothing was sent to the workspace-chosen server');
    } finally {
      const changed = configChange('grounded.provider');
      rmSync(settingsDir, { recursive: true, force: true });
      await changed.catch(() => undefined);
      server.close();
    }
  });
});
