import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { realFolder } from './contain';
import { absolute } from './discovery-admit';
import type { GitRepo } from './git-repo';
import type { SkippedFile, WorkspaceFile } from './types';

// A one-shot `grounded files` spent most of its own time on the tracked files, one by one: reading
// git's index, matching each file with the saved index's verdicts, admitting it. Between two
// listings of a large repository that part rarely changes, so it is kept here for the next one.
// It holds while git's index is the same file (its trailing checksum), the settings, the
// .agentignore texts and this code are the same; git's walk, run anyway, names the tracked files
// changed on disk since, and those are judged again. Kept only in a folder that already has
// Grounded's state folder (a search index or a server made it), at the top of its repository.

/** The tracked part of a listing: what git's records admitted, and what was judged on disk instead. */
export interface KeptListing {
  /** Tracked files admitted on git's records, listed or skipped, in path order. */
  files: WorkspaceFile[];
  skipped: SkippedFile[];
  /** Tracked paths judged on disk (links, submodules, files changed on disk then): judged again at each listing. */
  onDisk: string[];
  /** The tracked .agentignore files; with the untracked ones listed then, each .agentignore's text (null: unreadable). */
  trackedIgnores: string[];
  ignoreTexts: [string, string | null][];
}

/** Where a listing may be kept, and everything it depends on but the files' own state. */
export interface KeepPlace {
  file: string;
  key: string;
}

const VERSION = 1;
const FILE = 'listing.bin';

/** git's index: its size and the SHA-1 of its content git writes at its end; undefined when it has none (index.skipHash). */
function indexChecksum(file: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const size = fstatSync(fd).size;
    const tail = Buffer.alloc(20);
    if (size < 32 || readSync(fd, tail, 0, 20, size - 20) !== 20 || tail.every((b) => b === 0)) return undefined;
    return `${size}:${tail.toString('hex')}`;
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
  if (realFolder(root) !== repo.top || !existsSync(dir)) return undefined;
  const index = indexChecksum(path.join(repo.gitDir, 'index'));
  if (!index) return undefined;
  return { file: path.join(dir, FILE), key: JSON.stringify({ version: VERSION, code: codeStamp(), root, index, settings }) };
}

interface Header {
  key: string;
  count: number;
  pathBytes: number;
  skipped: SkippedFile[];
  onDisk: string[];
  trackedIgnores: string[];
  ignoreTexts: [string, string | null][];
}

const pad8 = (n: number) => (n + 7) & ~7;

/** The listing kept at `place` under its key, or undefined (none, another key, unreadable, cut short). */
export function loadKeptListing(place: KeepPlace, root: string): KeptListing | undefined {
  try {
    const buf = readFileSync(place.file);
    const headerBytes = buf.readUInt32LE(0);
    const header = JSON.parse(buf.toString('utf8', 4, 4 + headerBytes)) as Header;
    if (header.key !== place.key) return undefined;
    const pathsAt = 4 + headerBytes;
    const numbersAt = pad8(pathsAt + header.pathBytes);
    if (numbersAt + 16 * header.count !== buf.length) return undefined;
    const paths = header.count ? buf.toString('utf8', pathsAt, pathsAt + header.pathBytes).split('\0') : [];
    if (paths.length !== header.count) return undefined;
    const numbers = new Float64Array(buf.buffer.slice(buf.byteOffset + numbersAt, buf.byteOffset + buf.length));
    const files = paths.map((rel, i): WorkspaceFile => ({ path: rel, absPath: absolute(root, rel), size: numbers[i], mtimeMs: numbers[header.count + i] }));
    const { skipped, onDisk, trackedIgnores, ignoreTexts } = header;
    return { files, skipped, onDisk, trackedIgnores, ignoreTexts };
  } catch {
    return undefined;
  }
}

/** Keeps `kept` at `place` for the next listing: a new file renamed over the old one, so a reader never sees half of it. */
export function saveKeptListing(place: KeepPlace, kept: KeptListing): void {
  const { files, skipped, onDisk, trackedIgnores, ignoreTexts } = kept;
  const paths = Buffer.from(files.map((f) => f.path).join('\0'), 'utf8');
  const header = Buffer.from(JSON.stringify({ key: place.key, count: files.length, pathBytes: paths.length, skipped, onDisk, trackedIgnores, ignoreTexts }));
  const numbersAt = pad8(4 + header.length + paths.length);
  const out = Buffer.alloc(numbersAt + 16 * files.length);
  out.writeUInt32LE(header.length, 0);
  header.copy(out, 4);
  paths.copy(out, 4 + header.length);
  const numbers = new Float64Array(out.buffer, out.byteOffset + numbersAt, 2 * files.length);
  files.forEach((f, i) => ((numbers[i] = f.size), (numbers[files.length + i] = f.mtimeMs)));
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
