import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FoldersSource, mergeFolderResults, PREFERRED_FOLDER_FACTOR, questionNames } from '../../../src/engine/retrieval/folders-source';
import { WorkspaceIndex } from '../../../src/engine/retrieval/index';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { fileSystemHost, openWorkspaceSession, type WorkspaceSession } from '../../../src/engine/session/workspace-session';
import { createCommandToolset } from '../../../src/engine/tools/command-tools';
import { foldersHost } from '../../../src/engine/tools/folders-host';
import { copyFixture, PLANTED_SECRETS } from '../../support/fixture';
import { CannedProvider } from '../../support/provider-helpers';

/** Two folders of one window, `basic` and `second`, each with its own session; `folders` lists both, as the extension does. */
function twoFolders(): { basic: WorkspaceSession; second: WorkspaceSession; roots: Record<string, string> } {
  const roots = { basic: copyFixture('basic'), second: copyFixture('second') };
  const sessions: { name: string; session: WorkspaceSession }[] = [];
  const folders = () => sessions;
  const basic = openWorkspaceSession({ root: roots.basic, watched: true, folders });
  const second = openWorkspaceSession({ root: roots.second, watched: true, folders });
  sessions.push({ name: 'basic', session: basic }, { name: 'second', session: second });
  return { basic, second, roots };
}

describe('a question in a window of several folders', () => {
  it('searches every folder: one context with name/rel paths, both folders cited and verified, files searched summed, secrets scrubbed', async () => {
    const { basic, second, roots } = twoFolders();
    const provider = new CannedProvider('Keys: basic/src/auth/keyStore.ts#L16-18. Initials: second/lib/helper.ts#L7-9.');
    const r = await basic.ask({ question: 'how is the API key stored, and how are initials computed?', provider, remember: false });
    const paths = r.context.chunks.map((c) => c.path);
    assert.ok(paths.includes('second/lib/helper.ts'), `the other folder's file is in the context: ${paths.join(', ')}`);
    assert.ok(paths.includes('basic/src/auth/keyStore.ts'), `the asking folder's file too: ${paths.join(', ')}`);
    assert.ok(paths.every((p) => /^(basic|second)\//.test(p)), `every path names its folder: ${paths.join(', ')}`);
    const sent = provider.requests[0].messages.map((m) => m.content).join('\n');
    assert.match(sent, /<<<FILE second\/lib\/helper\.ts#L1-9/);
    assert.match(sent, /export function initials/, 'the text was read from the second folder');
    for (const secret of PLANTED_SECRETS) assert.ok(!sent.includes(secret), 'one scrubber for all folders');
    assert.deepEqual(r.citations.map((c) => [c.path, c.verified]), [['basic/src/auth/keyStore.ts', true], ['second/lib/helper.ts', true]]);
    const files = async (root: string) => { const i = new WorkspaceIndex({ root }); await i.refresh(); return i.fileCount; };
    assert.equal(r.context.filesSearched, (await files(roots.basic)) + (await files(roots.second)));
    basic.dispose();
    second.dispose();
  });

  it('the asking folder is preferred, never exclusive: the other folder\'s answer still comes first', async () => {
    const { basic, second } = twoFolders();
    for (const from of [basic, second]) {
      const r = await from.ask({ question: 'where are initials computed?', remember: false });
      assert.equal(r.context.chunks[0]?.path, 'second/lib/helper.ts', `asked from ${from === basic ? 'basic' : 'second'}`);
    }
    basic.dispose();
    second.dispose();
  });

  it('a folder mention (@second/lib/) keeps the search to that folder of that workspace folder', async () => {
    const roots = { basic: copyFixture('basic'), second: copyFixture('second') };
    const sessions: { name: string; session: WorkspaceSession }[] = [];
    const mentions = { allowNetwork: () => false, roots: () => Object.entries(roots).map(([name, p]) => ({ name, path: p })) };
    const open = (root: string) => openWorkspaceSession({ root, watched: true, mentions, folders: () => sessions });
    const basic = open(roots.basic);
    sessions.push({ name: 'basic', session: basic }, { name: 'second', session: open(roots.second) });
    const kept = await basic.ask({ question: 'how are names and API keys formatted? @second/lib/', remember: false });
    assert.ok(kept.context.chunks.length > 0);
    assert.deepEqual([...new Set(kept.context.chunks.map((c) => c.path))], ['second/lib/helper.ts']);
    assert.equal(kept.context.filesSearched, 1);
    const own = await basic.ask({ question: 'how are names and API keys formatted? @basic/src/auth/', remember: false });
    assert.deepEqual([...new Set(own.context.chunks.map((c) => c.path))], ['basic/src/auth/keyStore.ts']);
  });

  it('a window of one folder keeps root-relative paths', async () => {
    const root = copyFixture('second');
    const session = openWorkspaceSession({ root, folders: () => [{ name: 'second', session }] });
    const r = await session.ask({ question: 'where are initials computed?', remember: false });
    assert.equal(r.context.chunks[0]?.path, 'lib/helper.ts');
  });
});

describe('merging the folders\' ranked chunks', () => {
  const chunk = (p: string, score: number) => ({ path: p, startLine: 1, endLine: 5, score, matched: [] });

  it('compares folders of one size by their scores; the preferred folder wins a near tie only', () => {
    const lists = [{ name: 'a', files: 300, chunks: [chunk('x.ts', 10), chunk('y.ts', 4)] }, { name: 'b', files: 300, chunks: [chunk('z.ts', 10.5)] }];
    assert.deepEqual(mergeFolderResults(lists, 10).map((c) => c.path), ['b/z.ts', 'a/x.ts', 'a/y.ts']);
    const aPreferred = lists.map((l) => ({ ...l, preference: l.name === 'a' ? PREFERRED_FOLDER_FACTOR : 1 }));
    assert.deepEqual(mergeFolderResults(aPreferred, 10).map((c) => c.path), ['a/x.ts', 'b/z.ts', 'a/y.ts']);
    const far = [{ name: 'a', files: 300, chunks: [chunk('x.ts', 10)] }, { name: 'b', files: 300, chunks: [chunk('z.ts', 20)] }];
    assert.equal(mergeFolderResults(far.map((l) => ({ ...l, preference: l.name === 'a' ? PREFERRED_FOLDER_FACTOR : 1 })), 10)[0].path, 'b/z.ts');
    assert.equal(mergeFolderResults(lists, 2).length, 2, 'at most the limit');
  });

  it('a folder the question names is preferred: its name is no path inside it, so its own index cannot see it', () => {
    assert.equal(questionNames('axios', extractTerms('how does axios cancel a request?')), true);
    assert.equal(questionNames('api-server', extractTerms('how does the server check tokens?')), true);
    assert.equal(questionNames('frontend', extractTerms('how does the server check tokens?')), false);
  });

  it('lifts a small folder\'s scores, which its index keeps low (a word is rare in few files only so much)', () => {
    const lists = [{ name: 'big', files: 2000, chunks: [chunk('x.ts', 10)] }, { name: 'small', files: 3, chunks: [chunk('z.ts', 4)] }];
    assert.deepEqual(mergeFolderResults(lists, 10).map((c) => c.path), ['small/z.ts', 'big/x.ts']);
  });

  it('sums files and indexing progress over the folders, names each skipped file\'s folder, and locates name/rel paths', async () => {
    const make = (files: Record<string, string>) => {
      const root = mkdtempSync(path.join(tmpdir(), 'grounded-folders-'));
      for (const [rel, text] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        writeFileSync(path.join(root, rel), text);
      }
      return root;
    };
    const a = make({ 'src/parse.ts': 'export function parseConfig() {}\n', 'big.bin': '\0\0\0binary' });
    const b = make({ 'lib/parse.py': 'def parse_config():\n    pass\n', 'lib/other.py': 'x = 1\n' });
    const still = { refresh: async () => undefined, search: async () => [], fileCount: 3, skipped: [], indexing: { indexed: 1, total: 5 } };
    const src = new FoldersSource([
      { name: 'a', root: a, source: new WorkspaceIndex({ root: a }) },
      { name: 'b', root: b, source: new WorkspaceIndex({ root: b }) },
    ]);
    const progress: string[] = [];
    await src.refresh({ onProgress: (m) => progress.push(m) });
    assert.deepEqual(progress.sort(), ['a: Searching 1 files…', 'b: Searching 2 files…']);
    const found = await src.search(extractTerms('parse config'), 10);
    assert.deepEqual(found.map((c) => c.path).sort(), ['a/src/parse.ts', 'b/lib/parse.py']);
    assert.equal(src.fileCount, 3);
    assert.equal(src.indexing, undefined, 'both indexes are complete');
    assert.deepEqual(src.skipped.map((s) => s.path), ['a/big.bin']);
    assert.equal(src.locate('b/lib/parse.py'), path.join(b, 'lib', 'parse.py'));
    assert.equal(src.locate('c/lib/parse.py'), undefined);
    const building = new FoldersSource([{ name: 'a', root: a, source: new WorkspaceIndex({ root: a }) }, { name: 'c', root: b, source: still }]);
    await building.refresh();
    await building.search(extractTerms('parse'), 10);
    assert.deepEqual(building.indexing, { indexed: 2, total: 6 }, 'a finished folder counts whole on both sides');
  });
});

describe('read-only tools in a window of several folders', () => {
  it('read, grep and list every folder by the name/rel paths the context uses; other paths are the asking folder\'s; none leaves a folder', async () => {
    const roots = { basic: copyFixture('basic'), second: copyFixture('second') };
    const hostOf = (root: string) => fileSystemHost({ root });
    const own = hostOf(roots.basic);
    const host = foldersHost([{ name: 'basic', host: own }, { name: 'second', host: hostOf(roots.second) }], own);
    const tools = createCommandToolset({ host });
    const run = (name: 'read' | 'grep', args: string) => tools.run({ kind: 'command', name, args, body: '' });
    const read = await run('read', 'second/lib/helper.ts#L7-9');
    assert.ok(read.ok, read.content);
    assert.match(read.content, /export function initials/);
    assert.deepEqual([read.lines?.path, read.lines?.startLine, read.lines?.endLine], ['second/lib/helper.ts', 7, 9], 'citable as the context names it');
    assert.ok((await run('read', 'src/auth/keyStore.ts#L1-3')).ok, 'a path of the asking folder as a window of one writes it');
    const grep = await run('grep', 'initials|storeApiKey');
    assert.match(grep.content, /^second\/lib\/helper\.ts:7: /m);
    assert.match(grep.content, /^basic\/src\/auth\/keyStore\.ts:\d+: /m);
    assert.ok(!grep.content.includes('AKIAZZZZ'), 'scrubbed as ever');
    const files = await host.listFiles();
    assert.ok(files.includes('second/lib/helper.ts') && files.includes('basic/src/auth/keyStore.ts'));
    assert.ok(!files.some((f) => f.startsWith('basic/config/local.env')), 'each folder keeps its ignore rules');
    for (const outside of ['second/../../etc/passwd', '../second/lib/helper.ts', '/etc/passwd']) assert.equal((await run('read', outside)).ok, false, outside);
    assert.equal(await host.stat('second'), 'directory');
    assert.equal((await host.explain('basic/config/local.env')).visible, false);
  });
});
