import { existsSync } from 'node:fs';
import path from 'node:path';
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import { startEngineWorker } from '../retrieval/worker-start';

/** What the main thread asks the tokenizer thread, and its answer. */
export type TokenRequest = { op: 'count'; texts: string[] } | { op: 'cut'; text: string; maxTokens: number };
export type TokenReply = { counts: number[] } | { cut: { text: string; tokens: number } } | { error: string };
/** The first message to the worker: where requests come and how to wake the waiting thread. */
export interface TokenThreadSetup {
  port: MessagePort;
  done: Int32Array;
}

/** Longest wait for one answer (the first includes building the tokenizer on a busy machine); then counting goes back in-thread. */
const WAIT_MS = 30_000;

/**
 * tiktoken in a worker thread, answering synchronously: the caller blocks (Atomics.wait) until
 * the worker has counted, so budgets stay plain synchronous code. Building the o200k tokenizer
 * takes 150-280 ms; in a one-shot process the worker builds it while this thread loads and
 * searches the index. A round trip costs ~0.05-0.1 ms, so callers ask for a whole chunk's lines
 * at once (primeTokenCounts), not line by line. Any failure (the worker cannot start, the
 * encoding is unknown, no answer in time) returns undefined: the caller then counts in-thread,
 * which gives the same counts or throws the same error.
 */
export class TokenThread {
  private worker: Worker | undefined;
  private readonly port: MessagePort;
  private readonly done = new Int32Array(new SharedArrayBuffer(4));
  /** Requests answered so far (what a test can assert instead of a timing). */
  roundTrips = 0;

  constructor(readonly encoding: string) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    // A bundle without its worker script (a partial copy) would leave the first count waiting for WAIT_MS.
    if (!__filename.endsWith('.ts') && !existsSync(path.join(__dirname, 'token-worker.js'))) {
      this.close();
      return;
    }
    try {
      this.worker = startEngineWorker('token-worker', { encoding }, __dirname);
      this.worker.postMessage({ port: port2, done: this.done } satisfies TokenThreadSetup, [port2]);
      // A question that ends before counting (an error, a server's answer) must not wait for the build.
      this.worker.unref();
      this.worker.on('error', () => this.close());
    } catch {
      this.close();
    }
  }

  get alive(): boolean {
    return this.worker !== undefined;
  }

  /** The counts of `texts`, in order; undefined when the thread cannot answer. */
  count(texts: string[]): number[] | undefined {
    const r = this.call({ op: 'count', texts });
    return r && 'counts' in r ? r.counts : undefined;
  }

  /** cutToTokens done in the thread; undefined when it cannot answer. */
  cut(text: string, maxTokens: number): { text: string; tokens: number } | undefined {
    const r = this.call({ op: 'cut', text, maxTokens });
    return r && 'cut' in r ? r.cut : undefined;
  }

  private call(req: TokenRequest): TokenReply | undefined {
    if (!this.worker) return undefined;
    Atomics.store(this.done, 0, 0);
    this.port.postMessage(req);
    Atomics.wait(this.done, 0, 0, WAIT_MS);
    const reply = receiveMessageOnPort(this.port)?.message as TokenReply | undefined;
    if (!reply || 'error' in reply) {
      this.close();
      return undefined;
    }
    this.roundTrips++;
    return reply;
  }

  close(): void {
    void this.worker?.terminate();
    this.worker = undefined;
    this.port.close();
  }
}
