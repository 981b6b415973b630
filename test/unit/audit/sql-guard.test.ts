import { test } from 'node:test';
import assert from 'node:assert/strict';
import { guardReadOnlySql } from '../../../src/engine/audit/sql-guard';

const reason = (sql: string) => {
  const r = guardReadOnlySql(sql);
  return r.ok ? 'ok' : r.reason;
};

const allowed = [
  'SELECT 1',
  'select id, content from messages where role != \'tool\' order by id desc limit 5;',
  "SELECT id, content\nFROM messages\nWHERE content LIKE '%1T parameter%'\nAND role != 'memory_tool'\nORDER BY id DESC\nLIMIT 5;",
  'WITH recent AS (SELECT * FROM messages ORDER BY id DESC LIMIT 10) SELECT count(*) FROM recent',
  "SELECT 'DROP TABLE x; DELETE FROM y' AS s",
  'SELECT "update", [delete], `insert` FROM t',
  "SELECT replace(content, 'a', 'b') FROM messages",
  'SELECT CASE WHEN 1 THEN 2 END',
  '-- leading comment\nSELECT 1 /* trailing */',
  'SELECT 1; ;',
  'SELECT name, sql FROM sqlite_master',
  "SELECT 'it''s; DROP' FROM t",
];

const refused: Array<[string, RegExp]> = [
  ['', /empty/],
  ['  -- only a comment', /empty/],
  ['INSERT INTO messages VALUES (1)', /starts with 'INSERT'/],
  ["UPDATE messages SET content = 'x'", /starts with 'UPDATE'/],
  ['DELETE FROM messages', /starts with 'DELETE'/],
  ['REPLACE INTO messages VALUES (1)', /starts with 'REPLACE'/],
  ['CREATE TABLE t (x)', /starts with 'CREATE'/],
  ['DROP TABLE messages', /starts with 'DROP'/],
  ['ALTER TABLE messages ADD x', /starts with 'ALTER'/],
  ['VACUUM', /starts with 'VACUUM'/],
  ['REINDEX', /starts with 'REINDEX'/],
  ['ANALYZE', /starts with 'ANALYZE'/],
  ['BEGIN; SELECT 1', /stacked statements/],
  ['SAVEPOINT a', /starts with 'SAVEPOINT'/],
  ['PRAGMA writable_schema = 1', /starts with 'PRAGMA'/],
  ["ATTACH DATABASE '/tmp/x.db' AS x", /starts with 'ATTACH'/],
  ['DETACH x', /starts with 'DETACH'/],
  ['SELECT 1; DROP TABLE messages', /stacked statements/],
  ['SELECT 1 -- comment\n; DELETE FROM messages', /stacked statements/],
  ['SELECT 1 /* ; */; DELETE FROM messages', /stacked statements/],
  ["SELECT load_extension('evil.so')", /'load_extension' is not allowed \(it loads native code\)/],
  ['WITH d AS (DELETE FROM messages RETURNING *) SELECT * FROM d', /'DELETE' is not allowed/],
  ['WITH x AS (SELECT 1) DELETE FROM messages', /'DELETE' is not allowed/],
  ['WITH x AS (SELECT 1) INSERT INTO messages SELECT * FROM x', /'INSERT' is not allowed/],
  ['SELECT * FROM pragma_table_info(\'messages\') WHERE 0; PRAGMA foo', /stacked statements/],
  ['SELECT writable_schema FROM x', /'writable_schema' is not allowed/],
  ["SELECT 'unterminated", /unterminated string literal/],
  ['SELECT 1 /* unterminated', /unterminated \/\* comment/],
  ['SELECT "unterminated', /unterminated quoted identifier/],
  ['EXPLAIN SELECT 1', /starts with 'EXPLAIN'/],
  ['(SELECT 1)', /starts with '\('/],
];

test('accepts single SELECT statements, keywords in strings and quoted names, comments', () => {
  for (const sql of allowed) assert.equal(reason(sql), 'ok', sql);
});

for (const [sql, expected] of refused) {
  test(`refuses: ${JSON.stringify(sql)}`, () => {
    const r = reason(sql);
    assert.notEqual(r, 'ok');
    assert.match(r, /^Refused: /);
    assert.match(r, expected);
  });
}
