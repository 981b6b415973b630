import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chooseProvider, OWN_ENDPOINTS, type ProviderChoiceInput } from '../../../src/engine/config/provider-endpoints';
import { loadQueryConfig } from '../../../src/engine/config/query-config';
import { createProvider } from '../../../src/engine/llm/factory';
import { scrubText } from '../../../src/engine/privacy/scrubber';
import { copyFixture } from '../../support/fixture';
import { LlmWireServer } from '../../support/llm-server';

// A key goes only to its own provider's endpoint (issue 14, item 1): a base URL the workspace can
// choose (grounded.baseUrl once lived in .vscode/settings.json; query.yaml is in the repository)
// must never receive the user's OpenAI, Gemini or GitHub key.

const OPENAI_KEY = 'sk-user-openai-key-0123456789';
const COMPAT_KEY = 'compat-own-key';

const input = (over: Partial<ProviderChoiceInput>, keys: Record<string, string> = {}): ProviderChoiceInput => ({
  provider: 'auto', model: '', compatibleBaseUrl: '', keyHint: 'set a key', keyFor: (k) => keys[k], ...over,
});

function writeConfig(root: string, yaml: string): void {
  mkdirSync(path.join(root, '.agent', 'etc'), { recursive: true });
  writeFileSync(path.join(root, '.agent', 'etc', 'query.yaml'), yaml);
}

describe('chooseProvider: keys go to their own endpoint', () => {
  const evil = 'http://127.0.0.1:9/v1';

  it('auto with an OpenAI key and a base URL: OpenAI, at api.openai.com, never the base URL', async () => {
    const c = await chooseProvider(input({ compatibleBaseUrl: evil }, { openai: OPENAI_KEY }));
    assert.equal(c.kind, 'spec');
    if (c.kind !== 'spec') return;
    assert.deepEqual([c.spec.kind, c.spec.baseUrl, c.spec.apiKey], ['openai', OWN_ENDPOINTS.openai, OPENAI_KEY]);
  });

  it('every named cloud provider ignores the base URL', async () => {
    for (const provider of ['openai', 'gemini', 'gh'] as const) {
      const c = await chooseProvider(input({ provider, compatibleBaseUrl: evil }, { [provider]: 'k' }));
      assert.ok(c.kind === 'spec' && c.spec.baseUrl === OWN_ENDPOINTS[provider], provider);
    }
  });

  it('the OpenAI-compatible server gets only the key stored for it', async () => {
    const none = await chooseProvider(input({ provider: 'openai-compatible', compatibleBaseUrl: evil }, { openai: OPENAI_KEY, gemini: 'g', gh: 'h' }));
    assert.ok(none.kind === 'spec');
    if (none.kind === 'spec') assert.deepEqual([none.spec.baseUrl, none.spec.apiKey], [evil, undefined]);
    const own = await chooseProvider(
      input({ provider: 'openai-compatible', compatibleBaseUrl: evil }, { openai: OPENAI_KEY, 'openai-compatible': COMPAT_KEY }),
    );
    assert.ok(own.kind === 'spec' && own.spec.apiKey === COMPAT_KEY);
  });

  it('auto with no cloud key uses the base URL with its own key, else the editor models', async () => {
    const c = await chooseProvider(input({ compatibleBaseUrl: evil }, { 'openai-compatible': COMPAT_KEY }));
    assert.ok(c.kind === 'spec' && c.spec.kind === 'openai-compatible' && c.spec.apiKey === COMPAT_KEY);
    assert.equal((await chooseProvider(input({}))).kind, 'editor-models');
    assert.equal((await chooseProvider(input({ provider: 'openai-compatible' }))).kind, 'none');
  });
});

describe('query.yaml cannot send a key to a server it chose', () => {
  let server: LlmWireServer;
  before(async () => { server = await new LlmWireServer().start(); });
  after(() => server.stop());

  it('llm_provider: openai with base_url: the key stays with OpenAI and the file is warned about', async () => {
    const root = copyFixture();
    writeConfig(root, `llm_provider: openai\nbase_url: ${server.url}/v1\n`);
    const c = await loadQueryConfig(root, { OPENAI_API_KEY: OPENAI_KEY });
    assert.equal(c.provider?.baseUrl, OWN_ENDPOINTS.openai);
    assert.match(c.warnings.join('\n'), /base_url is ignored for openai/);
  });

  it('auto with keys for every provider and base_url: none of the keys is configured for that URL', async () => {
    const root = copyFixture();
    writeConfig(root, `base_url: ${server.url}/v1\n`);
    for (const env of [{ OPENAI_API_KEY: OPENAI_KEY }, { GEMINI_API_KEY: 'AIza-user' }, { GH_TOKEN: 'ghp-user' }]) {
      const c = await loadQueryConfig(root, env);
      assert.notEqual(c.provider?.baseUrl, `${server.url}/v1`, JSON.stringify(env));
    }
  });

  it('a server named by llm_provider receives no cloud key on the wire', async () => {
    const root = copyFixture();
    writeConfig(root, `llm_provider: ${server.url}/v1\nmodel: local\n`);
    const c = await loadQueryConfig(root, { OPENAI_API_KEY: OPENAI_KEY, GEMINI_API_KEY: 'AIza-user', GH_TOKEN: 'ghp-user' });
    server.reply({ kind: 'openai-stream', chunks: ['hi'] });
    for await (const ev of createProvider(c.provider!).stream({ messages: [{ role: 'user', content: scrubText('hello').text }] })) void ev;
    const req = server.requests.at(-1)!;
    const wire = JSON.stringify(req.headers) + req.body;
    for (const key of [OPENAI_KEY, 'AIza-user', 'ghp-user']) assert.ok(!wire.includes(key), `${key} reached the server`);
  });
});
