// The CLI with `grounded serve` running for the tree: each CLI process still starts (and is timed
// whole); the context, or the file list, comes from the resident server's live index.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Starts `grounded serve`, waits until it answers, runs `work`, checks the server answered at least
 * one question or listing, stops it; returns how long it took to be ready and its peak RSS (Linux).
 */
export async function withResidentServer(cli: string, root: string, work: () => void): Promise<{ startMs: number; peakRssMb?: number }> {
  const started = performance.now();
  const server = spawn(process.execPath, [cli, 'serve', '--root', root], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  await new Promise<void>((resolve, reject) => {
    server.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      if (err.includes('answering for')) resolve();
    });
    server.once('exit', (code) => reject(new Error(`grounded serve exited ${code}: ${err}`)));
  });
  const startMs = performance.now() - started;
  try {
    work();
    // Its log lines arrive once this process's event loop runs again (spawnSync held it).
    await new Promise((r) => setTimeout(r, 200));
    if (!err.includes('question ')) throw new Error('the queries were not answered by grounded serve');
    let peakRssMb: number | undefined;
    try {
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'));
      if (hwm) peakRssMb = Number(hwm[1]) / 1024;
    } catch {
      // Not Linux: no peak to report.
    }
    return { startMs, peakRssMb };
  } finally {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * A CLI command as it comes, with no server running (`grounded query` or `grounded files`): the
 * first run answers by itself and starts one in the background (a folder of 5,000 files or more),
 * the next five are answered by it, each after one run of `reference` when given (timed the same,
 * in turns). Undefined when the folder is too small for one. Stops the server it started.
 */
export async function withAutoStartedServer(cli: string, root: string, args: string[], reference?: () => number) {
  const answers = () => spawnSync(process.execPath, [cli, 'serve', '--status', '--root', root]).status === 0;
  if (answers()) throw new Error(`a server already answers for ${root}: stop it first (grounded serve --stop)`);
  const run = () => {
    const started = performance.now();
    const r = spawnSync(process.execPath, [cli, ...args, '--root', root], {
      encoding: 'utf8', env: { ...process.env, GROUNDED_NO_DAEMON: '' }, maxBuffer: 1 << 28,
    });
    if (r.status !== 0) throw new Error(`grounded ${args[0]} exited ${r.status}: ${r.stderr}`);
    return { ms: performance.now() - started, stderr: r.stderr };
  };
  const first = run();
  if (!first.stderr.includes('note: started `grounded serve`')) return undefined;
  const waitStart = performance.now();
  try {
    while (!answers()) {
      if (performance.now() - waitStart > 120_000) throw new Error('the background server did not answer within 2 minutes');
      await new Promise((r) => setTimeout(r, 100));
    }
    const readyMs = performance.now() - waitStart;
    const [next, refs]: [number[], number[]] = [[], []];
    for (let i = 0; i < 5; i++) {
      if (reference) refs.push(reference());
      next.push(run().ms);
    }
    return { firstMs: first.ms, readyMs, nextP50: median(next), referenceP50: refs.length ? median(refs) : undefined };
  } finally {
    spawnSync(process.execPath, [cli, 'serve', '--stop', '--root', root]);
  }
}
