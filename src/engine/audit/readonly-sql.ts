import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SqlValue } from 'sql.js';
import { guardReadOnlySql } from './sql-guard';
import { locateSqlWasm } from './sqljs';
import type { AuditStore } from './store';

export interface ReadOnlyQueryResult {
  columns: string[];
  rows: SqlValue[][];
  /** More rows existed than the row limit. */
  truncated: boolean;
}

/** The SQL was refused by the guard, failed in SQLite, or ran out of time. The message is shown verbatim. */
export class ReadOnlySqlError extends Error {
  constructor(message: string, readonly kind: 'refused' | 'sqlite' | 'timeout', readonly suggestion: string) {
    super(message);
    this.name = 'ReadOnlySqlError';
  }
}

export interface ReadOnlyQueryOptions {
  maxRows?: number;
  timeoutMs?: number;
}

function workerPath(): string {
  // dist/sql-worker.js in the bundle; the CommonJS source file when running from src/.
  const candidates = [path.join(__dirname, 'sql-worker.js'), path.join(__dirname, 'sql-worker.cjs')];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`The SQL worker is missing (looked for ${candidates.join(', ')}); rebuild with \`node esbuild.mjs\``);
  return found;
}

/**
 * Runs model- or user-written SQL read-only: the guard accepts a single SELECT; it runs in a
 * worker thread on an in-memory copy of the database from which the tool's own result messages
 * are deleted, with `PRAGMA query_only`, a row limit, and a time limit after which the worker is
 * terminated. Nothing it does can reach the database file.
 */
export async function runReadOnlySql(store: AuditStore, sql: string, opts: ReadOnlyQueryOptions = {}): Promise<ReadOnlyQueryResult> {
  const guard = guardReadOnlySql(sql);
  if (!guard.ok) throw new ReadOnlySqlError(guard.reason, 'refused', 'Write a single SELECT statement (WITH … SELECT is fine).');
  const maxRows = opts.maxRows ?? 200;
  const timeoutMs = opts.timeoutMs ?? 2000;
  const worker = new Worker(workerPath(), { workerData: { wasmPath: locateSqlWasm(), bytes: store.exportBytes(), sql: guard.sql, maxRows } });
  return new Promise<ReadOnlyQueryResult>((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new ReadOnlySqlError(`Query stopped after ${timeoutMs} ms (time limit)`, 'timeout', 'Narrow the query (add WHERE conditions or a LIMIT).'));
    }, timeoutMs);
    const finish = () => {
      clearTimeout(timer);
      void worker.terminate();
    };
    worker.once('message', (m: { error?: string } & Partial<ReadOnlyQueryResult>) => {
      finish();
      if (m.error !== undefined) reject(new ReadOnlySqlError(m.error, 'sqlite', 'Check table and column names: SELECT name, sql FROM sqlite_master lists them.'));
      else resolve({ columns: m.columns ?? [], rows: m.rows ?? [], truncated: Boolean(m.truncated) });
    });
    worker.once('error', (err) => {
      finish();
      reject(err);
    });
  });
}

/** Renders a result as an aligned text table (for the CLI and for tool results given to the model). */
export function formatResultTable(result: ReadOnlyQueryResult): string {
  const cell = (v: SqlValue) => (v === null ? 'NULL' : v instanceof Uint8Array ? `<blob ${v.length} bytes>` : String(v).replace(/\s+/g, ' ').slice(0, 200));
  const body = result.rows.map((r) => r.map(cell));
  const widths = result.columns.map((c, i) => Math.max(c.length, ...body.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join(' | ').trimEnd();
  const out = [line(result.columns), widths.map((w) => '-'.repeat(w)).join('-+-'), ...body.map(line)];
  out.push(`(${result.rows.length} row${result.rows.length === 1 ? '' : 's'}${result.truncated ? ', truncated at the row limit' : ''})`);
  return out.join('\n') + '\n';
}
