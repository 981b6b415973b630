import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { searchMemory } from '../../../src/engine/audit/memory';
import { formatResultTable, ReadOnlySqlError, runReadOnlySql } from '../../../src/engine/audit/readonly-sql';
import { addMessage } from '../../../src/engine/audit/records';
import { seededStore } from './seed';

test('read-only SQL returns rows and never the tool\'s own result messages', async () => {
  const { store } = await seededStore();
  const r = await runReadOnlySql(store, 'SELECT role, content FROM messages ORDER BY id');
  assert.deepEqual(r.rows.map((row) => row[0]), ['user', 'assistant']);
  const tool = await runReadOnlySql(store, "SELECT count(*) FROM messages WHERE role = 'tool' OR content LIKE '%secret tool text%'");
  assert.deepEqual(tool.rows, [[0]]);
  store.close();
});

test('the user\'s audit scope sees the audit tables (minus tool rows); the default conversation scope does not', async () => {
  const { store } = await seededStore();
  const audit = await runReadOnlySql(store, "SELECT (SELECT count(*) FROM executions), (SELECT count(*) FROM messages WHERE role = 'tool')", {
    scope: 'audit',
  });
  assert.deepEqual(audit.rows, [[4, 0]]);
  await assert.rejects(
    runReadOnlySql(store, 'SELECT id FROM executions'),
    (e: ReadOnlySqlError) => e.kind === 'refused' && /^Refused: \/memory_sql reads only the conversation table 'messages'/.test(e.message),
  );
  store.close();
});

test('the row limit truncates and says so', async () => {
  const { store } = await seededStore();
  const r = await runReadOnlySql(store, 'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500) SELECT i FROM n', { maxRows: 200 });
  assert.equal(r.rows.length, 200);
  assert.equal(r.truncated, true);
  assert.match(formatResultTable(r), /\(200 rows, truncated at the row limit\)\n$/);
  store.close();
});

test('a query that runs too long is stopped by the time limit', async () => {
  const { store } = await seededStore();
  await assert.rejects(
    runReadOnlySql(store, 'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n', { timeoutMs: 300 }),
    (e: ReadOnlySqlError) => e.kind === 'timeout' && e.message === 'Query stopped after 300 ms (time limit)',
  );
  store.close();
});

test('refused SQL never reaches the database, and nothing a query does persists', async () => {
  const { store } = await seededStore();
  const before = readFileSync(store.file);
  await assert.rejects(runReadOnlySql(store, 'DELETE FROM messages'), (e: ReadOnlySqlError) => e.kind === 'refused' && /starts with 'DELETE'/.test(e.message));
  await assert.rejects(runReadOnlySql(store, 'SELECT * FROM nope'), (e: ReadOnlySqlError) => e.kind === 'sqlite' && e.message === 'no such table: nope');
  assert.deepEqual(readFileSync(store.file), before);
  assert.equal(store.query('SELECT count(*) AS n FROM messages')[0].n, 3);
  store.close();
});

test('memory search finds past exchanges by words, ranked, without tool results', async () => {
  const { store, advance } = await seededStore();
  advance(10);
  addMessage(store, 'c2', 'user', 'Where are commas parsed?');
  const hits = searchMemory(store, 'parser trailing commas');
  assert.deepEqual(hits.map((h) => [h.role, h.matchedTerms]), [['assistant', 3], ['user', 3], ['user', 1]]);
  assert.deepEqual(searchMemory(store, 'secret tool text'), []);
  assert.deepEqual(searchMemory(store, '100%_'), []);
  store.close();
});
