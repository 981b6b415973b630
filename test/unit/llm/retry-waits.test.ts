import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { OpenAIChatProvider } from '../../../src/engine/llm/openai-provider';
import { withRetry, type RetryInfo } from '../../../src/engine/llm/retry';
import { ProviderError, type ProviderEvent } from '../../../src/engine/llm/types';
import { scrubText } from '../../../src/engine/privacy/scrubber';
import { LlmWireServer } from '../../support/llm-server';

const messages = [{ role: 'user' as const, content: scrubText('Say hello.').text }];

describe('retry waits (what the server asks, what we wait, what we report)', () => {
  let server: LlmWireServer;
  before(async () => { server = await new LlmWireServer().start(); });
  after(() => server.stop());
  const open = () => async () => {
    const p = new OpenAIChatProvider({ id: 'openai', model: 'm', apiKey: 'k', baseUrl: `${server.url}/v1`, keyHint: 'set OPENAI_API_KEY' });
    const events: ProviderEvent[] = [];
    for await (const e of p.stream({ messages })) events.push(e);
    return events;
  };
  /** A sleep that records what it was asked to wait and returns at once. */
  const recorder = () => {
    const waits: number[] = [];
    return { waits, sleep: async (ms: number) => { waits.push(ms); } };
  };

  it('waits the larger of Retry-After and the backoff, not their sum, and reports that wait', async () => {
    // Backoff with random 0.5: 1000 x 1.5 = 1500, again 1500 (under Retry-After's 5 s), then 2000 x 1.5 = 3000.
    server.reply(
      { kind: 'status', status: 429, headers: { 'retry-after': '1' } },
      { kind: 'status', status: 503, headers: { 'retry-after': '5' } },
      { kind: 'status', status: 429 },
      { kind: 'openai-stream', chunks: ['ok'] },
    );
    const { waits, sleep } = recorder();
    const reported: RetryInfo[] = [];
    const r = await withRetry(open(), { baseDelayMs: 1000, random: () => 0.5, sleep, onRetry: (i) => reported.push(i) });
    assert.deepEqual(r.value, [{ type: 'text', text: 'ok' }]);
    assert.deepEqual(waits, [1500, 5000, 3000]);
    assert.deepEqual(reported, [
      { attempt: 2, delayMs: 1500, reason: 'rate_limited', status: 429 },
      { attempt: 3, delayMs: 5000, reason: 'server', status: 503 },
      { attempt: 4, delayMs: 3000, reason: 'rate_limited', status: 429 },
    ]);
  });

  it('by default waits as the seed\'s wait_exponential(multiplier=1, min=2, max=60): 2, 2, 4, 8 … s, capped at 60 s', async () => {
    server.reply({ kind: 'status', status: 503 });
    const { waits, sleep } = recorder();
    await withRetry(open(), { maxAttempts: 8, sleep }).then(() => assert.fail('expected a failure'), () => undefined);
    assert.deepEqual(waits, [2000, 2000, 4000, 8000, 16_000, 32_000, 60_000]);
    const five = recorder();
    const err = await withRetry(open(), { sleep: five.sleep }).then(() => assert.fail('expected a failure'), (e: unknown) => e);
    assert.deepEqual(five.waits, [2000, 2000, 4000, 8000]);
    assert.match((err as Error).message, /Gave up after 5 attempts/);
  });

  it('caps the backoff at maxDelayMs but still honours a longer Retry-After', async () => {
    server.reply({ kind: 'status', status: 429 }, { kind: 'status', status: 429, headers: { 'retry-after': '45' } }, { kind: 'openai-stream', chunks: ['ok'] });
    const { waits, sleep } = recorder();
    await withRetry(open(), { baseDelayMs: 1000, maxDelayMs: 1200, random: () => 0.9, sleep });
    assert.deepEqual(waits, [1200, 45_000]);
  });

  it('fails at once when Retry-After is over 60 s, with the wait in the message', async () => {
    const before = server.requests.length;
    server.reply({ kind: 'status', status: 429, headers: { 'retry-after': '120' } });
    const { waits, sleep } = recorder();
    const err = await withRetry(open(), { sleep }).then(() => assert.fail('expected a failure'), (e: unknown) => e);
    assert.ok(err instanceof ProviderError);
    assert.equal(err.kind, 'rate_limited');
    assert.match(err.message, /asks to wait 120 s\./);
    // Said once, in the suggestion, with the wait the server asked for.
    assert.equal(err.suggestion, "Wait 120 s and ask again, or raise your plan's rate limit.");
    assert.doesNotMatch(err.message, /try again/);
    assert.deepEqual(waits, []);
    assert.equal(server.requests.length - before, 1);
  });

  it('the wait handed to the clock is Retry-After alone, not Retry-After plus a backoff', async () => {
    // The wait handed to the clock is Retry-After alone (300 ms), not Retry-After plus a 250 ms backoff.
    server.reply({ kind: 'status', status: 429, headers: { 'retry-after': '0.3' } }, { kind: 'openai-stream', chunks: ['ok'] });
    const reported: number[] = [];
    const { waits, sleep } = recorder();
    await withRetry(open(), { sleep, baseDelayMs: 250, random: () => 0, onRetry: (i) => reported.push(i.delayMs) });
    assert.deepEqual(reported, [300]);
    assert.deepEqual(waits, [300], 'Retry-After and backoff were added');
  });
});
