// One-shot `grounded query` with `grounded serve` running for the tree: the CLI process still starts
// (and is timed whole), the context is built by the resident server from its live index.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Starts `grounded serve`, waits until it answers, times `runs` one-shot queries, stops it; also its peak RSS (Linux). */
export async function residentShots(cli: string, root: string, question: string, runs: number): Promise<{ ms: number[]; peakRssMb?: number; startMs: number }> {
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
  const ms: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const s = performance.now();
      const r = spawnSync(process.execPath, [cli, 'query', question, '--no-llm', '--json', '--root', root], { encoding: 'utf8', maxBuffer: 1 << 28 });
      if (r.status !== 0) throw new Error(`grounded query exited ${r.status}: ${r.stderr}`);
      ms.push(performance.now() - s);
    }
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
    return { ms, peakRssMb, startMs };
  } finally {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
}
