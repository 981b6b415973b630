import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatResultTable, MAX_SQL_TIMEOUT_MS, ReadOnlySqlError, runReadOnlySql } from '../../engine/audit/readonly-sql';
import { guardReadOnlySql } from '../../engine/audit/sql-guard';
import { AuditStore, defaultDatabasePath } from '../../engine/audit/store';
import { ExitCode } from '../exit-codes';
import { UsageError, type CliIO } from '../io';

const help = `Usage: grounded memory sql "SELECT ..." [--root DIR] [--db FILE] [--json] [--max-rows N] [--timeout-ms N]

Runs read-only SQL over the workspace's conversation memory and audit log. Only a single SELECT
(or WITH ... SELECT) is accepted; it runs on a throwaway in-memory copy without the tool's own
result messages, with a row limit and a time limit. Tables: messages, plans, executions,
execution_artifacts, authorizations, llm_exchanges, diagnostics. (The model's /memory_sql sees
only the messages table; this command is the user's fuller view of their own log.)

Options:
  --root DIR        workspace root (default: the current folder)
  --db FILE         database file (default: DIR/.agent/state/grounded.db)
  --json            print {"columns": [...], "rows": [[...]], "truncated": bool}
  --max-rows N      row limit (default 200, at most 100000)
  --timeout-ms N    time limit (default 2000, at most 600000)
  -h, --help        this text

Exit codes: 0 ok, 1 refused or failed (the reason on stderr), 2 usage error.
`;

const positiveInt = (value: string | undefined, name: string, fallback: number, max: number) => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || !Number.isSafeInteger(n) || n <= 0) throw new UsageError(`${name} must be a positive integer, got '${value}'`);
  if (n > max) throw new UsageError(`${name} must be at most ${max}, got ${value}`);
  return n;
};

/** The most rows one query may ask for. */
const MAX_ROWS = 100_000;

/** `grounded memory sql "…"`: guarded read-only SQL. */
export async function run(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args, allowPositionals: true, strict: true,
    options: {
      root: { type: 'string' }, db: { type: 'string' }, json: { type: 'boolean' },
      'max-rows': { type: 'string' }, 'timeout-ms': { type: 'string' }, help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.stdout(help);
    return ExitCode.ok;
  }
  const [sub, sql, ...extra] = positionals;
  if (sub !== 'sql') throw new UsageError(sub ? `unknown subcommand '${sub}' (expected 'sql')` : "missing subcommand 'sql'");
  if (sql === undefined) throw new UsageError('missing SQL (quote it: grounded memory sql "SELECT ...")');
  if (extra.length) throw new UsageError(`unexpected argument '${extra[0]}' (quote the SQL as one argument)`);
  const maxRows = positiveInt(values['max-rows'], '--max-rows', 200, MAX_ROWS);
  const timeoutMs = positiveInt(values['timeout-ms'], '--timeout-ms', 2000, MAX_SQL_TIMEOUT_MS);
  const guard = guardReadOnlySql(sql);
  if (!guard.ok) {
    io.stderr(`${guard.reason}\n`);
    return ExitCode.failed;
  }
  const root = path.resolve(io.cwd, values.root ?? '.');
  const file = values.db ? path.resolve(io.cwd, values.db) : defaultDatabasePath(root);
  if (!existsSync(file)) {
    io.stderr(`No memory database at ${file}: nothing has been recorded in this workspace.\n`);
    return ExitCode.failed;
  }
  const store = await AuditStore.open({ file });
  if (store.notice) io.stderr(`warning: ${store.notice}\n`);
  try {
    // The user's own view of their log: every table (the model's /memory_sql gets 'conversation').
    const result = await runReadOnlySql(store, sql, { maxRows, timeoutMs, scope: 'audit' });
    io.stdout(values.json ? JSON.stringify(result, (_k, v) => (v instanceof Uint8Array ? `<blob ${v.length} bytes>` : v)) + '\n' : formatResultTable(result));
    return ExitCode.ok;
  } catch (err) {
    if (!(err instanceof ReadOnlySqlError)) throw err;
    io.stderr(`${err.message}\n`);
    return ExitCode.failed;
  } finally {
    store.close();
  }
}
