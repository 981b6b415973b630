import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ask } from '../../../src/engine/ask/ask';
import { countTokens } from '../../../src/engine/context/tokens';
import { OpenAIChatProvider } from '../../../src/engine/llm/openai-provider';
import { copyFixture, PLANTED_SECRETS } from '../../support/fixture';
import { LlmWireServer } from '../../support/llm-server';

describe('the question counts against max_context_tokens (issue 14, item 19)', () => {
  let server: LlmWireServer;
  before(async () => { server = await new LlmWireServer().start(); });
  after(() => server.stop());
  const provider = () => new OpenAIChatProvider({ id: 'openai-compatible', model: 'm', baseUrl: `${server.url}/v1`, keyHint: 'none' });

  it('a 1 MB question is cut to a quarter of the budget, scrubbed first, with a note; the whole prompt stays in the budget', { timeout: 120_000 }, async () => {
    const root = copyFixture();
    server.reply({ kind: 'openai-stream', chunks: ['See src/auth/keyStore.ts#L19-26.'] });
    // A secret at the very start, where the cut keeps it: it must arrive redacted.
    const question = `how are API keys stored? my key is AKIA4QX7R2MZ8KBW3NVD. ${'please explain the key store in detail. '.repeat(26_000)}`;
    assert.ok(question.length > 1_000_000);
    const r = await ask({ root, question }, { provider: provider(), settings: { maxContextTokens: 8192 } });
    const body = JSON.parse(server.requests.at(-1)!.body) as { messages: Array<{ role: string; content: string }> };
    const user = body.messages.at(-1)!.content;
    const asked = user.slice(user.lastIndexOf('Question: ') + 'Question: '.length);
    assert.ok(countTokens(asked, 'o200k_base') <= 8192 / 4, `${countTokens(asked, 'o200k_base')} tokens of question`);
    assert.ok(countTokens(user, 'o200k_base') <= 8192 + 16, `${countTokens(user, 'o200k_base')} tokens in the user message`);
    assert.ok(asked.startsWith('how are API keys stored? my key is [REDACTED:'), asked.slice(0, 80));
    for (const s of PLANTED_SECRETS) assert.ok(!server.allBytes().includes(s), `leaked ${s}`);
    assert.match(r.answer, /^Note: your question is [\d,]+ tokens, more than a quarter of the 8,192-token budget; only its first [\d,]+ tokens were sent/);
    assert.equal(r.status, 'success');
  });

  it('a question of ordinary length is sent whole, without a note', async () => {
    const root = copyFixture();
    server.reply({ kind: 'openai-stream', chunks: ['See src/auth/keyStore.ts#L19-26.'] });
    const r = await ask({ root, question: 'how are API keys stored?' }, { provider: provider() });
    const user = (JSON.parse(server.requests.at(-1)!.body) as { messages: Array<{ content: string }> }).messages.at(-1)!.content;
    assert.ok(user.endsWith('Question: how are API keys stored?'));
    assert.doesNotMatch(r.answer, /^Note: your question/);
  });
});
