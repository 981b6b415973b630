import { execFile } from 'node:child_process';

/** Root-relative folders Grounded never reads, whatever the ignore files say. */
export const ALWAYS_HIDDEN_PREFIXES = ['.agent/secrets', '.agent/state'];

const GIT_SEGMENT = /(?:^|\/)\.git(?:\/|$)/;
const MAYBE_HIDDEN = /\.git|^\.agent\//i;

/**
 * Folders deep a path may lie. Deeper ones are never listed: no real project nests so far, and the
 * `ignore` library's matching grows with the depth to the power of a pattern's `**` (a path 400
 * folders deep took 4 s against `**` `/a/` `**` `/a/` `**` `/b`), so a repository could hang every listing.
 */
export const MAX_FOLDER_DEPTH = 48;

/** True when `rel` lies more than MAX_FOLDER_DEPTH folders down. */
export function isTooDeep(rel: string): boolean {
  if (rel.length <= MAX_FOLDER_DEPTH * 2) return false;
  // Slash to slash with indexOf: many real paths are longer than the test above (babel's fixtures),
  // and a loop over every character costs a one-shot listing milliseconds before the JIT warms up.
  let at = -1;
  for (let slashes = 0; slashes <= MAX_FOLDER_DEPTH; slashes++) if ((at = rel.indexOf('/', at + 1)) < 0) return false;
  return true;
}

/**
 * True for `.git` anywhere, for Grounded's own secrets and state folders, and for paths deeper than
 * MAX_FOLDER_DEPTH. Compared without case: on a case-insensitive file system `.GIT/config` and
 * `.Agent/Secrets/x` are the same files.
 */
export function isAlwaysHidden(rel: string): boolean {
  if (isTooDeep(rel)) return true;
  // Most paths hold neither name: no lower-cased copy for those.
  if (!MAYBE_HIDDEN.test(rel)) return false;
  const lower = rel.toLowerCase();
  // Called once per listed file: the cheap `includes` spares most paths the regex.
  if (lower.includes('.git') && GIT_SEGMENT.test(lower)) return true;
  return lower.startsWith('.agent/') && ALWAYS_HIDDEN_PREFIXES.some((p) => lower === p || lower.startsWith(`${p}/`));
}

/** Extensions whose content is never text; skipping them saves a read per file. */
const BINARY_EXTENSIONS = [
  'png', 'jpg', 'jpeg', 'gif', 'bmp', 'ico', 'icns', 'webp', 'tif', 'tiff', 'psd', 'heic',
  'mp3', 'mp4', 'mov', 'avi', 'mkv', 'webm', 'wav', 'flac', 'ogg', 'm4a',
  'zip', 'gz', 'tgz', 'bz2', 'xz', '7z', 'rar', 'jar', 'war', 'zst', 'vsix',
  'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt',
  'woff', 'woff2', 'ttf', 'otf', 'eot',
  'exe', 'dll', 'so', 'dylib', 'o', 'a', 'lib', 'obj', 'class', 'pyc', 'pyo', 'wasm', 'node', 'bin',
  'sqlite', 'db', 'mdb', 'dat',
];

/**
 * The last extension of the file name is one of them, without case. A file name's leading dot
 * names no extension (`.png` has none), as for path.posix.extname: a character other than `/`
 * comes before the dot. One native match per path rather than a slice and a lower-cased copy.
 */
const BINARY_EXTENSION = new RegExp(`[^/]\\.(?:${BINARY_EXTENSIONS.join('|')})$`, 'i');

/** True when the file name's extension is one that never holds text. */
export function hasBinaryExtension(rel: string): boolean {
  return BINARY_EXTENSION.test(rel);
}

/**
 * Files git tracks in the work tree at `root` (git lists them even when an ignore rule matches).
 * Paths are relative to `root`. Empty when git is missing or `root` is not inside a repository. Arguments go as an array.
 */
export function gitTrackedFiles(root: string): Promise<string[]> {
  return new Promise((resolve) => {
    execFile('git', ['-C', root, 'ls-files', '-z', '--cached'], { maxBuffer: 256 * 1024 * 1024, timeout: 30_000 }, (err, stdout) => {
      if (err) return resolve([]);
      resolve(stdout.split('\0').filter(Boolean));
    });
  });
}
