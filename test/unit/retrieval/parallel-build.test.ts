import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFixture } from '../../support/fixture';
import { WorkspaceIndex } from '../../../src/engine/retrieval/index';
import { ReadAhead } from '../../../src/engine/retrieval/read-ahead';
import { textHash } from '../../../src/engine/retrieval/file-state';
import { extractTerms } from '../../../src/engine/retrieval/terms';

const QUESTIONS = ['how are API keys stored?', 'how is Retry-After parsed?', 'how do I search notes', 'sleep', 'module 7 helper', 'binary'];

/** Everything ranking and `grounded index` report, for comparing two builds of the same tree. */
async function snapshot(index: WorkspaceIndex): Promise<string> {
  const ranked = [];
  for (const q of QUESTIONS) ranked.push(await index.search(extractTerms(q), 30));
  const df = ['key', 'retri', 'helper', 'modul'].map((t) => index.docFrequency(t));
  return JSON.stringify({
    files: index.fileCount,
    chunks: index.liveChunks,
    length: index.totalLength,
    df,
    ranked,
    skipped: index.skipped.map((s) => [s.path, s.reason]).sort(),
  });
}

describe('a cold build in worker threads', () => {
  it('gives exactly the index one thread builds: same chunks, counts, skips and rankings; open editors still win', async () => {
    const root = copyFixture('basic');
    mkdirSync(path.join(root, 'gen'));
    for (let i = 0; i < 40; i++)
      writeFileSync(path.join(root, 'gen', `module${i}.ts`), `export function helper${i}(x: number) {\n  return x * ${i}; // module ${i} helper\n}\n`);
    writeFileSync(path.join(root, 'gen', 'blob.bin'), Buffer.from([0, 1, 2, 3, 0, 255]));
    const editor = path.join(root, 'gen', 'module7.ts');
    const overlay = {
      get: (p: string) => (p === editor ? 'export const unsavedSleepyHelper = 7; // binary search for sleep\n' : undefined),
      openPaths: () => [editor],
    };
    const one = new WorkspaceIndex({ root, overlay, parallel: { minFiles: Number.POSITIVE_INFINITY, workers: 1 } });
    const many = new WorkspaceIndex({ root, overlay, parallel: { minFiles: 1, workers: 3, minFilesPerWorker: 1 } });
    const a = await one.refresh();
    const b = await many.refresh();
    assert.deepEqual([b.files, b.chunks, b.reread, b.reused], [a.files, a.chunks, a.reread, a.reused]);
    assert.equal(await snapshot(many), await snapshot(one));
    const hit = (await many.search(extractTerms('unsavedSleepyHelper'), 1))[0];
    assert.equal(hit?.path, 'gen/module7.ts', 'the editor\'s unsaved text was indexed, not the file on disk');
    // A second refresh finds nothing to re-read in either.
    many.markDirty();
    assert.equal((await many.refresh()).reread, 0);
  });

  it('reads ahead in a worker thread and gives the same index; the editor\'s text still wins over the disk', async () => {
    const root = copyFixture('basic');
    mkdirSync(path.join(root, 'gen'));
    for (let i = 0; i < 150; i++) writeFileSync(path.join(root, 'gen', `module${i}.ts`), `export function helper${i}() {\n  return ${i}; // module ${i} helper\n}\n`);
    writeFileSync(path.join(root, 'gen', 'blob.bin'), Buffer.from([0, 1, 2, 3, 0, 255]));
    writeFileSync(path.join(root, 'gen', 'nul.txt'), Buffer.from([0x41, 0, 0x42]));
    const editor = path.join(root, 'gen', 'module7.ts');
    const overlay = { get: (p: string) => (p === editor ? 'export const unsavedSleepyHelper = 7;\n' : undefined), openPaths: () => [editor] };
    const inline = new WorkspaceIndex({ root, overlay, parallel: { minFiles: Number.POSITIVE_INFINITY, workers: 1 } });
    const ahead = new WorkspaceIndex({ root, overlay, parallel: { minFiles: Number.POSITIVE_INFINITY, workers: 1, readAheadFrom: 1 } });
    const a = await inline.refresh();
    const b = await ahead.refresh();
    assert.deepEqual([b.files, b.chunks, b.bytes, b.reread], [a.files, a.chunks, a.bytes, a.reread]);
    assert.equal(await snapshot(ahead), await snapshot(inline));
    assert.equal((await ahead.search(extractTerms('unsavedSleepyHelper'), 1))[0]?.path, 'gen/module7.ts');
  });

  it('has its reading worker answer batches: bytes and their hash, or why there are none', async () => {
    const root = copyFixture('basic');
    writeFileSync(path.join(root, 'small.txt'), 'héllo\n');
    const reader = new ReadAhead();
    assert.equal(await reader.read([path.join(root, 'small.txt')]), undefined, 'not started: the caller reads');
    reader.start();
    try {
      const reads = await reader.read([path.join(root, 'small.txt'), path.join(root, 'missing.txt'), root]);
      assert.ok(reads);
      assert.ok(Buffer.isBuffer(reads[0].data) && reads[0].data.toString('utf8') === 'héllo\n');
      assert.equal(reads[0].hash, textHash('héllo\n'), 'hashed as the index hashes a text');
      assert.deepEqual(reads[1], { data: { ok: false, reason: 'unreadable', detail: 'ENOENT: cannot read the file' }, hash: undefined });
      assert.deepEqual(reads[2], { data: { ok: false, reason: 'unreadable', detail: 'not a regular file' }, hash: undefined });
    } finally {
      reader.stop();
    }
    assert.equal(await reader.read([path.join(root, 'small.txt')]), undefined, 'stopped: the caller reads');
  });

  it('stops when cancelled', async () => {
    const root = copyFixture('basic');
    const index = new WorkspaceIndex({ root, parallel: { minFiles: 1, workers: 2 } });
    const controller = new AbortController();
    controller.abort(new Error('stopped by the test'));
    await assert.rejects(index.refresh({ signal: controller.signal }), /stopped by the test/);
    const reading = new WorkspaceIndex({ root, parallel: { minFiles: Number.POSITIVE_INFINITY, workers: 1, readAheadFrom: 1 } });
    await assert.rejects(reading.refresh({ signal: controller.signal }), /stopped by the test/);
  });
});
