import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { realFolder } from './contain';
import { absolute } from './discovery-admit';
import { indexStamp } from './git-index';
import type { GitRepo } from './git-repo';
import type { SkippedFile, WorkspaceFile } from './types';

// A one-shot `grounded files` spent most of its own time on the tracked files, one by one: reading
// git's index, matching each file with the saved index's verdicts, admitting it. Between two
// listings of a large repository that part rarely changes, so it is kept here for the next one.
// It holds while git's index is the same file (its trailing checksum), the settings, the
// .agentignore texts and this code are the same; git's walk, run anyway, names the tracked files
// changed on disk since, and those are judged again. Kept at the top of a repository, in Grounded's
// state folder where there is one already (a search index or a server made it), or in a new one
// when the listing is large (the caller says from how many files).

/** The tracked part of a listing as the listing that keeps it has it (KeptListing is what a later one reads). */
export interface KeptDraft {
  /** Tracked files admitted on git's records, listed or skipped, in path order. */
  files: WorkspaceFile[];
  skipped: SkippedFile[];
  /** Tracked paths judged on disk (links, submodules, files changed on disk then): judged again at each listing. */
  onDisk: string[];
  /** The tracked .agentignore files; with the untracked ones listed then, each .agentignore's text (null: unreadable). */
  trackedIgnores: string[];
  ignoreTexts: [string, string | null][];
}

/**
 * A kept listing as read back: the files stay bytes until asked for. `text` holds each path and
 * then a newline (`lines`; a NUL instead when some path has a newline of its own), path `i` from
 * byte `offsets[i]`, with its size and mtime.
 */
export interface KeptListing extends Omit<KeptDraft, 'files'> {
  count: number;
  text: Buffer;
  lines: boolean;
  offsets: Uint32Array;
  sizes: Float64Array;
  mtimes: Float64Array;
}

/** Path `i` of a kept listing. */
export const keptPath = (k: KeptListing, i: number): string => k.text.toString('utf8', k.offsets[i], k.offsets[i + 1] - 1);

/** The first row whose path is not before `rel` (code unit order, as listings are sorted); `count` when none is. */
export function keptRow(k: KeptListing, rel: string): number {
  let [lo, hi] = [0, k.count];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keptPath(k, mid) < rel) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The kept files, but those in `left`, as a listing has them. */
export function keptFiles(k: KeptListing, root: string, left: Set<string>): WorkspaceFile[] {
  const sep = k.lines ? '\n' : '\0';
  const paths = k.count ? k.text.toString('utf8', 0, k.text.length - 1).split(sep) : [];
  const files: WorkspaceFile[] = [];
  paths.forEach((rel, i) => left.has(rel) || files.push({ path: rel, absPath: absolute(root, rel), size: k.sizes[i], mtimeMs: k.mtimes[i] }));
  return files;
}

/** Where a listing may be kept, and everything it depends on but the files' own state. */
export interface KeepPlace {
  file: string;
  key: string;
  /** git's index as the key has it: a listing is kept only if it read this same index. */
  index: string;
  /** Grounded's state folder, and whether it is there yet (nothing was kept where it is not). */
  dir: string;
  made: boolean;
}

const VERSION = 2;
const FILE = 'listing.bin';

/** git's index: its size and the SHA-1 of its content git writes at its end; undefined when it has none (index.skipHash). */
function indexChecksum(file: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const size = fstatSync(fd).size;
    const tail = Buffer.alloc(20);
    if (size < 32 || readSync(fd, tail, 0, 20, size - 20) !== 20 || tail.every((b) => b === 0)) return undefined;
    return indexStamp(size, tail);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** This code's identity: a listing kept by another build of Grounded (other rules, perhaps) is not used. */
function codeStamp(): string {
  try {
    const st = statSync(__filename);
    return `${__filename}:${st.size}:${st.mtimeMs}`;
  } catch {
    return 'unknown';
  }
}

/** Where the listing of `root` is kept and under which key; undefined where none is kept. */
export function keepPlace(root: string, repo: GitRepo | undefined, settings: Record<string, unknown>): KeepPlace | undefined {
  if (!repo || process.env.GIT_INDEX_FILE || process.env.GIT_DIR || process.env.GIT_WORK_TREE) return undefined;
  const dir = path.join(root, '.agent', 'state');
  if (realFolder(root) !== repo.top) return undefined;
  const index = indexChecksum(path.join(repo.gitDir, 'index'));
  if (!index) return undefined;
  const key = JSON.stringify({ version: VERSION, code: codeStamp(), root, index, settings });
  return { file: path.join(dir, FILE), key, index, dir, made: existsSync(dir) };
}

interface Header extends Omit<KeptListing, 'text' | 'offsets' | 'sizes' | 'mtimes'> {
  key: string;
  textBytes: number;
}

const pad8 = (n: number) => (n + 7) & ~7;

/** Bytes of the file: the header's length, the header, the paths, then (8-aligned) sizes, mtimes and the paths' offsets. */
function layout(headerBytes: number, textBytes: number, count: number) {
  const textAt = 4 + headerBytes;
  const numbersAt = pad8(textAt + textBytes);
  const offsetsAt = numbersAt + 16 * count;
  return { textAt, numbersAt, offsetsAt, end: offsetsAt + 4 * (count + 1) };
}

/** The listing kept at `place` under its key, or undefined (none, another key, unreadable, cut short). */
export function loadKeptListing(place: KeepPlace): KeptListing | undefined {
  try {
    const buf = readFileSync(place.file);
    const headerBytes = buf.readUInt32LE(0);
    const { key, textBytes, ...header } = JSON.parse(buf.toString('utf8', 4, 4 + headerBytes)) as Header;
    if (key !== place.key) return undefined;
    const at = layout(headerBytes, textBytes, header.count);
    if (at.end !== buf.length) return undefined;
    // Aligned copies: the file's bytes sit at whatever offset the read gave them.
    const aligned = new Uint8Array(buf.subarray(at.numbersAt)).buffer;
    const sizes = new Float64Array(aligned, 0, header.count);
    const mtimes = new Float64Array(aligned, 8 * header.count, header.count);
    const offsets = new Uint32Array(aligned, 16 * header.count, header.count + 1);
    if (offsets[header.count] !== textBytes) return undefined;
    return { ...header, text: buf.subarray(at.textAt, at.textAt + textBytes), offsets, sizes, mtimes };
  } catch {
    return undefined;
  }
}

/** Keeps `draft` at `place` for the next listing: a new file renamed over the old one, so a reader never sees half of it. */
export function saveKeptListing(place: KeepPlace, draft: KeptDraft): void {
  const { files, ...rest } = draft;
  const lines = !files.some((f) => f.path.includes('\n'));
  const text = Buffer.from(files.map((f) => `${f.path}${lines ? '\n' : '\0'}`).join(''), 'utf8');
  const header = Buffer.from(JSON.stringify({ key: place.key, textBytes: text.length, count: files.length, lines, ...rest }));
  const at = layout(header.length, text.length, files.length);
  const out = Buffer.alloc(at.end);
  out.writeUInt32LE(header.length, 0);
  header.copy(out, 4);
  text.copy(out, at.textAt);
  const numbers = new Float64Array(out.buffer, out.byteOffset + at.numbersAt, 2 * files.length);
  const offsets = new Uint32Array(out.buffer, out.byteOffset + at.offsetsAt, files.length + 1);
  let byte = 0;
  files.forEach((f, i) => {
    numbers[i] = f.size;
    numbers[files.length + i] = f.mtimeMs;
    offsets[i] = byte;
    byte += Buffer.byteLength(f.path) + 1;
  });
  offsets[files.length] = byte;
  const temp = `${place.file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, out);
    renameSync(temp, place.file);
  } catch {
    // A listing not kept is only a slower next one.
    rmSync(temp, { force: true });
  }
}

/** Each .agentignore's text now (null: unreadable), to compare with the texts a listing was kept under. */
export function ignoreTextsNow(root: string, paths: string[]): [string, string | null][] {
  return [...new Set(paths)].sort().map((rel) => {
    try {
      return [rel, readFileSync(absolute(root, rel), 'utf8')];
    } catch {
      return [rel, null];
    }
  });
}
