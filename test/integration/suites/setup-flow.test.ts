import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GroundedApi } from '../../../src/vscode/extension';
import type { SetupUi } from '../../../src/vscode/setup-flow';
import { currentCheckScope } from '../../../src/vscode/status-bar';

// Issue 15: setup as one flow — provider → base URL → model from the server's own list → a test
// request that says "connected" or why not — against a local OpenAI-compatible server, with the
// dialogs scripted (what the user would pick and type) and everything else real.

interface Script {
  picks: string[];
  inputs: string[];
  prompts?: string[];
  /** What the input box said under each typed text (its validation). */
  checks?: unknown[];
  shown: { placeHolder?: string; items: string[]; details?: (string | undefined)[] }[];
  done: string[];
  failed: { message: string; buttons: string[]; settingUp?: boolean }[];
}

/** Whether the status bar holds what it said before a setup (set once the extension is active). */
let settingUpNow: () => boolean | undefined = () => undefined;

/** The model step's choices after a model list that failed (a dead URL). */
const CHANGE_URL = '$(link) Change URL…';
const TYPE_MODEL = '$(edit) Type a model name…';

function scriptedUi(s: Script): SetupUi {
  return {
    pick: async (items, placeHolder) => {
      s.shown.push({ placeHolder, items: items.map((i) => i.label), details: items.map((i) => i.detail) });
      const want = s.picks.shift();
      return items.find((i) => i.label === want);
    },
    input: async ({ prompt, validate }) => {
      (s.prompts ??= []).push(prompt);
      const text = s.inputs.shift();
      if (validate && text !== undefined) (s.checks ??= []).push(validate(text));
      return text;
    },
    progress: (_title, task) => task(),
    done: (m) => void s.done.push(m),
    failed: async (message, buttons) => { s.failed.push({ message, buttons, settingUp: settingUpNow() }); return undefined; },
  };
}

describe('setup flow against a local OpenAI-compatible server', function () {
  this.timeout(120_000);
  let api: GroundedApi;
  let server: http.Server;
  let url = '';
  const chats: Array<{ model: string }> = [];
  /** Answer Ollama's /api/show as well (a model with no num_ctx: Ollama's default window). */
  let playOllama = false;
  /** Answer every chat request with 429 and a wait too long to retry. */
  let rateLimited = false;
  const saved: Record<string, unknown> = {};
  const config = () => vscode.workspace.getConfiguration('grounded');

  before(async () => {
    api = await vscode.extensions.getExtension<GroundedApi>('grounded-dev.grounded')!.activate();
    settingUpNow = () => api.services.lastCheck.settingUp;
    for (const k of ['provider', 'model', 'baseUrl']) saved[k] = config().inspect(k)?.globalValue;
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        if (req.url === '/v1/models') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ object: 'list', data: [{ id: 'qwen2.5-coder', object: 'model' }, { id: 'llama3.1', object: 'model' }] }));
        } else if (req.url === '/v1/chat/completions' && rateLimited) {
          res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '600' }).end('{"error":{"message":"slow down"}}');
        } else if (req.url === '/v1/chat/completions') {
          chats.push({ model: JSON.parse(body).model });
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write(
            `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'x', choices: [{ index: 0, delta: { role: 'assistant', content: 'OK' }, finish_reason: null }] })}\n\n`,
          );
          res.write(
            `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'x', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`,
          );
          res.end();
        } else if (playOllama && req.url === '/api/show') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ parameters: 'stop "<|im_end|>"', model_info: { 'qwen2.context_length': 32768 } }));
        } else {
          res.writeHead(404).end();
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    for (const [k, v] of Object.entries(saved)) await config().update(k, v, vscode.ConfigurationTarget.Global);
    server.closeAllConnections();
    server.close();
  });

  it('offers the server\'s models, saves the choice, and ends with a test request that answers: "connected"', async () => {
    const s: Script = { picks: ['OpenAI-compatible server', 'qwen2.5-coder'], inputs: [`${url}/v1`], shown: [], done: [], failed: [] };
    assert.equal(await api.setup(scriptedUi(s)), 'connected', JSON.stringify(s));
    assert.deepEqual(s.shown[1].items, ['llama3.1', 'qwen2.5-coder', '$(edit) Another model…'], 'the model list came from GET /v1/models');
    assert.equal(config().get('provider'), 'openai-compatible');
    assert.equal(config().get('baseUrl'), `${url}/v1`);
    assert.equal(config().get('model'), 'qwen2.5-coder');
    assert.deepEqual(chats.map((c) => c.model), ['qwen2.5-coder'], 'one test request, to the model picked');
    assert.match(s.done[0], /connected: OpenAI-compatible qwen2\.5-coder answered/);
  });

  it('a URL typed without http:// is read as http://… (said under the box), saved so, and connects', async () => {
    chats.length = 0;
    const bare = `${url.replace('http://', '')}/v1`;
    // qwen2.5-coder: llama3.1's window is looked up (and remembered) by a later test.
    const s: Script = { picks: ['OpenAI-compatible server', 'qwen2.5-coder'], inputs: [bare], shown: [], done: [], failed: [] };
    assert.equal(await api.setup(scriptedUi(s)), 'connected', JSON.stringify(s));
    assert.deepEqual(s.checks, [{ note: `Grounded will use ${url}/v1` }]);
    assert.equal(config().get('baseUrl'), `${url}/v1`);
    assert.deepEqual(chats.map((c) => c.model), ['qwen2.5-coder']);
  });

  it('an empty model is the server\'s default: the model it lists first, never a name Grounded made up', async () => {
    chats.length = 0;
    const s: Script = { picks: ['OpenAI-compatible server', '$(edit) Another model…'], inputs: [`${url}/v1`, ''], shown: [], done: [], failed: [] };
    assert.equal(await api.setup(scriptedUi(s)), 'connected', JSON.stringify(s));
    assert.equal(config().get('model'), '');
    assert.deepEqual(chats.map((c) => c.model), ['qwen2.5-coder']);
    assert.match(s.done[0], /connected: OpenAI-compatible qwen2\.5-coder answered/);
    assert.equal(api.services.lastCheck.get(await currentCheckScope(api.services))?.ok, true);
  });

  it('on Ollama, "connected" also says how small the model\'s window is and how to widen it', async () => {
    playOllama = true;
    try {
      // Another model than the tests above: what this server said of qwen2.5-coder (no Ollama API) is remembered.
      const s: Script = { picks: ['OpenAI-compatible server', 'llama3.1'], inputs: [`${url}/v1`], shown: [], done: [], failed: [] };
      assert.equal(await api.setup(scriptedUi(s)), 'connected', JSON.stringify(s));
      assert.match(s.done[0], /connected: OpenAI-compatible llama3\.1 answered\. Ollama gives llama3\.1 its default 4,096-token window/);
      assert.match(s.done[0], /OLLAMA_CONTEXT_LENGTH=16384 ollama serve/);
    } finally {
      playOllama = false;
    }
  });

  it('a server that is not running: one notification with the cause and buttons that fit; the status bar remembers', async () => {
    const s: Script = { picks: ['OpenAI-compatible server', TYPE_MODEL], inputs: ['http://127.0.0.1:9/v1', ''], shown: [], done: [], failed: [] };
    assert.equal(await api.setup(scriptedUi(s)), 'failed');
    assert.equal(s.failed.length, 1, JSON.stringify(s.failed));
    assert.deepEqual(s.shown[1].items, [CHANGE_URL, TYPE_MODEL], 'the dead URL can be fixed from the model step');
    // The cause is on the row that fixes it, where it is read (a placeholder is cut short and goes at the first key).
    assert.match(s.shown[1].details![0]!, /Could not reach http:\/\/127\.0\.0\.1:9/);
    assert.match(s.shown[1].placeHolder!, /^The model list is unavailable: pick "Change URL…" or "Type a model name…"/);
    assert.match(s.prompts!.at(-1)!, /empty for the server's default.*model list is unavailable: Could not reach http:\/\/127\.0\.0\.1:9/);
    const [only] = s.failed;
    assert.match(only.message, /could not connect to OpenAI-compatible \(server's default model\): Could not reach http:\/\/127\.0\.0\.1:9\/v1/);
    assert.doesNotMatch(only.message, /llama3\.1/);
    assert.deepEqual(only.buttons, ['Retry', 'Change URL…', 'Choose Provider…']);
    // While the failure waits for a button (a notification may stay open), the status bar already warns.
    assert.equal(only.settingUp, false, 'the status bar is not held by a failure notification left open');
    assert.equal(s.done.length, 0);
    const check = api.services.lastCheck.get(await currentCheckScope(api.services));
    assert.equal(check?.ok, false, 'the status bar shows the warning state');
    assert.match(check!.summary, /Could not reach/);
  });

  it('escaping part way puts the settings back: no provider left half set up at an untested URL', async () => {
    await config().update('provider', 'none', vscode.ConfigurationTarget.Global);
    await config().update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    const s: Script = { picks: ['OpenAI-compatible server'], inputs: ['http://127.0.0.1:9/v1'], shown: [], done: [], failed: [] };
    // The URL is typed, then Escape at the model step (the script has no pick left).
    assert.equal(await api.setup(scriptedUi(s)), 'cancelled');
    assert.equal(s.shown.length, 2, 'it reached the model step');
    assert.equal(config().inspect('provider')?.globalValue, 'none');
    assert.equal(config().inspect('baseUrl')?.globalValue, undefined);
  });

  it('a server that answers with a rate limit: the test failed, and says why, not that it could not connect', async () => {
    rateLimited = true;
    try {
      const s: Script = { picks: ['OpenAI-compatible server', 'llama3.1'], inputs: [`${url}/v1`], shown: [], done: [], failed: [] };
      assert.equal(await api.setup(scriptedUi(s)), 'failed');
      assert.match(s.failed[0].message, /^Grounded tested OpenAI-compatible llama3\.1, and the test failed: .*\(HTTP 429\)/);
      assert.doesNotMatch(s.failed[0].message, /could not connect/);
    } finally {
      rateLimited = false;
    }
  });

  it('"Change URL…" at the model step, after a dead URL, asks for the URL again and lists that server\'s models', async () => {
    chats.length = 0;
    const dead = 'http://127.0.0.1:9/v1';
    const s: Script = { picks: ['OpenAI-compatible server', CHANGE_URL, 'llama3.1'], inputs: [dead, `${url}/v1`], shown: [], done: [], failed: [] };
    assert.equal(await api.setup(scriptedUi(s)), 'connected', JSON.stringify(s));
    assert.deepEqual(s.prompts!.map((p) => p.split(' (')[0]), ['Base URL of the server', 'Base URL of the server'], 'no model box before the URL is fixed');
    assert.deepEqual(s.shown[2].items, ['llama3.1', 'qwen2.5-coder', '$(edit) Another model…']);
    assert.equal(config().get('baseUrl'), `${url}/v1`);
    assert.deepEqual(chats.map((c) => c.model), ['llama3.1']);
  });

  it('"Change URL…" asks for the URL again and tests the server there', async () => {
    chats.length = 0;
    const s: Script = { picks: ['OpenAI-compatible server', TYPE_MODEL], inputs: ['http://127.0.0.1:9/v1', '', `${url}/v1`], shown: [], done: [], failed: [] };
    const ui = scriptedUi(s);
    ui.failed = async (message, buttons) => { s.failed.push({ message, buttons }); return 'Change URL…'; };
    assert.equal(await api.setup(ui), 'connected', JSON.stringify(s));
    assert.equal(config().get('baseUrl'), `${url}/v1`);
    assert.equal(s.failed.length, 1);
  });

  it('a question the model fails leaves a warning in the status bar until the next answer; its click says what failed and the fixes', async () => {
    for (const [k, v] of Object.entries({ provider: 'openai-compatible', baseUrl: `${url}/v1`, model: 'llama3.1' }))
      await config().update(k, v, vscode.ConfigurationTarget.Global);
    const shown = () => vscode.commands.executeCommand<{ message: string; buttons: string[] }>('grounded.showLastFailure');
    const check = async () => api.services.lastCheck.get(await currentCheckScope(api.services));
    rateLimited = true;
    try {
      const failed = await api.services.ask({ question: 'how are API keys stored?' });
      assert.equal(failed.modelError?.kind, 'rate_limited');
    } finally {
      rateLimited = false;
    }
    const warned = await check();
    assert.deepEqual([warned?.ok, warned?.question, warned?.kind], [false, true, 'rate_limited'], 'the status bar warns: "Grounded: rate limited"');
    const notice = await shown();
    assert.match(notice.message, /^Grounded: the last question to OpenAI-compatible llama3\.1 got no written answer: .*\(HTTP 429\)/);
    assert.deepEqual(notice.buttons, ['Choose provider and model', 'Show logs']);

    const answered = await api.services.ask({ question: 'how are API keys stored?' });
    assert.equal(answered.modelError, undefined);
    assert.equal((await check())?.ok, true, 'the next answer takes the warning away');
    assert.match((await shown()).message, /^Grounded: nothing has failed since the last answer\. Grounded answers with: OpenAI-compatible llama3\.1\.$/);
  });
});
