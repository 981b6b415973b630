import pRetry from 'p-retry';
import { cancelledError } from './errors';
import { ProviderError, type ProviderErrorKind } from './types';

export interface RetryInfo {
  /** The attempt about to be made (2 for the first retry). */
  attempt: number;
  /** The real wait before that attempt. */
  delayMs: number;
  reason: ProviderErrorKind;
  /** HTTP status of the failure, when there was one. */
  status?: number;
}

export interface RetryOptions {
  signal?: AbortSignal;
  /** Attempts in all, the first included (default 5). */
  maxAttempts?: number;
  /** First backoff delay (default 2000 ms, the seed's `min=2`); the second is the same, then it doubles. */
  baseDelayMs?: number;
  /** Longest backoff (default 60 s, the seed's `max=60`). */
  maxDelayMs?: number;
  /** Longest `Retry-After` honoured (default 60 s); a longer one fails at once with the wait in the message. */
  maxRetryAfterMs?: number;
  onRetry?: (info: RetryInfo) => void;
  /** Waits between attempts (default: a cancellable timer). Tests pass one to see the exact waits. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Jitter source in [0, 1); the backoff is stretched by 1 + random(), within the cap. Default none, as the seed. */
  random?: () => number;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => { signal?.removeEventListener('abort', onAbort); resolve(); }, ms);
    const onAbort = () => { clearTimeout(t); reject(signal!.reason); };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The seed's tenacity `wait_exponential(multiplier=1, min=2, max=60)` before the retry that follows
 * failed attempt `n`: max(min, multiplier × 2^(n-1)), i.e. 2, 2, 4, 8 s with the default base of
 * 2 s (min = 2 × multiplier); the cap is applied by the caller.
 */
export function backoffMs(base: number, failedAttempt: number): number {
  return Math.max(base, (base / 2) * 2 ** (failedAttempt - 1));
}

const RETRYABLE = new Set<ProviderErrorKind>(['rate_limited', 'server']);

/**
 * Runs `attempt` with exponential backoff on rate limits (429) and server errors (5xx); at most 5
 * attempts; cancellable. The wait before a retry is the larger of the server's `Retry-After` and
 * the randomised backoff (never their sum), and `onRetry` reports exactly that wait. Auth, bad
 * request, not found, network and cancellation fail at once, and so does a `Retry-After` longer
 * than `maxRetryAfterMs`. Returns the result and the retry count.
 */
export async function withRetry<T>(attempt: () => Promise<T>, opts: RetryOptions = {}): Promise<{ value: T; retries: number }> {
  const maxAttempts = opts.maxAttempts ?? 5;
  const maxRetryAfter = opts.maxRetryAfterMs ?? 60_000;
  const base = opts.baseDelayMs ?? 2000;
  const maxDelay = opts.maxDelayMs ?? 60_000;
  const random = opts.random ?? (() => 0);
  const wait = opts.sleep ?? sleep;
  const retryable = (error: unknown): error is ProviderError =>
    error instanceof ProviderError && RETRYABLE.has(error.kind) && (error.retryAfterMs ?? 0) <= maxRetryAfter;
  let retries = 0;
  const value = await pRetry(attempt, {
    retries: maxAttempts - 1,
    // p-retry's own delay is off (0 ms): it would be added to ours, so waits would be the sum.
    minTimeout: 0,
    maxTimeout: 0,
    randomize: false,
    signal: opts.signal,
    shouldRetry: ({ error }) => retryable(error),
    onFailedAttempt: async ({ error, attemptNumber, retriesLeft }) => {
      if (!retryable(error) || retriesLeft === 0) return;
      retries++;
      const backoff = Math.min(maxDelay, Math.round(backoffMs(base, attemptNumber) * (1 + random())));
      const delayMs = Math.max(error.retryAfterMs ?? 0, backoff);
      opts.onRetry?.({ attempt: attemptNumber + 1, delayMs, reason: error.kind, status: error.status });
      await wait(delayMs, opts.signal);
    },
  }).catch((err: unknown) => {
    if (opts.signal?.aborted) throw cancelledError();
    if (err instanceof ProviderError && RETRYABLE.has(err.kind) && retries === maxAttempts - 1) {
      throw new ProviderError(err.kind, `${err.message} Gave up after ${maxAttempts} attempts.`, err.suggestion, err.status, err.retryAfterMs);
    }
    throw err;
  });
  return { value, retries };
}
