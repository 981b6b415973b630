import { availableParallelism } from 'node:os';
import type { WorkspaceFile } from '../workspace/types';
import type { PackedIndex } from './index-data';
import type { Rejected } from './file-state';
import { mergePacked } from './merge-packed';
import { startEngineWorker } from './worker-start';

/** One worker's share of a cold build. */
export interface ShardJob {
  files: Pick<WorkspaceFile, 'path' | 'absPath' | 'size' | 'mtimeMs'>[];
  maxFileBytes: number;
}

/** What a worker sends back: progress, then its packed index, the files it refused, the bytes read. */
export type ShardMessage =
  | { type: 'progress'; done: number }
  | { type: 'done'; packed: PackedIndex; rejected: [string, Rejected][]; bytes: number };

/** When a cold build is worth threads, and how many (tests lower the threshold). */
export interface ParallelOptions {
  /** Fewer stale files than this are read on the calling thread (starting workers costs ~100 ms). */
  minFiles: number;
  workers: number;
  /** No worker gets fewer files than this (default 500): a small share is not worth a thread. */
  minFilesPerWorker?: number;
  /**
   * A refresh on the calling thread with at least this many files to read has a worker thread read
   * them ahead (read-ahead.ts; default 2,000: starting the worker costs ~30 ms).
   */
  readAheadFrom?: number;
}

export const READ_AHEAD_FROM = 2000;

/**
 * Workers only where there are cores to spare: measured on babel with 2 cores, two workers took
 * 3.8 s against 3.4 s on one thread (each worker starts with cold caches, and the merge is extra),
 * so below 4 cores the build stays on one thread. `GROUNDED_INDEX_WORKERS=N` overrides (0: none).
 */
function defaultParallel(): ParallelOptions {
  const fromEnv = Number.parseInt(process.env.GROUNDED_INDEX_WORKERS ?? '', 10);
  const cores = availableParallelism();
  const workers = Number.isInteger(fromEnv) && fromEnv >= 0 ? fromEnv : cores >= 4 ? Math.min(4, cores - 1) : 0;
  return workers === 0 ? { minFiles: Number.POSITIVE_INFINITY, workers: 1 } : { minFiles: 2000, workers };
}

export const DEFAULT_PARALLEL: ParallelOptions = defaultParallel();

/** One worker's share; `stop` terminates it (the caller's cancel, or another worker's failure). */
function runShard(job: ShardJob, stop: AbortSignal, onProgress: (done: number) => void): Promise<Extract<ShardMessage, { type: 'done' }>> {
  const worker = startEngineWorker('index-worker', job);
  return new Promise((resolve, reject) => {
    const abort = () => void worker.terminate().then(() => reject(stop.reason));
    stop.addEventListener('abort', abort, { once: true });
    const settle = () => stop.removeEventListener('abort', abort);
    worker.on('message', (m: ShardMessage) => {
      if (m.type === 'progress') onProgress(m.done);
      else {
        settle();
        resolve(m);
        void worker.terminate();
      }
    });
    worker.on('error', (err) => { settle(); reject(err); });
    worker.on('exit', (code) => { settle(); reject(new Error(`index worker exited with code ${code}`)); });
  });
}

/**
 * Reads and tokenizes `files` in worker threads (contiguous shares, so each worker's files sit
 * together in the tree) and merges their indexes into one, in file order. Undefined when the
 * workers could not run (their script missing, a crash): the caller then builds on its own thread.
 * Cancelling, or one worker failing, terminates them all: the caller's own build does not run
 * beside workers still reading. Cancelling rejects with the signal's reason.
 */
export async function buildInWorkers(
  files: readonly WorkspaceFile[],
  maxFileBytes: number,
  opts: ParallelOptions & { signal?: AbortSignal; onFiles?: (done: number, total: number) => void },
): Promise<{ packed: PackedIndex; rejected: [string, Rejected][]; bytes: number } | undefined> {
  opts.signal?.throwIfAborted();
  const n = Math.max(1, Math.min(opts.workers, Math.ceil(files.length / (opts.minFilesPerWorker ?? 500))));
  const size = Math.ceil(files.length / n);
  const done = new Array<number>(n).fill(0);
  const jobs = Array.from({ length: n }, (_, k): ShardJob => ({
    files: files.slice(k * size, (k + 1) * size).map(({ path: p, absPath, size: s, mtimeMs }) => ({ path: p, absPath, size: s, mtimeMs })),
    maxFileBytes,
  }));
  const stop = new AbortController();
  const cancel = () => stop.abort(opts.signal!.reason);
  opts.signal?.addEventListener('abort', cancel, { once: true });
  try {
    const shards = await Promise.all(jobs.map((job, k) => runShard(job, stop.signal, (d) => {
      done[k] = d;
      opts.onFiles?.(done.reduce((a, b) => a + b, 0), files.length);
    })));
    return { packed: mergePacked(shards.map((s) => s.packed)), rejected: shards.flatMap((s) => s.rejected), bytes: shards.reduce((a, s) => a + s.bytes, 0) };
  } catch (err) {
    stop.abort(err);
    if (opts.signal?.aborted) throw opts.signal.reason;
    return undefined;
  } finally {
    opts.signal?.removeEventListener('abort', cancel);
  }
}
