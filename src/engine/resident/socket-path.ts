import { createHash } from 'node:crypto';
import net from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import { realFolder } from '../workspace/contain';
import { inFolderSocketPath, privateTmp } from './socket-dir';

/**
 * Where the resident server of `root` may listen, in the order it tries them (and the CLI looks).
 * Windows: a named pipe named after the folder and the user. Elsewhere: `.agent/state/serve.sock`
 * in the folder (only its owner may connect: the socket is made 0600) when that path is short
 * enough for a socket, then one in a private folder of the user's under the temporary folder (for
 * a long path, or a file system that holds no sockets, such as a Windows drive under WSL).
 * `create`: make that private folder (the server); the CLI only looks.
 */
export function residentSocketPaths(root: string, create = false): string[] {
  // Named after the real path: a server started in `/real/repo` is found from a symlink to it.
  const id = createHash('sha256').update(realFolder(root)).digest('hex').slice(0, 24);
  if (process.platform === 'win32') return [`\\\\.\\pipe\\grounded-${userName()}-${id}`];
  const inFolder = inFolderSocketPath(root);
  const paths = inFolder ? [inFolder] : [];
  try {
    paths.push(path.join(privateTmp(create), `${id}.sock`));
  } catch {
    // Someone else's folder under the temporary folder: that place is not used.
  }
  return paths;
}

/** The first place the server of `root` tries: where it listens unless that place holds no socket. */
export function residentSocketPath(root: string): string {
  return residentSocketPaths(root)[0];
}

function userName(): string {
  try {
    return userInfo().username.replace(/[^A-Za-z0-9_-]/g, '_');
  } catch {
    return 'user';
  }
}

/** How long a connection may take (a local socket connects in well under 1 ms). */
const CONNECT_TIMEOUT_MS = 500;

/**
 * A connection to the socket at `place`, or undefined when nothing answers there in time (no
 * socket, the stale socket file of a killed server, a server too busy to accept).
 */
export function connectSocket(place: string): Promise<net.Socket | undefined> {
  return new Promise((resolve) => {
    const s = net.connect(place);
    const timer = setTimeout(() => {
      s.destroy();
      resolve(undefined);
    }, CONNECT_TIMEOUT_MS);
    s.once('connect', () => {
      clearTimeout(timer);
      resolve(s);
    });
    s.once('error', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
}

/** True when a server answers at `place`; false for a stale socket file. */
export async function answersAt(place: string): Promise<boolean> {
  const socket = await connectSocket(place);
  socket?.destroy();
  return socket !== undefined;
}
