// A worker thread that reads files for an index refresh on the main thread (see read-ahead.ts):
// the opens, stats and reads of tens of thousands of files run here while the main thread
// tokenizes the ones already read. Each file's bytes come back in their own transferred buffer.
import { parentPort } from 'node:worker_threads';
import { readDisk } from './read-batch';
import type { ReadReply, ReadRequest } from './read-ahead';

parentPort!.on('message', ({ id, paths }: ReadRequest) => {
  const reads = paths.map((p) => {
    const r = readDisk(p, true);
    return Buffer.isBuffer(r) ? new Uint8Array(r.buffer, r.byteOffset, r.length) : r;
  });
  const transfer = [...new Set(reads.filter((r): r is Uint8Array => r instanceof Uint8Array).map((r) => r.buffer as ArrayBuffer))];
  parentPort!.postMessage({ id, reads } satisfies ReadReply, transfer);
});
