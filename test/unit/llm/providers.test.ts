import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { GeminiProvider } from '../../../src/engine/llm/gemini-provider';
import { OpenAIChatProvider } from '../../../src/engine/llm/openai-provider';
import { withRetry } from '../../../src/engine/llm/retry';
import { parseRetryAfter } from '../../../src/engine/llm/errors';
import type { Provider, ProviderEvent } from '../../../src/engine/llm/types';
import { LlmWireServer } from '../../support/llm-server';
import { collect, failure, messages } from '../../support/provider-helpers';

describe('OpenAI and OpenAI-compatible providers (real openai SDK, local SSE server)', () => {
  let server: LlmWireServer;
  before(async () => { server = await new LlmWireServer().start(); });
  after(() => server.stop());
  const provider = (id = 'openai') =>
    new OpenAIChatProvider({ id, model: 'test-model', apiKey: 'sk-test', baseUrl: `${server.url}/v1`, keyHint: 'set OPENAI_API_KEY' });

  it('streams text deltas and reports token usage', async () => {
    server.reply({ kind: 'openai-stream', chunks: ['Hel', 'lo', '!'], usage: { prompt: 12, completion: 3 } });
    const events = await collect(provider());
    assert.deepEqual(events, [
      { type: 'text', text: 'Hel' },
      { type: 'text', text: 'lo' },
      { type: 'text', text: '!' },
      { type: 'usage', promptTokens: 12, completionTokens: 3 },
    ]);
    const req = server.requests.at(-1)!;
    assert.equal(req.url, '/v1/chat/completions');
    assert.equal(req.headers.authorization, 'Bearer sk-test');
    const body = JSON.parse(req.body);
    assert.equal(body.stream, true);
    assert.deepEqual(body.messages.map((m: { role: string }) => m.role), ['system', 'user']);
  });

  it('works keyless against an OpenAI-compatible server (the Ollama path)', async () => {
    server.reply({ kind: 'openai-stream', chunks: ['ok'] });
    const p = new OpenAIChatProvider({ id: 'openai-compatible', model: 'llama3.1', baseUrl: `${server.url}/v1`, keyHint: 'none' });
    assert.deepEqual(await collect(p), [{ type: 'text', text: 'ok' }]);
    assert.equal(JSON.parse(server.requests.at(-1)!.body).model, 'llama3.1');
  });

  it('stops mid-stream when cancelled, and the server sees the connection close', async () => {
    server.reply({ kind: 'openai-stream', chunks: Array.from({ length: 50 }, (_, i) => `w${i} `), delayMs: 20 });
    const controller = new AbortController();
    const seen: string[] = [];
    const err = await failure(async () => {
      for await (const ev of provider().stream({ messages, signal: controller.signal })) {
        if (ev.type === 'text') seen.push(ev.text);
        if (seen.length === 3) controller.abort();
      }
    });
    assert.equal(err.kind, 'cancelled');
    assert.equal(seen.length, 3);
    // The close reaches the server a moment later (later still on a busy machine): poll for it.
    for (let i = 0; i < 300 && !server.requests.at(-1)!.closedEarly; i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(server.requests.at(-1)!.closedEarly, true);
  });

  it('maps 401 to an auth error naming the key to fix', async () => {
    server.reply({ kind: 'status', status: 401, body: { error: { message: 'Incorrect API key', type: 'invalid_request_error' } } });
    const err = await failure(() => collect(provider()));
    assert.equal(err.kind, 'auth');
    assert.match(err.suggestion, /OPENAI_API_KEY/);
  });

  it('maps 429 with Retry-After, 404 and 500', async () => {
    server.reply({ kind: 'status', status: 429, headers: { 'retry-after': '2' } });
    const rl = await failure(() => collect(provider()));
    assert.equal(rl.kind, 'rate_limited');
    assert.equal(rl.retryAfterMs, 2000);
    server.reply({ kind: 'status', status: 404 });
    assert.equal((await failure(() => collect(provider()))).kind, 'not_found');
    server.reply({ kind: 'status', status: 503 });
    assert.equal((await failure(() => collect(provider()))).kind, 'server');
  });

  it('reports a malformed stream as malformed, not as an answer', async () => {
    server.reply({ kind: 'raw', status: 200, contentType: 'text/event-stream', body: 'data: {not json\n\n' });
    assert.equal((await failure(() => collect(provider()))).kind, 'malformed');
  });

  it('reports an unreachable server as a network error naming the URL', async () => {
    const p = new OpenAIChatProvider({ id: 'openai-compatible', model: 'm', baseUrl: 'http://127.0.0.1:9/v1', keyHint: 'none' });
    const err = await failure(() => collect(p));
    assert.equal(err.kind, 'network');
    assert.match(err.message, /127\.0\.0\.1:9/);
    assert.doesNotMatch(err.suggestion, /127\.0\.0\.1:9/, 'the URL is said once, in the message');
  });
});

describe('Gemini provider (real @google/generative-ai SDK, local SSE server)', () => {
  let server: LlmWireServer;
  before(async () => { server = await new LlmWireServer().start(); });
  after(() => server.stop());
  const provider = () => new GeminiProvider({ model: 'gemini-test', apiKey: 'AIza-test-key', baseUrl: server.url, keyHint: 'set GEMINI_API_KEY' });

  it('streams streamGenerateContent with the system prompt as systemInstruction', async () => {
    server.reply({ kind: 'gemini-stream', chunks: ['Hi', ' there'], usage: { prompt: 20, completion: 2 } });
    const events = await collect(provider());
    assert.deepEqual(events, [{ type: 'text', text: 'Hi' }, { type: 'text', text: ' there' }, { type: 'usage', promptTokens: 20, completionTokens: 2 }]);
    const req = server.requests.at(-1)!;
    assert.match(req.url, /^\/v1beta\/models\/gemini-test:streamGenerateContent\?alt=sse/);
    assert.equal(req.headers['x-goog-api-key'], 'AIza-test-key');
    const body = JSON.parse(req.body);
    assert.equal(body.systemInstruction.parts[0].text, 'You are a test.');
    assert.deepEqual(body.contents, [{ role: 'user', parts: [{ text: 'Say hello.' }] }]);
  });

  it('maps 429 with RetryInfo and 401/403', async () => {
    server.reply({
      kind: 'status',
      status: 429,
      body: {
        error: {
          code: 429,
          message: 'quota',
          status: 'RESOURCE_EXHAUSTED',
          details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '3s' }],
        },
      },
    });
    const rl = await failure(() => collect(provider()));
    assert.equal(rl.kind, 'rate_limited');
    assert.equal(rl.retryAfterMs, 3000);
    server.reply({ kind: 'status', status: 403, body: { error: { code: 403, message: 'API key not valid', status: 'PERMISSION_DENIED' } } });
    const auth = await failure(() => collect(provider()));
    assert.equal(auth.kind, 'auth');
    assert.match(auth.suggestion, /GEMINI_API_KEY/);
  });
});

describe('retries (p-retry)', () => {
  let server: LlmWireServer;
  before(async () => { server = await new LlmWireServer().start(); });
  after(() => server.stop());
  const provider = () => new OpenAIChatProvider({ id: 'openai', model: 'm', apiKey: 'k', baseUrl: `${server.url}/v1`, keyHint: 'set OPENAI_API_KEY' });
  const open = (p: Provider) => async () => {
    const events: ProviderEvent[] = [];
    for await (const e of p.stream({ messages })) events.push(e);
    return events;
  };

  it('retries a 429 with Retry-After, waiting at least that long, then succeeds', async () => {
    const before = server.requests.length;
    server.reply({ kind: 'status', status: 429, headers: { 'retry-after': '0.3' } }, { kind: 'openai-stream', chunks: ['done'] });
    const retries: number[] = [];
    const t0 = performance.now();
    const r = await withRetry(open(provider()), { baseDelayMs: 5, onRetry: (i) => retries.push(i.delayMs) });
    assert.ok(performance.now() - t0 >= 290);
    assert.deepEqual(r.value, [{ type: 'text', text: 'done' }]);
    assert.equal(r.retries, 1);
    assert.equal(retries[0], 300);
    assert.equal(server.requests.length - before, 2);
  });

  it('retries a 429 without Retry-After with exponential backoff', async () => {
    server.reply({ kind: 'status', status: 429 }, { kind: 'status', status: 429 }, { kind: 'status', status: 429 }, { kind: 'openai-stream', chunks: ['ok'] });
    const delays: number[] = [];
    // No jitter (random 0): as the seed's wait_exponential, base, base, then 2 x base.
    const r = await withRetry(open(provider()), { baseDelayMs: 5, random: () => 0, onRetry: (i) => delays.push(i.delayMs) });
    assert.equal(r.retries, 3);
    assert.deepEqual(delays, [5, 5, 10]);
  });

  it('gives up after 5 attempts with a clear error', async () => {
    const before = server.requests.length;
    server.reply({ kind: 'status', status: 500 });
    const err = await failure(() => withRetry(open(provider()), { baseDelayMs: 1 }));
    assert.equal(err.kind, 'server');
    assert.match(err.message, /Gave up after 5 attempts/);
    assert.equal(server.requests.length - before, 5);
  });

  it('does not retry an auth error', async () => {
    const before = server.requests.length;
    server.reply({ kind: 'status', status: 401 });
    assert.equal((await failure(() => withRetry(open(provider()), { baseDelayMs: 1 }))).kind, 'auth');
    assert.equal(server.requests.length - before, 1);
  });

  // A backoff of 30 s, cancelled after 0.1 s: a wait that went on would outlast the test's limit of 20 s.
  it('stops waiting when cancelled during a backoff', { timeout: 20_000 }, async () => {
    server.reply({ kind: 'status', status: 429, headers: { 'retry-after': '30' } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const before = server.requests.length;
    const err = await failure(() => withRetry(open(provider()), { baseDelayMs: 1, signal: controller.signal }));
    assert.equal(err.kind, 'cancelled');
    assert.equal(server.requests.length - before, 1, 'asked again after the cancel');
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    assert.equal(parseRetryAfter('7'), 7000);
    assert.equal(parseRetryAfter(new Date(10_000 + 5000).toUTCString(), 10_000), 5000);
    assert.equal(parseRetryAfter('soon'), undefined);
  });
});
