import { readFileSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFixture } from '../../support/fixture';
import { main } from '../../../src/cli/main';
import { WorkspaceIndex } from '../../../src/engine/retrieval/index';
import { readContentVerdicts } from '../../../src/engine/retrieval/index-file';
import { indexFilePath, loadSavedIndex, openIndex, saveIndex } from '../../../src/engine/retrieval/index-store';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { captureStreams as capture } from '../../support/cli-io';

const QUESTIONS = ['how are API keys stored?', 'parseRetryAfter', 'how do I search notes'];

async function rankings(index: WorkspaceIndex): Promise<string> {
  const out: unknown[] = [];
  for (const q of QUESTIONS) out.push(await index.search(extractTerms(q), 20));
  return JSON.stringify(out);
}

describe('the index kept on disk', () => {
  it('a file hidden by the current settings is never answered from an index saved under other settings', async () => {
    const root = copyFixture('basic');
    const built = new WorkspaceIndex({ root });
    await built.refresh();
    assert.ok((await built.search(extractTerms('parseRetryAfter'), 20)).some((c) => c.path === 'src/http/client.ts'));
    await saveIndex(built);
    // Before any refresh (the index server answers the first question from what it has).
    const { index, loaded } = await openIndex({ root, settings: { extraIgnore: ['src/http/'] } });
    assert.equal(loaded.status, 'loaded');
    assert.deepEqual((await index.search(extractTerms('parseRetryAfter'), 20)).filter((c) => c.path.startsWith('src/http/')), []);
    const excluded = await openIndex({ root, settings: { excludedFolders: ['auth'] } });
    assert.deepEqual((await excluded.index.search(extractTerms('how are API keys stored?'), 20)).filter((c) => c.path.startsWith('src/auth/')), []);
    const small = await openIndex({ root, settings: { maxFileBytes: 1024 } });
    assert.deepEqual(
      (await small.index.search(extractTerms('how are API keys stored?'), 20)).filter((c) => c.path === 'src/auth/keyStore.ts'),
      [],
      'over the size limit now',
    );
  });

  it('reopens warm: the same ranking, and only changed files are read again', async () => {
    const root = copyFixture('basic');
    const built = new WorkspaceIndex({ root });
    await built.refresh();
    await saveIndex(built);
    const { index, loaded } = await openIndex({ root });
    assert.equal(loaded.status, 'loaded');
    assert.equal(await rankings(index), await rankings(built));
    const warm = await index.refresh();
    assert.equal(warm.reread, 0);
    assert.equal(warm.reused, built.fileCount);
    writeFileSync(path.join(root, 'src', 'notes.ts'), 'export function zebraNotes() {}\n');
    const after = await index.refresh();
    assert.equal(after.reread, 1);
    assert.equal((await index.search(extractTerms('zebraNotes'), 1))[0]?.path, 'src/notes.ts');
  });

  it('its header tells `grounded files` what each file held, without the rest of the index', async () => {
    const root = copyFixture('basic');
    writeFileSync(path.join(root, 'blob.txt'), Buffer.from([0x41, 0, 0x42]));
    const built = new WorkspaceIndex({ root });
    await built.refresh();
    await saveIndex(built);
    const verdicts = readContentVerdicts(indexFilePath(root));
    assert.ok(verdicts);
    assert.equal(verdicts.get('blob.txt')?.binary, true);
    assert.equal(verdicts.get('src/http/client.ts')?.binary, false);
    const st = statSync(path.join(root, 'src/http/client.ts'));
    assert.deepEqual(verdicts.get('src/http/client.ts'), { size: st.size, mtimeMs: st.mtimeMs, binary: false });
    assert.equal(verdicts.get('src/missing.ts'), undefined);
    writeFileSync(indexFilePath(root), 'GRNDIDX\0 not really');
    assert.equal(readContentVerdicts(indexFilePath(root)), undefined, 'a broken file is no hint');
    assert.equal(readContentVerdicts(path.join(root, 'missing.bin')), undefined);
  });

  it('a file touched but unchanged is not re-indexed', async () => {
    const root = copyFixture('basic');
    const index = new WorkspaceIndex({ root });
    await index.refresh();
    const before = await rankings(index);
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'src', 'notes.ts'), later, later);
    await index.refresh();
    assert.equal(index.unsaved, true);
    assert.equal(await rankings(index), before);
  });

  for (const [name, damage] of [
    ['truncated', (f: string) => truncateSync(f, Math.floor(readFileSync(f).length / 2))],
    ['garbage', (f: string) => writeFileSync(f, 'not an index at all')],
    ['from another version', (f: string) => { const b = readFileSync(f); b.writeUInt32LE(999, 8); writeFileSync(f, b); }],
    ['with a flipped byte', (f: string) => { const b = readFileSync(f); b[b.length - 3] ^= 0xff; writeFileSync(f, b); }],
  ] as const) {
    it(`is rebuilt, never crashed on, when ${name}`, async () => {
      const root = copyFixture('basic');
      const built = new WorkspaceIndex({ root });
      await built.refresh();
      await saveIndex(built);
      damage(indexFilePath(root));
      const index = new WorkspaceIndex({ root });
      const loaded = await loadSavedIndex(index);
      assert.equal(loaded.status, 'rebuilt');
      await index.refresh();
      assert.equal(await rankings(index), await rankings(built));
      await saveIndex(index);
      assert.equal((await openIndex({ root })).loaded.status, 'loaded');
    });
  }
});

describe('grounded index', () => {
  it('builds the index, then reuses it, and says how fresh it is', async () => {
    const root = copyFixture('basic');
    let c = capture(root);
    assert.equal(await main(['index', '--status'], c.io), 1);
    assert.match(c.out.stdout, /no index yet/);
    c = capture(root);
    assert.equal(await main(['index', '--json'], c.io), 0);
    const first = JSON.parse(c.out.stdout);
    assert.ok(first.files > 5 && first.chunks >= first.files && first.bytes > 0);
    assert.equal(first.reread, first.files);
    for (const key of ['tookMs', 'reused', 'removed']) assert.equal(typeof first[key], 'number', key);
    c = capture(root);
    assert.equal(await main(['index'], c.io), 0);
    assert.match(c.out.stdout, /indexed \d+ files, \d+ chunks in [\d.]+ s: up to date/);
    c = capture(root);
    assert.equal(await main(['index', '--status'], c.io), 0);
    assert.match(c.out.stdout, /up to date/);
    writeFileSync(path.join(root, 'src', 'new.ts'), 'export const fresh = 1;\n');
    c = capture(root);
    assert.equal(await main(['index', '--status', '--json'], c.io), 1);
    const st = JSON.parse(c.out.stdout);
    assert.deepEqual([st.upToDate, st.added, st.changed, st.removed], [false, 1, 0, 0]);
  });

  it('grounded query updates the saved index before searching', async () => {
    const root = copyFixture('basic');
    assert.equal(await main(['index'], capture(root).io), 0);
    writeFileSync(path.join(root, 'src', 'late.ts'), 'export function flamingoRegistry() {}\n');
    const c = capture(root);
    assert.equal(await main(['query', 'flamingoRegistry', '--no-llm', '--json'], c.io), 0);
    assert.equal(JSON.parse(c.out.stdout).chunks[0].path, 'src/late.ts');
    const s = capture(root);
    assert.equal(await main(['index', '--status'], s.io), 0);
  });
});
