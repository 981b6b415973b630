import assert from 'node:assert/strict';
import { ProviderError, type Provider, type ProviderEvent, type ProviderRequest } from '../../src/engine/llm/types';
import { scrubText } from '../../src/engine/privacy/scrubber';

/** A minimal scrubbed conversation for provider tests. */
export const messages = [
  { role: 'system' as const, content: scrubText('You are a test.').text },
  { role: 'user' as const, content: scrubText('Say hello.').text },
];

/** Every event a provider streams for `messages`. */
export async function collect(p: Provider, signal?: AbortSignal): Promise<ProviderEvent[]> {
  const out: ProviderEvent[] = [];
  for await (const ev of p.stream({ messages, signal })) out.push(ev);
  return out;
}

/** The ProviderError `fn` fails with (the test fails if it succeeds or throws anything else). */
export async function failure(fn: () => Promise<unknown>): Promise<ProviderError> {
  try {
    await fn();
  } catch (err) {
    assert.ok(err instanceof ProviderError, `not a ProviderError: ${String(err)}`);
    return err;
  }
  assert.fail('expected a failure');
}

/** A provider that answers with a fixed reply, in `pieces` chunks as a streaming model sends it, and keeps what it was sent. */
export class CannedProvider implements Provider {
  readonly id = 'canned';
  readonly model = 'canned-1';
  readonly requests: ProviderRequest[] = [];
  constructor(private readonly reply: string, private readonly pieces = 1) {}
  async *stream(request: ProviderRequest): AsyncIterable<ProviderEvent> {
    this.requests.push(request);
    const size = Math.ceil(this.reply.length / this.pieces);
    for (let i = 0; i < this.pieces; i++) yield { type: 'text', text: this.reply.slice(i * size, (i + 1) * size) };
  }
}
