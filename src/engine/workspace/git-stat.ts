/**
 * What git already knows about a tracked file that has not changed: the size and mtime it recorded
 * in its index. Taking them from git spares Grounded one lstat per file (tens of thousands in a
 * large repository), which was most of the cost of listing one.
 */
export interface KnownStat {
  size: number;
  mtimeMs: number;
}

/** Regular files only (plain or executable): links, submodules and anything else get an lstat. */
const REGULAR_MODES = new Set(['100644', '100755']);

/** The five lines `--debug` prints after each entry: ctime, mtime, dev/ino, uid/gid, size/flags. */
const DEBUG_LINES = 5;

/** The decimal number right after `label` within [from, to), or NaN. */
function numberAfter(out: string, label: string, from: number, to: number): number {
  const at = out.indexOf(label, from);
  if (at < 0 || at >= to) return NaN;
  const start = at + label.length;
  let end = start;
  while (end < to && out.charCodeAt(end) >= 48 && out.charCodeAt(end) <= 57) end++;
  return end > start ? Number(out.slice(start, end)) : NaN;
}

/**
 * Parses `git ls-files --cached --stage --debug -z` into the tracked paths and the stat git
 * recorded for each regular, merged (stage 0) entry whose flags are clear. Entries marked
 * assume-unchanged or skip-worktree (non-zero flags) get no stat: git does not compare those with
 * the disk, so its record may be old. With -z each entry is `mode hash stage\tpath\0` followed by
 * five debug lines. One pass of indexOf: a large repository prints megabytes of this.
 */
export function parseStagedDebug(out: string): { paths: string[]; known: Map<string, KnownStat> } {
  const known = new Map<string, KnownStat>();
  const paths: string[] = [];
  const lines = new Array<number>(DEBUG_LINES + 1);
  let pos = 0;
  while (pos < out.length) {
    const nul = out.indexOf('\0', pos);
    const tab = out.indexOf('\t', pos);
    if (nul < 0 || tab < 0 || tab > nul) break;
    lines[0] = nul;
    for (let n = 1; n <= DEBUG_LINES; n++) {
      lines[n] = out.indexOf('\n', lines[n - 1] + 1);
      if (lines[n] < 0) return { paths, known }; // truncated: what was parsed stays usable
    }
    const entryPath = out.slice(tab + 1, nul);
    paths.push(entryPath);
    // `100644 <hash> 0\t`: a regular file, merged.
    if (REGULAR_MODES.has(out.slice(pos, pos + 6)) && out.charCodeAt(tab - 1) === 48 && out.charCodeAt(tab - 2) === 32) {
      const sec = numberAfter(out, 'mtime: ', lines[1], lines[2]);
      const nsec = numberAfter(out, ':', out.indexOf('mtime: ', lines[1]) + 7, lines[2]);
      const size = numberAfter(out, 'size: ', lines[4], lines[5]);
      const flagsAt = out.indexOf('flags: ', lines[4]);
      const clear = flagsAt > 0 && flagsAt + 8 === lines[5] && out.charCodeAt(flagsAt + 7) === 48;
      // The arithmetic of Node's Stats.mtimeMs, so git's value equals the one fs.stat gives.
      // A zeroed record (left by some index operations until git refreshes it) is no record.
      if (clear && sec > 0 && Number.isFinite(nsec) && Number.isFinite(size)) known.set(entryPath, { size, mtimeMs: sec * 1e3 + nsec / 1e6 });
    }
    pos = lines[DEBUG_LINES] + 1;
  }
  return { paths, known };
}

/**
 * Drops from `known` the files git finds changed on disk (`git ls-files --modified -z`: content,
 * type or mode differs, or deleted): for those only an lstat tells the truth.
 */
export function withoutModified(known: Map<string, KnownStat>, modifiedOut: string): Map<string, KnownStat> {
  for (const entry of modifiedOut.split('\0')) if (entry) known.delete(entry);
  return known;
}
