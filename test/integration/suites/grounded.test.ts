import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import type { GroundedApi } from '../../../src/vscode/extension';
import type { PanelTurn } from '../../../src/vscode/panel/messages';
import type { GroundedPanel } from '../../../src/vscode/panel/panel';
import { OPEN_CITATION } from '../../../src/vscode/chat/citation-link';
import { Recorder } from './recorder';
import { eventually } from './eventually';

// The extension's own services (keys, settings, provider choice, the participant's handler and
// the panel) exercised inside the real extension host, with the fixture's language model.

const SETTINGS = ['provider', 'maxContextTokens', 'extraIgnore', 'maxFileSize', 'logLevel'];

/** Resolves once VS Code has told the extension host that `grounded.<key>` changed. */
function settingChanged(key: string, ms = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { sub.dispose(); reject(new Error(`grounded.${key} did not change within ${ms} ms`)); }, ms);
    const sub = vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`grounded.${key}`)) { clearTimeout(timer); sub.dispose(); resolve(); }
    });
  });
}

async function setSetting(key: string, value: unknown): Promise<void> {
  const changed = settingChanged(key);
  await vscode.workspace.getConfiguration('grounded').update(key, value, vscode.ConfigurationTarget.Global);
  await changed;
}


const token = new vscode.CancellationTokenSource().token;

describe('Grounded in VS Code', function () {
  this.timeout(120_000);
  let api: GroundedApi;
  let model: vscode.LanguageModelChat;
  const config = () => vscode.workspace.getConfiguration('grounded');

  before(async () => {
    const ext = vscode.extensions.getExtension<GroundedApi>('grounded-dev.grounded')!;
    api = await ext.activate();
    [model] = await vscode.lm.selectChatModels({ vendor: 'fixture' });
  });

  afterEach(async () => {
    for (const key of SETTINGS) await config().update(key, undefined, vscode.ConfigurationTarget.Global);
  });

  it('activates quickly and reports how long it took', () => {
    assert.ok(api.activationMs >= 0 && api.activationMs < 1000, `activation took ${api.activationMs} ms`);
  });

  it('stores an API key in SecretStorage only, and clears it', async () => {
    await api.services.keys.store('openai', 'sk-test-key-123456');
    assert.equal(await api.services.keys.get('openai'), 'sk-test-key-123456');
    assert.ok(!JSON.stringify(config()).includes('sk-test-key-123456'), 'the key is not in settings');
    const r = await api.services.resolveProvider();
    assert.equal(r.provider?.id, 'openai');
    await vscode.commands.executeCommand('grounded.clearApiKey', 'openai');
    assert.equal(await api.services.keys.get('openai'), undefined);
  });

  it('honours the provider and budget settings', async () => {
    await config().update('provider', 'none', vscode.ConfigurationTarget.Global);
    assert.match((await api.services.resolveProvider()).reason ?? '', /"none"/);
    await config().update('maxContextTokens', 1000, vscode.ConfigurationTarget.Global);
    const r = await api.services.ask({ question: 'how are API keys stored?' });
    assert.equal(r.context.budget.maxContextTokens, 1000);
    assert.ok(r.context.totalTokens <= 1000);
    assert.equal(r.provider, undefined);
  });

  it('answers @grounded with citations that open at their first line with every line highlighted, and cited chunks as references', async () => {
    const rec = new Recorder();
    const result = await api.chat({ prompt: 'how are API keys stored?', command: undefined, references: [], model }, { history: [] }, rec, token);
    assert.equal(result.metadata?.status, 'success');
    const cites = rec.citations();
    assert.ok(cites.length > 0, rec.text());
    assert.match(cites[0].title, /^src\/auth\/keyStore\.ts#L\d+-\d+$/);
    assert.ok(cites[0].value.uri.fsPath.endsWith('keyStore.ts'));
    // The link's command opens the file at the first cited line with the whole range highlighted, not only its first line.
    // This citation is the whole file: nothing is left selected, which the Chat view would attach to the next question.
    const { startLine, endLine } = cites[0].args;
    assert.ok(endLine - startLine + 1 > 10, `a long range: ${cites[0].title}`);
    await vscode.commands.executeCommand(OPEN_CITATION, cites[0].args);
    const sel = vscode.window.activeTextEditor!.selection;
    assert.ok(vscode.window.activeTextEditor!.document.uri.fsPath.endsWith('keyStore.ts'));
    assert.ok(sel.isEmpty, 'nothing selected');
    assert.equal(sel.active.line + 1, startLine);
    assert.deepEqual(api.citationHighlight(), { path: vscode.window.activeTextEditor!.document.uri.fsPath, startLine, endLine });
    // Anything that is not a citation inside the workspace opens nothing.
    assert.equal(await vscode.commands.executeCommand(OPEN_CITATION, { ...cites[0].args, path: '../outside.ts' }), undefined);
    const refs = rec.of('reference') as vscode.Location[];
    assert.ok(refs.some((l) => l.uri.fsPath.endsWith('keyStore.ts')));
    assert.ok(rec.of('progress').some((p) => /Searching \d+ files…/.test(String(p))));
    // The footer says the budget used, the files searched and how many excerpts sent the answer cites.
    const footer = /Answered by VS Code \([^)]*\) from \d+ excerpts? of \d+ files? \([\d,]+ of [\d,]+ tokens[^)]*\), [\d,]+ files? searched; the answer cites/;
    assert.match(rec.text(), new RegExp(`${footer.source} (all|\\d+) of them`));
  });

  it('resolves a mention of an open editor by basename, shows a bad mention and still answers', async () => {
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'src/util/time.ts'));
    await vscode.window.showTextDocument(doc);
    const rec = new Recorder();
    await api.chat({ prompt: 'what does @time.ts do, and @nope.tsx?', command: undefined, references: [], model }, { history: [] }, rec, token);
    const text = rec.text();
    assert.match(text, /File src\/util\/time\.ts: all \d+ lines/);
    assert.match(text, /Not attached: @nope\.tsx — no file matches\./);
    assert.match(text, /\$\(warning\)[^\n]*Mentions/, 'the summary of a failed mention is marked as a warning, as the panel boxes it');
    assert.ok(rec.citations().length > 0, 'the answer still arrived with a citation');
  });

  it('runs an @grep pattern in its worker thread (dist/grep-worker.js) and attaches its matches', async () => {
    const rec = new Recorder();
    const prompt = 'what is exported: @grep:"^export (const|function|class) \\w+"?';
    await api.chat({ prompt, command: undefined, references: [], model }, { history: [] }, rec, token);
    assert.match(rec.text(), /Search @grep:"\^export \(const\|function\|class\) \\w\+": [1-9][\d,]* match(es)? in [1-9][\d,]* files?, [1-9]\d* shown/);
    assert.doesNotMatch(rec.text(), /Not attached/);
  });

  it('uses #file references and /help without a model call', async () => {
    const rec = new Recorder();
    await api.chat({ prompt: '', command: 'help', references: [], model }, { history: [] }, rec, token);
    assert.match(rec.text(), /@grounded\*\* answers questions/);
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'src/notes.ts');
    const withRef = new Recorder();
    const ref = { id: 'vscode.file', name: 'notes.ts', value: uri } as vscode.ChatPromptReference;
    await api.chat({ prompt: 'what does this file do?', command: undefined, references: [ref], model }, { history: [] }, withRef, token);
    assert.ok(withRef.citations().some((a) => a.title.startsWith('src/notes.ts#L1-')));
  });

  it('asks about the selection from the editor menu command and shows the answer in the panel', async () => {
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'src/http/client.ts'));
    const editor = await vscode.window.showTextDocument(doc);
    editor.selection = new vscode.Selection(9, 0, 15, 0);
    await config().update('provider', 'vscode-lm', vscode.ConfigurationTarget.Global);
    const turn = (await vscode.commands.executeCommand('grounded.askSelection', 'what does this parse?')) as PanelTurn;
    assert.equal(turn.done, true);
    assert.equal(turn.sources[0].origin, 'selection');
    assert.deepEqual([turn.sources[0].path, turn.sources[0].startLine, turn.sources[0].endLine], ['src/http/client.ts', 10, 15]);
    assert.match(turn.html, /<button class="cite" data-path="src\/http\/client\.ts" data-start="10" data-end="15"/);
  });

  it('offers "Set an API key" in chat only when the chosen provider lacks its key, not with "none" chosen', async () => {
    await setSetting('provider', 'none');
    const rec = new Recorder();
    const result = await api.chat({ prompt: 'how are API keys stored?', command: undefined, references: [], model }, { history: [] }, rec, token);
    assert.equal(result.metadata?.status, 'success');
    assert.match(rec.text(), /No model used/, 'the answer is the ranked snippets');
    assert.ok(rec.citations().some((a) => a.title.startsWith('src/auth/keyStore.ts#L')), 'the snippets cite their lines');
    assert.deepEqual(rec.of('button'), [], 'no model was chosen on purpose: nothing to fix');
    await setSetting('provider', 'gemini'); // no Gemini key is stored in these suites
    const keyless = new Recorder();
    await api.chat({ prompt: 'how are API keys stored?', command: undefined, references: [], model }, { history: [] }, keyless, token);
    assert.match(keyless.text(), /No API key is stored for gemini/);
    assert.deepEqual(keyless.of('button'), ['grounded.setApiKey', 'grounded.selectModel']);
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.ok(registered.has('grounded.setApiKey') && registered.has('grounded.selectModel'), 'both buttons run registered commands');
  });

  it('never shows a file hidden by grounded.extraIgnore in the sources of an answer', async () => {
    const question = 'how does formatDuration format milliseconds?';
    const shown = await api.services.ask({ question });
    assert.ok(shown.context.chunks.some((c) => c.path === 'src/util/time.ts'), 'without the setting the file is a source');
    await setSetting('extraIgnore', ['src/util/']);
    const hidden = await api.services.ask({ question: `${question} see @src/util/time.ts` });
    assert.deepEqual(hidden.context.chunks.filter((c) => c.path.startsWith('src/util/')), []);
    assert.match(hidden.answer, /@src\/util\/time\.ts — hidden from Grounded \(its folder src\/util\/ is hidden by .*src\/util\/\)/);
  });

  it('skips files larger than grounded.maxFileSize', async () => {
    const question = 'how are API keys stored?';
    assert.ok((await api.services.ask({ question })).context.chunks.some((c) => c.path === 'src/auth/keyStore.ts'));
    await setSetting('maxFileSize', 1024);
    const r = await api.services.ask({ question });
    assert.ok(r.context.chunks.length > 0, 'smaller files still answer');
    assert.ok(
      r.context.chunks.every((c) => c.path !== 'src/auth/keyStore.ts' && c.path !== 'src/http/client.ts'),
      r.context.chunks.map((c) => c.path).join(', '),
    );
  });

  it('writes to the Grounded log only what grounded.logLevel allows', async () => {
    const log = async () => Buffer.from(await vscode.workspace.fs.readFile(api.logFile)).toString('utf8');
    const panel = (await vscode.commands.executeCommand('grounded.openPanel')) as GroundedPanel;
    const count = async (text: string) => (await log()).split(text).length - 1;
    try {
      await setSetting('logLevel', 'warn');
      const quiet = await api.services.ask({ question: 'how are API keys stored?' });
      const warnings = await count('panel.message.rejected');
      assert.equal(await panel.controller.receive({ type: 'not-a-message' }), false);
      assert.ok(await eventually(async () => (await count('panel.message.rejected')) > warnings), 'the warning is written at "warn"');
      assert.ok(!(await log()).includes(quiet.queryId), 'no info record of the query at "warn"');
      await setSetting('logLevel', 'info');
      const loud = await api.services.ask({ question: 'how are API keys stored?' });
      assert.ok(await eventually(async () => (await log()).includes(`"event":"query.done","queryId":"${loud.queryId}"`)), 'the query is logged at "info"');
      await setSetting('logLevel', 'off');
      await new Promise((r) => setTimeout(r, 500));
      const before = (await log()).length;
      await api.services.ask({ question: 'how are API keys stored?' });
      await panel.controller.receive({ type: 'still-not-a-message' });
      await new Promise((r) => setTimeout(r, 1500));
      assert.equal((await log()).length, before, 'nothing at all is written at "off"');
    } finally {
      panel.panel.dispose();
    }
  });
});
