import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ensureStateDir } from '../workspace/state-dir';
import { MetricsRegistry, type MetricsSnapshot } from './registry';

/** Where the CLI keeps metrics between runs (the extension keeps them in memory). */
export function metricsPath(root: string): string {
  return path.join(root, '.agent', 'state', 'metrics.json');
}

/** Loads the persisted metrics; a missing or unreadable file starts from zero. */
export async function loadMetrics(root: string): Promise<MetricsRegistry> {
  try {
    return new MetricsRegistry(JSON.parse(await fs.readFile(metricsPath(root), 'utf8')) as MetricsSnapshot);
  } catch {
    return new MetricsRegistry();
  }
}

/** Persists atomically (write a temp file, then rename), so a crash never leaves half a file. */
export async function saveMetrics(root: string, registry: MetricsRegistry): Promise<void> {
  const file = metricsPath(root);
  ensureStateDir(path.dirname(file));
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, JSON.stringify(registry.snapshot()));
  await fs.rename(tmp, file);
}
