/** A CLI io that keeps what `main` writes (stdout, stderr), run as from the folder `cwd`, `stdin` its input. */
export function captureIo(cwd: string, stdin = '') {
  let out = '';
  let err = '';
  return {
    io: { stdout: (t: string) => { out += t; }, stderr: (t: string) => { err += t; }, readStdin: async () => stdin, env: {}, cwd },
    get out() { return out; },
    get err() { return err; },
  };
}

/** The same, with stdout and stderr kept in `out.stdout` / `out.stderr` and the environment given. */
export function captureStreams(cwd: string, env: NodeJS.ProcessEnv = {}) {
  const out = { stdout: '', stderr: '' };
  return { out, io: { stdout: (t: string) => { out.stdout += t; }, stderr: (t: string) => { out.stderr += t; }, readStdin: async () => '', env, cwd } };
}
