// A worker thread of a cold index build (see parallel-build.ts): reads and tokenizes its share of
// the files into an index of its own and hands it back packed (typed arrays, transferred, not copied).
import { parentPort, workerData } from 'node:worker_threads';
import { emptyOverlay } from '../workspace/types';
import { readIntoIndex } from './file-state';
import { IndexData } from './index-data';
import type { ShardJob, ShardMessage } from './parallel-build';

const PROGRESS_EVERY = 256;

function run(job: ShardJob): void {
  const data = new IndexData();
  const rejected: Extract<ShardMessage, { type: 'done' }>['rejected'] = [];
  let bytes = 0;
  job.files.forEach((f, i) => {
    const put = readIntoIndex(data, f, emptyOverlay, job.maxFileBytes);
    if (put.rejected) rejected.push([f.path, put.rejected]);
    bytes += put.bytes;
    if ((i + 1) % PROGRESS_EVERY === 0) parentPort!.postMessage({ type: 'progress', done: i + 1 } satisfies ShardMessage);
  });
  const packed = data.pack();
  const { chunks, postings } = packed;
  const message: ShardMessage = { type: 'done', packed, rejected, bytes };
  const buffers = [chunks.file, chunks.start, chunks.end, chunks.length, postings.offsets, postings.data].map((a) => a.buffer as ArrayBuffer);
  parentPort!.postMessage(message, buffers);
}

run(workerData as ShardJob);
