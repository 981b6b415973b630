// The thread a user's regular expression runs in (see grep-runner.ts). RE2 is linear in the text,
// but a pattern such as `(?:a?){999}a{999}` costs a thousand steps per character: on a 1 MB line
// that is half a minute in which no other code on the thread runs. Here only this thread waits,
// and the caller terminates it at its time limit.
import { parentPort, workerData } from 'node:worker_threads';
import { compileGrep } from './matchers';
import { scanItems } from './scan';
import type { GrepReply, GrepRequest } from './grep-runner';

const matcher = compileGrep((workerData as { pattern: string }).pattern);
/** The texts of the last scan's hits, kept here until asked for: only the few that are shown cross back. */
let texts = new Map<string, string>();

parentPort!.on('message', (req: GrepRequest) => {
  if (req.type === 'texts') {
    parentPort!.postMessage({ id: req.id, type: 'texts', texts: req.paths.map((p) => texts.get(p) ?? '') } satisfies GrepReply);
    return;
  }
  scanItems(req.items, matcher, req.maxBytes).then(
    (hits) => {
      texts = new Map(hits.map((h) => [h.path, h.text]));
      parentPort!.postMessage({ id: req.id, type: 'scanned', hits: hits.map((h) => ({ path: h.path, at: h.at })) } satisfies GrepReply);
    },
    (err: unknown) => parentPort!.postMessage({ id: req.id, type: 'failed', message: err instanceof Error ? err.message : String(err) } satisfies GrepReply),
  );
});
parentPort!.postMessage({ id: 0, type: 'ready' } satisfies GrepReply);
