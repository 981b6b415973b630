import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import type { GroundedApi } from '../../../src/vscode/extension';
import type { GroundedPanel } from '../../../src/vscode/panel/panel';
import type { ToWebview } from '../../../src/vscode/panel/messages';
import { OPEN_CITATION } from '../../../src/vscode/chat/citation-link';
import { Recorder } from './recorder';
import { requests, setReplies } from './chat-harness';

// A multi-root window (test/fixtures/workspaces/basic + second, opened through a .code-workspace
// file): a question searches both folders, `@second/lib/helper.ts` names a file in the second
// folder, and citations of either folder open their file.

const prompts = async () => (await requests()).map((r) => r.prompt);
const token = new vscode.CancellationTokenSource().token;

describe('Multi-root workspaces', function () {
  this.timeout(120_000);
  let api: GroundedApi;
  let model: vscode.LanguageModelChat;
  const folder = (name: string) => vscode.workspace.workspaceFolders!.find((f) => f.name === name)!;
  const helper = () => vscode.Uri.joinPath(folder('second').uri, 'lib/helper.ts').fsPath;

  before(async () => {
    api = await vscode.extensions.getExtension<GroundedApi>('grounded-dev.grounded')!.activate();
    [model] = await vscode.lm.selectChatModels({ vendor: 'fixture' });
    await setReplies([
      { match: '^Question: .*mr-helper', reply: 'It formats names: see second/lib/helper.ts#L2-4 for displayName.' },
      { match: '^Question: .*mr-both', reply: 'Keys are sealed in basic/src/auth/keyStore.ts#L16-18; initials come from second/lib/helper.ts#L7-9.' },
    ]);
  });

  it('opens with two folders', () => {
    assert.deepEqual(vscode.workspace.workspaceFolders?.map((f) => f.name), ['basic', 'second']);
  });

  it('@second/lib/helper.ts attaches the file from the second folder, and its citation opens that file', async () => {
    const rec = new Recorder();
    const result = await api.chat(
      { prompt: 'mr-helper: what does @second/lib/helper.ts do?', command: undefined, references: [], model },
      { history: [] },
      rec,
      token,
    );
    assert.equal(result.metadata?.status, 'success', rec.text());
    assert.match(rec.text(), /File second\/lib\/helper\.ts: all 9 lines/, `the summary names the attached file: ${rec.text()}`);
    const sent = (await prompts()).find((p) => p.includes('mr-helper'));
    assert.match(sent ?? '', /<<<FILE second\/lib\/helper\.ts#L1-9/, 'the model was sent the file');
    assert.match(sent ?? '', /export function displayName/);
    const cite = rec.citations().find((a) => a.title === 'second/lib/helper.ts#L2-4');
    assert.ok(cite, `a citation link: ${rec.text()}`);
    assert.equal(cite.value.uri.fsPath, helper());
    assert.equal(cite.value.range.start.line, 1);
    // Clicked, the link opens the file of the other folder with lines 2-4 selected.
    await vscode.commands.executeCommand(OPEN_CITATION, cite.args);
    const editor = vscode.window.activeTextEditor!;
    assert.equal(editor.document.uri.fsPath, helper());
    assert.deepEqual([editor.selection.start.line, editor.selection.end.line], [1, 3]);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.ok((rec.of('reference') as vscode.Location[]).some((l) => l.uri.fsPath === helper()), 'listed as a used reference');
  });

  it('the panel opens a citation of a file in the second folder, and still opens the answer folder\'s own paths', async () => {
    const panel = (await vscode.commands.executeCommand('grounded.openPanel')) as GroundedPanel;
    const turn = await panel.ask('mr-helper: what does @second/lib/helper.ts do?');
    assert.equal(turn.root, folder('basic').uri.fsPath);
    assert.ok(
      turn.sources.some((s) => s.path === 'second/lib/helper.ts' && s.cited),
      `listed as a cited source: ${JSON.stringify(turn.sources.map((s) => s.path))}`,
    );
    assert.equal(await panel.controller.receive({ type: 'openCitation', turn: turn.id, path: 'second/lib/helper.ts', startLine: 2, endLine: 4 }), true);
    let editor = vscode.window.activeTextEditor!;
    assert.equal(editor.document.uri.fsPath, helper());
    assert.equal(editor.selection.start.line, 1);
    assert.equal(await panel.controller.receive({ type: 'openCitation', turn: turn.id, path: 'src/auth/keyStore.ts', startLine: 1, endLine: 2 }), true);
    editor = vscode.window.activeTextEditor!;
    assert.equal(editor.document.uri.fsPath, vscode.Uri.joinPath(folder('basic').uri, 'src/auth/keyStore.ts').fsPath);
    assert.equal(
      await panel.controller.receive({ type: 'openCitation', turn: turn.id, path: 'second/../../outside.ts', startLine: 1, endLine: 1 }),
      false,
      'still refuses paths that leave the folders',
    );
  });

  it('a chat question searches both folders: one answer cites a file of each, and each citation opens its file', async () => {
    const rec = new Recorder();
    const result = await api.chat(
      { prompt: 'mr-both: how is the API key stored, and how are initials computed?', command: undefined, references: [], model },
      { history: [] },
      rec,
      token,
    );
    assert.equal(result.metadata?.status, 'success', rec.text());
    const sent = (await prompts()).find((p) => p.includes('mr-both')) ?? '';
    assert.match(sent, /<<<FILE basic\/src\/auth\/keyStore\.ts#L/, 'the first folder\'s file was sent');
    assert.match(sent, /<<<FILE second\/lib\/helper\.ts#L/, 'and the second folder\'s');
    assert.doesNotMatch(rec.text(), /unverified/, `both citations were checked against what was sent: ${rec.text()}`);
    const keyStore = vscode.Uri.joinPath(folder('basic').uri, 'src/auth/keyStore.ts').fsPath;
    for (const [title, file, line] of [['basic/src/auth/keyStore.ts#L16-18', keyStore, 15], ['second/lib/helper.ts#L7-9', helper(), 6]] as const) {
      const cite = rec.citations().find((a) => a.title === title);
      assert.ok(cite, `a citation link ${title}: ${rec.text()}`);
      await vscode.commands.executeCommand(OPEN_CITATION, cite.args);
      const editor = vscode.window.activeTextEditor!;
      assert.equal(editor.document.uri.fsPath, file);
      assert.equal(editor.selection.start.line, line);
    }
    // The footer counts the files of both folders.
    const status = (await api.services.indexClient?.status()) ?? [];
    assert.equal(status.length, 2, 'one index server serves both folders');
    const total = status.reduce((n, f) => n + f.files, 0);
    assert.match(rec.text(), new RegExp(`, ${total} files searched`), `files searched is the sum over the folders (${total}): ${rec.text()}`);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('the panel searches every folder, whichever editor is active, and names them', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const panel = (await vscode.commands.executeCommand('grounded.openPanel')) as GroundedPanel;
    // A new conversation: earlier questions would widen the search with their words.
    await panel.controller.receive({ type: 'clear' });
    // With no editor open the question is asked from the first folder; "initials" is only in the second one.
    const turn = await panel.ask('where are initials computed');
    assert.equal(turn.root, folder('basic').uri.fsPath);
    assert.equal(turn.folder, 'basic, second');
    assert.equal(turn.note, undefined);
    assert.equal(turn.sources[0]?.path, 'second/lib/helper.ts', `found in the second folder: ${JSON.stringify(turn.sources.map((s) => s.path))}`);
    assert.equal(await panel.controller.receive({ type: 'openCitation', turn: turn.id, path: 'second/lib/helper.ts', startLine: 7, endLine: 9 }), true);
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, helper());
    const both = await panel.ask('mr-both: how is the API key stored, and how are initials computed?');
    const cited = both.sources.filter((s) => s.cited).map((s) => s.path).sort();
    assert.deepEqual(cited, ['basic/src/auth/keyStore.ts', 'second/lib/helper.ts'], JSON.stringify(both.sources));
    assert.equal(await panel.controller.receive({ type: 'openCitation', turn: both.id, path: 'basic/src/auth/keyStore.ts', startLine: 16, endLine: 18 }), true);
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, vscode.Uri.joinPath(folder('basic').uri, 'src/auth/keyStore.ts').fsPath);
  });

  it('the panel names the folder an @folder/ mention kept the search to, not every folder', async () => {
    const panel = (await vscode.commands.executeCommand('grounded.openPanel')) as GroundedPanel;
    await panel.controller.receive({ type: 'clear' });
    const turn = await panel.ask('where are initials computed in @second/lib/');
    // Said once, on the Sources line (in the words of the chat footer), not again under it.
    assert.deepEqual(turn.use?.within, ['second/lib/']);
    assert.equal(turn.folder, undefined);
    assert.ok(turn.sources.length > 0 && turn.sources.every((s) => s.path.startsWith('second/lib/')), JSON.stringify(turn.sources.map((s) => s.path)));
  });

  it('the chat footer names the folder an @folder/ mention kept the search to, as the panel does', async () => {
    const rec = new Recorder();
    const request = { prompt: 'where are initials computed in @second/lib/', command: undefined, references: [], model };
    const result = await api.chat(request, { history: [] }, rec, token);
    assert.equal(result.metadata?.status, 'success', rec.text());
    assert.match(rec.text(), /, 1 file searched in second\/lib\//, `the footer says where it searched: ${rec.text()}`);
  });

  it('the panel\'s @-completion offers every folder\'s files as name/rel, written as mentions name them', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const panel = (await vscode.commands.executeCommand('grounded.openPanel')) as GroundedPanel;
    const posted: ToWebview[] = [];
    const sub = panel.controller.onDidPost((m) => posted.push(m));
    const completions = async (prefix: string, requestId: number) => {
      assert.equal(await panel.controller.receive({ type: 'complete', prefix, requestId }), true);
      const m = posted.find((p) => p.type === 'completions' && p.requestId === requestId);
      assert.ok(m?.type === 'completions', `completions for ${prefix}`);
      return m.items.map((i) => i.insert);
    };
    try {
      // Asked from the first folder (no editor open): the second folder's files are offered too.
      assert.equal((await completions('helper', 101))[0], '@second/lib/helper.ts ');
      assert.equal((await completions('keyS', 102))[0], '@basic/src/auth/keyStore.ts ');
      const none = await completions('', 103);
      assert.ok(none.some((i) => i.startsWith('@second/')) && none.some((i) => i.startsWith('@basic/')), none.join(', '));
      assert.ok(!none.some((i) => /^@(src|lib)\//.test(i)), `no path without its folder: ${none.join(', ')}`);
    } finally {
      sub.dispose();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });
});
