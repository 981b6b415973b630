import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type ProtocolConnection } from 'vscode-languageserver-protocol/node';
import { copyFixture, gitFixtureWithIgnoredFolder } from '../../support/fixture';
import {
  fileEventMatters,
  IndexingProgressNotification,
  SearchRequest,
  StatusRequest,
  StopIndexingRequest,
  type IndexingProgress,
} from '../../../src/engine/index-protocol/protocol';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { openIndex } from '../../../src/engine/retrieval/index-store';

const SERVER = path.join(__dirname, '..', '..', '..', 'src', 'server', 'main.ts');

/**
 * Starts the index server over stdio on `root`, as a client would, and completes the handshake;
 * `listen` registers handlers before the first message can arrive.
 */
async function startServer(
  root: string,
  opts: { wait?: boolean; listen?: (conn: ProtocolConnection) => void } = {},
): Promise<{ conn: ProtocolConnection; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  opts.listen?.(conn);
  conn.listen();
  await conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: {},
    workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'ws' }],
    initializationOptions: { settings: {} },
  });
  await conn.sendNotification('initialized', {});
  if (opts.wait === false) return { conn, child };
  // Questions asked before the first build ends are answered from a partial index; these tests want the whole.
  for (;;) {
    const [status] = await conn.sendRequest(StatusRequest, {});
    if (status.files > 0 && !status.indexing) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return { conn, child };
}

describe('the index server', () => {
  const children: ChildProcess[] = [];
  after(() => children.forEach((c) => c.kill()));

  it('answers a search with ranked chunks of the workspace', async () => {
    const root = copyFixture('basic');
    const { conn, child } = await startServer(root);
    children.push(child);
    const r = await conn.sendRequest(SearchRequest, { root, terms: extractTerms('how are API keys stored?'), limit: 5 });
    assert.equal(r.chunks[0]?.path, 'src/auth/keyStore.ts');
    assert.ok(r.fileCount > 5);
    const status = await conn.sendRequest(StatusRequest, {});
    assert.equal(status[0].root, root);
    // A question kept to a folder (`@docs/`) gets chunks of that folder only.
    const kept = await conn.sendRequest(SearchRequest, { root, terms: extractTerms('how are requests retried?'), limit: 5, within: ['docs/'] });
    assert.ok(kept.chunks.length > 0 && kept.chunks.every((c) => c.path.startsWith('docs/')), JSON.stringify(kept.chunks.map((c) => c.path)));
  });

  it('finds the unsaved text of an open editor in the next search', async () => {
    const root = copyFixture('basic');
    const { conn, child } = await startServer(root);
    children.push(child);
    const uri = pathToFileURL(path.join(root, 'src', 'notes.ts')).href;
    await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'typescript', version: 1, text: 'export const x = 1;\n' } });
    await conn.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ text: 'export function quokkaLedger() {}\n' }],
    });
    const r = await conn.sendRequest(SearchRequest, { root, terms: extractTerms('quokkaLedger'), limit: 1 });
    assert.equal(r.chunks[0]?.path, 'src/notes.ts');
  });

  it('saves its index at shutdown, a file re-indexed from its change event included', async () => {
    const root = copyFixture('basic');
    const { conn, child } = await startServer(root);
    children.push(child);
    const file = path.join(root, 'src', 'util', 'time.ts');
    writeFileSync(file, 'export const pangolinShutdown = 1;\n');
    await conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(file).href, type: 2 }] });
    const r = await conn.sendRequest(SearchRequest, { root, terms: extractTerms('pangolinShutdown'), limit: 1 });
    assert.equal(r.chunks[0]?.path, 'src/util/time.ts');
    await conn.sendRequest('shutdown');
    const { index } = await openIndex({ root, settings: {} });
    assert.equal((await index.refresh()).reread, 0, 'the saved index already held the edit');
  });

  it('passes on a change of git\'s index (and no other file under .git), and re-lists the files after it', async () => {
    assert.equal(fileEventMatters('.git/index', []), true);
    assert.equal(fileEventMatters('vendor/lib/.git/index', []), true, "a nested repository's index");
    assert.equal(fileEventMatters('.git/index.lock', []), false);
    assert.equal(fileEventMatters('.git/objects/ab/cdef', []), false);
    assert.equal(fileEventMatters('.git/info/exclude', []), true);
    const { root, git } = gitFixtureWithIgnoredFolder({ 'tracked.ts': 'export const ibisTrackedServer = 1;\n' }, ['tracked.ts']);
    const { conn, child } = await startServer(root);
    children.push(child);
    const find = async () => (await conn.sendRequest(SearchRequest, { root, terms: extractTerms('ibisTrackedServer'), limit: 1 })).chunks.map((c) => c.path);
    assert.deepEqual(await find(), ['generated/tracked.ts'], 'tracked, though ignored');
    git('rm', '-q', '--cached', 'generated/tracked.ts');
    const index = pathToFileURL(path.join(root, '.git', 'index')).href;
    await conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: index, type: 2 }] });
    for (let tries = 0; (await find()).includes('generated/tracked.ts'); tries++) {
      assert.ok(tries < 100, 'the file git no longer tracks left the index');
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it('re-lists a folder inside a repository when a rule file above it changes (the client watches those for it)', async () => {
    const { root: top } = gitFixtureWithIgnoredFolder({ 'keep.ts': 'export const heronServerAbove = 1;\n' }, []);
    const app = path.join(top, 'src');
    writeFileSync(path.join(app, 'drafts.ts'), 'export const grebeServerDraft = 1;\n');
    const { conn, child } = await startServer(app);
    children.push(child);
    const search = () => conn.sendRequest(SearchRequest, { root: app, terms: extractTerms('grebeServerDraft'), limit: 1 });
    const find = async () => (await search()).chunks.map((c) => c.path);
    assert.deepEqual(await find(), ['drafts.ts']);
    const gitignore = path.join(top, '.gitignore');
    appendFileSync(gitignore, 'src/drafts.ts\n');
    await conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(realpathSync(gitignore)).href, type: 2 }] });
    for (let tries = 0; (await find()).includes('drafts.ts'); tries++) {
      assert.ok(tries < 100, 'the file the .gitignore above now hides left the index');
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it('reports a long build as files done of total, stops it on request, and carries on at the next question', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'grounded-progress-'));
    after(() => rmSync(root, { recursive: true, force: true }));
    for (let d = 0; d < 60; d++) {
      mkdirSync(path.join(root, `pkg${d}`));
      for (let f = 0; f < 100; f++)
        writeFileSync(path.join(root, `pkg${d}`, `m${f}.ts`), `export function handler${d}x${f}(input: string) {\n  return input.trim();\n}\n`);
    }
    writeFileSync(path.join(root, 'pkg0', 'm0.ts'), 'export function quasarLedgerTotal() { return 42; }\n');
    const messages: IndexingProgress[] = [];
    let stopped: Promise<number> | undefined;
    const { conn, child } = await startServer(root, {
      wait: false,
      listen: (c) => c.onNotification(IndexingProgressNotification, (p) => {
        messages.push(p);
        // Stopped as soon as the first report arrives, as a user clicking the status bar would.
        stopped ??= c.sendRequest(StopIndexingRequest, {});
      }),
    });
    children.push(child);
    for (let i = 0; i < 600 && !messages.some((m) => m.ended); i++) await new Promise((r) => setTimeout(r, 50));
    assert.equal(await stopped, 1, 'one run was under way and stopped');
    const last = messages.at(-1)!;
    assert.equal(last.ended, 'stopped');
    assert.equal(last.root, root);
    assert.equal(last.total, 6000);
    assert.ok(last.indexed > 0 && last.indexed < 6000, `stopped part way: ${last.indexed}`);
    for (const m of messages.slice(0, -1)) assert.ok(m.indexed <= m.total && m.ended === undefined);
    const [status] = await conn.sendRequest(StatusRequest, {});
    assert.equal(status.indexing, undefined, 'nothing runs after the stop');
    assert.ok(status.files < 6000);
    // The next question resumes the build and is answered from what is indexed by then.
    const r = await conn.sendRequest(SearchRequest, { root, terms: extractTerms('quasarLedgerTotal'), limit: 1 });
    assert.equal(r.chunks[0]?.path, 'pkg0/m0.ts');
    for (let i = 0; i < 600; i++) {
      const [s] = await conn.sendRequest(StatusRequest, {});
      if (s.files === 6000 && !s.indexing) break;
      await new Promise((res) => setTimeout(res, 50));
    }
    const [done] = await conn.sendRequest(StatusRequest, {});
    assert.equal(done.files, 6000);
    assert.equal(messages.at(-1)?.ended, 'done');
    // The resumed run counts against the whole folder, from where the stopped one got to: the status
    // bar's "stopped at 1,200 of 6,000" is followed by "indexing 1,300 of 6,000", not "100 of 4,800".
    const resumed = messages.slice(messages.indexOf(last) + 1);
    assert.ok(status.files > 0, 'the stopped run kept what it had indexed');
    for (const m of resumed) assert.equal(m.total, 6000, JSON.stringify(m));
    assert.ok(resumed[0].indexed > status.files, `from ${status.files} on: ${JSON.stringify(resumed.map((m) => m.indexed))}`);
    assert.ok(resumed.every((m, i) => i === 0 || m.indexed >= resumed[i - 1].indexed), 'the count only goes up');
    assert.equal(await conn.sendRequest(StopIndexingRequest, {}), 0, 'nothing left to stop');
  });
});
