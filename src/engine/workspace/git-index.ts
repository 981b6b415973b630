import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { realFolder } from './contain';
import { UNTRUSTED_FLAGS, type TrackedStats } from './git-stat';

// git's index file read in place (Documentation/gitformat-index.txt), for the tracked files of a
// listing and the size and mtime git recorded for each. Asking git for the same through
// `ls-files --stage --debug` cost a process and ~7 MB of text to parse on babel (27 K entries),
// most of a one-shot `grounded files`' own work. Anything this reader does not know for certain
// (another version, a split or sparse index, a SHA-256 repository, a file cut short) returns
// undefined and the caller asks git.

/** An entry's 16-bit flags on disk: extended flags follow (v3+), the merge stage, the name's length. */
const EXTENDED = 0x4000;
const STAGE_MASK = 0x3000;
const NAME_MASK = 0x0fff;
/** Regular files, plain or executable. */
const REGULAR = new Set([0o100644, 0o100755]);
/** SHA-1 object names: 20 bytes. A SHA-256 repository's entries are longer and fail the checks below. */
const OID_BYTES = 20;
/** ctime, mtime (sec, nsec each), dev, ino, mode, uid, gid, size: ten 32-bit fields, then the oid and 16-bit flags. */
const FIXED = 40 + OID_BYTES + 2;

/** Extensions that change what the entries mean: a split index keeps entries elsewhere, a sparse one folds folders. */
const UNSUPPORTED_EXTENSIONS = new Set(['link', 'sdir']);

// Byte arithmetic rather than Buffer's readUInt*: this loop runs once per tracked file before the JIT has warmed up.
const u16 = (buf: Buffer, at: number) => (buf[at] << 8) | buf[at + 1];
const u32 = (buf: Buffer, at: number) => buf[at] * 0x1000000 + ((buf[at + 1] << 16) | (buf[at + 2] << 8) | buf[at + 3]);

/**
 * Appends the stat git recorded for the entry at `at`, or NaN when git would not trust it. The
 * flags are combined as git holds them in memory (the extended ones in the high half), the form
 * `--debug` prints and UNTRUSTED_FLAGS names.
 */
function pushRecorded(out: TrackedStats, buf: Buffer, at: number, flags: number, extended: number): void {
  const mode = u32(buf, at + 24);
  const mtimeSec = u32(buf, at + 8);
  const untrusted = (flags & STAGE_MASK) !== 0 || ((flags | (extended << 16)) & UNTRUSTED_FLAGS) !== 0;
  // A zeroed record (left by some index operations until git refreshes it) is no record.
  const trusted = !untrusted && REGULAR.has(mode) && mtimeSec !== 0;
  out.size.push(trusted ? u32(buf, at + 36) : NaN);
  // The arithmetic of Node's Stats.mtimeMs, so the value equals the one fs.stat gives.
  out.mtimeMs.push(trusted ? mtimeSec * 1e3 + u32(buf, at + 12) / 1e6 : NaN);
}

/** Reads a varint of index v4's path compression (git's offset encoding), or undefined past the end. */
function varint(buf: Buffer, at: number): [number, number] | undefined {
  let c = buf[at++];
  if (c === undefined) return undefined;
  let value = c & 0x7f;
  while (c & 0x80) {
    c = buf[at++];
    if (c === undefined || value > 0xffffff) return undefined;
    value = ((value + 1) << 7) | (c & 0x7f);
  }
  return [value, at];
}

/**
 * Index v4 writes each path as how many bytes to drop from the end of the previous one and the
 * bytes to add: the path is rebuilt here, in a buffer reused from entry to entry.
 */
class PrefixPaths {
  bytes = Buffer.allocUnsafe(1024);
  length = 0;

  /** Rebuilds the next path from the entry at `at`; the offset after it, or undefined if it does not fit. */
  next(buf: Buffer, at: number, end: number): number | undefined {
    const strip = varint(buf, at);
    if (!strip || strip[0] > this.length) return undefined;
    const nul = buf.indexOf(0, strip[1]);
    if (nul < 0 || nul >= end) return undefined;
    const keep = this.length - strip[0];
    const length = keep + nul - strip[1];
    if (length > this.bytes.length) this.bytes = Buffer.concat([this.bytes.subarray(0, keep), Buffer.alloc(length * 2)]);
    buf.copy(this.bytes, keep, strip[1], nul);
    this.length = length;
    return nul + 1;
  }
}

/**
 * The entries of an index file under `prefix` (repository-relative, `''` or ending in `/`), as
 * paths relative to it, each once, in the index's order, with their trusted stat. Undefined when
 * the file is not an index this reader understands completely.
 */
export function parseGitIndex(buf: Buffer, prefix: string): TrackedStats | undefined {
  if (buf.length < 12 + OID_BYTES || buf.toString('latin1', 0, 4) !== 'DIRC') return undefined;
  const version = u32(buf, 4);
  if (version < 2 || version > 4) return undefined;
  const count = u32(buf, 8);
  const out: TrackedStats = { paths: [], size: [], mtimeMs: [] };
  const bytePrefix = Buffer.from(prefix, 'utf8');
  const skip = bytePrefix.length;
  const end = buf.length - OID_BYTES;
  const v4 = version === 4 ? new PrefixPaths() : undefined;
  let at = 12;
  let last = '';
  for (let i = 0; i < count; i++) {
    if (at + FIXED > end) return undefined;
    const flags = u16(buf, at + FIXED - 2);
    let pathAt = at + FIXED;
    let extended = 0;
    if (flags & EXTENDED) {
      if (version < 3) return undefined;
      extended = u16(buf, pathAt);
      pathAt += 2;
    }
    // The entry's path as a range of `src`: in place (v2, v3) or rebuilt (v4).
    let src = buf;
    let from = pathAt;
    let to: number;
    let next: number | undefined;
    if (v4) {
      next = v4.next(buf, pathAt, end);
      src = v4.bytes;
      from = 0;
      to = v4.length;
    } else {
      // The name's length is in the flags below 0xFFF (then a NUL must end it there); longer names are looked for.
      const length = flags & NAME_MASK;
      to = length < NAME_MASK ? pathAt + length : buf.indexOf(0, pathAt + NAME_MASK);
      // One to eight NULs pad each entry to a multiple of eight bytes.
      next = to < 0 || to >= end || buf[to] !== 0 ? undefined : at + ((to - at + 8) & ~7);
    }
    // The name length in the flags is exact below 0xFFF: a mismatch means entries of another layout.
    if (next === undefined || (flags & NAME_MASK) !== Math.min(to - from, NAME_MASK)) return undefined;
    const start = at;
    at = next;
    if (skip && (to - from <= skip || src.compare(bytePrefix, 0, skip, from, from + skip) !== 0)) continue;
    const rel = src.toString('utf8', from + skip, to);
    // A file in conflict has one entry per stage, next to each other: listed once, without a record.
    if (out.paths.length && rel === last) {
      out.size[out.size.length - 1] = out.mtimeMs[out.mtimeMs.length - 1] = NaN;
      continue;
    }
    out.paths.push(rel);
    pushRecorded(out, buf, start, flags, extended);
    last = rel;
  }
  return extensionsEndAt(buf, at, end) ? out : undefined;
}

/** True when the extensions after the entries fill the file exactly up to its checksum, none of them one this reader cannot honour. */
function extensionsEndAt(buf: Buffer, at: number, end: number): boolean {
  while (at < end) {
    if (at + 8 > end) return false;
    const signature = buf.toString('latin1', at, at + 4);
    if (UNSUPPORTED_EXTENSIONS.has(signature)) return false;
    at += 8 + u32(buf, at + 4);
  }
  return at === end;
}

/**
 * The tracked files under `root` from the index of the repository at `top` with git directory
 * `gitDir`, or undefined when git must be asked instead: an index elsewhere (GIT_INDEX_FILE,
 * GIT_DIR), missing, or not understood.
 */
export async function readTrackedFromIndex(gitDir: string, top: string, root: string): Promise<TrackedStats | undefined> {
  if (process.env.GIT_INDEX_FILE || process.env.GIT_DIR || process.env.GIT_WORK_TREE) return undefined;
  const rel = path.relative(top, realFolder(root)).split(path.sep).join('/');
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  let buf: Buffer;
  try {
    buf = await readFile(path.join(gitDir, 'index'));
  } catch {
    return undefined;
  }
  const stats = parseGitIndex(buf, rel ? `${rel}/` : '');
  if (stats) stats.indexChecksum = indexStamp(buf.length, buf.subarray(buf.length - OID_BYTES));
  return stats;
}

/** An index file's identity from its size and the checksum git writes at its end (`tail`, its last 20 bytes). */
export const indexStamp = (size: number, tail: Uint8Array): string => `${size}:${Buffer.from(tail).toString('hex')}`;
