// The tokenizer thread (see token-thread.ts): builds tiktoken's encoder as soon as it starts, then
// answers each request with the same functions the main thread would run, so counts are identical.
import { parentPort, workerData } from 'node:worker_threads';
import { countTokens, cutToTokens, encoderFor } from './tokens';
import type { TokenReply, TokenRequest, TokenThreadSetup } from './token-thread';

const { encoding } = workerData as { encoding: string };
let failure: string | undefined;
try {
  encoderFor(encoding);
} catch (err) {
  failure = (err as Error).message;
}

function answer(req: TokenRequest): TokenReply {
  if (failure) return { error: failure };
  try {
    return req.op === 'count' ? { counts: req.texts.map((t) => countTokens(t, encoding)) } : { cut: cutToTokens(req.text, req.maxTokens, encoding) };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

parentPort!.once('message', ({ port, done }: TokenThreadSetup) => {
  port.on('message', (req: TokenRequest) => {
    port.postMessage(answer(req));
    // Posted before the wake-up: the waiting thread finds the answer on its port.
    Atomics.store(done, 0, 1);
    Atomics.notify(done, 0);
  });
});
