import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Starts one of the engine's worker threads: the bundled script `<name>.js` next to this bundle
 * or, when running from the TypeScript sources (tests, benchmarks under tsx), `<name>.ts` in
 * `sourceDir` (default: beside this file) loaded through tsx's require hook.
 */
export function startEngineWorker(name: string, workerData: unknown, sourceDir = __dirname): Worker {
  if (!__filename.endsWith('.ts')) return new Worker(path.join(__dirname, `${name}.js`), { workerData });
  const source = path.join(sourceDir, `${name}.ts`);
  return new Worker(`require('tsx/cjs'); require(${JSON.stringify(source)});`, { eval: true, workerData });
}
