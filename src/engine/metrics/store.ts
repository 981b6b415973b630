import { promises as fs, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { withFileLock } from '../audit/file-lock';
import { ensureStateDir } from '../workspace/state-dir';
import { MetricsRegistry, type MetricsSnapshot } from './registry';

/** Where the CLI keeps metrics between runs (the extension keeps them in memory). */
export function metricsPath(root: string): string {
  return path.join(root, '.agent', 'state', 'metrics.json');
}

function parse(text: string): MetricsRegistry {
  return new MetricsRegistry(JSON.parse(text) as MetricsSnapshot);
}

/** Loads the persisted metrics; a missing or unreadable file starts from zero. */
export async function loadMetrics(root: string): Promise<MetricsRegistry> {
  try {
    return parse(await fs.readFile(metricsPath(root), 'utf8'));
  } catch {
    return new MetricsRegistry();
  }
}

/**
 * Adds what `run` recorded (this process's queries, counted from zero) to the persisted metrics.
 * Read, add and write happen under a lock file, and the write is atomic (temp file, then rename),
 * so parallel `grounded query` processes each add their count and none overwrites another's.
 */
export async function saveMetrics(root: string, run: MetricsRegistry): Promise<void> {
  const file = metricsPath(root);
  ensureStateDir(path.dirname(file));
  withFileLock(`${file}.lock`, () => {
    let total: MetricsRegistry;
    try {
      total = parse(readFileSync(file, 'utf8'));
    } catch {
      total = new MetricsRegistry();
    }
    total.add(run.snapshot());
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(total.snapshot()));
    renameSync(tmp, file);
  }, { timeoutMs: 10_000 });
}
