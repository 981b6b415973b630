import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, statSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { ensureStateDir } from '../workspace/state-dir';
import type { Database, SqlJsStatic, SqlValue } from 'sql.js';
import { withFileLock } from '../workspace/file-lock';
import { schemaMigrations, schemaSql, schemaVersion } from './schema';
import { loadSqlJs } from './sqljs';

export type Row = Record<string, SqlValue>;

export interface AuditStoreOptions {
  /** Database file; see `defaultDatabasePath`. */
  file: string;
  clock?: () => number;
  newId?: () => string;
  /** Whether a process id is alive on this machine (default: signal 0). */
  isProcessAlive?: (pid: number) => boolean;
}

/** `<root>/.agent/state/grounded.db`: shared by the CLI and the extension. */
export function defaultDatabasePath(root: string): string {
  return path.join(root, '.agent', 'state', 'grounded.db');
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** SQLite's words for a file it cannot use as a database. */
const UNREADABLE = /file is not a database|database disk image is malformed|file is encrypted/i;

/** The database in `file`, read and checked; throws SQLite's error when it is unreadable. */
function readDatabase(SQL: SqlJsStatic, file: string): Database {
  const db = new SQL.Database(readFileSync(file));
  try {
    // sql.js reads lazily: these touch the header and the schema, where damage shows first.
    db.exec('PRAGMA user_version');
    db.exec('SELECT count(*) FROM sqlite_master');
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * Opens `file` (a new database when it does not exist). An unreadable one is moved aside under
 * the write lock (another process may be doing the same, or may already have replaced it).
 */
function openOrSetAside(SQL: SqlJsStatic, file: string, clock: () => number): { db: Database; notice?: string } {
  if (!existsSync(file)) return { db: new SQL.Database() };
  try {
    return { db: readDatabase(SQL, file) };
  } catch (err) {
    if (!UNREADABLE.test((err as Error).message)) throw err;
  }
  return withFileLock(`${file}.lock`, () => {
    let reason: string;
    try {
      return { db: existsSync(file) ? readDatabase(SQL, file) : new SQL.Database() };
    } catch (err) {
      if (!UNREADABLE.test((err as Error).message)) throw err;
      reason = (err as Error).message;
    }
    const aside = `${file}.corrupt-${new Date(clock()).toISOString().replace(/[:.]/g, '-')}`;
    renameSync(file, aside);
    const notice = (`The memory database ${file} could not be read (${reason}); it was moved to ${aside} and a fresh one was started. Earlier ` +
      `conversations and audit records are in the moved file.`);
    return { db: new SQL.Database(), notice };
  });
}

/**
 * The per-workspace audit log and conversation memory: a sql.js database persisted after every
 * write (export, write a temp file, fsync, rename), so a crash loses nothing already recorded.
 * Writes hold a lock file and re-read the database first when another process changed it.
 */
export class AuditStore {
  private known: { mtimeMs: number; size: number; ino: number } | undefined;

  private constructor(
    private readonly SQL: SqlJsStatic,
    private db: Database,
    readonly file: string,
    readonly clock: () => number,
    readonly newId: () => string,
    private readonly alive: (pid: number) => boolean,
  ) {}

  /**
   * Set when the database file could not be read (corrupt, or not a database at all): it was moved
   * aside and a fresh one started. Surfaces show this to the user; nothing was deleted.
   */
  notice?: string;

  /**
   * Opens (or creates) the database, and marks steps whose process died mid-run as interrupted.
   * A file SQLite cannot read is renamed to `<file>.corrupt-<time>` (kept for the user to inspect)
   * and a fresh database is started, so one damaged file does not block every question.
   */
  static async open(opts: AuditStoreOptions): Promise<AuditStore> {
    const SQL = await loadSqlJs();
    ensureStateDir(path.dirname(opts.file));
    const clock = opts.clock ?? Date.now;
    const { db, notice } = openOrSetAside(SQL, opts.file, clock);
    const store = new AuditStore(SQL, db, opts.file, clock, opts.newId ?? randomUUID, opts.isProcessAlive ?? processAlive);
    store.notice = notice;
    store.known = existsSync(opts.file) ? store.fileState() : undefined;
    const version = Number(db.exec('PRAGMA user_version')[0]?.values[0]?.[0] ?? 0);
    if (version < schemaVersion || !existsSync(opts.file)) {
      store.write((d) => {
        // Re-read under the lock: another process may have upgraded the file meanwhile.
        const current = Number(d.exec('PRAGMA user_version')[0]?.values[0]?.[0] ?? 0);
        if (current >= schemaVersion) return;
        d.exec(schemaSql);
        // A database made by an earlier version has the old table shapes: upgrade them step by step.
        if (current > 0) for (let v = current + 1; v <= schemaVersion; v++) d.exec(schemaMigrations[v] ?? '');
        d.exec(`PRAGMA user_version = ${schemaVersion}`);
      });
    }
    store.markInterrupted();
    return store;
  }

  /**
   * What tells another writer's save apart: every save is a new file renamed into place, so a new
   * inode, even when the clock's tick and the page-rounded size are the same as ours.
   */
  private fileState() {
    const st = statSync(this.file);
    return { mtimeMs: st.mtimeMs, size: st.size, ino: st.ino };
  }

  private reloadIfChanged(): void {
    if (!existsSync(this.file)) return;
    const now = this.fileState();
    if (this.known && now.mtimeMs === this.known.mtimeMs && now.size === this.known.size && now.ino === this.known.ino) return;
    const fresh = new this.SQL.Database(readFileSync(this.file));
    this.db.close();
    this.db = fresh;
    this.known = now;
  }

  private persist(): void {
    const bytes = this.db.export();
    const tmp = `${this.file}.${process.pid}.tmp`;
    const fd = openSync(tmp, 'w');
    try {
      writeSync(fd, bytes);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.file);
    try {
      const dir = openSync(path.dirname(this.file), 'r');
      try { fsyncSync(dir); } finally { closeSync(dir); }
    } catch {
      // Some platforms (Windows) cannot fsync a directory; the rename itself is still atomic.
    }
    this.known = this.fileState();
  }

  /** Runs `fn` on the freshest copy of the database and persists the result atomically. */
  write<T>(fn: (db: Database) => T): T {
    return withFileLock(`${this.file}.lock`, () => {
      this.reloadIfChanged();
      const out = fn(this.db);
      this.persist();
      return out;
    });
  }

  /** Rows of a parameterised query, as objects (re-reads the file first if another process wrote). */
  query(sql: string, params: SqlValue[] = []): Row[] {
    this.reloadIfChanged();
    const stmt = this.db.prepare(sql);
    try {
      stmt.bind(params);
      const rows: Row[] = [];
      while (stmt.step()) rows.push(stmt.getAsObject() as Row);
      return rows;
    } finally {
      stmt.free();
    }
  }

  /** A snapshot of the database bytes (for read-only copies). */
  exportBytes(): Uint8Array {
    this.reloadIfChanged();
    return this.db.export();
  }

  /** Runs one parameterised write statement and persists. */
  run(sql: string, params: SqlValue[]): void {
    this.write((db) => db.run(sql, params));
  }

  /** Identifies this process as the owner of running executions (for crash detection). */
  owner(): { pid: number; host: string } {
    return { pid: process.pid, host: hostname() };
  }

  /** Marks executions left running by a process that no longer exists on this machine as interrupted. */
  markInterrupted(): number {
    const running = this.query("SELECT id, owner_pid, owner_host FROM executions WHERE status = 'running'");
    const dead = running.filter((r) => r.owner_host === hostname() && typeof r.owner_pid === 'number' && !this.alive(r.owner_pid));
    if (dead.length === 0) return 0;
    const now = this.clock();
    this.write((db) => {
      for (const r of dead) {
        db.run("UPDATE executions SET status = 'interrupted', success = 0, finished_at = ?, error_text = ? WHERE id = ? AND status = 'running'", [
          now, `Interrupted: the process running this step (pid ${r.owner_pid}) ended before the step finished`, r.id,
        ]);
      }
    });
    return dead.length;
  }

  /** Releases the in-memory database. */
  close(): void {
    this.db.close();
  }
}
