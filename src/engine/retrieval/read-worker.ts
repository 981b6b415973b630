// A worker thread that reads files for an index refresh on the main thread (see read-ahead.ts):
// the opens, stats and reads of tens of thousands of files run here while the main thread
// tokenizes the ones already read. A batch's bytes come back in one transferred buffer, with each
// file's hash (the indexing thread has no time to spare; this one has).
import { parentPort } from 'node:worker_threads';
import { readDiskBatch } from './read-batch';
import { textHash } from './file-state';
import type { ReadReply, ReadRequest } from './read-ahead';

parentPort!.on('message', ({ id, paths }: ReadRequest) => {
  const { bytes, reads } = readDiskBatch(paths);
  const hashes = reads.map((r) => (Array.isArray(r) ? textHash(bytes.subarray(r[0], r[0] + r[1])) : undefined));
  parentPort!.postMessage({ id, bytes, reads, hashes } satisfies ReadReply, [bytes.buffer as ArrayBuffer]);
});
