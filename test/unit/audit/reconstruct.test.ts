import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { reconstructExecution } from '../../../src/engine/audit/reconstruct';
import { recordExchange } from '../../../src/engine/audit/records';
import { loadSqlJs } from '../../../src/engine/audit/sqljs';
import { AuditStore } from '../../../src/engine/audit/store';
import { seededStore } from './seed';

const sha = (t: string) => createHash('sha256').update(t, 'utf8').digest('hex');

test('reconstruction includes the plan\'s model exchanges: provider, model, sizes, hashes, and the scrubbed text only when kept', async () => {
  const { store, ids } = await seededStore();
  const kept = '[user]\nFix E0425 for [REDACTED:email#1]\n\n[assistant]\n```json\n{"id":"p1"}\n```';
  recordExchange(store, { planId: 'p1', provider: 'openai', model: 'gpt-test', prompt: 'prompt é', response: 'reply', keptText: kept });
  recordExchange(store, { planId: 'p1', provider: 'gemini', model: 'g-1', prompt: 'p2', response: 'r2' });
  const story = reconstructExecution(store, ids.fix1);
  assert.ok(story);
  assert.deepEqual(story.exchanges.map((x) => [x.provider, x.model, x.promptBytes, x.responseBytes, x.keptText === null]), [
    ['openai', 'gpt-test', 9, 5, false], ['gemini', 'g-1', 2, 2, true],
  ]);
  const lines = story.text.split('\n');
  const xid = story.exchanges[0].id;
  const first = lines.findIndex((l) => l.startsWith(`Model exchange ${xid} `));
  assert.deepEqual(lines.slice(first, first + 9), [
    `Model exchange ${xid} at 2023-11-14T22:13:27.912Z: openai / gpt-test`,
    `  prompt: 9 bytes, sha256 ${sha('prompt é')}`,
    `  response: 5 bytes, sha256 ${sha('reply')}`,
    '  text kept (scrubbed):',
    '    [user]',
    '    Fix E0425 for [REDACTED:email#1]',
    '    ',
    '    [assistant]',
    '    ```json',
  ]);
  assert.ok(lines.includes('  text: not kept (hashes only)'));
  assert.ok(first < lines.findIndex((l) => l.startsWith('Step s1')), 'the exchange comes before the steps it led to');
  store.close();
});

test('an exchange whose reply was no usable plan can be reconstructed from its own id', async () => {
  const { store } = await seededStore();
  const id = recordExchange(store, { provider: 'canned', model: 'canned-1', prompt: 'p', response: 'Sure, I will just edit the file.' });
  const story = reconstructExecution(store, id);
  assert.equal(story?.plan, undefined);
  assert.deepEqual(story?.steps, []);
  assert.equal(story?.exchanges[0].responseSha256, sha('Sure, I will just edit the file.'));
  assert.match(story?.text ?? '', /^Model exchange id\d+ at .*: canned \/ canned-1\n/);
  store.close();
});

test('a version-1 database is upgraded on open; its old exchanges show unknown sizes, never guessed ones', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grounded-audit-v1-'));
  const SQL = await loadSqlJs();
  const old = new SQL.Database();
  old.exec(`CREATE TABLE llm_exchanges (id TEXT PRIMARY KEY, plan_id TEXT, query_id TEXT, created_at INTEGER NOT NULL, prompt_sha256 TEXT NOT NULL, response_sha256 TEXT NOT NULL, kept_text TEXT);
    INSERT INTO llm_exchanges VALUES ('x-old', NULL, 'q', 0, 'aa', 'bb', NULL);
    PRAGMA user_version = 1;`);
  const file = path.join(dir, 'grounded.db');
  writeFileSync(file, old.export());
  old.close();
  const store = await AuditStore.open({ file });
  assert.equal(store.query('PRAGMA user_version')[0].user_version, 2);
  recordExchange(store, { provider: 'openai', model: 'm', prompt: 'p', response: 'r' });
  const story = reconstructExecution(store, 'x-old');
  assert.deepEqual(story?.text.split('\n').slice(0, 3), [
    'Model exchange x-old at 1970-01-01T00:00:00.000Z: unknown provider / unknown model',
    '  prompt: size unknown, sha256 aa',
    '  response: size unknown, sha256 bb',
  ]);
  assert.equal(store.query('SELECT count(*) AS n FROM plans')[0].n, 0, 'tables missing from the old file are created');
  store.close();
});
