import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { main } from '../../../src/cli/main';
import { formatResultTable, MAX_RESULT_BYTES, ReadOnlySqlError, runReadOnlySql } from '../../../src/engine/audit/readonly-sql';
import { seededStore } from './seed';
import { captureStreams as capture } from '../../support/cli-io';

test('/memory_sql cannot make SQLite allocate 400 MB with a string function (issue 14, item 18)', { timeout: 60_000 }, async () => {
  const { store } = await seededStore();
  try {
    for (const sql of ["SELECT printf('%.*c', 400000000, 'a')", "SELECT length(printf('%.*c', 400000000, 'a'))", 'SELECT zeroblob(400000000)']) {
      // A generous time limit, so that what stops the query is the memory cap, not the clock.
      const err = await runReadOnlySql(store, sql, { timeoutMs: 30_000 }).then(() => undefined, (e: unknown) => e);
      assert.ok(err instanceof ReadOnlySqlError, `${sql}: ${String(err)}`);
      assert.equal(err.kind, 'sqlite', `${sql}: ${err.message}`);
      assert.match(err.message, /out of memory|too big/, sql);
    }
    // Ordinary use is untouched: a few megabytes inside one query still work.
    assert.deepEqual((await runReadOnlySql(store, "SELECT length(printf('%.*c', 4000000, 'a'))")).rows, [[4_000_000]]);
  } finally {
    store.close();
  }
});

test('a result is cut at the size limit and says so, however many rows were asked for', { timeout: 60_000 }, async () => {
  const { store } = await seededStore();
  try {
    const r = await runReadOnlySql(
      store,
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40) SELECT printf('%.*c', 1000000, 'a') FROM n",
      { maxRows: 1000 },
    );
    assert.equal(r.truncated, true);
    assert.equal(r.truncatedAt, 'size');
    assert.match(formatResultTable(r), /truncated at the size limit\)\n$/);
    const bytes = r.rows.reduce((sum, row) => sum + String(row[0]).length, 0);
    assert.ok(bytes <= MAX_RESULT_BYTES && r.rows.length > 0, `${r.rows.length} rows, ${bytes} bytes`);
  } finally {
    store.close();
  }
});

test('memory sql --timeout-ms and --max-rows out of range are usage errors (exit 2), not an overflow warning (item 16)', async () => {
  const { store } = await seededStore();
  const file = store.file;
  store.close();
  assert.ok(existsSync(file));
  const root = path.dirname(file);
  for (const [flag, value, message] of [
    ['--timeout-ms', '99999999999', /--timeout-ms must be at most 600000, got 99999999999/],
    ['--timeout-ms', '1e3', /--timeout-ms must be a positive integer, got '1e3'/],
    ['--max-rows', '9999999999', /--max-rows must be at most 100000/],
  ] as const) {
    const c = capture(root);
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    assert.equal(await main(['memory', 'sql', 'SELECT 1', '--db', file, flag, value], c.io), 2);
    process.off('warning', onWarning);
    assert.match(c.out.stderr, message);
    assert.deepEqual(warnings, []);
  }
  const ok = capture(root);
  assert.equal(await main(['memory', 'sql', 'SELECT 1', '--db', file, '--timeout-ms', '600000'], ok.io), 0, ok.out.stderr);
  assert.match(ok.out.stdout, /\(1 row\)/);
});
