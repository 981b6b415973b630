// `grounded files` in a git repository waits above all for git's walk of the tree for untracked
// files. The launcher (bin/grounded.js) starts that walk with this small bundle (dist/early-git.js)
// before the CLI bundle is loaded and compiled; the listing takes it over (git-output.ts) when it
// asks for the same walk in the same folder. A walk nobody took over is stopped at exit.
import { closeSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { CHANGED_LISTING, earlySlot, EARLY_LISTING, startListing, UNTRACKED_LISTING } from '../engine/workspace/git-listing-file';
import { residentSocketInFolder } from '../engine/resident/socket-dir';
import { daemonDisabled } from './daemon-env';

/** The folder a `grounded files` command line names (`--root DIR`, `--root=DIR`, else the current one). */
function rootOf(args: readonly string[]): string {
  let root = '.';
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--') break;
    if (args[i] === '--root' && i + 1 < args.length) root = args[++i];
    else if (args[i].startsWith('--root=')) root = args[i].slice('--root='.length);
  }
  return path.resolve(process.cwd(), root);
}

/** Starts git's untracked listing for the folder of `args` (the words after `files`); nothing when anything is unusual. */
export function start(args: readonly string[]): void {
  if (args.some((a) => a === '--explain' || a.startsWith('--explain=') || a === '-h' || a === '--help')) return;
  const cwd = rootOf(args);
  try {
    if (!statSync(cwd).isDirectory()) return;
  } catch {
    return;
  }
  // A server of the folder (its socket is there) probably answers the listing: a walk would only take a core from it.
  if (!args.includes('--no-daemon') && !daemonDisabled(process.env) && residentSocketInFolder(cwd)) return;
  for (const listing of [UNTRACKED_LISTING, CHANGED_LISTING]) {
    const started = startListing(listing, cwd);
    if (!started) return;
    const early = { ...started, cwd, args: listing, adopted: false };
    (earlySlot[EARLY_LISTING] ??= []).push(early);
    process.on('exit', () => {
      if (early.adopted) return;
      early.child.kill();
      try {
        closeSync(early.file.fd);
        if (!early.file.removed) rmSync(early.file.dir, { recursive: true, force: true });
      } catch {
        // Already gone.
      }
    });
  }
}
