import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GroundedApi } from '../../../src/vscode/extension';
import { RETRY_IN_CHAT, type RetryArgs } from '../../../src/vscode/chat/retry';
import { activateForChat, chatAsker, requests, setReplies } from './chat-harness';
import { eventually } from './eventually';

// The Retry button of a chat answer asks the same question about the same code: a `#selection` of
// the first request is sent again (read as the editor shows it now), though `workbench.action.chat.open`
// only carries text. Retry is offered for every way the model can fail, and after a stop.

const prompts = async () => (await requests()).map((r) => r.prompt);

describe('@grounded Retry', function () {
  this.timeout(120_000);
  let api: GroundedApi;
  let model: vscode.LanguageModelChat;
  let client: vscode.Uri;
  const config = () => vscode.workspace.getConfiguration('grounded');
  const useServer = async (port: number) => {
    await config().update('provider', 'openai-compatible', vscode.ConfigurationTarget.Global);
    await config().update('baseUrl', `http://127.0.0.1:${port}/v1`, vscode.ConfigurationTarget.Global);
  };
  const chat = chatAsker(() => api, () => model);
  const ask = async (prompt: string, references: vscode.ChatPromptReference[] = [], token?: vscode.CancellationToken, command?: string) => {
    const { result, rec } = await chat(prompt, { references, token, command });
    return { result, rec, retry: rec.buttons.find((b) => b.command === RETRY_IN_CHAT) };
  };

  before(async () => {
    let root: vscode.Uri;
    ({ api, model, root } = await activateForChat());
    client = vscode.Uri.joinPath(root, 'src/http/client.ts');
  });

  afterEach(async () => {
    await config().update('provider', undefined, vscode.ConfigurationTarget.Global);
    await config().update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === client.toString());
    if (doc?.isDirty) {
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  it('offers Retry after a rejected key, a server error, an unreachable server and a stop; not when no model is set up', async () => {
    const status = { code: 401 };
    const server = http.createServer((_req, res) => res.writeHead(status.code, { 'content-type': 'application/json' }).end('{"error":{"message":"no"}}'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      await useServer(port);
      assert.deepEqual((await ask('retry-kinds-1: where is the retry policy?')).rec.of('button').at(-1), RETRY_IN_CHAT, 'rejected key: Retry after the key');
      status.code = 404;
      assert.equal((await ask('retry-kinds-2: where is the retry policy?')).rec.of('button')[0], RETRY_IN_CHAT, 'model not found');
      server.close();
      server.closeAllConnections();
      const down = await ask('retry-kinds-3: where is the retry policy?');
      assert.equal(down.rec.of('button')[0], RETRY_IN_CHAT, `unreachable: ${down.rec.text()}`);

      const cts = new vscode.CancellationTokenSource();
      cts.cancel();
      const stopped = await ask('retry-kinds-4: where is the retry policy?', [], cts.token);
      assert.equal(stopped.result.metadata?.status, 'cancelled');
      assert.deepEqual((stopped.retry?.arguments?.[0] as RetryArgs).prompt, 'retry-kinds-4: where is the retry policy?');

      await config().update('provider', 'none', vscode.ConfigurationTarget.Global);
      const none = await ask('retry-kinds-5: where is the retry policy?');
      assert.equal(none.retry, undefined, `no model: nothing to retry, a model to choose: ${none.rec.of('button').join()}`);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('after a reply that was no plan, /plan offers Retry (as /plan) and another model, and lists the reason as text that wraps', async () => {
    await setReplies([{ match: 'plan-junk-7', reply: 'Sure, I will just edit the file.' }]);
    try {
      const { rec } = await ask('plan-junk-7: make retries 3', [], undefined, 'plan');
      assert.match(rec.text(), /^- ` Plan is not valid: no JSON object found in the reply `$/m);
      assert.deepEqual(rec.of('button'), [RETRY_IN_CHAT, 'grounded.selectModel']);
      assert.deepEqual(rec.buttons[0].arguments, [{ prompt: 'plan-junk-7: make retries 3', command: 'plan' }]);
    } finally {
      await setReplies([]);
    }
  });

  it('sends the #selection of the failed request again, named in the text, with edits not saved', async () => {
    const server = http.createServer((_req, res) => res.writeHead(500).end());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    server.close(); // a port nothing answers on: the model is unreachable
    await useServer(port);
    const prompt = 'retry-sel-44: what does #selection parse?';
    const at = prompt.indexOf('#selection');
    const selection = new vscode.Location(client, new vscode.Range(9, 0, 15, 0));
    const first = await ask(prompt, [{ id: 'vscode.selection', value: selection, range: [at, at + '#selection'.length] }]);
    assert.ok(first.result.metadata?.status !== 'success', first.rec.text());
    const args = first.retry?.arguments?.[0] as RetryArgs;
    assert.equal(args.prompt, 'retry-sel-44: what does `src/http/client.ts#L10-15` parse?');
    assert.deepEqual(args.attached, [{ path: 'src/http/client.ts', startLine: 10, endLine: 15, origin: 'reference' }]);

    // The model is back, and the lines were edited since (not saved): Retry reads them as they are now.
    await config().update('provider', undefined, vscode.ConfigurationTarget.Global);
    await config().update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(client, new vscode.Position(11, 0), '  // RETRY_MARKER_44 edited after the first ask\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    await vscode.commands.executeCommand(first.retry!.command, ...first.retry!.arguments!);
    const sent = async () => (await prompts()).find((p) => p.includes('retry-sel-44') && p.includes('RETRY_MARKER_44'));
    assert.ok(await eventually(async () => Boolean(await sent()), 60_000), 'the retry reached the model with the selection');
    assert.match((await sent())!, /src\/http\/client\.ts#L10-1[56]/);
  });
});
