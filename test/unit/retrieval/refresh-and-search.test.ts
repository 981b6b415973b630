import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFixture } from '../../support/fixture';
import { WorkspaceIndex } from '../../../src/engine/retrieval/index';
import { openIndex, saveIndex } from '../../../src/engine/retrieval/index-store';
import { extractTerms } from '../../../src/engine/retrieval/terms';

/** A one-shot index as `grounded query` opens it (saved copy loaded, listing prefetched), counting its searches. */
async function oneShot(root: string) {
  const { index, loaded } = await openIndex({ root, prefetch: true });
  assert.equal(loaded.status, 'loaded');
  let searches = 0;
  const search = index.search.bind(index);
  index.search = (...args: Parameters<WorkspaceIndex['search']>) => (searches++, search(...args));
  return { index, searches: () => searches };
}

async function savedTree(git: boolean): Promise<string> {
  const root = copyFixture('basic');
  if (git) {
    execFileSync('git', ['init', '-q'], { cwd: root });
    execFileSync('git', ['add', '.'], { cwd: root });
  }
  const built = new WorkspaceIndex({ root });
  await built.refresh();
  await saveIndex(built);
  return root;
}

describe('a one-shot index ranks while the files are listed', () => {
  for (const git of [false, true]) {
    it(`keeps the ranking made during the listing when nothing changed, the same as refresh then search (${git ? 'git' : 'plain folder'})`, async () => {
      const root = await savedTree(git);
      const terms = extractTerms('how are API keys stored?');
      const { index, searches } = await oneShot(root);
      const { chunks, refreshedMs } = await index.refreshAndSearch(terms, 20);
      assert.equal(searches(), 1, 'one ranking, made while the listing was under way');
      assert.ok(refreshedMs >= 0);
      const plain = new WorkspaceIndex({ root });
      await plain.refresh();
      assert.deepEqual(chunks, await plain.search(terms, 20));
    });

    it(`ranks again when the listing finds a changed file, and the answer has its new text (${git ? 'git' : 'plain folder'})`, async () => {
      const root = await savedTree(git);
      writeFileSync(path.join(root, 'src', 'late.ts'), 'export function quokkaLedger() {\n  return "quokka ledger";\n}\n');
      const terms = extractTerms('where is the quokka ledger?');
      const { index, searches } = await oneShot(root);
      const { chunks } = await index.refreshAndSearch(terms, 5);
      assert.equal(searches(), 2, 'the early ranking was made before the new file was indexed, so it is not used');
      assert.equal(chunks[0]?.path, 'src/late.ts');
    });
  }

  it('an index with nothing saved builds first and ranks once', async () => {
    const root = copyFixture('basic');
    const { index } = await openIndex({ root, prefetch: true });
    let searches = 0;
    const search = index.search.bind(index);
    index.search = (...args: Parameters<WorkspaceIndex['search']>) => (searches++, search(...args));
    const { chunks } = await index.refreshAndSearch(extractTerms('parseRetryAfter'), 5);
    assert.equal(searches, 1);
    assert.equal(chunks[0]?.path, 'src/http/client.ts');
  });
});
