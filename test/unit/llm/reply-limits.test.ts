import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ask } from '../../../src/engine/ask/ask';
import { plainSegment } from '../../../src/engine/ask/citations';
import { GeminiProvider } from '../../../src/engine/llm/gemini-provider';
import { OpenAIChatProvider } from '../../../src/engine/llm/openai-provider';
import { limitReply } from '../../../src/engine/llm/reply-limits';
import type { Provider, ProviderEvent } from '../../../src/engine/llm/types';
import { copyFixture } from '../../support/fixture';
import { LlmWireServer } from '../../support/llm-server';
import { collect, failure } from '../../support/provider-helpers';

// Wide enough that a busy machine's pauses are not mistaken for a stuck model.
const limits = { idleTimeoutMs: 3000, deadlineMs: 8000 };

describe('a model reply has an idle timeout and a deadline (issue 14, item 9)', () => {
  let server: LlmWireServer;
  before(async () => { server = await new LlmWireServer().start(); });
  after(() => server.stop());
  const providers: Array<[string, () => Provider, 'openai' | 'gemini']> = [
    [
      'openai-compatible',
      () => new OpenAIChatProvider({ id: 'openai-compatible', model: 'm', baseUrl: `${server.url}/v1`, keyHint: 'none', replyLimits: limits }),
      'openai',
    ],
    ['gemini', () => new GeminiProvider({ model: 'g', apiKey: 'k', baseUrl: server.url, keyHint: 'x', replyLimits: limits }), 'gemini'],
  ];

  it('in VS Code the timeout names no query.yaml limits (only the CLI has them as settings)', { timeout: 30_000 }, async () => {
    const provider = new OpenAIChatProvider({
      id: 'openai-compatible', model: 'm', baseUrl: `${server.url}/v1`, keyHint: 'none', replyLimits: limits, surface: 'vscode',
    });
    server.reply({ kind: 'trickle', protocol: 'openai', everyMs: 100, events: false });
    const err = await failure(() => collect(provider));
    assert.match(err.message, /sent nothing for 3 s/);
    assert.equal(err.suggestion,
      'The model or its server may be overloaded or stuck: try again; a local model that was still loading answers faster the second time.');
  });

  for (const [name, make, protocol] of providers) {
    it(
      `${name}: a stream that sends one byte now and then but never an event ends with a clear message, and the connection is closed`,
      { timeout: 30_000 },
      async () => {
        server.reply({ kind: 'trickle', protocol, everyMs: 100, events: false });
        const err = await failure(() => collect(make()));
        assert.equal(err.kind, 'network');
        assert.match(err.message, /sent nothing for 3 s; Grounded stopped waiting for the reply/);
        assert.match(err.suggestion, /For the CLI, the limits are llm_idle_timeout_seconds \/ llm_timeout_seconds in \.agent\/etc\/query\.yaml/);
        assert.match(err.suggestion, /^The model or its server may be overloaded or stuck: try again;/, 'what anyone can do comes first, on every surface');
        // The close reaches the server a moment later: poll (generously) rather than guess a delay.
        for (let i = 0; i < 100 && !server.requests.at(-1)!.closedEarly; i++) await new Promise((r) => setTimeout(r, 100));
        assert.equal(server.requests.at(-1)!.closedEarly, true, 'the request was closed');
      },
    );

    it(`${name}: a stream that keeps sending text forever is stopped at the deadline`, { timeout: 30_000 }, async () => {
      server.reply({ kind: 'trickle', protocol, everyMs: 100, events: true });
      const seen: ProviderEvent[] = [];
      const err = await failure(async () => { for await (const ev of make().stream({ messages: [] })) seen.push(ev); });
      assert.match(err.message, /did not finish its reply within 8 s; Grounded stopped it/);
      assert.ok(seen.some((e) => e.type === 'text'), 'the text before the deadline was delivered');
    });
  }

  it('holds for any provider stream (the VS Code adapter uses the same clocks): the opener sees its signal abort', { timeout: 30_000 }, async () => {
    let aborted = false;
    const stuck = (signal: AbortSignal): AsyncIterable<ProviderEvent> => ({
      async *[Symbol.asyncIterator]() {
        yield { type: 'text', text: 'partial' };
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => { aborted = true; resolve(); }));
      },
    });
    const seen: ProviderEvent[] = [];
    const err = await failure(async () => { for await (const ev of limitReply(stuck, { who: 'copilot-model', limits })) seen.push(ev); });
    assert.match(err.message, /^copilot-model sent nothing for 3 s/);
    assert.deepEqual(seen, [{ type: 'text', text: 'partial' }]);
    assert.equal(aborted, true);
  });

  it('the CLI ends a never-ending stream with the reason and the snippet answer (query.yaml llm_idle_timeout_seconds)', { timeout: 90_000 }, async () => {
    const root = copyFixture();
    mkdirSync(path.join(root, '.agent', 'etc'), { recursive: true });
    writeFileSync(
      path.join(root, '.agent', 'etc', 'query.yaml'),
      `llm_provider: ${server.url}/v1\nmodel: slow\nllm_idle_timeout_seconds: 2\nllm_timeout_seconds: 60\n`,
    );
    server.reply({ kind: 'trickle', protocol: 'openai', everyMs: 200, events: false });
    const repo = path.join(__dirname, '..', '..', '..');
    const r = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join(repo, 'src', 'cli', 'bin.ts'), 'query', 'how are API keys stored?', '--no-tools', '--root', root],
      { cwd: repo, timeout: 80_000, env: { PATH: process.env.PATH, HOME: process.env.HOME } },
    ).then(
      (x) => ({ code: 0, ...x }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /sent nothing for 2 s; Grounded stopped waiting for the reply/);
    assert.match(r.stdout, /src\/auth\/keyStore\.ts#L/);
  });
});

describe('a reply that stops short is marked incomplete (issue 14, item 14)', () => {
  let server: LlmWireServer;
  before(async () => { server = await new LlmWireServer().start(); });
  after(() => server.stop());
  const openai = () => new OpenAIChatProvider({ id: 'openai-compatible', model: 'm', baseUrl: `${server.url}/v1`, keyHint: 'none' });
  const gemini = () => new GeminiProvider({ model: 'g', apiKey: 'k', baseUrl: server.url, keyHint: 'x' });

  it('providers report a stream that ends after text without a finish reason, or at the token limit', async () => {
    server.reply({ kind: 'openai-stream', chunks: ['The keys are'], finishReason: null });
    assert.deepEqual((await collect(openai())).at(-1), { type: 'incomplete', reason: 'no_finish_reason' });
    server.reply({ kind: 'openai-stream', chunks: ['The keys are'], finishReason: 'length' });
    assert.deepEqual((await collect(openai())).at(-1), { type: 'incomplete', reason: 'max_tokens' });
    server.reply({ kind: 'gemini-stream', chunks: ['The keys are'], finishReason: null });
    assert.deepEqual((await collect(gemini())).at(-1), { type: 'incomplete', reason: 'no_finish_reason' });
    server.reply({ kind: 'gemini-stream', chunks: ['The keys are'], finishReason: 'MAX_TOKENS' });
    assert.deepEqual((await collect(gemini())).at(-1), { type: 'incomplete', reason: 'max_tokens' });
    server.reply({ kind: 'openai-stream', chunks: ['Done.'] });
    assert.ok(!(await collect(openai())).some((e) => e.type === 'incomplete'), 'a finished reply is complete');
  });

  it('ask() gives the status incomplete and shows a note in the streamed segments and the answer', async () => {
    const root = copyFixture();
    server.reply({ kind: 'openai-stream', chunks: ['Keys are kept in src/auth/keyStore.ts#L19-26 and'], finishReason: null });
    let streamed = '';
    const r = await ask(
      {
        root,
        question: 'how are API keys stored?',
        onEvent: (e) => {
          if (e.type === 'segment') streamed += plainSegment(e.segment);
        },
      },
      { provider: openai() },
    );
    assert.equal(r.status, 'incomplete');
    assert.match(r.answer, /Incomplete answer.*stopped before it was finished/);
    assert.match(streamed, /Incomplete answer/);
    server.reply({ kind: 'openai-stream', chunks: ['Keys are kept in src/auth/keyStore.ts#L19-26.'] });
    const ok = await ask({ root, question: 'how are API keys stored?' }, { provider: openai() });
    assert.equal(ok.status, 'success');
    assert.doesNotMatch(ok.answer, /Incomplete answer/);
  });
});
