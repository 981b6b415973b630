import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFixture } from '../../support/fixture';
import { WorkspaceIndex } from '../../../src/engine/retrieval/index';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import type { DocumentOverlay } from '../../../src/engine/workspace/types';

const QUESTIONS = ['how are API keys stored?', 'how is Retry-After parsed?', 'how do I search notes', 'sleep', 'where is the AWS access key configured'];

async function rankings(index: WorkspaceIndex): Promise<string> {
  const out: unknown[] = [];
  for (const q of QUESTIONS) out.push(await index.search(extractTerms(q), 20));
  return JSON.stringify(out);
}

/** An editor overlay whose text the test changes between refreshes. */
function editableOverlay(): DocumentOverlay & { set(abs: string, text: string | undefined): void } {
  const open = new Map<string, string>();
  return {
    get: (p) => open.get(p),
    openPaths: () => [...open.keys()],
    set: (abs, text) => (text === undefined ? open.delete(abs) : open.set(abs, text)),
  };
}

describe('the index does not decay', () => {
  it('100 refreshes with edits in between leave the ranking of an unchanged corpus identical', async () => {
    const root = copyFixture('basic');
    const overlay = editableOverlay();
    const keyStore = path.join(root, 'src', 'auth', 'keyStore.ts');
    const index = new WorkspaceIndex({ root, overlay });
    // One file stays open in an editor throughout, unchanged: it must not be re-indexed each time.
    const { readFileSync } = await import('node:fs');
    overlay.set(keyStore, readFileSync(keyStore, 'utf8'));
    await index.refresh();
    const before = await rankings(index);
    const chunks = index.liveChunks;
    const scratch = path.join(root, 'src', 'scratch.ts');
    for (let i = 0; i < 100; i++) {
      // Edits come and go: a new file, an unsaved editor, a removal; each is undone before the check.
      writeFileSync(scratch, `export function scratchWidget${i}() { return ${i}; }\n`.repeat(1 + (i % 7)));
      overlay.set(path.join(root, 'src', 'notes.ts'), i % 2 ? `export const storeKey${i} = 1;\n` : undefined);
      await index.refresh();
      rmSync(scratch);
      overlay.set(path.join(root, 'src', 'notes.ts'), undefined);
      await index.refresh();
    }
    assert.equal(index.liveChunks, chunks);
    assert.equal(await rankings(index), before);
  });

  it('re-indexing an unchanged open file changes nothing', async () => {
    const root = copyFixture('basic');
    const overlay = editableOverlay();
    const index = new WorkspaceIndex({ root, overlay });
    const abs = path.join(root, 'src', 'util', 'time.ts');
    const { readFileSync } = await import('node:fs');
    overlay.set(abs, readFileSync(abs, 'utf8'));
    await index.refresh();
    const before = await rankings(index);
    const again = await index.refresh();
    assert.equal(again.reread, 0);
    assert.equal(await rankings(index), before);
  });

  it('a removed file leaves no trace in document counts', async () => {
    const root = copyFixture('basic');
    const index = new WorkspaceIndex({ root });
    await index.refresh();
    const df = index.docFrequency('parseretryafter');
    const chunks = index.liveChunks;
    const length = index.totalLength;
    writeFileSync(path.join(root, 'src', 'extra.ts'), 'export function parseRetryAfter() {}\n');
    await index.refresh();
    assert.equal(index.docFrequency('parseretryafter'), df + 1);
    rmSync(path.join(root, 'src', 'extra.ts'));
    await index.refresh();
    assert.equal(index.docFrequency('parseretryafter'), df);
    assert.equal(index.liveChunks, chunks);
    assert.equal(index.totalLength, length);
    assert.deepEqual(await index.search(extractTerms('parseRetryAfter'), 50).then((r) => r.filter((x) => x.path === 'src/extra.ts')), []);
  });
});

describe('the compact index data', () => {
  it('keeps ranking identical across compactions of removed chunks', async () => {
    const { IndexData } = await import('../../../src/engine/retrieval/index-data');
    const { rankChunks } = await import('../../../src/engine/retrieval/rank');
    const data = new IndexData();
    const meta = { size: 1, mtimeMs: 1, hash: 'h', fromEditor: false };
    data.putFile('src/keys.ts', meta, 'export function storeApiKey(key: string) {\n  return save(key);\n}\n');
    data.putFile('src/retry.ts', meta, 'export function parseRetryAfter(header: string) {\n  return Number(header);\n}\n');
    const terms = extractTerms('how are api keys stored and retry after parsed');
    const before = JSON.stringify(rankChunks(data, terms, 10));
    // Enough removed chunks to force at least one compaction (ids renumbered, lists rewritten).
    for (let i = 0; i < 5000; i++) {
      data.putFile('src/scratch.ts', meta, `export const storeKey${i} = retryAfter;\n`);
      data.dropFile('src/scratch.ts');
    }
    assert.equal(data.liveChunks, 2);
    assert.equal(data.docFrequency('stor'), 1);
    assert.equal(JSON.stringify(rankChunks(data, terms, 10)), before);
  });
});
