import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, fstatSync, mkdtempSync, openSync, readSync, rmdirSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// How git's output reaches this process: a small command's through a pipe, a listing's through a
// temporary file, and the walk `grounded files` needs first possibly started by the launcher.

/** A git command's standard output and whether it succeeded (what it printed on stderr is not needed). */
export function git(args: string[], cwd: string, signal?: AbortSignal): Promise<{ ok: boolean; stdout: string }> {
  return new Promise((resolve) => {
    execFile('git', ['-C', cwd, ...args], { maxBuffer: 512 * 1024 * 1024, timeout: 60_000, signal }, (err, stdout) => resolve({ ok: !err, stdout }));
  });
}

/**
 * Runs a git listing whose output goes to a temporary file rather than a pipe. The listing of a
 * large repository is megabytes (babel: 6 MB), and a pipe holds 64 KB: while this thread is busy
 * (loading the saved index, starting the tokenizer) git would stop at each full pipe and finish
 * only when the thread is free to read; with a file it runs to its end at once. A walk the
 * launcher already started for the same listing and folder (bin/early-git.js) is taken over.
 */
export function gitToFile(args: string[], cwd: string, signal?: AbortSignal): Promise<{ ok: boolean; stdout: string }> {
  const early = adoptEarlyGit(args, cwd);
  if (early) {
    const stop = () => early.child.kill();
    signal?.addEventListener('abort', stop, { once: true });
    return early.done.then((code) => {
      signal?.removeEventListener('abort', stop);
      return readListing(early, code);
    });
  }
  let dir: string;
  let fd: number;
  try {
    dir = mkdtempSync(path.join(tmpdir(), 'grounded-git-'));
    fd = openSync(path.join(dir, 'out'), 'w+', 0o600);
  } catch {
    return git(args, cwd, signal);
  }
  // Removed now where the system allows it (the open descriptor keeps the file): not after git, when every millisecond counts.
  let removed = false;
  try {
    unlinkSync(path.join(dir, 'out'));
    rmdirSync(dir);
    removed = true;
  } catch {
    // Windows keeps an open file: removed after reading (readListing).
  }
  const file = { fd, dir, removed };
  let done = false;
  return new Promise((resolve) => {
    // 'error' (git missing) may be followed by 'close': the first one settles.
    const settle = (code: number | null) => {
      if (done) return;
      done = true;
      resolve(readListing(file, code));
    };
    const child = spawn('git', ['-C', cwd, ...args], { stdio: ['ignore', fd, 'ignore'], timeout: 60_000, signal });
    child.on('error', () => settle(null));
    child.on('close', settle);
  });
}

/** A listing file git wrote (`fd`, in `dir` unless already `removed`): its text when git ended well; the file is gone after. */
function readListing(file: { fd: number; dir: string; removed: boolean }, code: number | null): { ok: boolean; stdout: string } {
  let stdout: string | undefined;
  try {
    // Read whole, then decoded: half the time of readFileSync's own utf8 decoding on megabytes.
    if (code === 0) {
      const bytes = Buffer.allocUnsafe(fstatSync(file.fd).size);
      let got = 0;
      while (got < bytes.length) {
        const n = readSync(file.fd, bytes, got, bytes.length - got, got);
        if (n === 0) break;
        got += n;
      }
      stdout = bytes.toString('utf8', 0, got);
    }
  } catch {
    stdout = undefined;
  } finally {
    closeSync(file.fd);
    if (!file.removed) rmSync(file.dir, { recursive: true, force: true });
  }
  return { ok: stdout !== undefined, stdout: stdout ?? '' };
}

/** git's walk as the launcher started it (bin/early-git.js), before this code was loaded. */
interface EarlyGit {
  cwd: string;
  args: string[];
  fd: number;
  dir: string;
  removed: boolean;
  child: ChildProcess;
  done: Promise<number | null>;
  adopted: boolean;
}

const EARLY_GIT = Symbol.for('grounded.earlyGit');

/** The launcher's walk, taken over (once) when it is the listing asked for, in the same folder. */
function adoptEarlyGit(args: string[], cwd: string): EarlyGit | undefined {
  const slot = globalThis as { [EARLY_GIT]?: EarlyGit };
  const early = slot[EARLY_GIT];
  if (!early || early.cwd !== cwd || early.args.join('\0') !== args.join('\0')) return undefined;
  delete slot[EARLY_GIT];
  early.adopted = true;
  return early;
}
