import type { Worker } from 'node:worker_threads';
import { startEngineWorker } from '../retrieval/worker-start';
import { MentionError } from './errors';
import { compileGrep } from './matchers';
import type { ScanHit, ScanItem } from './scan';

/**
 * How long a user's pattern may keep its thread busy over one search, reading the files included.
 * A search of 18,625 files with no literal to look for takes 2.5 s (docs/mentions.md), so this
 * leaves room for far larger trees; a pattern that needs more costs the same on any tree of that size.
 */
export const GREP_TIME_LIMIT_MS = 20_000;
/** Starting the thread (loading the engine) is not the pattern's time; it gets its own limit. */
const STARTUP_LIMIT_MS = 30_000;

type GrepCall = { type: 'scan'; items: ScanItem[]; maxBytes: number } | { type: 'texts'; paths: string[] };
export type GrepRequest = GrepCall & { id: number };
export type GrepReply =
  | { id: number; type: 'ready' }
  | { id: number; type: 'scanned'; hits: Omit<ScanHit, 'text'>[] }
  | { id: number; type: 'texts'; texts: string[] }
  | { id: number; type: 'failed'; message: string };

export interface GrepRunOptions {
  /** The pattern's budget: the time its thread is busy, over every call (default GREP_TIME_LIMIT_MS). */
  timeoutMs?: number;
  /** Stop: the thread is terminated and every call rejects with the signal's reason. */
  signal?: AbortSignal;
}

function seconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}

/** What to write instead of a pattern that ran out of time (the tools say it too). */
export const SIMPLER_PATTERN =
  'Use a simpler pattern: include a literal word every match must contain, and use fewer or smaller {n,m} repeats and no nested repeats such as (a+)+.';

/** What the user reads when a pattern used its whole time limit: that it was stopped, and what to write instead. */
export function grepTimeoutError(ms: number): MentionError {
  const message = `the pattern was still running after ${seconds(ms)} and was stopped.`;
  return new MentionError('timeout', message, `${SIMPLER_PATTERN} For plain text, use @search:"…".`);
}

/**
 * A user's regular expression, running in its own worker thread: whatever the pattern costs, the
 * calling thread (the extension host) never waits on it. Once the thread has been busy for the
 * time limit (time between calls, such as a tool scrubbing the next files, does not count), it
 * is terminated and every call rejects with a `timeout` MentionError that says so. The pattern is
 * compiled here first, so a syntax error is reported (with its position) without a thread.
 */
export class GrepRun {
  /** Resolves once the thread has ended (finished, terminated at the limit, or stopped). */
  readonly exited: Promise<number>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (r: GrepReply) => void; reject: (e: unknown) => void }>();
  private readonly ready: Promise<void>;
  private nextId = 1;
  private failure: unknown;
  private timer: NodeJS.Timeout | undefined;
  /** Busy time left, and since when the thread has been busy (undefined: idle). */
  private left: number;
  private busySince: number | undefined;

  private constructor(pattern: string, private readonly opts: GrepRunOptions) {
    this.left = opts.timeoutMs ?? GREP_TIME_LIMIT_MS;
    this.worker = startEngineWorker('grep-worker', { pattern }, __dirname);
    this.exited = new Promise((r) => this.worker.once('exit', r));
    const onAbort = () => this.fail(opts.signal!.reason);
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    void this.exited.then(() => opts.signal?.removeEventListener('abort', onAbort));
    this.ready = new Promise<void>((resolve, reject) => {
      this.timer = setTimeout(() => this.fail(new Error(`the search thread did not start within ${seconds(STARTUP_LIMIT_MS)}`)), STARTUP_LIMIT_MS);
      this.pending.set(0, { resolve: () => { clearTimeout(this.timer); resolve(); }, reject });
    });
    // Nobody may be waiting when the thread fails to start; the failure still reaches the next call.
    this.ready.catch(() => undefined);
    this.worker.on('message', (m: GrepReply) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.id !== 0 && this.pending.size === 0) this.idle();
      if (m.type === 'failed') p?.reject(new Error(m.message));
      else p?.resolve(m);
    });
    this.worker.on('error', (err) => this.fail(err));
    void this.exited.then(() => this.fail(new Error('the search thread ended unexpectedly')));
    if (opts.signal?.aborted) onAbort();
  }

  /** Compiles `pattern` (a syntax error throws a `parse_error` MentionError) and starts its thread. */
  static start(pattern: string, opts: GrepRunOptions = {}): GrepRun {
    compileGrep(pattern);
    return new GrepRun(pattern, opts);
  }

  /** The items with a matching line, in the order given (a file's text is read in the thread). */
  async scan(items: ScanItem[], maxBytes: number): Promise<Omit<ScanHit, 'text'>[]> {
    const r = await this.call({ type: 'scan', items, maxBytes });
    return r.type === 'scanned' ? r.hits : [];
  }

  /** The texts the last scan matched in, for the paths given (only those cross back from the thread). */
  async texts(paths: string[]): Promise<string[]> {
    const r = await this.call({ type: 'texts', paths });
    return r.type === 'texts' ? r.texts : [];
  }

  /** Ends the thread; calls after this (or after the limit) reject. */
  close(): void {
    this.fail(new Error('the search was closed'));
  }

  private async call(req: GrepCall): Promise<GrepReply> {
    await this.ready;
    if (this.failure !== undefined) throw this.failure;
    const id = this.nextId++;
    return new Promise<GrepReply>((resolve, reject) => {
      if (this.pending.size === 0) this.busy();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...req, id } satisfies GrepRequest);
    });
  }

  private busy(): void {
    this.busySince = performance.now();
    this.timer = setTimeout(() => this.fail(grepTimeoutError(this.opts.timeoutMs ?? GREP_TIME_LIMIT_MS)), Math.max(0, this.left));
  }

  private idle(): void {
    if (this.busySince === undefined) return;
    clearTimeout(this.timer);
    this.left -= performance.now() - this.busySince;
    this.busySince = undefined;
  }

  /** The first failure wins: the thread is terminated and every pending call rejects with it. */
  private fail(err: unknown): void {
    if (this.failure !== undefined) return;
    this.failure = err;
    clearTimeout(this.timer);
    void this.worker.terminate();
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }
}
