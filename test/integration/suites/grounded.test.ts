import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { handleChatRequest, type ChatStream } from '../../../src/vscode/chat/participant';
import type { GroundedApi } from '../../../src/vscode/extension';
import type { PanelTurn } from '../../../src/vscode/panel/messages';

// The extension's own services (keys, settings, provider choice, the participant's handler and
// the panel) exercised inside the real extension host, with the fixture's language model.

/** A ChatResponseStream that records what the handler sends. */
class Recorder implements ChatStream {
  parts: { kind: string; value: unknown }[] = [];
  markdown(v: string | vscode.MarkdownString) { this.parts.push({ kind: 'markdown', value: typeof v === 'string' ? v : v.value }); return this; }
  anchor(value: vscode.Uri | vscode.Location, title?: string) { this.parts.push({ kind: 'anchor', value: { value, title } }); return this; }
  progress(v: string) { this.parts.push({ kind: 'progress', value: v }); return this; }
  reference(value: vscode.Uri | vscode.Location) { this.parts.push({ kind: 'reference', value }); return this; }
  button(c: vscode.Command) { this.parts.push({ kind: 'button', value: c.command }); return this; }
  text() { return this.parts.filter((p) => p.kind === 'markdown').map((p) => p.value).join(''); }
  of(kind: string) { return this.parts.filter((p) => p.kind === kind).map((p) => p.value); }
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
    await config().update('provider', undefined, vscode.ConfigurationTarget.Global);
    await config().update('maxContextTokens', undefined, vscode.ConfigurationTarget.Global);
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

  it('answers @grounded with citations as anchors and cited chunks as references', async () => {
    const rec = new Recorder();
    const result = await handleChatRequest(api.services, { prompt: 'how are API keys stored?', command: undefined, references: [], model }, { history: [] }, rec, token);
    assert.equal(result.metadata?.status, 'success');
    const anchors = rec.of('anchor') as { value: vscode.Location; title: string }[];
    assert.ok(anchors.length > 0, rec.text());
    assert.match(anchors[0].title, /^src\/auth\/keyStore\.ts#L\d+-\d+$/);
    assert.ok(anchors[0].value instanceof vscode.Location && anchors[0].value.uri.fsPath.endsWith('keyStore.ts'));
    const refs = rec.of('reference') as vscode.Location[];
    assert.ok(refs.some((l) => l.uri.fsPath.endsWith('keyStore.ts')));
    assert.ok(rec.of('progress').some((p) => /Searching \d+ files…/.test(String(p))));
    assert.match(rec.text(), /Answered by vscode-lm/);
  });

  it('resolves a mention of an open editor by basename, shows a bad mention and still answers', async () => {
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'src/util/time.ts'));
    await vscode.window.showTextDocument(doc);
    const rec = new Recorder();
    await handleChatRequest(api.services, { prompt: 'what does @time.ts do, and @nope.tsx?', command: undefined, references: [], model }, { history: [] }, rec, token);
    const text = rec.text();
    assert.match(text, /📄 src\/util\/time\.ts: \d+ line/);
    assert.match(text, /⚠️ @nope\.tsx: No file matches @nope\.tsx\./);
    assert.ok((rec.of('anchor') as unknown[]).length > 0, 'the answer still arrived with a citation');
  });

  it('uses #file references and /help without a model call', async () => {
    const rec = new Recorder();
    await handleChatRequest(api.services, { prompt: '', command: 'help', references: [], model }, { history: [] }, rec, token);
    assert.match(rec.text(), /@grounded\*\* answers questions/);
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'src/notes.ts');
    const withRef = new Recorder();
    const ref = { id: 'vscode.file', name: 'notes.ts', value: uri } as vscode.ChatPromptReference;
    await handleChatRequest(api.services, { prompt: 'what does this file do?', command: undefined, references: [ref], model }, { history: [] }, withRef, token);
    assert.ok((withRef.of('anchor') as { title: string }[]).some((a) => a.title.startsWith('src/notes.ts#L1-')));
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
});
