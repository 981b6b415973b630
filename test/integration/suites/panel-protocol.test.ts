import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import type { GroundedApi } from '../../../src/vscode/extension';
import { toWebview, type PanelTurn, type ToWebview } from '../../../src/vscode/panel/messages';
import type { GroundedPanel } from '../../../src/vscode/panel/panel';
import { requests, setReplies } from './chat-harness';

// The Grounded panel's message protocol in the real extension: the messages its webview sends
// are fed to the open panel's receive handler, and what the extension posts back to the webview
// is recorded (every posted message has passed the toWebview schema).


const textTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputText);

async function until<T>(find: () => T | undefined, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = find();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out waiting for the panel');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('Grounded panel message protocol', function () {
  this.timeout(120_000);
  let panel: GroundedPanel;
  let api: GroundedApi;
  let posted: ToWebview[] = [];
  let sub: vscode.Disposable;
  const receive = (m: unknown) => panel.controller.receive(m);
  const turnsOf = (question: string) => posted.flatMap((m) => (m.type === 'turn' && m.turn.question === question ? [m] : []));
  const finished = (question: string) => until(() => turnsOf(question).find((m) => m.turn.done));

  before(async () => {
    api = await vscode.extensions.getExtension<GroundedApi>('grounded-dev.grounded')!.activate();
    panel = (await vscode.commands.executeCommand('grounded.openPanel')) as GroundedPanel;
    sub = panel.controller.onDidPost((m) => posted.push(m));
  });

  beforeEach(() => { posted = []; });

  afterEach(async () => {
    await setReplies([]);
    await vscode.workspace.getConfiguration('grounded').update('provider', undefined, vscode.ConfigurationTarget.Global);
  });

  after(() => {
    sub.dispose();
    panel.panel.dispose();
  });

  it('ask: streams the turn, then finishes it with citation chips, sources and redactions; ready sends the conversation', async () => {
    assert.equal(await receive({ type: 'ask', question: 'how are API keys stored?' }), true);
    const turns = turnsOf('how are API keys stored?');
    assert.equal(turns[0].turn.done, false);
    assert.equal(turns[0].busy, true, 'the panel shows Stop while answering');
    const last = turns.at(-1)!;
    assert.equal(last.turn.done, true);
    assert.equal(last.busy, false);
    assert.match(last.turn.html, /<button class="cite" data-path="src\/auth\/keyStore\.ts" data-start="\d+" data-end="\d+"/);
    assert.ok(last.turn.sources.some((s) => s.path === 'src/auth/keyStore.ts' && s.cited));
    assert.ok(Object.keys(last.turn.redactions).length > 0, 'what was redacted is reported');
    assert.match(last.turn.provider ?? '', /^VS Code · /);
    for (const m of posted) assert.ok(toWebview.safeParse(m).success);

    posted = [];
    assert.equal(await receive({ type: 'ready' }), true);
    const state = posted[0];
    assert.ok(state.type === 'state' && state.busy === false);
    assert.equal(state.turns.at(-1)?.id, last.turn.id);
    assert.ok(!('root' in state.turns.at(-1)!), 'the folder path stays in the extension');
  });

  it('counts a source as cited only when a verified citation overlaps its lines', async () => {
    await setReplies([{ match: 'narrow-cite-7', reply: 'The key is encrypted in src/auth/keyStore.ts#L19-26.' }]);
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'src/auth/keyStore.ts'));
    const lines = (a: number, b: number) => ({
      path: 'src/auth/keyStore.ts',
      startLine: a,
      endLine: b,
      text: doc.getText(new vscode.Range(a - 1, 0, b, 0)),
      origin: 'selection' as const,
    });
    const turn = await panel.ask('narrow-cite-7: where is the key encrypted?', [lines(1, 8), lines(19, 26)]);
    const src = (a: number) => turn.sources.find((s) => s.path === 'src/auth/keyStore.ts' && s.startLine === a && s.origin === 'selection');
    assert.equal(src(19)?.cited, true, JSON.stringify(turn.sources));
    assert.equal(src(1)?.cited, false, 'same file, lines not cited');
  });

  it('rejects malformed messages, unknown commands and citation paths that leave the workspace', async () => {
    await vscode.window.tabGroups.close(textTabs());
    const bad: unknown[] = [
      null, 'ask', { type: 'nope' }, { type: 'ask', question: '   ' }, { type: 'ask', question: 'x'.repeat(8001) },
      { type: 'command', command: 'workbench.action.terminal.new' },
      { type: 'openCitation', path: '../../etc/passwd', startLine: 1, endLine: 1 },
      { type: 'openCitation', path: '/etc/passwd', startLine: 1, endLine: 1 },
      { type: 'openCitation', path: 'src/../../outside.ts', startLine: 1, endLine: 1 },
      { type: 'openCitation', path: 'src\\auth\\keyStore.ts', startLine: 1, endLine: 1 },
      { type: 'openCitation', path: 'src/auth/keyStore.ts', startLine: 0, endLine: 1 },
    ];
    for (const m of bad) assert.equal(await receive(m), false, `rejected: ${JSON.stringify(m)?.slice(0, 80)}`);
    assert.deepEqual(posted, [], 'nothing was posted back');
    assert.deepEqual(textTabs().map((t) => t.label), [], 'no editor was opened');
    assert.throws(() => toWebview.parse({ type: 'turn', turn: { id: 1, question: 'q' }, busy: false }), 'the extension cannot post a malformed turn either');
  });

  it('a /read-then-cite answer shows the citation of the lines read as a verified chip, and the lines as a cited source', async () => {
    await setReplies([
      { match: 'TOOL RESULT — READ', reply: 'Durations are formatted in src/util/time.ts#L2-4; not in src/util/time.ts#L80-81.' },
      { match: 'panel-read-31', reply: '/read src/util/time.ts#L1-9' },
    ]);
    const question = 'panel-read-31: how are API keys stored?';
    await receive({ type: 'ask', question });
    const { turn } = await finished(question);
    assert.match(turn.html, /<button class="cite" data-path="src\/util\/time\.ts" data-start="2" data-end="4"/, turn.html);
    assert.equal(turn.html.split('badge-unverified').length - 1, 1, `only the unverified citation is marked, once: ${turn.html}`);
    assert.ok(turn.sources.some((s) => s.path === 'src/util/time.ts' && s.origin === 'tool' && s.cited), JSON.stringify(turn.sources));
  });

  it('gives the model earlier answers as the text they were, not as rendered HTML', async () => {
    await setReplies([{ match: 'history-lt-7', reply: 'Use a < b && c > d in src/util/time.ts#L7.' }]);
    await receive({ type: 'ask', question: 'history-lt-7: how do I compare?' });
    await finished('history-lt-7: how do I compare?');
    await receive({ type: 'ask', question: 'and the follow-up?' });
    await finished('and the follow-up?');
    const prompt = (await requests()).at(-1)!.prompt;
    assert.match(prompt, /Use a < b && c > d in src\/util\/time\.ts#L7/, 'the earlier answer is sent as written');
    assert.ok(!prompt.includes('&lt;') && !prompt.includes('<button'), 'no HTML of the panel reaches the model');
  });

  it('openCitation opens the cited lines, selected with the cursor on the first, in the answer\'s folder', async () => {
    const turnId = (await panel.ask('how are API keys stored?')).id;
    assert.equal(await receive({ type: 'openCitation', turn: turnId, path: 'src/auth/keyStore.ts', startLine: 19, endLine: 26 }), true);
    const editor = vscode.window.activeTextEditor!;
    assert.equal(editor.document.uri.fsPath, vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'src/auth/keyStore.ts').fsPath);
    assert.deepEqual([editor.selection.start.line, editor.selection.end.line, editor.selection.active.line], [18, 25, 18]);
    assert.deepEqual(api.citationHighlight(), { path: editor.document.uri.fsPath, startLine: 19, endLine: 26 });
  });

  it('openCitation of a long range puts the cursor on its first line and highlights it, leaving no selection for chat to attach', async () => {
    const turnId = (await panel.ask('how are API keys stored?')).id;
    assert.equal(await receive({ type: 'openCitation', turn: turnId, path: 'src/auth/keyStore.ts', startLine: 3, endLine: 40 }), true);
    const editor = vscode.window.activeTextEditor!;
    assert.ok(editor.selection.isEmpty, `nothing selected: ${JSON.stringify(editor.selection)}`);
    assert.equal(editor.selection.active.line, 2, 'the cursor is on the first cited line');
    assert.ok(editor.visibleRanges.some((r) => r.contains(new vscode.Position(2, 0))), 'the first cited line is on screen');
    assert.deepEqual(api.citationHighlight(), { path: editor.document.uri.fsPath, startLine: 3, endLine: 40 }, 'every cited line is highlighted');
    // Moving inside the range keeps the highlight; leaving it (or editing the file) removes it.
    editor.selection = new vscode.Selection(20, 0, 20, 0);
    await until(() => (api.citationHighlight() ? true : undefined));
    editor.selection = new vscode.Selection(44, 0, 44, 0);
    await until(() => (api.citationHighlight() ? undefined : true));
  });

  it('Stop ends the answer being written at once; a new question stops the one still running', async () => {
    await setReplies([
      // The model sleeps 15 s between pieces: "at once" is checked by order, not by a clock.
      { match: 'slow-panel-55', reply: 'Keys go through src/auth/keyStore.ts#L19-26 and are sealed with AES before they are stored.', delayMs: 15_000 },
    ]);
    const first = receive({ type: 'ask', question: 'slow-panel-55 first' });
    await until(() => turnsOf('slow-panel-55 first').find((m) => m.turn.html.includes('Keys')));
    assert.equal(await receive({ type: 'stop' }), true);
    await first;
    const t1 = (await finished('slow-panel-55 first')).turn;
    const call = (await requests()).filter((r) => r.prompt.includes('slow-panel-55 first')).at(-1)!;
    assert.equal(call.returned, false, 'the turn ended while the model was still between pieces: Stop did not wait for it');
    assert.equal(t1.stopped, true);
    assert.equal(t1.error, undefined, 'stopping is not an error');
    assert.ok(!t1.html.includes('sealed with AES'));

    const second = receive({ type: 'ask', question: 'slow-panel-55 second' });
    await until(() => turnsOf('slow-panel-55 second').find((m) => m.turn.html.includes('Keys')));
    const third = receive({ type: 'ask', question: 'how are API keys stored? (third)' });
    await Promise.all([second, third]);
    const t2 = await finished('slow-panel-55 second');
    const t3 = await finished('how are API keys stored? (third)');
    assert.equal(t2.turn.stopped, true, 'the earlier question was stopped');
    assert.equal(t2.busy, true, 'and the panel stayed busy with the new one');
    assert.equal(t3.turn.stopped, undefined);
    assert.match(t3.turn.html, /class="cite"/);
    assert.equal(t3.busy, false);

    // A stopped question is asked again with one click ("Ask again"), the same question.
    await setReplies([{ match: 'slow-panel-55', reply: 'Keys go through src/auth/keyStore.ts#L19-26.' }]);
    posted = [];
    assert.equal(await receive({ type: 'retry', turn: t1.id }), true);
    const again = (await finished('slow-panel-55 first')).turn;
    assert.notEqual(again.id, t1.id);
    assert.equal(again.stopped, undefined);
    assert.match(again.html, /class="cite"/);
  });

  it('shows code in an answer highlighted, and its Copy button puts the code on the clipboard', async () => {
    await setReplies([
      { match: '^Question: code-block-15', reply: 'Like this:\n\n```ts\nconst key = await store.get("openai");\n```\n\nsee src/auth/keyStore.ts#L19-26.' },
    ]);
    const turn = await panel.ask('code-block-15: show me');
    assert.match(turn.html, /<pre class="code-block" data-language="TypeScript"><button type="button" class="copy-code"/);
    assert.match(turn.html, /<span class="hljs-keyword">const<\/span> key/);
    const code = 'const key = await store.get("openai");\n';
    assert.equal(await receive({ type: 'copy', text: code }), true);
    assert.equal(await vscode.env.clipboard.readText(), code);
  });

  it('a page opened later embeds the conversation so far as data, so it is drawn before any message', async () => {
    await panel.ask('history-15 </script><b>kept</b>?');
    const side = panel.panel;
    side.dispose();
    panel = (await vscode.commands.executeCommand('grounded.openPanel')) as GroundedPanel;
    sub.dispose();
    sub = panel.controller.onDidPost((m) => posted.push(m));
    const html = panel.panel.webview.html;
    const data = /<script type="application\/json" id="initial-state">([^<]*)<\/script>/.exec(html);
    assert.ok(data, 'the page carries the conversation');
    const state = JSON.parse(data[1]) as ToWebview;
    assert.equal(state.type, 'state');
    assert.ok(state.type === 'state' && state.turns.some((t) => t.question === 'history-15 </script><b>kept</b>?'));
    assert.ok(!data[1].includes('<') && !data[1].includes('>'), 'nothing in it can end the script block');
    assert.ok(!/"root"|"answer"/.test(data[1]), 'only what the webview shows: no folder path, no plain-text answer');
  });

  it('offers "Set API key" under an answer only when the chosen provider lacks its key, and the button runs the command', async () => {
    const choose = (p: string) => vscode.workspace.getConfiguration('grounded').update('provider', p, vscode.ConfigurationTarget.Global);
    await choose('none');
    const chosen: PanelTurn = await panel.ask('how are API keys stored?');
    // Why there is no model opens the answer itself; no second notice repeats it. No button nags for a model not wanted.
    assert.match(chosen.html, /&quot;none&quot;|"none"/);
    assert.deepEqual([chosen.note, chosen.sent, chosen.actions], [undefined, false, undefined], 'nothing sent, no second notice');
    await choose('gemini');
    const turn: PanelTurn = await panel.ask('where are API keys stored?');
    assert.match(turn.html, /No API key is stored for gemini/);
    assert.deepEqual(turn.actions, ['grounded.setApiKey', 'grounded.selectModel']);
    let ran = false;
    const running = receive({ type: 'command', command: 'grounded.setApiKey' }).then((ok) => { ran = ok; });
    // The command asks which provider the key is for (a quick pick); dismiss it as a user would.
    await new Promise((r) => setTimeout(r, 1000));
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await running;
    assert.equal(ran, true);
  });

  it('complete: offers files Grounded may read, open editors first, never an ignored one', async () => {
    const file = (rel: string) => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, rel);
    // config/local.env is hidden by the fixture's .gitignore; open it too, as a user might.
    writeFileSync(file('config/local.env').fsPath, 'API_TOKEN=fixture-local-secret\n');
    try {
      await vscode.window.tabGroups.close(textTabs());
      await vscode.window.showTextDocument(file('src/util/time.ts'), { preview: false });
      await vscode.window.showTextDocument(file('config/local.env'), { preview: false });
      const completions = async (prefix: string, requestId: number) => {
        assert.equal(await receive({ type: 'complete', prefix, requestId }), true);
        const m = posted.find((p) => p.type === 'completions' && p.requestId === requestId);
        assert.ok(m?.type === 'completions', `completions for ${prefix}`);
        return m.items;
      };
      const t = await completions('t', 1);
      assert.deepEqual(t[0], { label: 'src/util/time.ts', insert: '@src/util/time.ts ', detail: 'open editor' });
      assert.ok(t.length <= 8);
      const env = (await completions('env', 2)).map((i) => i.label);
      assert.ok(env.includes('config/app.env.example'), env.join());
      for (const items of [t, await completions('local', 3), await completions('env', 2)]) {
        assert.ok(!items.some((i) => i.label.includes('local.env')), 'an ignored file is never suggested, even when open');
      }
      assert.equal((await completions('keyS', 4))[0].insert, '@src/auth/keyStore.ts ');
      assert.ok((await completions('se', 5)).some((i) => i.insert === '@search:""'));
      for (const bad of [
        { type: 'complete', prefix: 'x'.repeat(201), requestId: 6 },
        { type: 'complete', prefix: 'x', requestId: -1 },
        { type: 'complete', prefix: 'x' },
      ]) {
        assert.equal(await receive(bad), false);
      }
      assert.throws(() => toWebview.parse({ type: 'completions', requestId: 1, items: Array.from({ length: 21 }, () => ({ label: 'a', insert: '@a ' })) }));
    } finally {
      await vscode.window.tabGroups.close(textTabs());
      rmSync(file('config/local.env').fsPath, { force: true });
    }
  });
});
