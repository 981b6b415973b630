import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { GITHUB_MODELS_URL, loadQueryConfig } from '../../../src/engine/config/query-config';
import { createProvider } from '../../../src/engine/llm/factory';
import { scrubText } from '../../../src/engine/privacy/scrubber';
import { copyFixture } from '../../support/fixture';
import { LlmWireServer } from '../../support/llm-server';

const messages = [{ role: 'user' as const, content: scrubText('Say hello.').text }];

function writeConfig(root: string, yaml: string): void {
  mkdirSync(path.join(root, '.agent', 'etc'), { recursive: true });
  writeFileSync(path.join(root, '.agent', 'etc', 'query.yaml'), yaml);
}

describe('GitHub Models (gh) through the openai SDK', () => {
  let server: LlmWireServer;
  before(async () => { server = await new LlmWireServer().start(); });
  after(() => server.stop());

  it('sends GH_TOKEN as a Bearer token to <base>/chat/completions with the default model', async () => {
    const root = copyFixture();
    writeConfig(root, 'llm_provider: gh\n');
    const config = await loadQueryConfig(root, { GH_TOKEN: 'ghp-test-token', GH_MODELS_BASE_URL: `${server.url}/inference` });
    assert.equal(config.provider?.kind, 'gh');
    const provider = createProvider(config.provider!);
    assert.equal(provider.id, 'gh');
    server.reply({ kind: 'openai-stream', chunks: ['Hello from GitHub Models'] });
    const texts: string[] = [];
    for await (const ev of provider.stream({ messages })) if (ev.type === 'text') texts.push(ev.text);
    assert.deepEqual(texts, ['Hello from GitHub Models']);
    const req = server.requests.at(-1)!;
    assert.equal(req.method, 'POST');
    assert.equal(req.url, '/inference/chat/completions');
    assert.equal(req.headers.authorization, 'Bearer ghp-test-token');
    assert.equal(JSON.parse(req.body).model, 'openai/gpt-4o-mini');
  });

  it('uses https://models.github.ai/inference when no base_url is set', async () => {
    const c = await loadQueryConfig(copyFixture(), { GH_TOKEN: 'ghp-x' });
    assert.equal(c.provider?.baseUrl, GITHUB_MODELS_URL);
    assert.equal(GITHUB_MODELS_URL, 'https://models.github.ai/inference');
  });
});

describe('provider auto-choice with several keys and no llm_provider', () => {
  const kindFor = async (env: NodeJS.ProcessEnv) => (await loadQueryConfig(copyFixture(), env)).provider?.kind;

  it('prefers openai, then gemini, then gh', async () => {
    assert.equal(await kindFor({ OPENAI_API_KEY: 'sk', GEMINI_API_KEY: 'AIza', GH_TOKEN: 'ghp' }), 'openai');
    assert.equal(await kindFor({ GEMINI_API_KEY: 'AIza', GH_TOKEN: 'ghp' }), 'gemini');
    assert.equal(await kindFor({ OPENAI_API_KEY: 'sk', GH_TOKEN: 'ghp' }), 'openai');
    assert.equal(await kindFor({ GH_TOKEN: 'ghp' }), 'gh');
  });

  it('an explicit llm_provider wins over the order', async () => {
    const root = copyFixture();
    writeConfig(root, 'llm_provider: gh\n');
    const c = await loadQueryConfig(root, { OPENAI_API_KEY: 'sk', GEMINI_API_KEY: 'AIza', GH_TOKEN: 'ghp' });
    assert.deepEqual([c.provider?.kind, c.provider?.apiKey], ['gh', 'ghp']);
  });

  it('a key file counts like an environment variable in the order', async () => {
    const root = copyFixture();
    mkdirSync(path.join(root, '.agent', 'secrets'), { recursive: true });
    writeFileSync(path.join(root, '.agent', 'secrets', 'gemini_api_key'), 'AIza-file\n', { mode: 0o600 });
    const c = await loadQueryConfig(root, { GH_TOKEN: 'ghp' });
    assert.deepEqual([c.provider?.kind, c.provider?.apiKey], ['gemini', 'AIza-file']);
  });
});
