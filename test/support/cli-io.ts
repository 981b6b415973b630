/** A CLI io that keeps what `main` writes (stdout, stderr), run as from the folder `cwd`. */
export function captureIo(cwd: string) {
  let out = '';
  let err = '';
  return {
    io: { stdout: (t: string) => { out += t; }, stderr: (t: string) => { err += t; }, readStdin: async () => '', env: {}, cwd },
    get out() { return out; },
    get err() { return err; },
  };
}
