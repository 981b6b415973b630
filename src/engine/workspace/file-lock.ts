import { closeSync, openSync, statSync, unlinkSync, writeSync } from 'node:fs';

/** Another process held the audit database lock for too long. */
export class AuditBusyError extends Error {
  constructor(readonly lockFile: string) {
    super(`The audit database is busy (lock file ${lockFile} held by another process)`);
    this.name = 'AuditBusyError';
  }
  readonly suggestion = 'Retry in a moment; delete the .lock file only if no Grounded process is running.';
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Runs `fn` holding an exclusive lock file (created with O_EXCL), so the CLI and the extension
 * never interleave a read-modify-write of the database. A lock older than `staleMs` is taken
 * over: its owner died between taking and releasing it.
 */
export function withFileLock<T>(lockFile: string, fn: () => T, opts: { timeoutMs?: number; staleMs?: number } = {}): T {
  const deadline = Date.now() + (opts.timeoutMs ?? 5000);
  for (;;) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      try {
        if (Date.now() - statSync(lockFile).mtimeMs > (opts.staleMs ?? 10_000)) unlinkSync(lockFile);
      } catch {
        // Released between our open and stat: just retry.
      }
      if (Date.now() > deadline) throw new AuditBusyError(lockFile);
      sleep(15);
    }
  }
  try {
    return fn();
  } finally {
    try { unlinkSync(lockFile); } catch { /* already taken over as stale */ }
  }
}
