import pRetry from 'p-retry';
import { ProviderError } from './types';

export interface RetryOptions {
  signal?: AbortSignal;
  /** Attempts in all, the first included (default 5). */
  maxAttempts?: number;
  /** First backoff delay; doubles each retry (default 1000 ms). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Longest `Retry-After` honoured (default 60 s); a longer one fails at once with the wait in the message. */
  maxRetryAfterMs?: number;
  onRetry?: (info: { attempt: number; delayMs: number; reason: string }) => void;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => { signal?.removeEventListener('abort', onAbort); resolve(); }, ms);
    const onAbort = () => { clearTimeout(t); reject(signal!.reason); };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const RETRYABLE = new Set(['rate_limited', 'server']);

/**
 * Runs `attempt` with exponential backoff on rate limits (429) and server errors (5xx), waiting at
 * least the server's `Retry-After` when it gives one; at most 5 attempts; cancellable. Auth, bad
 * request, not found, network and cancellation fail at once. Returns the result and the retry count.
 */
export async function withRetry<T>(attempt: () => Promise<T>, opts: RetryOptions = {}): Promise<{ value: T; retries: number }> {
  const maxAttempts = opts.maxAttempts ?? 5;
  const maxRetryAfter = opts.maxRetryAfterMs ?? 60_000;
  let retries = 0;
  const value = await pRetry(attempt, {
    retries: maxAttempts - 1,
    factor: 2,
    minTimeout: opts.baseDelayMs ?? 1000,
    maxTimeout: opts.maxDelayMs ?? 30_000,
    randomize: true,
    signal: opts.signal,
    shouldRetry: ({ error }) => error instanceof ProviderError && RETRYABLE.has(error.kind) && (error.retryAfterMs ?? 0) <= maxRetryAfter,
    onFailedAttempt: async ({ error, attemptNumber, retriesLeft }) => {
      if (!(error instanceof ProviderError) || !RETRYABLE.has(error.kind) || retriesLeft === 0) return;
      if ((error.retryAfterMs ?? 0) > maxRetryAfter) return;
      retries++;
      const backoff = Math.min(opts.maxDelayMs ?? 30_000, (opts.baseDelayMs ?? 1000) * 2 ** (attemptNumber - 1));
      const delayMs = Math.max(error.retryAfterMs ?? 0, backoff);
      opts.onRetry?.({ attempt: attemptNumber + 1, delayMs, reason: error.kind });
      // p-retry adds its own backoff after this; waiting out Retry-After here makes the total at least what the server asked.
      if (error.retryAfterMs) await sleep(error.retryAfterMs, opts.signal);
    },
  }).catch((err: unknown) => {
    if (err instanceof ProviderError && RETRYABLE.has(err.kind) && retries === maxAttempts - 1) {
      throw new ProviderError(err.kind, `${err.message} Gave up after ${maxAttempts} attempts.`, err.suggestion, err.status, err.retryAfterMs);
    }
    if (opts.signal?.aborted) throw new ProviderError('cancelled', 'The request was cancelled.', 'Ask again when you are ready.');
    throw err;
  });
  return { value, retries };
}
