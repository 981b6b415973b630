import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFixture } from '../../support/fixture';
import { main } from '../../../src/cli/main';
import { captureStreams } from '../../support/cli-io';

const basic = copyFixture('basic');

const capture = (env: NodeJS.ProcessEnv = {}) => captureStreams(basic, env);

describe('grounded query', () => {
  it('prints ranked, scrubbed snippets with citations for a person', async () => {
    const c = capture();
    assert.equal(await main(['query', 'how are API keys stored?', '--no-llm'], c.io), 0);
    assert.match(c.out.stdout, /\*\*1\. src\/auth\/keyStore\.ts#L\d+-\d+\*\*/);
    assert.match(c.out.stdout, /— no model; searched \d+ files; \d+ chunks, \d+ of 8192 tokens; redacted: /);
  });

  it('--json prints the documented machine-readable result', async () => {
    const c = capture();
    assert.equal(await main(['query', 'AWS access key', '--json', '--no-llm', '--max-tokens', '4000'], c.io), 0);
    const r = JSON.parse(c.out.stdout);
    assert.equal(typeof r.queryId, 'string');
    assert.deepEqual(r.terms, ['aws', 'access', 'key']);
    assert.equal(r.chunks[0].path, 'config/app.env.example');
    for (const key of ['path', 'startLine', 'endLine', 'score', 'tokens']) assert.ok(key in r.chunks[0], key);
    assert.equal(r.totals.maxContextTokens, 4000);
    assert.ok(r.totals.tokens <= 4000);
    assert.equal(r.redactions.aws_access_key, 1);
    assert.ok(Array.isArray(r.skipped));
    assert.ok(!c.out.stdout.includes('AKIA4QX7R2MZ8KBW3NVD'));
  });

  it('fails with exit 2 and a clear message for a missing question, folder or bad number', async () => {
    for (const args of [['query'], ['query', 'x', '--root', '/no/such/folder'], ['query', 'x', '--max-tokens', 'lots']]) {
      const c = capture();
      assert.equal(await main(args, c.io), 2, args.join(' '));
      assert.ok(c.out.stderr.length > 0);
    }
  });
});
