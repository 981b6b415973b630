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
}

/**
 * Index flags (printed in hex by `--debug`) under which git does not compare an entry with the
 * disk: assume-unchanged (CE_VALID), intent-to-add, skip-worktree. Other bits are git's own
 * bookkeeping (CE_HASHED once the name hash is built, CE_FSMONITOR_VALID with fsmonitor on) and
 * say nothing about whether the record is current.
 */
const UNTRUSTED_FLAGS = 0x8000 | (1 << 29) | (1 << 30);

/** The five lines `--debug` prints after each entry: ctime, mtime, dev/ino, uid/gid, size/flags. */
const DEBUG_LINES = 5;

/** The decimal number right after `label` within [from, to), or NaN. */
function numberAfter(out: string, label: string, from: number, to: number): number {
  const at = out.indexOf(label, from);
  if (at < 0 || at >= to) return NaN;
  // Accumulated digit by digit: no string cut out per number (three per entry, 27 K entries on babel).
  let value = 0;
  let end = at + label.length;
  for (let c = out.charCodeAt(end); end < to && c >= 48 && c <= 57; c = out.charCodeAt(++end)) value = value * 10 + (c - 48);
  return end > at + label.length ? value : NaN;
}

/** The hexadecimal number in [from, to), or NaN. */
function hexIn(out: string, from: number, to: number): number {
  if (from >= to) return NaN;
  let value = 0;
  for (let i = from; i < to; i++) {
    const c = out.charCodeAt(i) | 0x20;
    const d = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : -1;
    if (d < 0) return NaN;
    value = value * 16 + d;
  }
  return value;
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
 * `tag mode hash stage\tpath\0` followed by five debug lines. One pass of indexOf: a large
 * repository prints megabytes of this.
 */
export function parseTracked(out: string): TrackedStats {
  const listing: TrackedStats = { paths: [], size: [], mtimeMs: [] };
  const { paths, size, mtimeMs } = listing;
  const changedElsewhere: string[] = [];
  const lines = new Array<number>(DEBUG_LINES + 1);
  let pos = 0;
  while (pos < out.length) {
    const nul = out.indexOf('\0', pos);
    const tab = out.indexOf('\t', pos);
    if (nul < 0 || tab < 0 || tab > nul) break;
    lines[0] = nul;
    for (let n = 1; n <= DEBUG_LINES; n++) {
      lines[n] = out.indexOf('\n', lines[n - 1] + 1);
      // Truncated: the paths parsed stay usable, no record is (the `C` line of the last one may be missing).
      if (lines[n] < 0) return { paths, size: paths.map(() => NaN), mtimeMs: paths.map(() => NaN) };
    }
    const entryPath = out.slice(tab + 1, nul);
    const tag = out.charCodeAt(pos);
    const last = paths.length - 1;
    // An entry git finds changed comes right after its own line; a file in conflict once per stage.
    if (tag === 67 /* C */) {
      if (last >= 0 && paths[last] === entryPath) size[last] = mtimeMs[last] = NaN;
      else changedElsewhere.push(entryPath);
    } else if (tag !== 77 /* M */ || last < 0 || paths[last] !== entryPath) {
      paths.push(entryPath);
      // A cached (H), regular, merged (stage ` 0` before the tab) entry carries a stat git trusts.
      const trusted = tag === 72 /* H */ && isRegularMode(out, pos + 2) && out.charCodeAt(tab - 1) === 48 && out.charCodeAt(tab - 2) === 32;
      const st = trusted ? recordIn(out, lines) : undefined;
      size.push(st ? st.size : NaN);
      mtimeMs.push(st ? st.mtimeMs : NaN);
    }
    pos = lines[DEBUG_LINES] + 1;
  }
  if (changedElsewhere.length) {
    const changed = new Set(changedElsewhere);
    paths.forEach((p, i) => changed.has(p) && (size[i] = mtimeMs[i] = NaN));
  }
  return listing;
}

/** The size and mtime in an entry's debug lines (`H 100644 <hash> 0`: a regular, merged file), unless its flags or a zero say not to trust them. */
function recordIn(out: string, lines: number[]): KnownStat | undefined {
  const sec = numberAfter(out, 'mtime: ', lines[1], lines[2]);
  const nsec = numberAfter(out, ':', out.indexOf('mtime: ', lines[1]) + 7, lines[2]);
  const size = numberAfter(out, 'size: ', lines[4], lines[5]);
  const flagsAt = out.indexOf('flags: ', lines[4]);
  const flags = flagsAt > 0 && flagsAt < lines[5] ? hexIn(out, flagsAt + 7, lines[5]) : NaN;
  const clear = Number.isFinite(flags) && (flags & UNTRUSTED_FLAGS) === 0;
  // The arithmetic of Node's Stats.mtimeMs, so git's value equals the one fs.stat gives.
  // A zeroed record (left by some index operations until git refreshes it) is no record.
  return clear && sec > 0 && Number.isFinite(nsec) && Number.isFinite(size) ? { size, mtimeMs: sec * 1e3 + nsec / 1e6 } : undefined;
}
