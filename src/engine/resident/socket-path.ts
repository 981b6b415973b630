import { createHash } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

/** Unix socket paths longer than this fail to bind (sun_path is 108 bytes on Linux, 104 on macOS). */
const MAX_SOCKET_PATH = 100;

/**
 * Where the resident server of `root` listens. Windows: a named pipe named after the folder and the
 * user. Elsewhere: `.agent/state/serve.sock` in the folder (only its owner may connect: the socket is
 * made 0600), or, when that path is too long for a socket, one in a private folder of the user's
 * under the temporary folder.
 */
export function residentSocketPath(root: string): string {
  const id = createHash('sha256').update(path.resolve(root)).digest('hex').slice(0, 24);
  if (process.platform === 'win32') return `\\\\.\\pipe\\grounded-${userName()}-${id}`;
  const inFolder = path.join(root, '.agent', 'state', 'serve.sock');
  if (Buffer.byteLength(inFolder) <= MAX_SOCKET_PATH) return inFolder;
  return path.join(privateTmp(), `${id}.sock`);
}

function userName(): string {
  try {
    return userInfo().username.replace(/[^A-Za-z0-9_-]/g, '_');
  } catch {
    return 'user';
  }
}

/** A folder of this user's under the temporary folder, 0700, refused when someone else owns it. */
function privateTmp(): string {
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  const dir = path.join(tmpdir(), `grounded-${uid}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = statSync(dir);
  if (st.uid !== uid || (st.mode & 0o077) !== 0) throw new Error(`${dir} is not a private folder of this user's: remove it and try again.`);
  return dir;
}
