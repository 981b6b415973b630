import { execFile } from 'node:child_process';
import { earlySlot, EARLY_LISTING, readListing, startListing, type EarlyListing } from './git-listing-file';

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
 * launcher already started for the same listing and folder (cli/early-git.ts) is taken over.
 */
export function gitToFile(args: readonly string[], cwd: string, signal?: AbortSignal): Promise<{ ok: boolean; stdout: string }> {
  const early = adoptEarlyListing(args, cwd);
  if (early) {
    const stop = () => early.child.kill();
    signal?.addEventListener('abort', stop, { once: true });
    return early.done.then((code) => {
      signal?.removeEventListener('abort', stop);
      return readListing(early.file, code);
    });
  }
  const started = startListing(args, cwd, signal);
  return started ? started.done.then((code) => readListing(started.file, code)) : git([...args], cwd, signal);
}

/** One of the launcher's listings, taken over (once) when it is the listing asked for, in the same folder. */
function adoptEarlyListing(args: readonly string[], cwd: string): EarlyListing | undefined {
  const started = earlySlot[EARLY_LISTING] ?? [];
  const at = started.findIndex((e) => e.cwd === cwd && e.args.join('\0') === args.join('\0'));
  if (at < 0) return undefined;
  const [early] = started.splice(at, 1);
  if (!started.length) delete earlySlot[EARLY_LISTING];
  early.adopted = true;
  return early;
}
