import path from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFixture } from '../../support/fixture';
import { WorkspaceIndex } from '../../../src/engine/retrieval/index';
import { extractTerms } from '../../../src/engine/retrieval/terms';

const basic = copyFixture('basic');

describe('ranking on the basic workspace', async () => {
  const index = new WorkspaceIndex({ root: basic });
  await index.refresh();
  const top = async (q: string) => (await index.search(extractTerms(q), 5)).map((r) => r.path);

  for (const [question, expected] of [
    ['how are API keys stored?', 'src/auth/keyStore.ts'],
    ['how is Retry-After parsed?', 'src/http/client.ts'],
    ['parseRetryAfter', 'src/http/client.ts'],
    ['how do I search notes', 'src/notes.ts'],
    ['sleep', 'src/util/time.ts'],
    ['what does src/util/time.ts do', 'src/util/time.ts'],
    ['where is the AWS access key configured', 'config/app.env.example'],
  ] as const) {
    it(`ranks ${expected} first for "${question}"`, async () => {
      const got = await top(question);
      assert.equal(got[0], expected, JSON.stringify(got));
    });
  }

  it('never ranks files hidden by .gitignore or .agentignore', async () => {
    const all = (await index.search(extractTerms('AWS access key roadmap hardware module github token'), 100)).map((r) => r.path);
    assert.ok(!all.includes('config/local.env'));
    assert.ok(!all.includes('docs/drafts/roadmap.md'));
  });

  it('returns nothing when no term occurs', async () => {
    assert.deepEqual(await index.search(extractTerms('quaternion kubernetes'), 5), []);
  });

  it('re-indexes a file from the open editor text (unsaved edits win)', async () => {
    const abs = path.join(basic, 'src/util/time.ts');
    const idx = new WorkspaceIndex({
      root: basic,
      overlay: { get: (p) => (p === abs ? 'export function zanzibarWidget() {}\n' : undefined), openPaths: () => [abs] },
    });
    await idx.refresh();
    assert.equal((await idx.search(extractTerms('zanzibarWidget'), 1))[0]?.path, 'src/util/time.ts');
    assert.deepEqual((await idx.search(extractTerms('formatDuration'), 5)).map((r) => r.path).includes('src/util/time.ts'), false);
  });
});

describe('a watched index', () => {
  it('skips the tree walk until told that something changed', async () => {
    const { writeFileSync } = await import('node:fs');
    const root = copyFixture('basic');
    const index = new WorkspaceIndex({ root, watched: true });
    await index.refresh();
    writeFileSync(path.join(root, 'src', 'late.ts'), 'export const flamingoRegistry = 1;\n');
    await index.refresh();
    assert.deepEqual(await index.search(extractTerms('flamingoRegistry'), 1), []);
    index.markDirty();
    await index.refresh();
    assert.equal((await index.search(extractTerms('flamingoRegistry'), 1))[0]?.path, 'src/late.ts');
  });
});
