import type { CliIO } from '../io';
import { count, spawnServer } from './serve-control';
import { AUTO_SERVE_FILES } from '../daemon-env';

/** A server started for the next questions stops after this long without one. */
export const AUTO_SERVE_IDLE_MINUTES = 20;

/**
 * After a question answered (or a listing made) without a server in a large folder: starts
 * `grounded serve` in the background for the next ones, as build tools keep a daemon, and says so
 * on stderr (never stdout, which scripts read) with how to stop it or keep each command in its own
 * process. Does not wait for it: a server that cannot start (a read-only folder, another one just
 * started) costs nothing here; its reason is in .agent/state/serve.log. `spares` says what the next
 * commands skip.
 */
export function startServerForNext(root: string, files: number, io: CliIO, spares = 'the next questions here skip loading the index'): void {
  if (files < AUTO_SERVE_FILES) return;
  try {
    const child = spawnServer(root, String(AUTO_SERVE_IDLE_MINUTES));
    child.on('error', () => undefined);
    child.unref();
  } catch {
    return;
  }
  io.stderr(
    `note: started \`grounded serve\` in the background for these ${count(files)} files, so ${spares}; ` +
      `it stops after ${AUTO_SERVE_IDLE_MINUTES} idle minutes (now: grounded serve --stop; never: --no-daemon or GROUNDED_NO_DAEMON=1)\n`,
  );
}
