// Runs one guarded SELECT on a throwaway in-memory copy of the audit database, in a worker
// thread the caller terminates on timeout. Plain CommonJS so it loads without a TypeScript loader.
const { parentPort, workerData } = require('node:worker_threads');
const initSqlJs = require('sql.js');

/**
 * The copy the model's /memory_sql reads: a fresh database holding only the conversation table,
 * without tool rows, so no audit table (executions, artifacts, exchanges, plans, authorizations,
 * diagnostics) exists in it at all, not even in sqlite_master.
 */
function conversationCopy(SQL, bytes) {
  const src = new SQL.Database(bytes);
  const db = new SQL.Database();
  try {
    const create = src.exec("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'messages'");
    if (create.length === 0) return db;
    db.run(create[0].values[0][0]);
    const read = src.prepare("SELECT * FROM messages WHERE role != 'tool' ORDER BY id");
    const columns = read.getColumnNames();
    const insert = db.prepare(`INSERT INTO messages (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
    while (read.step()) insert.run(read.get());
    read.free();
    insert.free();
    return db;
  } finally {
    src.close();
  }
}

/** The copy the user's CLI reads: the whole audit log, minus the tool's own result messages. */
function auditCopy(SQL, bytes) {
  const db = new SQL.Database(bytes);
  const hasMessages = db.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'messages'").length > 0;
  if (hasMessages) db.run("DELETE FROM messages WHERE role = 'tool'");
  return db;
}

(async () => {
  const { wasmPath, bytes, sql, maxRows, scope, heapLimit, maxResultBytes } = workerData;
  const SQL = await initSqlJs({ locateFile: () => wasmPath });
  // Process-wide for this worker's SQLite: set before anything is allocated, and no SELECT can change it.
  const limiter = new SQL.Database();
  limiter.run(`PRAGMA hard_heap_limit = ${Math.floor(heapLimit)}`);
  limiter.close();
  const db = scope === 'audit' ? auditCopy(SQL, bytes) : conversationCopy(SQL, bytes);
  try {
    db.run('PRAGMA query_only = 1');
    // The time limit is for the query, not for loading sql.js on a busy machine: say when it starts.
    parentPort.postMessage({ ready: true });
    const stmt = db.prepare(sql);
    const columns = stmt.getColumnNames();
    const rows = [];
    let truncated = false;
    let truncatedAt;
    let size = 0;
    while (stmt.step()) {
      if (rows.length === maxRows) { truncated = true; truncatedAt = 'rows'; break; }
      const row = stmt.get();
      // Text and blobs count by length; numbers and NULL by a few bytes.
      for (const v of row) size += v === null ? 4 : typeof v === 'string' || v instanceof Uint8Array ? v.length : 8;
      if (size > maxResultBytes) { truncated = true; truncatedAt = 'size'; break; }
      rows.push(row);
    }
    stmt.free();
    parentPort.postMessage({ columns, rows, truncated, truncatedAt });
  } catch (err) {
    const message = err && err.message ? err.message : String(err);
    parentPort.postMessage({ error: /out of memory|string or blob too big/i.test(message) ? `${message}: the query needed more memory than a memory query may use (a very long string or blob)` : message });
  } finally {
    db.close();
  }
})().catch((err) => parentPort.postMessage({ error: err && err.message ? err.message : String(err) }));
