import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import type { GroundedApi } from '../../../src/vscode/extension';
import { AuditStore, defaultDatabasePath } from '../../../src/engine/audit/store';
import { activateForChat, chatAsker, requests, setReplies } from './chat-harness';

// The read-only tools @grounded offers the model, seen from both sides: what the model is sent
// back, what the user sees, and how the lines a tool read count when citations are checked.

describe('@grounded tool rounds', function () {
  this.timeout(120_000);
  let api: GroundedApi;
  let model: vscode.LanguageModelChat;
  let root: vscode.Uri;
  const ask = chatAsker(() => api, () => model);

  before(async () => {
    ({ api, model, root } = await activateForChat());
  });

  afterEach(async () => {
    await setReplies([]);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it(('lets the model read more with a read-only tool: the command is hidden, the result is scrubbed, the lines read are citable, and the exchange is ' +
    'remembered'), async () => {
    await setReplies([
      { match: 'TOOL RESULT — READ', reply: 'The client retries with backoff: src/http/client.ts#L20-30.' },
      { match: 'tool-round-77', reply: '/read src/http/client.ts#L20-30' },
    ]);
    const before = (await requests()).length;
    const { rec, result } = await ask('tool-round-77: how does the client retry?');
    const sent = (await requests()).slice(before);
    assert.equal(sent.length, 2, 'one tool round, then the answer');
    assert.match(sent[1].prompt, /🔧 TOOL RESULT — READ\n\nsrc\/http\/client\.ts#L20-30\n20: /);
    assert.ok(!rec.text().includes('/read src/http'), 'the command line is not shown to the user');
    // Progress says what is read, in words, not the protocol (issue 16, item 16).
    assert.ok(
      rec.of('progress').some((p) => /Reading src\/http\/client\.ts \(lines 20–30\)…/.test(String(p))),
      JSON.stringify(rec.of('progress')),
    );
    assert.ok(!rec.of('progress').some((p) => /tool round|READ|\/read/.test(String(p))), JSON.stringify(rec.of('progress')));
    assert.equal(result.metadata?.status, 'success');
    assert.ok(
      rec.citations().some((a) => a.title === 'src/http/client.ts#L20-30'),
      rec.text(),
    );
    assert.ok(!rec.text().includes('unverified'), 'the lines the tool read count as sent');
    const store = await AuditStore.open({ file: defaultDatabasePath(root.fsPath) });
    try {
      const kept = store.query("SELECT role FROM messages WHERE content LIKE '%tool-round-77%' OR content LIKE '%retries with backoff%' ORDER BY id");
      assert.deepEqual(
        kept.map((r) => r.role),
        ['user', 'assistant'],
        'the question and the answer are in the workspace memory',
      );
    } finally {
      store.close();
    }
  });

  it('shows the citation of lines a tool read as a verified anchor, the same verdict as the panel and the CLI', async () => {
    await setReplies([
      { match: 'TOOL RESULT — READ', reply: 'Durations are formatted in src/util/time.ts#L2-4; not in src/util/time.ts#L80-81.' },
      { match: 'chat-read-31', reply: '/read src/util/time.ts#L1-9' },
    ]);
    const { rec } = await ask('chat-read-31: how are API keys stored?');
    assert.ok(rec.citations().some((a) => a.title === 'src/util/time.ts#L2-4'), rec.text());
    assert.equal(rec.text().split('$(warning)').length - 1, 1, `only the unverified citation is marked, once: ${rec.text()}`);
    assert.match(rec.text(), /src\/util\/time\.ts#L80-81 \$\(warning\) _unverified citation: these lines were not sent to the model_/);
    assert.doesNotMatch(rec.text(), /⚠️/, 'a codicon, not an emoji that some fonts draw as a box');
  });
});
