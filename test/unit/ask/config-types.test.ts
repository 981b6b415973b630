import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { main } from '../../../src/cli/main';
import { ConfigError, loadQueryConfig } from '../../../src/engine/config/query-config';
import { copyFixture } from '../../support/fixture';
import { LlmWireServer } from '../../support/llm-server';
import { captureStreams as capture } from '../../support/cli-io';

function writeConfig(root: string, yaml: string): void {
  mkdirSync(path.join(root, '.agent', 'etc'), { recursive: true });
  writeFileSync(path.join(root, '.agent', 'etc', 'query.yaml'), yaml);
}

describe('mistyped query.yaml values are usage errors naming the key (issue 14, item 11)', () => {
  let server: LlmWireServer;
  before(async () => { server = await new LlmWireServer().start(); });
  after(() => server.stop());

  for (const [key, value] of [
    ['llm_provider', '42'],
    ['llm_provider', 'true'],
    ['llm_provider', '[openai, gemini]'],
    ['llm_provider', '{ url: x }'],
    ['model', '7'],
    ['base_url', 'false'],
    ['llm_idle_timeout_seconds', '"soon"'],
    ['llm_timeout_seconds', '-1'],
  ] as const) {
    it(`${key}: ${value} exits 2 naming '${key}', and nothing is sent to a provider with a key in the environment`, async () => {
      const root = copyFixture();
      writeConfig(root, `${key}: ${value}\n`);
      await assert.rejects(loadQueryConfig(root, {}), (e: ConfigError) => e instanceof ConfigError && e.message.includes(`'${key}'`));
      const before = server.requests.length;
      const c = capture(root, { OPENAI_API_KEY: 'sk-env-key', OPENAI_BASE_URL: `${server.url}/v1`, GEMINI_API_KEY: 'AIza-env' });
      assert.equal(await main(['query', 'how are API keys stored?'], c.io), 2);
      assert.match(c.out.stderr, new RegExp(`'${key}' must be`));
      assert.doesNotMatch(c.out.stderr, /\n\s+at /, 'no stack trace');
      assert.equal(server.requests.length, before, 'no request left');
    });
  }

  it('warns about an unknown key (a typo), and accepts a well-typed file', async () => {
    const root = copyFixture();
    writeConfig(root, 'llm_provider: openai\nmodel: gpt-4o-mini\nmax_context_token: 100\nllm_idle_timeout_seconds: 30\n');
    const c = await loadQueryConfig(root, { OPENAI_API_KEY: 'sk-x' });
    assert.ok(c.warnings.some((w) => /unknown key 'max_context_token'/.test(w)), c.warnings.join('\n'));
    assert.equal(c.provider?.kind, 'openai');
    assert.deepEqual(c.provider?.replyLimits, { idleTimeoutMs: 30_000 });
  });
});
