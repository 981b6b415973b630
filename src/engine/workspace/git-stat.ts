// What git already knows about a tracked file that has not changed: the size and mtime it recorded
// in its index. Taking them from git spares Grounded one lstat per file (tens of thousands in a
// large repository), which was most of the cost of listing one.

/** Regular files only (plain or executable): links, submodules and anything else get an lstat. */
const isRegularMode = (out: string, at: number) => out.startsWith('100644', at) || out.startsWith('100755', at);

/**
 * The tracked paths, each once, in git's order, with what git recorded for each: `size[i]` and
 * `mtimeMs[i]`, or NaN where its record is not to be trusted. Arrays beside the paths rather than a
 * map of objects: built and read once per listing, tens of thousands of entries, no hashing.
 */
export interface TrackedStats {
  paths: string[];
  size: number[];
  mtimeMs: number[];
  /** Read from git's index file: its size and trailing checksum (kept-listing.ts keys on them). */
  indexChecksum?: string;
}

/**
 * Index flags (printed in hex by `--debug`) under which git does not compare an entry with the
 * disk: assume-unchanged (CE_VALID), intent-to-add, skip-worktree. Other bits are git's own
 * bookkeeping (CE_HASHED once the name hash is built, CE_FSMONITOR_VALID with fsmonitor on) and
 * say nothing about whether the record is current.
 */
export const UNTRUSTED_FLAGS = 0x8000 | (1 << 29) | (1 << 30);

/**
 * One entry of the listing: `tag mode hash stage<TAB>path<NUL>`, then the five lines `--debug`
 * prints (ctime, mtime, dev/ino, uid/gid, size/flags). Captured: tag, stage, path, mtime seconds
 * and nanoseconds, size, flags (hex); the mode is read in place. Sticky: each match starts where the last one ended,
 * so anything unexpected stops the parse there. One native match per entry rather than a scan in
 * JavaScript: a one-shot `grounded files` parses before the JIT has warmed up (half the time on babel).
 */
const ENTRY = /([A-Z?]) \d+ [0-9a-f]+ (\d)\t([^\0]*)\0 {2}ctime: [^\n]*\n {2}mtime: (\d+):(\d+)\n[^\n]*\n[^\n]*\n {2}size: (\d+)\tflags: ([0-9a-f]+)\n/y;

/** Forgets the record of each tracked file named in `changed` (git finds it changed or deleted on disk). */
export function forgetChanged(listing: TrackedStats, changed: Iterable<string>): TrackedStats {
  const set = new Set(changed);
  if (set.size) listing.paths.forEach((p, i) => set.has(p) && (listing.size[i] = listing.mtimeMs[i] = NaN));
  return listing;
}

/** The git command whose output `parseTracked` reads: every tracked entry, then again each one changed on disk. */
export const TRACKED_LISTING = ['ls-files', '--cached', '--modified', '-t', '--stage', '--debug', '-z'];

/**
 * Parses `git ls-files --cached --modified -t --stage --debug -z` into the tracked paths and the
 * stat git recorded for each regular, merged (stage 0) entry whose flags are clear and which git
 * does not find changed on disk. One listing instead of two: each entry is tagged (`H` cached, `S`
 * skip-worktree, `M` unmerged), and an entry git finds modified or deleted is listed once more
 * tagged `C`. Entries marked assume-unchanged, intent-to-add or skip-worktree get no stat: git
 * does not compare those with the disk, so its record may be old. With -z each entry is
 * `tag mode hash stage\tpath\0` followed by five debug lines (ENTRY). A large repository prints
 * megabytes of this.
 */
export function parseTracked(out: string): TrackedStats {
  const listing: TrackedStats = { paths: [], size: [], mtimeMs: [] };
  const { paths, size, mtimeMs } = listing;
  const changedElsewhere: string[] = [];
  const entry = new RegExp(ENTRY);
  let end = 0;
  let m: RegExpExecArray | null;
  while ((m = entry.exec(out))) {
    end = entry.lastIndex;
    const tag = m[1];
    const entryPath = m[3];
    const last = paths.length - 1;
    // An entry git finds changed comes right after its own line; a file in conflict once per stage.
    if (tag === 'C') {
      if (last >= 0 && paths[last] === entryPath) size[last] = mtimeMs[last] = NaN;
      else changedElsewhere.push(entryPath);
    } else if (tag !== 'M' || last < 0 || paths[last] !== entryPath) {
      paths.push(entryPath);
      // A cached (H), regular, merged (stage 0) entry carries a stat git trusts.
      const trusted = tag === 'H' && m[2] === '0' && isRegularMode(out, m.index + 2) && isCurrent(m);
      size.push(trusted ? Number(m[6]) : NaN);
      // The arithmetic of Node's Stats.mtimeMs, so git's value equals the one fs.stat gives.
      mtimeMs.push(trusted ? Number(m[4]) * 1e3 + Number(m[5]) / 1e6 : NaN);
    }
  }
  // Cut short or not understood: the paths parsed stay usable, no record is (the `C` line of the last one may be missing).
  if (end !== out.length) return { paths, size: paths.map(() => NaN), mtimeMs: paths.map(() => NaN) };
  return forgetChanged(listing, changedElsewhere);
}

/** False when an entry's flags say git does not compare it with the disk, or its record is zeroed. */
function isCurrent(m: RegExpExecArray): boolean {
  // A zeroed record (left by some index operations until git refreshes it) is no record.
  return (Number.parseInt(m[7], 16) & UNTRUSTED_FLAGS) === 0 && m[4] !== '0';
}
