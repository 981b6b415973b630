// Runs one guarded SELECT on a throwaway in-memory copy of the audit database, in a worker
// thread the caller terminates on timeout. Plain CommonJS so it loads without a TypeScript loader.
const { parentPort, workerData } = require('node:worker_threads');
const initSqlJs = require('sql.js');

(async () => {
  const { wasmPath, bytes, sql, maxRows } = workerData;
  const SQL = await initSqlJs({ locateFile: () => wasmPath });
  const db = new SQL.Database(bytes);
  try {
    const hasMessages = db.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'messages'").length > 0;
    // The tool's own results are never visible to the model's SQL.
    if (hasMessages) db.run("DELETE FROM messages WHERE role = 'tool'");
    db.run('PRAGMA query_only = 1');
    const stmt = db.prepare(sql);
    const columns = stmt.getColumnNames();
    const rows = [];
    let truncated = false;
    while (stmt.step()) {
      if (rows.length === maxRows) { truncated = true; break; }
      rows.push(stmt.get());
    }
    stmt.free();
    parentPort.postMessage({ columns, rows, truncated });
  } catch (err) {
    parentPort.postMessage({ error: err && err.message ? err.message : String(err) });
  } finally {
    db.close();
  }
})().catch((err) => parentPort.postMessage({ error: err && err.message ? err.message : String(err) }));
