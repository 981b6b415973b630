import { after, before, describe, it } from 'node:test';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import assert from 'node:assert/strict';
import { listProviderModels, testConnection } from '../../../src/engine/llm/connection-check';
import { createProvider } from '../../../src/engine/llm/factory';
import { LlmWireServer } from '../../support/llm-server';

const modelList = (...ids: string[]) => ({
  kind: 'raw' as const,
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify({ object: 'list', data: ids.map((id) => ({ id, object: 'model', created: 0, owned_by: 'me' })) }),
});

// The setup flow's two network steps, through the real SDKs against a local server speaking their wire protocols.
describe('setup: model list and connection test', () => {
  let server: LlmWireServer;
  before(async () => { server = await new LlmWireServer().start(); });
  after(() => server.stop());

  it('lists an OpenAI-compatible server\'s models, finding /v1 when the URL names only the server (Ollama form)', async () => {
    server.requests.length = 0;
    server.reply({ kind: 'status', status: 404, body: { error: 'not found' } }, modelList('qwen2.5-coder', 'llama3.1'));
    const models = await listProviderModels({ kind: 'openai-compatible', baseUrl: server.url, keyHint: 'k' });
    assert.deepEqual(models, ['llama3.1', 'qwen2.5-coder']);
    assert.deepEqual(server.requests.map((r) => r.url), ['/models', '/v1/models']);
  });

  it('a rejected key is the answer, with what to fix; the list is not tried elsewhere', async () => {
    server.requests.length = 0;
    server.reply({ kind: 'status', status: 401, body: { error: { message: 'bad key' } } });
    await assert.rejects(
      listProviderModels({ kind: 'openai', apiKey: 'sk-wrong', baseUrl: `${server.url}/v1`, keyHint: 'Grounded: Set API Key' }),
      (err: Error & { kind?: string }) => err.kind === 'auth' && /rejected the API key/.test(err.message),
    );
    assert.equal(server.requests.length, 1);
  });

  it('a server that asks for a key when none is set says so, and how to set one; it rejected no key', async () => {
    server.reply({ kind: 'status', status: 401, body: { error: { message: 'missing key' } } });
    await assert.rejects(
      listProviderModels({ kind: 'openai-compatible', baseUrl: `${server.url}/v1`, keyHint: 'run "Grounded: Set API Key"' }),
      (err: Error & { kind?: string; suggestion?: string; keyMissing?: boolean }) =>
        err.kind === 'auth' && /asks for an API key \(HTTP 401\), and none is set for it\.$/.test(err.message) &&
        err.suggestion === 'Run "Grounded: Set API Key".' && !/rejected/.test(err.message) && err.keyMissing === true,
    );
    assert.equal(server.requests.at(-1)?.headers.authorization, 'Bearer not-needed', 'no key of the user\'s was sent');
  });

  it('lists Gemini models that generate content', async () => {
    server.reply({ kind: 'raw', status: 200, contentType: 'application/json', body: JSON.stringify({ models: [
      { name: 'models/gemini-2.0-flash', supportedGenerationMethods: ['generateContent', 'countTokens'] },
      { name: 'models/text-embedding-004', supportedGenerationMethods: ['embedContent'] },
    ] }) });
    assert.deepEqual(await listProviderModels({ kind: 'gemini', apiKey: 'AIza-test', baseUrl: server.url, keyHint: 'k' }), ['gemini-2.0-flash']);
    assert.equal(server.requests.at(-1)!.headers['x-goog-api-key'], 'AIza-test');
  });

  it('a server that is not running is said plainly', async () => {
    await assert.rejects(
      listProviderModels({ kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1', keyHint: 'k' }),
      (err: Error & { kind?: string }) => err.kind === 'network' && /Could not reach/.test(err.message),
    );
  });

  it('the connection test sends one scrubbed line and reports the reply, or the reason it failed', async () => {
    const provider = createProvider({ kind: 'openai-compatible', model: 'llama3.1', baseUrl: `${server.url}/v1`, keyHint: 'k' });
    server.requests.length = 0;
    server.reply({ kind: 'openai-stream', chunks: ['OK'] });
    assert.deepEqual(await testConnection(provider), { ok: true, reply: 'OK' });
    const body = JSON.parse(server.requests[0].body);
    assert.equal(body.model, 'llama3.1');
    assert.match(body.messages.at(-1).content, /connection test from Grounded/);
    // The model is missing: the server says 404, and its model list names what it has instead.
    server.reply({ kind: 'status', status: 404, body: { error: { message: 'model not found' } } }, modelList('qwen2.5-coder'));
    const failed = await testConnection(provider);
    assert.equal(failed.ok, false);
    assert.ok(!failed.ok && /has no model 'llama3\.1'.*qwen2\.5-coder/.test(failed.error.message), !failed.ok ? failed.error.message : '');
  });
});

// A server that takes the connection and never replies (a model still loading, a wrong service on the port).
describe('setup: a server that never replies', () => {
  let silent: http.Server;
  let url = '';
  before(async () => {
    silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`;
  });
  after(() => {
    silent.closeAllConnections();
    silent.close();
  });

  it('the test request is said to have had no reply, not to have been cancelled', async () => {
    const provider = createProvider({ kind: 'openai-compatible', model: 'llama3.1', baseUrl: url, keyHint: 'k' });
    const result = await testConnection(provider, undefined, 300);
    assert.equal(result.ok, false);
    if (result.ok) return;
    assert.equal(result.error.kind, 'network');
    assert.match(result.error.message, /^No reply from .* in time; Grounded stopped waiting\.$/);
    assert.doesNotMatch(`${result.error.message} ${result.error.suggestion}`, /cancel/i);
  });

  it('the model list is said to have had no reply, naming the URL', async () => {
    await assert.rejects(
      listProviderModels({ kind: 'openai-compatible', baseUrl: url, keyHint: 'k' }, undefined, 300),
      (err: Error & { kind?: string }) => err.kind === 'network' && err.message === `No reply from ${url} in time; Grounded stopped waiting.`,
    );
  });

  it('a request the caller stopped is still "cancelled"', async () => {
    const provider = createProvider({ kind: 'openai-compatible', model: 'llama3.1', baseUrl: url, keyHint: 'k' });
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 200);
    const result = await testConnection(provider, stop.signal);
    assert.ok(!result.ok && result.error.kind === 'cancelled', result.ok ? '' : result.error.message);
  });
});
