import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { GroundedApi } from '../../../src/vscode/extension';
import { Recorder } from './recorder';
import { activateForChat, chatAsker, requests, setReplies } from './chat-harness';
import { countTokens } from '../../../src/engine/context/tokens';
import { followups } from '../../../src/vscode/chat/next-steps';
import type { GroundedChatResult } from '../../../src/vscode/chat/participant';

// What @grounded sends to the model, seen from the model's side: the fixture language model
// records every prompt (groundedFixture.requests). Stopping, earlier turns, attachments and the
// ignore rules that apply to them however they were picked.

// The chat API's turn classes have no public constructor; these are the ones VS Code itself builds.
type RequestTurnCtor = new (
  prompt: string,
  command: string | undefined,
  references: vscode.ChatPromptReference[],
  participant: string,
  toolReferences: unknown[],
) => vscode.ChatRequestTurn;
type ResponseTurnCtor = new (response: vscode.ChatResponseMarkdownPart[], result: vscode.ChatResult, participant: string) => vscode.ChatResponseTurn;

const SECRETS = ['AKIA4QX7R2MZ8KBW3NVD', 'q7Rk2VmW9/xLp3ZtB8nHc4Yd+J6sFaE1uGo5TiKe', 'jane.doe@acme-corp.com', 's3cr3t-Passw0rd'];
const LOCAL_SECRET = 'sk-live-4242-do-not-send-0c9e';

describe('@grounded requests as the model receives them', function () {
  this.timeout(120_000);
  let api: GroundedApi;
  let model: vscode.LanguageModelChat;
  let root: vscode.Uri;
  const file = (rel: string) => vscode.Uri.joinPath(root, rel);
  const ask = chatAsker(() => api, () => model);

  before(async () => {
    ({ api, model, root } = await activateForChat());
    // A gitignored file with a live-looking secret, as a developer's local override would be.
    writeFileSync(file('config/local.env').fsPath, `API_TOKEN=${LOCAL_SECRET}\n`);
  });

  afterEach(async () => {
    await setReplies([]);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(() => rmSync(file('config/local.env').fsPath, { force: true }));

  it('stops streaming a VS Code language model answer when the user presses stop, and returns at once', async function () {
    // The next piece is further away than this test's whole timeout: the handler can only return
    // (and the test pass) if the stop ends it at once, without waiting for the model.
    this.timeout(60_000);
    await setReplies([
      {
        match: 'slow-answer-41',
        reply: 'Keys are stored by src/auth/keyStore.ts#L16-46 which encrypts them first and then hands them to the backend.',
        delayMs: 90_000,
      },
    ]);
    const cts = new vscode.CancellationTokenSource();
    let stopped = false;
    const rec = new Recorder(() => {
      if (!stopped && rec.text().includes('Keys are')) { stopped = true; cts.cancel(); }
    });
    const { result } = await ask('slow-answer-41: how are API keys stored?', { token: cts.token, rec });
    assert.ok(stopped, 'the answer had started streaming');
    assert.equal(result.metadata?.status, 'cancelled');
    assert.match(rec.text(), /_Stopped\._$/);
    assert.ok(!rec.text().includes('hands them to the backend'), 'nothing after the stop was shown');
    // VS Code 1.100 does not pass a cancellation on to a language model request that is already
    // streaming, so the fixture keeps writing; what the user sees stops at once all the same.
    assert.match((await requests()).at(-1)!.prompt, /slow-answer-41/);
  });

  it('stops an OpenAI-compatible request: the connection to the server is closed', async () => {
    const events: string[] = [];
    const server = http.createServer((req, res) => {
      // Not Ollama: its native API (asked for the model's window first) is not here.
      if (!req.url?.endsWith('/chat/completions')) return void res.writeHead(404).end();
      events.push('request');
      req.on('close', () => events.push('closed'));
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (content: string) =>
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'slow', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
      res.write(chunk('Keys are stored by src/auth/keyStore.ts#L16-46 '));
      // 30 s: "at once" below is checked by order (the rest never written), not by a clock.
      const timer = setTimeout(() => { events.push('rest written'); res.end(chunk('and much later the rest.') + 'data: [DONE]\n\n'); }, 30_000);
      res.on('close', () => clearTimeout(timer));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const grounded = vscode.workspace.getConfiguration('grounded');
    try {
      await grounded.update('provider', 'openai-compatible', vscode.ConfigurationTarget.Global);
      // A named model: this server only streams, and an empty model would first ask its GET /models.
      await grounded.update('model', 'slow', vscode.ConfigurationTarget.Global);
      await grounded.update('baseUrl', `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, vscode.ConfigurationTarget.Global);
      const cts = new vscode.CancellationTokenSource();
      const rec = new Recorder(() => { if (rec.text().includes('Keys are')) cts.cancel(); });
      const { result } = await ask('how are API keys stored?', { token: cts.token, rec });
      assert.equal(result.metadata?.status, 'cancelled');
      assert.ok(!events.includes('rest written'), 'the handler returned at once, before the server wrote the rest');
      for (let i = 0; i < 600 && !events.includes('closed'); i++) await new Promise((r) => setTimeout(r, 50));
      assert.deepEqual(events, ['request', 'closed'], 'the request to the provider was aborted');
    } finally {
      await grounded.update('provider', undefined, vscode.ConfigurationTarget.Global);
      await grounded.update('model', undefined, vscode.ConfigurationTarget.Global);
      await grounded.update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
      server.close();
    }
  });

  it('sends the earlier turns of the conversation (context.history) with a follow-up', async () => {
    const RequestTurn = vscode.ChatRequestTurn as unknown as RequestTurnCtor;
    const ResponseTurn = vscode.ChatResponseTurn as unknown as ResponseTurnCtor;
    const history = [
      new RequestTurn('where is the retry policy defined?', undefined, [], 'grounded.chat', []),
      new ResponseTurn([new vscode.ChatResponseMarkdownPart('It is defaultRetryPolicy (marker-93) in src/http/client.ts#L8-8.')], {}, 'grounded.chat'),
      new RequestTurn('ignore me, I was for another participant', undefined, [], 'grounded-test.fixture-default', []),
    ];
    await ask('and how long does it wait between attempts?');
    const alone = (await requests()).at(-1)!;
    await ask('and how long does it wait between attempts?', { history });
    const followUp = (await requests()).at(-1)!;
    assert.match(followUp.prompt, /where is the retry policy defined\?/);
    assert.match(followUp.prompt, /defaultRetryPolicy \(marker-93\)/);
    assert.ok(!followUp.prompt.includes('ignore me'), 'turns of other participants are not sent');
    assert.ok(followUp.messageCount > alone.messageCount, `history adds messages (${alone.messageCount} → ${followUp.messageCount})`);
  });

  it('sends a #file reference through the scrubber: its secrets never reach the model', async () => {
    const ref = { id: 'vscode.file', name: 'file:app.env.example', value: file('config/app.env.example') } as vscode.ChatPromptReference;
    const { rec } = await ask('what does this file configure?', { references: [ref] });
    const prompt = (await requests()).at(-1)!.prompt;
    assert.match(prompt, /<<<FILE config\/app\.env\.example#L1-6/);
    assert.match(prompt, /UPSTREAM_URL=https:\/\/api\.acme\.example/, 'the rest of the file is sent');
    for (const secret of SECRETS) assert.ok(!prompt.includes(secret), `${secret} was scrubbed`);
    assert.match(rec.text(), /Hidden before sending to the model: .*1 AWS secret key/);
  });

  it('offers a mention\'s "Did you mean" as the first follow-up: the question asked again with that file', async () => {
    const { result, rec } = await ask('what does @src/auth/keystore.tsx do?');
    assert.match(rec.text(), /Did you mean @src\/auth\/keyStore\.ts\?/);
    const [first] = followups((result as GroundedChatResult).metadata, vscode.window.activeTextEditor);
    assert.deepEqual(first, { prompt: 'what does @src/auth/keyStore.ts do?', label: 'Ask again with @src/auth/keyStore.ts' });
    await ask(first.prompt);
    assert.match((await requests()).at(-1)!.prompt, /<<<FILE src\/auth\/keyStore\.ts#L1-/, 'asked again, the file is attached');
  });

  it('offers /explain by what the editor holds: the selection, the code at the cursor, or nothing without an editor', async () => {
    const doc = await vscode.workspace.openTextDocument(file('src/auth/keyStore.ts'));
    const editor = await vscode.window.showTextDocument(doc);
    const explain = () => followups({ question: 'how are keys stored?' }, editor).find((f) => f.command === 'explain')?.label;
    editor.selection = new vscode.Selection(2, 0, 4, 0);
    assert.equal(explain(), 'Explain the current selection');
    editor.selection = new vscode.Selection(2, 0, 2, 0);
    assert.equal(explain(), 'Explain the code at the cursor');
    assert.equal(followups({ question: 'how are keys stored?' }, undefined).some((f) => f.command === 'explain'), false);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('names the cited lines in "What calls…", as its prompt does, not only the file (What calls gin.go? asked about a file)', () => {
    const [calls] = followups({ question: 'where are handlers chained?', cited: ['gin.go#L144-189'] }, undefined);
    assert.deepEqual(calls, { prompt: 'What calls the code in @gin.go#L144-189?', label: 'What calls the code in gin.go#L144-189?' });
  });

  it('refuses a #file hidden by .gitignore and a #selection hidden by .agentignore, quoting the rule, and answers the rest', async () => {
    const before = (await requests()).length;
    const refs = [
      { id: 'vscode.file', name: 'file:local.env', value: file('config/local.env') },
      { id: 'vscode.selection', name: 'selection', value: new vscode.Location(file('docs/drafts/roadmap.md'), new vscode.Range(0, 0, 1, 10)) },
      { id: 'vscode.file', name: 'file:time.ts', value: file('src/util/time.ts') },
    ] as unknown as vscode.ChatPromptReference[];
    const { rec, result } = await ask('what do these files do?', { references: refs });
    const text = rec.text();
    assert.match(text, /\$\(warning\) config\/local\.env was not sent: it is hidden from Grounded \(\.gitignore:2: config\/local\.env\)/);
    assert.match(
      text,
      /\$\(warning\) docs\/drafts\/roadmap\.md was not sent: it is hidden from Grounded \(its folder docs\/drafts\/ is hidden by \.agentignore:2: docs\/drafts\/\)/,
    );
    assert.equal(result.metadata?.status, 'success', 'the rest of the request goes on');
    const sent = (await requests()).slice(before);
    assert.equal(sent.length, 1);
    assert.match(sent[0].prompt, /<<<FILE src\/util\/time\.ts#L1-9/, 'the visible attachment is sent');
    assert.ok(!sent[0].prompt.includes(LOCAL_SECRET) && !sent[0].prompt.includes('hardware module'), 'the hidden files are not');
  });

  it('names one of Grounded\'s own documents attached as the current file by its title, not an encoded URI', async () => {
    // What chat attaches when a Grounded document (metrics, a plan it could not use) is the active editor.
    await vscode.commands.executeCommand('grounded.showMetrics');
    const doc = vscode.window.activeTextEditor?.document;
    assert.equal(doc?.uri.scheme, 'grounded-metrics');
    const ref = { id: 'vscode.implicit.file', name: 'file', value: doc!.uri } as vscode.ChatPromptReference;
    const { rec } = await ask('what does this say?', { references: [ref] });
    const text = rec.text();
    assert.match(text, /\$\(warning\) Grounded's document "[^"%]+" was not sent: it is not a file of the workspace\./);
    assert.doesNotMatch(text, /grounded-metrics:|%20/);
  });

  it('refuses to explain or ask about a selection in an editor of an ignored file', async () => {
    const editor = await vscode.window.showTextDocument(file('config/local.env'));
    editor.selection = new vscode.Selection(0, 0, 0, 20);
    const before = (await requests()).length;
    const { rec } = await ask('', { command: 'explain' });
    assert.match(rec.text(), /\$\(warning\) config\/local\.env was not sent: it is hidden from Grounded \(\.gitignore:2: config\/local\.env\)/);
    const turn = await vscode.commands.executeCommand('grounded.askSelection', 'what is this token?');
    assert.equal(turn, undefined, 'the right-click ask is refused (with the same message as a warning)');
    assert.equal((await requests()).length, before, 'nothing reached the model');
    assert.ok(!JSON.stringify(await requests()).includes(LOCAL_SECRET));
  });

  it('still explains a selection of a visible file', async () => {
    const editor = await vscode.window.showTextDocument(file(path.posix.join('src', 'http', 'client.ts')));
    editor.selection = new vscode.Selection(10, 0, 16, 0);
    const { rec } = await ask('', { command: 'explain' });
    assert.ok(rec.citations().some((a) => a.title === 'src/http/client.ts#L11-16'), rec.text());
  });

  it('when the model fails, the answer is the snippets led by one message, with buttons that fit and an honest footer', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'invalid key' } }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const config = vscode.workspace.getConfiguration('grounded');
    const saved = { provider: config.inspect('provider')?.globalValue, baseUrl: config.inspect('baseUrl')?.globalValue };
    try {
      await config.update('provider', 'openai-compatible', vscode.ConfigurationTarget.Global);
      await config.update('baseUrl', `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, vscode.ConfigurationTarget.Global);
      const { rec, result } = await ask('how are API keys stored?');
      const text = rec.text();
      assert.equal(result.metadata?.status, 'failure');
      assert.equal(text.split('asks for an API key (HTTP 401)').length - 1, 1, `the cause is said once: ${text}`);
      // No key is set for the server: it asked for one, it rejected none.
      assert.match(text, /The model did not answer: The server at http:\/\/127\.0\.0\.1:\d+\/v1 asks for an API key \(HTTP 401\), and none is set/);
      assert.match(text, /Here are the most relevant parts of the workspace, best first:/);
      assert.match(text, /_The model did not answer: ranked snippets from \d+ excerpts? of \d+ files? \([\d,]+ of [\d,]+ tokens/);
      assert.doesNotMatch(text, /Answered by/);
      assert.deepEqual(rec.of('button'), ['grounded.setApiKey', 'grounded.selectModel', 'grounded.retryInChat']);
      assert.deepEqual(
        rec.parts.find((p) => p.kind === 'button' && p.value === 'grounded.retryInChat') && result.metadata?.question,
        'how are API keys stored?',
      );
    } finally {
      await config.update('provider', saved.provider, vscode.ConfigurationTarget.Global);
      await config.update('baseUrl', saved.baseUrl, vscode.ConfigurationTarget.Global);
      server.closeAllConnections();
      server.close();
    }
  });

  it('explains the function around the cursor when nothing is selected, and says what it sent', async () => {
    const editor = await vscode.window.showTextDocument(file(path.posix.join('src', 'http', 'client.ts')));
    editor.selection = new vscode.Selection(24, 4, 24, 4); // inside fetchWithRetry, nothing selected
    const before = (await requests()).length;
    const { rec } = await ask('', { command: 'explain' });
    assert.match(rec.text(), /Explaining `fetchWithRetry`, the function at the cursor: `src\/http\/client\.ts#L(19|20)-30`/, rec.text());
    const prompt = (await requests()).slice(before).map((r) => r.prompt).join('\n');
    assert.match(prompt, /const retryable = response\.status === 429/, 'the function was sent');
    assert.equal(prompt.split('for (;;) {').length - 1, 1, 'sent once, not twice');
  });

  it('/plan sends no file hidden by grounded.extraIgnore or an excluded folder, and keeps to grounded.maxContextTokens', async () => {
    await setReplies([{ match: 'plan-privacy-53', reply: 'No plan from the fixture.' }]);
    const grounded = vscode.workspace.getConfiguration('grounded');
    const planPrompt = async () => {
      const before = (await requests()).length;
      await ask('plan-privacy-53: make formatDuration and the http client retry print seconds', { command: 'plan' });
      const sent = (await requests()).slice(before);
      assert.equal(sent.length, 1, 'one request for the plan, to the model the chat picked');
      return sent[0].prompt;
    };
    const files = (prompt: string) => [...prompt.matchAll(/<<<FILE ([^\s#>]+)#L/g)].map((m) => m[1]);
    assert.ok(files(await planPrompt()).includes('src/util/time.ts'), 'without the settings the file is context');
    try {
      await grounded.update('extraIgnore', ['src/util/'], vscode.ConfigurationTarget.Global);
      await grounded.update('excludedFolders', ['http'], vscode.ConfigurationTarget.Global);
      await grounded.update('maxContextTokens', 200, vscode.ConfigurationTarget.Global);
      const prompt = await planPrompt();
      assert.ok(!files(prompt).some((f) => f.startsWith('src/util/') || f.startsWith('src/http/')), files(prompt).join(', '));
      assert.ok(!prompt.includes('formatDuration(ms'), 'no line of the hidden file reaches the model');
      const context = [...prompt.matchAll(/<<<FILE[\s\S]*?<<<END[^\n]*/g)].map((m) => m[0]).join('\n');
      assert.ok(countTokens(context, 'o200k_base') <= 200, `the context keeps to the budget: ${countTokens(context, 'o200k_base')} tokens`);
    } finally {
      for (const key of ['extraIgnore', 'excludedFolders', 'maxContextTokens']) await grounded.update(key, undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
