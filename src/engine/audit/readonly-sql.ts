import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SqlValue } from 'sql.js';
import { schemaSql } from './schema';
import { guardReadOnlySql } from './sql-guard';
import { locateSqlWasm } from './sqljs';
import type { AuditStore } from './store';

export interface ReadOnlyQueryResult {
  columns: string[];
  rows: SqlValue[][];
  /** More rows existed than the row limit, or the result reached the size limit. */
  truncated: boolean;
  /** Which limit cut the result, when one did. */
  truncatedAt?: 'rows' | 'size';
}

/** The SQL was refused by the guard, failed in SQLite, or ran out of time. The message is shown verbatim. */
export class ReadOnlySqlError extends Error {
  constructor(message: string, readonly kind: 'refused' | 'sqlite' | 'timeout', readonly suggestion: string) {
    super(message);
    this.name = 'ReadOnlySqlError';
  }
}

/**
 * What the query can see. `conversation` (the default, and the model's /memory_sql): only the
 * `messages` table, without tool rows; the audit log reaches the model as evidence summaries
 * only (seed 004). `audit` (the user's `grounded memory sql`): every table, minus tool rows.
 */
export type ReadOnlySqlScope = 'conversation' | 'audit';

export interface ReadOnlyQueryOptions {
  maxRows?: number;
  /** Clamped to MAX_SQL_TIMEOUT_MS. */
  timeoutMs?: number;
  scope?: ReadOnlySqlScope;
  /** Most bytes of result text (default MAX_RESULT_BYTES); the rows after it are left out and `truncated` is set. */
  maxResultBytes?: number;
}

/** The longest time limit a query may ask for (10 minutes). */
export const MAX_SQL_TIMEOUT_MS = 600_000;
/** Result text kept at most: enough for any table a person or a model reads. */
export const MAX_RESULT_BYTES = 4 * 1024 * 1024;
/**
 * Memory SQLite may use beyond the copy of the database: a string function asked for 400 MB
 * (`printf('%.*c', 400000000, 'a')`, `zeroblob`, `replace` chains) fails with "out of memory"
 * instead of allocating it. Enforced with PRAGMA hard_heap_limit, which a SELECT cannot change.
 */
export const SQL_HEAP_HEADROOM_BYTES = 32 * 1024 * 1024;

/** Audit tables absent from the conversation copy (so a query naming one is refused with a reason, not a bare SQLite error). */
const auditTables = [...schemaSql.matchAll(/CREATE TABLE IF NOT EXISTS (\w+)/g)].map((m) => m[1]).filter((t) => t !== 'messages');

function sqliteError(message: string, scope: ReadOnlySqlScope): ReadOnlySqlError {
  const missing = /^no such table: (?:\w+\.)?(\w+)$/.exec(message)?.[1];
  if (scope === 'conversation' && missing && auditTables.includes(missing)) {
    return new ReadOnlySqlError(
      (`Refused: /memory_sql reads only the conversation table 'messages' (id, conversation_id, role, content, created_at); '${missing}' belongs to the ` +
        `audit log, which reaches the model only as evidence summaries`),
      'refused',
      "Query the messages table, e.g. SELECT role, content FROM messages WHERE content LIKE '%word%' ORDER BY id DESC LIMIT 5.",
    );
  }
  return new ReadOnlySqlError(message, 'sqlite', 'Check table and column names: SELECT name, sql FROM sqlite_master lists them.');
}

const STARTUP_LIMIT_MS = 30_000;

function workerPath(): string {
  // dist/sql-worker.js in the bundle; the CommonJS source file when running from src/.
  const candidates = [path.join(__dirname, 'sql-worker.js'), path.join(__dirname, 'sql-worker.cjs')];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`The SQL worker is missing (looked for ${candidates.join(', ')}); rebuild with \`node esbuild.mjs\``);
  return found;
}

/**
 * Runs model- or user-written SQL read-only: the guard accepts a single SELECT; it runs in a
 * worker thread on an in-memory copy of the database (see ReadOnlySqlScope for what the copy
 * holds; the tool's own result messages never), with `PRAGMA query_only`, a row limit, and a
 * time limit after which the worker is terminated. Nothing it does can reach the database file.
 */
export async function runReadOnlySql(store: AuditStore, sql: string, opts: ReadOnlyQueryOptions = {}): Promise<ReadOnlyQueryResult> {
  const guard = guardReadOnlySql(sql);
  if (!guard.ok) throw new ReadOnlySqlError(guard.reason, 'refused', 'Write a single SELECT statement (WITH … SELECT is fine).');
  const maxRows = opts.maxRows ?? 200;
  const timeoutMs = Math.min(opts.timeoutMs ?? 2000, MAX_SQL_TIMEOUT_MS);
  const scope = opts.scope ?? 'conversation';
  const bytes = store.exportBytes();
  // The database is held twice while its copy is made (conversation scope): the limit leaves room for that.
  const heapLimit = 2 * bytes.length + SQL_HEAP_HEADROOM_BYTES;
  const worker = new Worker(workerPath(), {
    workerData: { wasmPath: locateSqlWasm(), bytes, sql: guard.sql, maxRows, scope, heapLimit, maxResultBytes: opts.maxResultBytes ?? MAX_RESULT_BYTES },
    // The rows are JavaScript strings too: a worker that still runs away is stopped, not the host.
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  return new Promise<ReadOnlyQueryResult>((resolve, reject) => {
    const stop = (ms: number, what: string) => setTimeout(() => {
      void worker.terminate();
      reject(new ReadOnlySqlError(`Query stopped after ${ms} ms (${what})`, 'timeout', 'Narrow the query (add WHERE conditions or a LIMIT).'));
    }, ms);
    // Loading sql.js and copying the database is not the query's time; it gets its own, larger limit.
    let timer = stop(STARTUP_LIMIT_MS, 'the SQL engine did not start in time');
    const finish = () => {
      clearTimeout(timer);
      void worker.terminate();
    };
    worker.on('message', (m: { ready?: boolean; error?: string } & Partial<ReadOnlyQueryResult>) => {
      if (m.ready) {
        clearTimeout(timer);
        timer = stop(timeoutMs, 'time limit');
        return;
      }
      finish();
      if (m.error !== undefined) reject(sqliteError(m.error, scope));
      else resolve({ columns: m.columns ?? [], rows: m.rows ?? [], truncated: Boolean(m.truncated), ...(m.truncatedAt ? { truncatedAt: m.truncatedAt } : {}) });
    });
    worker.once('error', (err) => {
      finish();
      if ((err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY')
        reject(new ReadOnlySqlError('Query stopped: its result needed too much memory', 'sqlite', 'Select fewer or shorter values (substr(), a LIMIT).'));
      else reject(err);
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
  out.push(
    (`(${result.rows.length} ` +
      `row${result.rows.length === 1 ? '' : 's'}${result.truncated ? `, truncated at the ${result.truncatedAt === 'size' ? 'size' : 'row'} limit` : ''})`),
  );
  return out.join('\n') + '\n';
}
