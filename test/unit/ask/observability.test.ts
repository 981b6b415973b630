import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ask } from '../../../src/engine/ask/ask';
import { OpenAIChatProvider } from '../../../src/engine/llm/openai-provider';
import { ProviderError } from '../../../src/engine/llm/types';
import { MetricsRegistry } from '../../../src/engine/metrics/registry';
import { createLogger, type LogRecord } from '../../../src/engine/telemetry/log';
import { copyFixture } from '../../support/fixture';
import { LlmWireServer } from '../../support/llm-server';

const QUESTION = 'how are API keys stored and rotated in the key store?';
/** A line of src/auth/keyStore.ts that the question pulls into the context. */
const CONTEXT_LINE = 'Stores API keys encrypted with a key derived from the machine secret.';
const ANSWER = 'Keys are sealed with AES-GCM, see src/auth/keyStore.ts#L19-26.';

/** No record may carry the question, the context or the answer. */
function assertTextFree(records: LogRecord[]): void {
  assert.ok(records.length > 0);
  for (const r of records) {
    const json = JSON.stringify(r);
    for (const text of [QUESTION, CONTEXT_LINE, ANSWER]) assert.ok(!json.includes(text), `${r.event} carries text: ${json}`);
  }
}

const done = (records: LogRecord[]) => records.filter((r) => r.event === 'query.done');

describe('query logs and metrics (seed 001: errors, rate limits, never text)', () => {
  let server: LlmWireServer;
  const root = copyFixture();
  before(async () => { server = await new LlmWireServer().start(); });
  after(() => server.stop());
  const openai = () =>
    new OpenAIChatProvider({ id: 'openai', model: 'gpt-test', apiKey: 'sk-test', baseUrl: `${server.url}/v1`, keyHint: 'set OPENAI_API_KEY' });
  const logged = () => {
    const records: LogRecord[] = [];
    return { records, logger: createLogger((r) => records.push(r)) };
  };

  it('logs each retry (attempt, HTTP status, wait) and counts distinct files', async () => {
    server.reply(
      { kind: 'status', status: 429, headers: { 'retry-after': '0.05' } },
      { kind: 'status', status: 503 },
      { kind: 'openai-stream', chunks: [ANSWER] },
    );
    const { records, logger } = logged();
    // Two selections of one file: two chunks, one file.
    const attached = [
      { path: 'src/auth/keyStore.ts', startLine: 1, endLine: 2, text: 'import a;\nimport b;', origin: 'selection' as const },
      { path: 'src/auth/keyStore.ts', startLine: 30, endLine: 31, text: 'const c = 1;\nconst d = 2;', origin: 'selection' as const },
    ];
    const r = await ask({ root, question: QUESTION, attached }, { provider: openai(), logger, retry: { baseDelayMs: 5 } });
    assert.equal(r.status, 'success');
    assert.ok(r.context.chunks.some((c) => c.text.includes(CONTEXT_LINE)), 'the distinctive line was sent');
    assert.ok(r.answer.includes(ANSWER));
    const retries = records.filter((rec) => rec.event === 'llm.retry');
    assert.deepEqual(retries.map((rec) => [rec.level, rec.queryId, rec.attempt, rec.httpStatus, rec.reason]), [
      ['warn', r.queryId, 2, 429, 'rate_limited'],
      ['warn', r.queryId, 3, 503, 'server'],
    ]);
    assert.ok((retries[0].waitMs as number) >= 50);
    const [d] = done(records);
    // A start record too, before any other, with ids and counts only.
    assert.deepEqual(
      [records[0].event, records[0].queryId, records[0].provider, records[0].model, records[0].attached],
      ['query.start', r.queryId, 'openai', 'gpt-test', 2],
    );
    assert.equal(records.filter((rec) => rec.event === 'query.start').length, 1);
    assert.equal(d.retries, 2);
    assert.equal(d.errorKind, undefined);
    assert.equal(d.files, new Set(r.context.chunks.map((c) => c.path)).size);
    assert.equal(d.chunks, r.context.chunks.length);
    assert.ok((d.files as number) < r.context.chunks.length, 'files counts files, not chunks');
    assertTextFree(records);
  });

  it('puts the error kind in query.done when the model fails, at level error', async () => {
    server.reply({ kind: 'status', status: 401 });
    const { records, logger } = logged();
    const metrics = new MetricsRegistry();
    // The snippets still answer, led by one notice saying why the model did not.
    const r = await ask({ root, question: QUESTION }, { provider: openai(), logger, metrics });
    assert.equal(r.status, 'failure');
    assert.equal(r.modelError?.kind, 'auth');
    assert.match(r.answer, /^The model did not answer: OpenAI at http:\/\/127\.0\.0\.1:\d+\/v1 rejected the API key \(HTTP 401\)/);
    assert.match(r.answer, /Here are the most relevant parts of the workspace, best first:/);
    assert.ok(r.citations.length > 0 && r.citations.every((c) => c.verified), 'the snippets cite what was found');
    const [d] = done(records);
    assert.deepEqual([d.level, d.status, d.errorKind], ['error', 'failure', 'auth']);
    assert.match(metrics.toPrometheus(), /agent_query_total\{status="failure"\} 1/);
    assertTextFree(records);
  });

  it('still logs and counts a failure when mention resolution throws', async () => {
    const { records, logger } = logged();
    const metrics = new MetricsRegistry();
    const resolveMentions = async () => { throw new Error('mention index unavailable'); };
    await assert.rejects(ask({ root, question: QUESTION }, { logger, metrics, resolveMentions }), /mention index unavailable/);
    const [d] = done(records);
    assert.deepEqual([d.status, d.errorKind], ['failure', 'mention_resolution']);
    assert.match(metrics.toPrometheus(), /agent_query_total\{status="failure"\} 1/);
    assert.match(metrics.toPrometheus(), /agent_query_latency_seconds_count 1/);
    assertTextFree(records);
  });

  it('still logs and counts a failure when building the context throws', async () => {
    const { records, logger } = logged();
    const metrics = new MetricsRegistry();
    await assert.rejects(ask({ root: `${root}/no-such-folder`, question: QUESTION }, { logger, metrics }), /ENOENT/);
    const [d] = done(records);
    assert.deepEqual([d.status, d.errorKind], ['failure', 'context_build']);
    assert.match(metrics.toPrometheus(), /agent_query_total\{status="failure"\} 1/);
    assertTextFree(records);
  });

  it('cancels through ask(): status cancelled, and the provider request is closed', async () => {
    server.reply({ kind: 'openai-stream', chunks: Array.from({ length: 60 }, (_, i) => `word${i} `), delayMs: 20 });
    const { records, logger } = logged();
    const controller = new AbortController();
    let deltas = 0;
    const onEvent = (e: { type: string }) => { if (e.type === 'segment' && ++deltas === 2) controller.abort(); };
    await assert.rejects(
      ask({ root, question: QUESTION, signal: controller.signal, onEvent }, { provider: openai(), logger }),
      (e: unknown) => e instanceof ProviderError && e.kind === 'cancelled',
    );
    assert.equal(deltas, 2, 'no text after the abort');
    const [d] = done(records);
    assert.deepEqual([d.status, d.errorKind], ['cancelled', 'cancelled']);
    // The server sees the closed connection when its socket event arrives: waited for, not timed (a loaded machine is slow).
    for (let i = 0; i < 200 && !server.requests.at(-1)!.closedEarly; i++) await new Promise((r) => setTimeout(r, 50));
    assert.equal(server.requests.at(-1)!.closedEarly, true);
  });

  it('cancels before the model is called: a ProviderError, not a raw AbortError', async () => {
    const before = server.requests.length;
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(
      ask({ root, question: QUESTION, signal: controller.signal }, { provider: openai() }),
      (e: unknown) => e instanceof ProviderError && e.kind === 'cancelled',
    );
    assert.equal(server.requests.length, before);
  });
});
