import type { ReplyLimits } from '../config/reply-limits';
import type { Surface } from '../config/provider-endpoints';
import { ProviderError, type ProviderEvent } from './types';

// Declared with the provider settings that carry it, so config never imports llm.
export type { ReplyLimits };

/** Generous enough for a local model loading its weights; short enough that a stuck stream ends. */
export const DEFAULT_REPLY_LIMITS: ReplyLimits = { idleTimeoutMs: 120_000, deadlineMs: 600_000 };

/** The longest timer Node runs as asked (larger delays fire at once, with a warning). */
const MAX_TIMER_MS = 2 ** 31 - 1;

const seconds = (ms: number) => (ms >= 10_000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 100) / 10} s`);

function timeoutError(who: string, kind: 'idle' | 'deadline', ms: number, surface: Surface | undefined): ProviderError {
  const message = kind === 'idle'
    ? `${who} sent nothing for ${seconds(ms)}; Grounded stopped waiting for the reply.`
    : `${who} did not finish its reply within ${seconds(ms)}; Grounded stopped it.`;
  return new ProviderError(
    'network',
    message,
    // Only the CLI has these limits as settings: a VS Code user is not sent looking for them.
    'The model or its server may be overloaded or stuck: try again; a local model that was still loading answers faster the second time.' +
      (surface === 'vscode'
        ? ''
        : ` (${surface === 'cli' ? 'The' : 'For the CLI, the'} limits are llm_idle_timeout_seconds / llm_timeout_seconds in .agent/etc/query.yaml.)`),
  );
}

/**
 * Runs one provider reply under two clocks: the idle timeout (no piece for `idleTimeoutMs`) and
 * the deadline (the whole reply over `deadlineMs`). `open` gets a signal that aborts the request
 * (closing the connection) when either clock runs out or the caller's `signal` aborts; the reply
 * then ends with a ProviderError `network` that says which limit was hit. Used by every provider,
 * so a stream that sends one byte every few seconds forever cannot hold a question open.
 */
export async function* limitReply(
  open: (signal: AbortSignal) => AsyncIterable<ProviderEvent>,
  opts: { who: string; signal?: AbortSignal; limits?: Partial<ReplyLimits>; surface?: Surface },
): AsyncGenerator<ProviderEvent> {
  const idleMs = Math.min(MAX_TIMER_MS, opts.limits?.idleTimeoutMs ?? DEFAULT_REPLY_LIMITS.idleTimeoutMs);
  const deadlineMs = Math.min(MAX_TIMER_MS, opts.limits?.deadlineMs ?? DEFAULT_REPLY_LIMITS.deadlineMs);
  const stop = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, stop.signal]) : stop.signal;
  const it = open(signal)[Symbol.asyncIterator]();
  const started = Date.now();
  let finished = false;
  try {
    for (;;) {
      const left = deadlineMs - (Date.now() - started);
      const kind = left <= idleMs ? 'deadline' : 'idle';
      let timer: NodeJS.Timeout | undefined;
      const expired = new Promise<never>((_, reject) => {
        const fail = () => reject(timeoutError(opts.who, kind, kind === 'idle' ? idleMs : deadlineMs, opts.surface));
        timer = setTimeout(fail, Math.max(0, Math.min(left, idleMs)));
      });
      let next: IteratorResult<ProviderEvent>;
      try {
        next = await Promise.race([it.next(), expired]);
      } finally {
        clearTimeout(timer);
      }
      if (next.done) {
        finished = true;
        return;
      }
      yield next.value;
    }
  } finally {
    // A clock ran out, the caller stopped reading, or the provider failed: close the request.
    if (!finished) {
      stop.abort();
      // Not awaited: a provider stuck in a read returns only after the abort above reaches it.
      void it.return?.(undefined)?.catch(() => undefined);
    }
  }
}
