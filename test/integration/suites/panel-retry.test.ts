import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import type { GroundedApi } from '../../../src/vscode/extension';
import type { PanelTurn, ToWebview } from '../../../src/vscode/panel/messages';
import type { GroundedPanel } from '../../../src/vscode/panel/panel';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from './eventually';
import { requests, setReplies } from './chat-harness';

// "Ask again" and "Retry" ask the same question about the same code: a question asked about a
// selection sends that selection again, read as the editor shows it now, not the question alone;
// a question the model did not answer is asked again once the model can be reached.

const prompts = async () => (await requests()).map((r) => r.prompt);

describe('Grounded panel: asking again (Retry)', function () {
  this.timeout(120_000);
  let panel: GroundedPanel;
  let posted: ToWebview[] = [];
  let sub: vscode.Disposable;
  const turnsOf = (question: string) => posted.flatMap((m) => (m.type === 'turn' && m.turn.question === question ? [m.turn] : []));

  before(async () => {
    await vscode.extensions.getExtension<GroundedApi>('grounded-dev.grounded')!.activate();
    panel = (await vscode.commands.executeCommand('grounded.openPanel')) as GroundedPanel;
    sub = panel.controller.onDidPost((m) => posted.push(m));
  });

  after(async () => {
    sub.dispose();
    panel.panel.dispose();
    // The edit stays unsaved: the fixture's file is left as it was.
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.path.endsWith('src/http/client.ts'));
    if (doc?.isDirty) {
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  it('a stopped question about a selection is asked again with the selection, including edits not saved', async () => {
    const question = 'retry-sel-31: what does this parse?';
    await setReplies([{ match: 'retry-sel-31', reply: 'It parses the header in src/http/client.ts#L10-15.', delayMs: 400 }]);
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'src/http/client.ts'));
    const editor = await vscode.window.showTextDocument(doc);
    editor.selection = new vscode.Selection(9, 0, 15, 0);
    posted = [];
    const first = vscode.commands.executeCommand('grounded.askSelection', question) as Thenable<PanelTurn>;
    assert.ok(await eventually(() => turnsOf(question).some((t) => t.html.includes('It parses')), 30_000), 'the answer started');
    assert.equal(await panel.controller.receive({ type: 'stop' }), true);
    const stopped = await first;
    assert.equal(stopped.stopped, true);

    // Edited, not saved: asking again reads the lines as they are now.
    const edit = new vscode.WorkspaceEdit();
    edit.insert(doc.uri, new vscode.Position(11, 0), '  // RETRY_MARKER_31 edited after the first ask\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(doc.isDirty);
    await setReplies([{ match: 'retry-sel-31', reply: 'It parses the header in src/http/client.ts#L10-15.' }]);
    posted = [];
    assert.equal(await panel.controller.receive({ type: 'retry', turn: stopped.id }), true);
    const again = turnsOf(question).find((t) => t.done);
    assert.ok(again, 'the question was asked again');
    assert.equal(again.stopped, undefined);
    assert.deepEqual([again.sources[0].origin, again.sources[0].path, again.sources[0].startLine, again.sources[0].endLine], ['selection', 'src/http/client.ts', 10, 15]);
    const sent = (await prompts()).filter((p) => p.includes('retry-sel-31')).at(-1) ?? '';
    assert.match(sent, /RETRY_MARKER_31/, 'the selection was sent again, with the unsaved edit');
  });

  it('a question the model did not answer shows the snippets with Retry; Retry asks it again', async () => {
    let up = false;
    const server = http.createServer((req, res) => {
      if (!up || req.url !== '/v1/chat/completions') { res.writeHead(404).end(); return; }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(
        `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: { content: 'Keys are sealed in src/auth/keyStore.ts#L19-26.' }, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`,
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const config = vscode.workspace.getConfiguration('grounded');
    const saved = Object.fromEntries(['provider', 'baseUrl', 'model'].map((k) => [k, config.inspect(k)?.globalValue]));
    try {
      await config.update('provider', 'openai-compatible', vscode.ConfigurationTarget.Global);
      // A named model: this server only streams, and an empty model would first ask its GET /models.
      await config.update('model', 'm', vscode.ConfigurationTarget.Global);
      // First nothing listens there (port 9): the model cannot be reached.
      await config.update('baseUrl', 'http://127.0.0.1:9/v1', vscode.ConfigurationTarget.Global);
      const question = 'retry-me-12: how are API keys stored?';
      const failed = await panel.ask(question);
      assert.equal(failed.retryable, true);
      assert.match(failed.html, /Could not reach http:\/\/127\.0\.0\.1:9\/v1/);
      assert.equal(failed.note, 'No written answer: the reason is just below, then the ranked snippets.');
      up = true;
      await config.update('baseUrl', `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, vscode.ConfigurationTarget.Global);
      posted = [];
      assert.equal(await panel.controller.receive({ type: 'retry', turn: failed.id }), true);
      assert.ok(await eventually(() => turnsOf(question).some((x) => x.done), 30_000), 'the question was answered on Retry');
      const turn = turnsOf(question).find((x) => x.done)!;
      assert.match(turn.html, /Keys are sealed in <button class="cite"/);
      assert.equal(turn.retryable, undefined);
      assert.equal(await panel.controller.receive({ type: 'retry', turn: 'no-such-turn' }), false, 'only a failed turn can be retried');
    } finally {
      await config.update('provider', saved.provider, vscode.ConfigurationTarget.Global);
      await config.update('baseUrl', saved.baseUrl, vscode.ConfigurationTarget.Global);
      await config.update('model', saved.model, vscode.ConfigurationTarget.Global);
      server.closeAllConnections();
      server.close();
    }
  });
});
