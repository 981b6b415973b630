import type { CliIO } from '../io';
import { count, spawnServer } from './serve-control';

/**
 * From this many files a one-shot question spends most of its time before ranking: starting Node,
 * loading the saved index and building the tokenizer (~0.7 s on a 27 K-file repository, against
 * ~0.2 s answered by a server). Below it a question costs well under half a second and a resident
 * process is not worth its memory.
 */
export const AUTO_SERVE_FILES = 5_000;

/** A server started for the next questions stops after this long without one. */
export const AUTO_SERVE_IDLE_MINUTES = 20;

/** GROUNDED_NO_DAEMON=1 (any value but 0 or empty) keeps every question in its own process, like --no-daemon. */
export function daemonDisabled(env: NodeJS.ProcessEnv): boolean {
  const v = env.GROUNDED_NO_DAEMON;
  return v !== undefined && v !== '' && v !== '0';
}

/**
 * After a question answered without a server in a large folder: starts `grounded serve` in the
 * background for the next ones, as build tools keep a daemon, and says so on stderr (never stdout,
 * which scripts read) with how to stop it or keep questions in their own process. Does not wait for
 * it: a server that cannot start (a read-only folder, another one just started) costs nothing here;
 * its reason is in .agent/state/serve.log.
 */
export function startServerForNextQuestions(root: string, filesSearched: number, io: CliIO): void {
  if (filesSearched < AUTO_SERVE_FILES) return;
  try {
    const child = spawnServer(root, String(AUTO_SERVE_IDLE_MINUTES));
    child.on('error', () => undefined);
    child.unref();
  } catch {
    return;
  }
  io.stderr(
    `note: started \`grounded serve\` in the background for these ${count(filesSearched)} files, so the next questions here skip ` +
      `loading the index; it stops after ${AUTO_SERVE_IDLE_MINUTES} idle minutes (now: grounded serve --stop; never: --no-daemon or GROUNDED_NO_DAEMON=1)\n`,
  );
}
