import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { main } from '../../../src/cli/main';
import { loadQueryConfig } from '../../../src/engine/config/query-config';
import { copyFixture } from '../../support/fixture';
import { captureStreams as capture } from '../../support/cli-io';

function writeSecret(root: string, name: string, key: string): string {
  const dir = path.join(root, '.agent', 'secrets');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return file;
}

describe('.agent/secrets/ (seed 001 keys)', () => {
  it('reads the seed\'s llm_api_key for the chosen provider and keeps the folder out of git', async () => {
    const root = copyFixture();
    mkdirSync(path.join(root, '.agent', 'etc'), { recursive: true });
    writeFileSync(path.join(root, '.agent', 'etc', 'query.yaml'), 'llm_provider: openai\n');
    writeSecret(root, 'llm_api_key', 'key-from-llm-file');
    const c = await loadQueryConfig(root, {});
    assert.deepEqual([c.provider?.kind, c.provider?.apiKey], ['openai', 'key-from-llm-file']);
    assert.equal(readFileSync(path.join(root, '.agent', 'secrets', '.gitignore'), 'utf8'), '*\n');
  });

  it('prefers <provider>_api_key and picks the provider an llm_api_key names by its prefix', async () => {
    const root = copyFixture();
    writeSecret(root, 'llm_api_key', 'ghp_sharedkeysharedkeysharedkeyshared00');
    const byPrefix = await loadQueryConfig(root, {});
    assert.deepEqual([byPrefix.provider?.kind, byPrefix.provider?.baseUrl], ['gh', 'https://models.github.ai/inference']);
    writeSecret(root, 'gemini_api_key', 'AIza-own-file');
    const own = await loadQueryConfig(root, {});
    assert.deepEqual([own.provider?.kind, own.provider?.apiKey], ['gemini', 'AIza-own-file']);
  });

  it('takes GITHUB_TOKEN like GH_TOKEN for gh', async () => {
    const root = copyFixture();
    const c = await loadQueryConfig(root, { GITHUB_TOKEN: 'ghp_fromgithubtoken' });
    assert.deepEqual([c.provider?.kind, c.provider?.apiKey], ['gh', 'ghp_fromgithubtoken']);
    const both = await loadQueryConfig(root, { GH_TOKEN: 'gh-first', GITHUB_TOKEN: 'second' });
    assert.equal(both.provider?.apiKey, 'gh-first');
  });

  it('grounded query warns when git tracks a key file, and says how to untrack it', async () => {
    const root = copyFixture();
    const file = writeSecret(root, 'openai_api_key', 'sk-committed');
    execFileSync('git', ['init', '-q'], { cwd: root });
    execFileSync('git', ['add', '-f', path.relative(root, file)], { cwd: root });
    const c = capture(root);
    assert.equal(await main(['query', 'how are API keys stored?', '--no-llm'], c.io), 0);
    assert.match(c.out.stderr, /warning: \.agent\/secrets\/openai_api_key is tracked by git.*git rm --cached \.agent\/secrets\/openai_api_key/);
    // The ignore file is written even so, and an untracked key gives no warning.
    assert.ok(existsSync(path.join(root, '.agent', 'secrets', '.gitignore')));
    execFileSync('git', ['rm', '-q', '--cached', path.relative(root, file)], { cwd: root });
    assert.deepEqual((await loadQueryConfig(root, {})).warnings, []);
  });
});
