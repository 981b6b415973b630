import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { GeminiProvider } from '../../../src/engine/llm/gemini-provider';
import { OpenAIChatProvider } from '../../../src/engine/llm/openai-provider';
import { withRetry } from '../../../src/engine/llm/retry';
import { ProviderError } from '../../../src/engine/llm/types';
import { LlmWireServer } from '../../support/llm-server';
import { collect, failure, messages } from '../../support/provider-helpers';

/** Runs `fn` and returns every unhandled rejection seen until shortly after it settles. */
async function unhandledDuring(fn: () => Promise<unknown>): Promise<unknown[]> {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => seen.push(reason);
  process.on('unhandledRejection', listener);
  try {
    await fn().catch(() => undefined);
    // Rejections are reported after the microtask queue drains; give the SDK's tee a few turns.
    await new Promise((r) => setTimeout(r, 100));
  } finally {
    process.off('unhandledRejection', listener);
  }
  return seen;
}

describe('a 200 that is not an answer is malformed, never an empty success (openai SDK)', () => {
  let server: LlmWireServer;
  before(async () => { server = await new LlmWireServer().start(); });
  after(() => server.stop());
  const provider = () => new OpenAIChatProvider({ id: 'openai-compatible', model: 'm', baseUrl: `${server.url}/v1`, keyHint: 'none' });

  it('a JSON body with no choices', async () => {
    server.reply({ kind: 'raw', status: 200, contentType: 'application/json', body: '{"choices":[]}' });
    const err = await failure(() => collect(provider()));
    assert.equal(err.kind, 'malformed');
    assert.match(err.message, /could not read: it answered with 'application\/json' instead of an event stream/);
    assert.match(err.suggestion, /base URL/);
  });

  it('an HTML page', async () => {
    server.reply({ kind: 'raw', status: 200, contentType: 'text/html; charset=utf-8', body: '<html><body>Welcome to nginx!</body></html>' });
    const err = await failure(() => collect(provider()));
    assert.equal(err.kind, 'malformed');
    assert.match(err.message, /'text\/html' instead of an event stream/);
  });

  it('an event stream that ends with no content, no finish reason and no [DONE]', async () => {
    server.reply({ kind: 'raw', status: 200, contentType: 'text/event-stream', body: '' });
    const err = await failure(() => collect(provider()));
    assert.equal(err.kind, 'malformed');
    assert.match(err.message, /ended without any text or finish reason/);
  });

  it('still accepts a finished stream with an empty answer', async () => {
    server.reply({
      kind: 'raw',
      status: 200,
      contentType: 'text/event-stream',
      body: 'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
    });
    assert.deepEqual(await collect(provider()), []);
  });

  it('fails a 400 at once, naming the model and base URL settings', async () => {
    const before = server.requests.length;
    server.reply({ kind: 'status', status: 400, body: { error: { message: 'bad model', type: 'invalid_request_error' } } });
    const err = await failure(() => withRetry(() => collect(provider()), { baseDelayMs: 1 }));
    assert.equal(err.kind, 'bad_request');
    assert.match(err.message, /refused the request \(HTTP 400\)/);
    assert.match(err.suggestion,
      /the model 'm' \(run "Grounded: Select Provider and Model", or set `grounded\.model` in VS Code; `model` in \.agent\/etc\/query\.yaml for the CLI\)/);
    assert.match(err.suggestion, new RegExp(`base URL ${server.url}/v1 .*grounded\\.baseUrl`));
    assert.equal(server.requests.length - before, 1, 'a 400 is not retried');
  });
});

describe('Gemini failures (real @google/generative-ai SDK, local SSE server)', () => {
  let server: LlmWireServer;
  before(async () => { server = await new LlmWireServer().start(); });
  after(() => server.stop());
  const provider = () => new GeminiProvider({ model: 'gemini-test', apiKey: 'AIza-test-key', baseUrl: server.url, keyHint: 'set GEMINI_API_KEY' });

  it('stops mid-stream when cancelled: kind cancelled, connection closed, no unhandled rejection', async () => {
    server.reply({ kind: 'gemini-stream', chunks: Array.from({ length: 50 }, (_, i) => `w${i} `), delayMs: 20 });
    const controller = new AbortController();
    const seen: string[] = [];
    let err: ProviderError | undefined;
    const unhandled = await unhandledDuring(async () => {
      err = await failure(async () => {
        for await (const ev of provider().stream({ messages, signal: controller.signal })) {
          if (ev.type === 'text') seen.push(ev.text);
          if (seen.length === 3) controller.abort();
        }
      });
    });
    assert.equal(err?.kind, 'cancelled');
    assert.equal(err?.message, 'The request was cancelled.');
    assert.equal(seen.length, 3);
    assert.deepEqual(unhandled.map(String), []);
    assert.equal(server.requests.at(-1)!.closedEarly, true);
  });

  it('reports a stream of bad JSON as malformed, with no unhandled rejection', async () => {
    server.reply({ kind: 'raw', status: 200, contentType: 'text/event-stream', body: 'data: {not json\r\n\r\n' });
    let err: ProviderError | undefined;
    const unhandled = await unhandledDuring(async () => { err = await failure(() => collect(provider())); });
    assert.equal(err?.kind, 'malformed');
    assert.match(err?.message ?? '', /Google Gemini at http:\/\/127\.0\.0\.1:\d+ sent a response Grounded could not read: .*Error parsing JSON response/);
    assert.deepEqual(unhandled.map(String), []);
  });

  it('reports an empty stream as malformed, not as an empty answer', async () => {
    server.reply({ kind: 'raw', status: 200, contentType: 'text/event-stream', body: '' });
    assert.equal((await failure(() => collect(provider()))).kind, 'malformed');
  });

  it('leaves nothing running once the answer is complete, so a CLI process exits at once', () => {
    // A child process, because only an exit proves no timer is left (the SDK's own timeout was never cleared).
    const dir = mkdtempSync(path.join(tmpdir(), 'grounded-gemini-exit-'));
    const script = path.join(dir, 'run.mts');
    const from = (p: string) => JSON.stringify(pathToFileURL(path.resolve(__dirname, p)).href);
    writeFileSync(script, `import { GeminiProvider } from ${from('../../../src/engine/llm/gemini-provider.ts')};
import { LlmWireServer } from ${from('../../support/llm-server.ts')};
import { scrubText } from ${from('../../../src/engine/privacy/scrubber.ts')};
const server = await new LlmWireServer().start();
server.reply({ kind: 'gemini-stream', chunks: ['Hi'] });
const p = new GeminiProvider({ model: 'g', apiKey: 'k', baseUrl: server.url, keyHint: 'x', timeoutMs: 600_000 });
for await (const ev of p.stream({ messages: [{ role: 'user', content: scrubText('hi').text }] })) console.log(JSON.stringify(ev));
await server.stop();
`);
    // The SDK's timer would keep it alive 600 s: killed at 120 s, it has no exit status 0. No clock is read
    // beyond that limit (a busy machine once took 35 s to start such a process).
    const r = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 120_000 });
    assert.equal(r.stdout.trim(), '{"type":"text","text":"Hi"}', r.stderr);
    assert.equal(r.status, 0, `exit ${r.status} ${r.signal ?? ''}: the process lingered after the answer`);
  });
});
