import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, fstatSync, mkdtempSync, openSync, readSync, rmdirSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// A git listing written to a temporary file rather than a pipe (see gitToFile in git-output.ts).
// Kept apart so the launcher's own small bundle (dist/early-git.js, cli/early-git.ts) starts the
// same listing the same way before the CLI is loaded.

/**
 * git's walk for the untracked files a workspace shows, and in the same run the tracked files
 * changed or deleted on disk (`gitListing`). Each entry is tagged: `? ` untracked, `C ` changed.
 * One process where a second one (`diff-files`) cost ~0.2 s of CPU on babel, while indexing keeps
 * both cores busy.
 */
export const WORKTREE_LISTING: readonly string[] = ['ls-files', '-t', '--others', '--modified', '--exclude-standard', '-z'];

/**
 * The same in two processes side by side, for `grounded files` (the launcher starts both:
 * cli/early-git.ts), whose own thread waits for git once it keeps a listing (kept-listing.ts): the
 * walk, and `diff-files` on one thread. In one process the second part follows the walk (babel:
 * 430–540 ms against 300–430 for `ls-files -co`); beside it, both end with the walk (~340 ms). On
 * several threads (git's core.preloadIndex), `diff-files` took both cores and slowed the walk to ~470 ms.
 */
export const UNTRACKED_LISTING: readonly string[] = ['ls-files', '--others', '--exclude-standard', '-z'];
export const CHANGED_LISTING: readonly string[] = ['-c', 'core.preloadIndex=false', 'diff-files', '--name-only', '--relative', '-z'];

/** Where a listing is written: `fd` open, in `dir` unless already `removed`. */
export interface ListingFile {
  fd: number;
  dir: string;
  removed: boolean;
}

/** A git listing under way: its file, the process, and its exit code (null when git could not run). */
export interface StartedListing {
  file: ListingFile;
  child: ChildProcess;
  done: Promise<number | null>;
}

/** Starts `git -C cwd ...args` writing to a new temporary file; undefined when no such file can be made. */
export function startListing(args: readonly string[], cwd: string, signal?: AbortSignal): StartedListing | undefined {
  let dir: string;
  let fd: number;
  try {
    dir = mkdtempSync(path.join(tmpdir(), 'grounded-git-'));
    fd = openSync(path.join(dir, 'out'), 'w+', 0o600);
  } catch {
    return undefined;
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
  const child = spawn('git', ['-C', cwd, ...args], { stdio: ['ignore', fd, 'ignore'], timeout: 60_000, signal });
  // 'error' (git missing) may be followed by 'close': the first one settles.
  const done = new Promise<number | null>((resolve) => {
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code));
  });
  return { file: { fd, dir, removed }, child, done };
}

/** The text of a listing git wrote when it ended well (`code` 0); the file is closed and gone after. */
export function readListing(file: ListingFile, code: number | null): { ok: boolean; stdout: string } {
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

/** One of the launcher's early listings (cli/early-git.ts), waiting on the process's global object for the listing code to take it over. */
export interface EarlyListing extends StartedListing {
  cwd: string;
  args: readonly string[];
  adopted: boolean;
}

export const EARLY_LISTING = Symbol.for('grounded.earlyGit');
export const earlySlot = globalThis as { [EARLY_LISTING]?: EarlyListing[] };
