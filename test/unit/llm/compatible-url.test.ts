import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { main } from '../../../src/cli/main';
import { copyFixture } from '../../support/fixture';
import { LlmWireServer } from '../../support/llm-server';
import { captureStreams as capture } from '../../support/cli-io';

const models = (...ids: string[]) => ({
  kind: 'raw' as const,
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify({ object: 'list', data: ids.map((id) => ({ id, object: 'model' })) }),
});
const notFound = { kind: 'raw' as const, status: 404, contentType: 'text/plain', body: '404 page not found' };

describe('llm_provider as a server URL without /v1 (the seed\'s Ollama form)', () => {
  let server: LlmWireServer;
  const root = copyFixture();
  before(async () => {
    server = await new LlmWireServer().start();
    mkdirSync(path.join(root, '.agent', 'etc'), { recursive: true });
    writeFileSync(path.join(root, '.agent', 'etc', 'query.yaml'), `llm_provider: ${server.url}\nmodel: llama3.1\n`);
  });
  after(() => server.stop());

  it('finds the OpenAI-compatible API under /v1 and answers from it', async () => {
    server.requests.length = 0;
    // As Ollama does: nothing at the root, the API under /v1.
    server.reply(notFound, notFound, models('llama3.1', 'qwen2.5'), { kind: 'openai-stream', chunks: ['Encrypted in src/auth/keyStore.ts#L19-26.'] });
    const c = capture(root);
    assert.equal(await main(['query', 'how are API keys stored?'], c.io), 0, c.out.stderr);
    assert.match(c.out.stdout, /^Encrypted in src\/auth\/keyStore\.ts#L19-26\./);
    const asked = server.requests.map((r) => `${r.method} ${r.url}`);
    // Asked first, all at once, whether it is Ollama, llama.cpp or LM Studio (whose window would cap the budget): 404s say no.
    assert.deepEqual(asked.slice(0, 4).sort(), ['GET /api/v0/models/llama3.1', 'GET /api/v1/models', 'GET /props', 'POST /api/show']);
    assert.deepEqual(asked.slice(4), ['POST /chat/completions', 'GET /models', 'GET /v1/models', 'POST /v1/chat/completions']);
  });

  it('says there is no OpenAI-compatible API when nothing answers like one', async () => {
    server.reply(notFound);
    const c = capture(root);
    assert.equal(await main(['query', 'how are API keys stored?'], c.io), 4);
    assert.match(c.out.stderr, /no OpenAI-compatible API at this URL: http:\/\/127\.0\.0\.1:\d+ /);
    assert.doesNotMatch(c.out.stderr, /has no model/);
  });

  it('says which models the server has when the API is there but the model is not', async () => {
    server.reply(notFound, notFound, models('qwen2.5', 'mistral'));
    const c = capture(root);
    assert.equal(await main(['query', 'how are API keys stored?'], c.io), 4);
    assert.match(c.out.stderr, /has no model 'llama3\.1' \(HTTP 404; it has qwen2\.5, mistral\)/);
    assert.match(c.out.stderr, /ollama pull/);
  });
});
