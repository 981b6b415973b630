import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Unix socket paths longer than this fail to bind (sun_path is 108 bytes on Linux, 104 on macOS). */
export const MAX_SOCKET_PATH = 100;

/** `.agent/state/serve.sock` in the folder, when that path is short enough for a socket. */
export function inFolderSocketPath(root: string): string | undefined {
  const inFolder = path.join(root, '.agent', 'state', 'serve.sock');
  return Buffer.byteLength(inFolder) <= MAX_SOCKET_PATH ? inFolder : undefined;
}

/** A folder of this user's under the temporary folder, 0700, refused when someone else owns it or others may enter it. */
export function privateTmp(create: boolean): string {
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  const dir = path.join(tmpdir(), `grounded-${uid}`);
  if (create) mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = statSync(dir, { throwIfNoEntry: false });
  if (!st) return dir;
  if (st.uid !== uid || (st.mode & 0o077) !== 0) throw new Error(`${dir} is not a private folder of this user's: remove it and try again.`);
  return dir;
}

/** True when the socket file of a server for `root` is in the folder (where a server listens first). */
export function residentSocketInFolder(root: string): boolean {
  const inFolder = inFolderSocketPath(root);
  return inFolder !== undefined && existsSync(inFolder);
}

/**
 * False when no `grounded serve` can be listening for `root`: no socket file in the folder, and
 * none in the private folder (whichever folder it would serve). Needs no hash of the path, so a
 * one-shot command loads neither node:crypto nor node:net when no server runs (about 10 ms).
 * Named pipes (Windows) cannot be looked for without connecting: true there.
 */
export function residentMayListen(root: string): boolean {
  if (process.platform === 'win32') return true;
  if (residentSocketInFolder(root)) return true;
  try {
    return readdirSync(privateTmp(false)).some((name) => name.endsWith('.sock'));
  } catch {
    // No private folder, or someone else's (never used): no socket there.
    return false;
  }
}
