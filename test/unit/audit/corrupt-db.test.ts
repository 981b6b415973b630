import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addMessage } from '../../../src/engine/audit/records';
import { AuditStore, defaultDatabasePath } from '../../../src/engine/audit/store';
import { copyFixture } from '../../support/fixture';
import { LlmWireServer } from '../../support/llm-server';

const GARBAGE = Buffer.from('this is not a database, just text that someone wrote over it\n'.repeat(100));

function corrupt(root: string): string {
  const file = defaultDatabasePath(root);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, GARBAGE);
  return file;
}

describe('a corrupt .agent/state/grounded.db is moved aside, not a dead end (issue 14, item 17)', () => {
  it('opens a fresh database, keeps the damaged file next to it, and says where', async () => {
    const root = copyFixture();
    const file = corrupt(root);
    const store = await AuditStore.open({ file, clock: () => Date.UTC(2026, 10, 23, 21, 0, 0) });
    try {
      assert.match(
        store.notice ?? '',
        /grounded\.db could not be read \(file is not a database\); it was moved to .*grounded\.db\.corrupt-2026-11-23T21-00-00-000Z and a fresh one was started/,
      );
      addMessage(store, 'c', 'user', 'still works');
      assert.deepEqual(store.query('SELECT content FROM messages').map((r) => r.content), ['still works']);
    } finally {
      store.close();
    }
    const aside = readdirSync(path.dirname(file)).filter((f) => f.startsWith('grounded.db.corrupt-'));
    assert.equal(aside.length, 1);
    assert.deepEqual(readFileSync(path.join(path.dirname(file), aside[0])), GARBAGE, 'the damaged file is kept as it was');
    const again = await AuditStore.open({ file });
    assert.equal(again.notice, undefined, 'the fresh database opens without a notice');
    again.close();
  });

  describe('grounded query with a model, as a real process', () => {
    let server: LlmWireServer;
    before(async () => { server = await new LlmWireServer().start(); });
    after(() => server.stop());

    it('answers (exit 0) and warns on stderr naming the file', { timeout: 90_000 }, async () => {
      const root = copyFixture();
      corrupt(root);
      mkdirSync(path.join(root, '.agent', 'etc'), { recursive: true });
      writeFileSync(path.join(root, '.agent', 'etc', 'query.yaml'), `llm_provider: ${server.url}/v1\nmodel: m\n`);
      server.reply({ kind: 'openai-stream', chunks: ['Keys live in src/auth/keyStore.ts#L19-26.'] });
      const repo = path.join(__dirname, '..', '..', '..');
      const r = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', path.join(repo, 'src', 'cli', 'bin.ts'), 'query', 'how are API keys stored?', '--root', root],
        { cwd: repo, timeout: 80_000, env: { PATH: process.env.PATH, HOME: process.env.HOME } },
      ).then(
        (x) => ({ code: 0, ...x }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
      );
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stderr, /warning: The memory database .*\.agent\/state\/grounded\.db could not be read \(file is not a database\)/);
      assert.match(r.stdout, /^Keys live in src\/auth\/keyStore\.ts#L19-26\./);
    });
  });
});
