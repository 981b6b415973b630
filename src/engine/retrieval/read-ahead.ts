import type { Worker } from 'node:worker_threads';
import type { BatchRead, DiskRead } from './read-batch';
import { startEngineWorker } from './worker-start';

/** A batch of absolute paths for the read worker, and what it sends back (in the same order). */
export interface ReadRequest {
  id: number;
  paths: string[];
}
export interface ReadReply {
  id: number;
  /** The batch's bytes: each read is a range of them. */
  bytes: Uint8Array;
  reads: BatchRead[];
  /** Each read's bytes hashed (textHash), undefined for a failed read. */
  hashes: (string | undefined)[];
}

/** A file as the worker read it: its bytes (or why there are none) and their hash. */
export interface AheadRead {
  data: DiskRead;
  hash?: string;
}

/**
 * Reads the files of a large refresh in a worker thread, batches ahead of the thread that
 * tokenizes them. On babel (27.6 K files) the opens, stats and reads were ~290 ms of a 1.2 s
 * build on the main thread; in the worker they run on the other core meanwhile. `read` answers
 * batches in the order asked; undefined for a batch means "read it yourself" (the worker could
 * not start or failed: the build goes on, only slower).
 */
export class ReadAhead {
  private worker: Worker | undefined;
  private stopped = false;
  private next = 0;
  private readonly waiting = new Map<number, (reads: AheadRead[] | undefined) => void>();

  /** Starts the worker (once; never after `stop`). Until then `read` leaves reading to the caller. */
  start(): void {
    if (this.worker || this.stopped) return;
    try {
      this.worker = startEngineWorker('read-worker', undefined);
    } catch {
      return;
    }
    this.worker.on('message', ({ id, bytes, reads, hashes }: ReadReply) => {
      const done = this.waiting.get(id);
      this.waiting.delete(id);
      const data = (r: BatchRead): DiskRead => (Array.isArray(r) ? Buffer.from(bytes.buffer, bytes.byteOffset + r[0], r[1]) : (r as Exclude<DiskRead, Buffer>));
      done?.(reads.map((r, i) => ({ data: data(r), hash: hashes[i] })));
    });
    const fail = () => this.stop();
    this.worker.on('error', fail);
    this.worker.on('exit', fail);
  }

  /** Asks for a batch now; the promise gives its reads when the worker has them. */
  read(paths: string[]): Promise<AheadRead[] | undefined> {
    if (!this.worker) return Promise.resolve(undefined);
    const id = this.next++;
    const reply = new Promise<AheadRead[] | undefined>((resolve) => this.waiting.set(id, resolve));
    this.worker.postMessage({ id, paths } satisfies ReadRequest);
    return reply;
  }

  /** Ends the worker; batches still awaited are read by the caller. */
  stop(): void {
    this.stopped = true;
    const worker = this.worker;
    this.worker = undefined;
    for (const done of this.waiting.values()) done(undefined);
    this.waiting.clear();
    void worker?.terminate();
  }
}

/** Files and bytes the reading worker is asked for at once (see inBatches). */
const REQUEST_FILES = 512;
const REQUEST_BYTES = 4 << 20;

/** Where the worker's requests of `files` end: at REQUEST_FILES files or REQUEST_BYTES bytes, whichever comes first. */
function requestEnds(files: readonly { size?: number }[]): number[] {
  const ends: number[] = [];
  let count = 0;
  let bytes = 0;
  files.forEach((f, i) => {
    count++;
    bytes += f.size ?? 0;
    if (count < REQUEST_FILES && bytes < REQUEST_BYTES) return;
    ends.push(i + 1);
    count = bytes = 0;
  });
  if (count > 0) ends.push(files.length);
  return ends;
}

/**
 * Calls `each` for every file, `batch` at a time, yielding to the event loop between batches and
 * checking `signal`; with a started `ahead`, `each` gets the file's bytes and hash (or reads them
 * itself). The worker is asked for up to 512 files (4 MB) at once, two requests ahead of this
 * thread: a request per batch of 64 woke it 430 times on babel, and those hand-overs cost this
 * thread ~0.6 ms each on a busy 2-core machine (its time in postMessage: 250–350 ms of a build).
 */
export async function inBatches<F extends { absPath: string; size?: number }>(
  files: F[],
  batch: number,
  ahead: ReadAhead,
  each: (file: F, read: AheadRead | undefined) => void,
  opts: { signal?: AbortSignal; onFiles?: (done: number, total: number) => void },
): Promise<void> {
  const ends = requestEnds(files);
  const asked: Promise<AheadRead[] | undefined>[] = [];
  const ask = (r: number) => {
    if (r < ends.length) asked[r] = ahead.read(files.slice(r === 0 ? 0 : ends[r - 1], ends[r]).map((f) => f.absPath));
  };
  ask(0);
  ask(1);
  for (let r = 0, i = 0; r < ends.length; r++) {
    ask(r + 2);
    const first = i;
    const reads = await asked[r];
    delete asked[r];
    for (; i < ends[r]; ) {
      opts.signal?.throwIfAborted();
      const stop = Math.min(ends[r], i + batch);
      for (; i < stop; i++) each(files[i], reads?.[i - first]);
      opts.onFiles?.(i, files.length);
      // Reads on this thread are synchronous (far cheaper in bulk); between batches others get their turn.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
