import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compatibleSpec, SERVER_DEFAULT_MODEL } from '../../../src/engine/config/provider-endpoints';
import { checkKey, remediesFor } from '../../../src/engine/llm/connection-check';
import { createProvider } from '../../../src/engine/llm/factory';
import { LlmWireServer } from '../../support/llm-server';
import { collect, failure } from '../../support/provider-helpers';

const modelList = (...ids: string[]) => ({
  kind: 'raw' as const,
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify({ object: 'list', data: ids.map((id) => ({ id, object: 'model', created: 0, owned_by: 'me' })) }),
});
const notFound = { kind: 'raw' as const, status: 404, contentType: 'text/plain', body: '404 page not found' };
const texts = (events: Awaited<ReturnType<typeof collect>>) => events.flatMap((e) => (e.type === 'text' ? [e.text] : []));

// "Model name (empty for the server's default)": an empty grounded.model must mean what it says,
// not a name Grounded made up (it used to send 'llama3.1' to whatever server was there).
describe('an OpenAI-compatible server with no model configured', () => {
  let server: LlmWireServer;
  before(async () => { server = await new LlmWireServer().start(); });
  after(() => server.stop());

  it('is labelled "server\'s default model", then asks the server and uses the model it lists first', async () => {
    const provider = createProvider(compatibleSpec(`${server.url}/v1`, undefined, '', 'k'));
    assert.equal(provider.model, SERVER_DEFAULT_MODEL);
    server.requests.length = 0;
    server.reply(modelList('qwen2.5-coder', 'llama3.1'), { kind: 'openai-stream', chunks: ['Hi'] });
    assert.deepEqual(texts(await collect(provider)), ['Hi']);
    assert.deepEqual(server.requests.map((r) => `${r.method} ${r.url}`), ['GET /v1/models', 'POST /v1/chat/completions']);
    assert.equal(JSON.parse(server.requests[1].body).model, 'qwen2.5-coder');
    assert.equal(provider.model, 'qwen2.5-coder', 'once known, the label is the real name');
  });

  it('finds the API under /v1 for a URL that names only the server (Ollama form)', async () => {
    const provider = createProvider(compatibleSpec(server.url, undefined, '', 'k'));
    server.requests.length = 0;
    server.reply(notFound, modelList('llama3.2'), { kind: 'openai-stream', chunks: ['Hi'] });
    assert.deepEqual(texts(await collect(provider)), ['Hi']);
    assert.deepEqual(server.requests.map((r) => `${r.method} ${r.url}`), ['GET /models', 'GET /v1/models', 'POST /v1/chat/completions']);
    assert.equal(JSON.parse(server.requests[2].body).model, 'llama3.2');
  });

  it('a model list that failed (HTTP 503) is asked again on the retry, not skipped', async () => {
    const provider = createProvider(compatibleSpec(`${server.url}/v1`, undefined, '', 'k'));
    server.reply({ kind: 'status', status: 503 });
    assert.equal((await failure(() => collect(provider))).kind, 'server');
    server.requests.length = 0;
    server.reply(modelList('phi4'), { kind: 'openai-stream', chunks: ['Hi'] });
    assert.deepEqual(texts(await collect(provider)), ['Hi']);
    assert.equal(JSON.parse(server.requests[1].body).model, 'phi4');
  });

  it('a server that lists no model is asked without one (llama.cpp needs none), never with an invented name', async () => {
    const provider = createProvider(compatibleSpec(`${server.url}/v1`, undefined, '', 'k'));
    server.requests.length = 0;
    server.reply(modelList(), { kind: 'openai-stream', chunks: ['Hi'] });
    assert.deepEqual(texts(await collect(provider)), ['Hi']);
    assert.equal('model' in JSON.parse(server.requests[1].body), false);
  });

  it('when that server refuses a request without a model, says so and names the setting to set', async () => {
    const provider = createProvider(compatibleSpec(`${server.url}/v1`, undefined, '', 'k'));
    server.reply(modelList(), { kind: 'status', status: 400, body: { error: { message: 'model is required' } } });
    const err = await failure(() => collect(provider));
    assert.match(err.message, /needs a model name: none is set and its model list .* is empty/);
    assert.match(err.suggestion, /grounded\.model/);
  });

  it('a server with no model list at all is "no OpenAI-compatible API", not a missing model', async () => {
    const provider = createProvider(compatibleSpec(server.url, undefined, '', 'k'));
    server.requests.length = 0;
    server.reply(notFound);
    const err = await failure(() => collect(provider));
    assert.match(err.message, /no OpenAI-compatible API at this URL/);
    assert.equal(server.requests.some((r) => r.method === 'POST'), false);
  });

  it('a server that is not running: the URL and the setting that moves it, as the surface that asked names it', async () => {
    const down = (surface: 'vscode' | 'cli') => failure(() => collect(createProvider(compatibleSpec('http://127.0.0.1:9/v1', undefined, '', 'k', surface))));
    const inVsCode = await down('vscode');
    assert.equal(inVsCode.kind, 'network');
    assert.match(inVsCode.message, /^Could not reach http:\/\/127\.0\.0\.1:9\/v1\.$/);
    assert.equal(inVsCode.suggestion,
      'Is the server running? If it listens elsewhere, change the base URL (run "Grounded: Select Provider and Model", or set `grounded.baseUrl`).');
    const inCli = await down('cli');
    assert.equal(inCli.suggestion, 'Is the server running? If it listens elsewhere, change the base URL (`llm_provider` in .agent/etc/query.yaml).');
  });
});

// The base URL setting applies only to OpenAI-compatible servers: a cloud provider that cannot be
// reached is a network or proxy problem, and the message must not send the user to that setting.
describe('a cloud provider that cannot be reached', () => {
  for (const kind of ['openai', 'gh'] as const) {
    it(`${kind}: the network or proxy, not the base URL`, async () => {
      const provider = createProvider({ kind, model: 'm', apiKey: 'sk-test', baseUrl: 'http://127.0.0.1:9/v1', keyHint: 'k' });
      const err = await failure(() => collect(provider));
      assert.equal(err.kind, 'network');
      assert.match(err.message, /^Could not reach (OpenAI|GitHub Models) \(http:\/\/127\.0\.0\.1:9\/v1\)\.$/);
      assert.match(err.suggestion, /network connection.*http\.proxy.*HTTPS_PROXY/);
      assert.doesNotMatch(`${err.message} ${err.suggestion}`, /base URL|server running/i);
    });
  }
});

describe('the remedies offered for a failed check', () => {
  it('a server that cannot be reached: retry, change the URL, another provider; never a key', () => {
    assert.deepEqual(remediesFor('network', 'openai-compatible'), ['retry', 'change-url', 'choose-provider']);
    assert.ok(!remediesFor('network', 'openai').includes('set-key'));
    assert.ok(!remediesFor('network', 'openai').includes('change-url'), 'OpenAI has no URL to change');
  });

  it('a rejected key: set the key; a missing model: choose one', () => {
    assert.equal(remediesFor('auth', 'openai')[0], 'set-key');
    assert.equal(remediesFor('not_found', 'openai-compatible')[0], 'choose-model');
    assert.equal(remediesFor('unconfigured', 'gemini')[0], 'set-key');
    assert.equal(remediesFor('unconfigured', 'openai-compatible')[0], 'change-url');
  });
});

describe('checking a key just stored', () => {
  let server: LlmWireServer;
  before(async () => { server = await new LlmWireServer().start(); });
  after(() => server.stop());
  const spec = (kind: 'openai' | 'gh', apiKey: string, baseUrl = `${server.url}/v1`) => ({ kind, model: 'm', apiKey, baseUrl, keyHint: 'k' });

  it('valid: the model list answered with that key as the Bearer token', async () => {
    server.requests.length = 0;
    server.reply(modelList('gpt-4o-mini'));
    assert.deepEqual(await checkKey(spec('openai', 'sk-good-key-123')), { verdict: 'valid', detail: '' });
    assert.deepEqual(server.requests.map((r) => `${r.method} ${r.url} ${r.headers.authorization}`), ['GET /v1/models Bearer sk-good-key-123']);
  });

  it('rejected (HTTP 401), and the key is not in the text even when the server echoes it', async () => {
    server.reply({ kind: 'status', status: 401, body: { error: { message: 'Incorrect API key provided: sk-bad-key-456' } } });
    const r = await checkKey(spec('openai', 'sk-bad-key-456'));
    assert.equal(r.verdict, 'rejected');
    assert.match(r.detail, /HTTP 401/);
    assert.doesNotMatch(r.detail, /sk-bad-key-456/);
  });

  it('could not reach: said as a network problem', async () => {
    const r = await checkKey(spec('openai', 'sk-any-key-789', 'http://127.0.0.1:9/v1'));
    assert.equal(r.verdict, 'unreachable');
    assert.match(r.detail, /Could not reach OpenAI/);
  });

  it('GitHub Models, which has no model list, is checked with one small request', async () => {
    server.requests.length = 0;
    server.reply({ kind: 'openai-stream', chunks: ['OK'] });
    assert.equal((await checkKey(spec('gh', 'ghp-token-abc'))).verdict, 'valid');
    assert.deepEqual(server.requests.map((r) => `${r.method} ${r.url}`), ['POST /v1/chat/completions']);
  });
});
