import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ask } from '../../../src/engine/ask/ask';
import { boundedHistory, HISTORY_SHARE } from '../../../src/engine/ask/prompt';
import type { ConversationTurn } from '../../../src/engine/ask/types';
import { resolveSettings } from '../../../src/engine/config/settings';
import { countTokens } from '../../../src/engine/context/tokens';
import { OpenAIChatProvider } from '../../../src/engine/llm/openai-provider';
import { createScrubber } from '../../../src/engine/privacy/scrubber';
import { createLogger, type LogRecord } from '../../../src/engine/telemetry/log';
import { copyFixture } from '../../support/fixture';
import { LlmWireServer } from '../../support/llm-server';

/** A conversation of `pairs` question/answer pairs, each turn about `words` words long. */
function conversation(pairs: number, words = 40): ConversationTurn[] {
  const turns: ConversationTurn[] = [];
  for (let i = 1; i <= pairs; i++) {
    turns.push({ role: 'user', text: `Question ${i}: ${'how does the key store rotate secrets '.repeat(words / 7)}` });
    turns.push({ role: 'assistant', text: `Answer ${i}: ${'see src/auth/keyStore.ts for the rotation logic '.repeat(words / 7)}` });
  }
  return turns;
}

describe('boundedHistory: earlier turns within a quarter of max_context_tokens', () => {
  const s = resolveSettings({ maxContextTokens: 1000 });

  it('keeps everything that fits, oldest first, and reports its tokens', () => {
    const h = boundedHistory(conversation(1, 7), createScrubber(), s);
    assert.deepEqual(h.messages.map((m) => m.role), ['user', 'assistant']);
    assert.match(h.messages[0].content, /^Question 1:/);
    const text = h.messages.reduce((n, m) => n + countTokens(m.content, s.encoding), 0);
    assert.ok(h.tokens >= text && h.tokens <= text + 8, `tokens ${h.tokens} vs text ${text}`);
  });

  it('keeps the newest turns within the share and drops the rest', () => {
    const h = boundedHistory(conversation(10), createScrubber(), s);
    assert.ok(h.tokens <= s.maxContextTokens * HISTORY_SHARE, `${h.tokens} tokens`);
    assert.ok(h.messages.length >= 2 && h.messages.length < 20);
    assert.match(h.messages.at(-1)!.content, /^Answer 10:/);
  });

  it('drops an answer whose question did not fit (no orphan assistant turn first)', () => {
    // Sized so the budget ends between an answer and its question: the answer must go too.
    const turns: ConversationTurn[] = [
      { role: 'user', text: `Long question: ${'word '.repeat(400)}` },
      { role: 'assistant', text: 'Short answer about src/auth/keyStore.ts.' },
      { role: 'user', text: 'Follow-up question?' },
      { role: 'assistant', text: 'Follow-up answer.' },
    ];
    const h = boundedHistory(turns, createScrubber(), s);
    assert.deepEqual(h.messages.map((m) => m.content), ['Follow-up question?', 'Follow-up answer.']);
    const only = boundedHistory(turns.slice(0, 2), createScrubber(), s);
    assert.deepEqual(only, { messages: [], tokens: 0 });
  });

  it('scrubs every turn', () => {
    const h = boundedHistory([{ role: 'user', text: 'my key is AKIA4QX7R2MZ8KBW3NVD' }], createScrubber(), s);
    assert.match(h.messages[0].content, /\[REDACTED:aws_access_key#1\]/);
  });
});

describe('history and context share max_context_tokens (ask against a local server)', () => {
  let server: LlmWireServer;
  const root = copyFixture();
  before(async () => { server = await new LlmWireServer().start(); });
  after(() => server.stop());
  const openai = () =>
    new OpenAIChatProvider({ id: 'openai', model: 'gpt-test', apiKey: 'sk-test', baseUrl: `${server.url}/v1`, keyHint: 'set OPENAI_API_KEY' });

  it('sends the bounded history between the rules and the question, and keeps the total in budget', async () => {
    server.reply({ kind: 'openai-stream', chunks: ['ok'] });
    const records: LogRecord[] = [];
    const maxContextTokens = 1000;
    const history = conversation(6);
    const r = await ask(
      { root, question: 'how are API keys stored? retry after client http time', history },
      { provider: openai(), settings: { maxContextTokens }, logger: createLogger((rec) => records.push(rec)) },
    );
    const sent: { role: string; content: string }[] = JSON.parse(server.requests.at(-1)!.body).messages;
    assert.equal(sent[0].role, 'system');
    assert.match(sent.at(-1)!.content, /Question: how are API keys stored\?/);
    const earlier = sent.slice(1, -1);
    assert.ok(earlier.length >= 2, 'some history was sent');
    assert.equal(earlier[0].role, 'user', 'history starts with a question');
    assert.deepEqual(earlier.map((m) => m.content), history.slice(-earlier.length).map((t) => t.text));
    const historyTokens = records.find((rec) => rec.event === 'query.done')!.historyTokens as number;
    assert.ok(historyTokens > 0 && historyTokens <= maxContextTokens * HISTORY_SHARE);
    assert.ok(r.context.totalTokens + historyTokens <= maxContextTokens, `context ${r.context.totalTokens} + history ${historyTokens} > ${maxContextTokens}`);
  });
});
