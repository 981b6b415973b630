// The CLI with `grounded serve` running for the tree: each CLI process still starts (and is timed
// whole); the context, or the file list, comes from the resident server's live index.
import { spawn } from 'node:child_process';
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
