// When a command starts a background server (auto-serve.ts). Apart from it so that the launcher's
// early bundle and `grounded files` read it without loading the server's controls (node:net,
// node:crypto) at each run.

/** GROUNDED_NO_DAEMON=1 (any value but 0 or empty) keeps every command in its own process, like --no-daemon. */
export function daemonDisabled(env: NodeJS.ProcessEnv): boolean {
  const v = env.GROUNDED_NO_DAEMON;
  return v !== undefined && v !== '' && v !== '0';
}

/**
 * From this many files a one-shot question spends most of its time before ranking: starting Node,
 * loading the saved index and building the tokenizer (~0.7 s on a 27 K-file repository, against
 * ~0.2 s answered by a server). Below it a question costs well under half a second and a resident
 * process is not worth its memory. A listing of such a folder costs ~2× git's own, against less
 * than git's from a server's live list.
 */
export const AUTO_SERVE_FILES = 5_000;
