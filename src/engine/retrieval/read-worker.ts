// A worker thread that reads files for an index refresh on the main thread (see read-ahead.ts):
// the opens, stats and reads of tens of thousands of files run here while the main thread
// tokenizes the ones already read. Each file's bytes come back in their own transferred buffer,
// with their hash (the indexing thread has no spare time; this one has).
import { parentPort } from 'node:worker_threads';
import { readDisk } from './read-batch';
import { sha1Base64 } from '../text/sha1';
import type { ReadReply, ReadRequest } from './read-ahead';

parentPort!.on('message', ({ id, paths }: ReadRequest) => {
  const reads = paths.map((p) => {
    const r = readDisk(p, true);
    return Buffer.isBuffer(r) ? new Uint8Array(r.buffer, r.byteOffset, r.length) : r;
  });
  const hashes = reads.map((r) => (r instanceof Uint8Array ? sha1Base64(r) : undefined));
  const transfer = [...new Set(reads.filter((r): r is Uint8Array => r instanceof Uint8Array).map((r) => r.buffer as ArrayBuffer))];
  parentPort!.postMessage({ id, reads, hashes } satisfies ReadReply, transfer);
});
