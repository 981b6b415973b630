import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { resolveSettings, type EngineSettings } from '../../../src/engine/config/settings';
import { buildContext } from '../../../src/engine/context/build';
import { connectResident, type ResidentClient } from '../../../src/engine/resident/context-client';
import { AlreadyServingError, startResidentServer, type ResidentServer } from '../../../src/engine/resident/context-server';
import { RefusedCode } from '../../../src/engine/resident/protocol';
import { residentSocketPath } from '../../../src/engine/resident/socket-path';
import { openIndex } from '../../../src/engine/retrieval/index-store';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { copyFixture, gitFixtureWithIgnoredFolder, PLANTED_SECRETS } from '../../support/fixture';

const settings = resolveSettings({});
let n = 0;
const ask = (client: ResidentClient, question: string, s: EngineSettings = settings) => client.context({ question, settings: s, queryId: `q-${++n}` });
const where = (ctx: { chunks: { path: string; startLine: number; endLine: number }[] }) => ctx.chunks.map((c) => `${c.path}#L${c.startLine}-L${c.endLine}`);

/** Waits until `check` passes (file events arrive asynchronously; a refresh settles for 300 ms). */
async function eventually(check: () => Promise<void>, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

describe('the resident server (grounded serve)', () => {
  const open: { server?: ResidentServer; client?: ResidentClient }[] = [];
  after(async () => {
    for (const o of open) {
      o.client?.close();
      await o.server?.close();
    }
  });
  const start = async (root: string) => {
    const server = await startResidentServer({ root, settings });
    const client = await connectResident(root);
    assert.ok(client, 'the CLI connects to the running server');
    open.push({ server, client });
    return { server, client: client! };
  };

  it('builds the same scrubbed context as the CLI builds in-process, on a socket only its owner may open', async () => {
    const root = copyFixture('basic');
    const { server, client } = await start(root);
    const remote = await ask(client, 'how are API keys stored?');
    const local = await buildContext({ root, question: 'how are API keys stored?', settings });
    assert.deepEqual(where(remote), where(local));
    assert.equal(remote.chunks[0].path, 'src/auth/keyStore.ts');
    assert.deepEqual(remote.redactions, local.redactions);
    const sent = remote.chunks.map((c) => c.text).join('\n');
    for (const secret of PLANTED_SECRETS) assert.ok(!sent.includes(secret), `${secret} was scrubbed`);
    assert.equal(server.socketPath, path.join(root, '.agent', 'state', 'serve.sock'));
    if (process.platform !== 'win32') assert.equal(statSync(server.socketPath).mode & 0o777, 0o600);
    const status = await client.status();
    assert.equal(status.root, root);
    assert.equal(status.files, server.folder.index.fileCount);
    assert.ok(status.watchedFolders >= 5, `${status.watchedFolders} folders watched`);
  });

  it('sees an edit, a new file in a new folder and a removed file at the next question', async () => {
    const root = copyFixture('basic');
    const { client } = await start(root);
    writeFileSync(path.join(root, 'src', 'util', 'time.ts'), 'export const zebraQuokkaMarker = 1;\n');
    // Asked at once: the edit's event is taken in before the question is answered.
    assert.deepEqual(where(await ask(client, 'zebraQuokkaMarker')), ['src/util/time.ts#L1-L1']);
    mkdirSync(path.join(root, 'src', 'fresh', 'deeper'), { recursive: true });
    writeFileSync(path.join(root, 'src', 'fresh', 'deeper', 'platypus.ts'), 'export function platypusLookup() {}\n');
    // A file in a folder made just now is seen once the watcher has taken in the new folder: soon, not at once.
    await eventually(async () => assert.deepEqual(where(await ask(client, 'platypusLookup')), ['src/fresh/deeper/platypus.ts#L1-L1']));
    // A folder created after the server started is watched too: an edit inside it is seen.
    await new Promise((r) => setTimeout(r, 100));
    writeFileSync(path.join(root, 'src', 'fresh', 'deeper', 'platypus.ts'), 'export function wombatLookup() {}\n');
    await eventually(async () => assert.deepEqual(where(await ask(client, 'wombatLookup')), ['src/fresh/deeper/platypus.ts#L1-L1']));
    rmSync(path.join(root, 'src', 'fresh'), { recursive: true });
    await eventually(async () => assert.deepEqual(where(await ask(client, 'wombatLookup')), []));
  });

  it('re-decides what is visible when an ignore file changes', async () => {
    const root = copyFixture('basic');
    execFileSync('git', ['init', '-q'], { cwd: root });
    writeFileSync(path.join(root, 'src', 'kiwi.ts'), 'export const kiwiOnlyHere = 1;\n');
    const { client } = await start(root);
    assert.deepEqual(where(await ask(client, 'kiwiOnlyHere')), ['src/kiwi.ts#L1-L1']);
    writeFileSync(path.join(root, '.agentignore'), 'src/kiwi.ts\n');
    await eventually(async () => assert.ok(!where(await ask(client, 'kiwiOnlyHere')).includes('src/kiwi.ts#L1-L1')));
    writeFileSync(path.join(root, '.agentignore'), '\n');
    await eventually(async () => assert.ok(where(await ask(client, 'kiwiOnlyHere')).includes('src/kiwi.ts#L1-L1')));
  });

  it('sees `git rm --cached` and `git add -f` of an ignored file: only git\'s index changed', async () => {
    const { root, git } = gitFixtureWithIgnoredFolder(
      { 'tracked.ts': 'export const ibisTracked = 1;\n', 'later.ts': 'export const egretLater = 1;\n' },
      ['tracked.ts'],
    );
    const { client } = await start(root);
    const listed = async () => (await client.files(settings)).files.filter((f) => f.startsWith('generated/'));
    assert.deepEqual(await listed(), ['generated/tracked.ts'], 'tracked, though ignored: git lists it');
    git('rm', '-q', '--cached', 'generated/tracked.ts');
    await eventually(async () => assert.deepEqual(await listed(), []));
    assert.deepEqual(where(await ask(client, 'ibisTracked')), []);
    git('add', '-f', 'generated/later.ts');
    await eventually(async () => assert.deepEqual(await listed(), ['generated/later.ts']));
    assert.deepEqual(where(await ask(client, 'egretLater')), ['generated/later.ts#L1-L1']);
  });

  it('sees `git rm --cached` in a folder inside a repository, whose git index lies above it', async () => {
    const { root: top, git } = gitFixtureWithIgnoredFolder({ 'keep.ts': 'export const heronOutside = 1;\n' }, []);
    const app = path.join(top, 'src');
    mkdirSync(path.join(app, 'generated'));
    writeFileSync(path.join(app, 'generated', 'inner.ts'), 'export const cormorantInner = 1;\n');
    writeFileSync(path.join(app, '.gitignore'), 'generated/\n');
    git('add', '-A');
    git('add', '-f', 'src/generated/inner.ts');
    git('commit', '-qm', 'inner');
    const { client } = await start(app);
    assert.deepEqual(where(await ask(client, 'cormorantInner')), ['generated/inner.ts#L1-L1'], 'tracked, though ignored');
    git('rm', '-q', '--cached', 'src/generated/inner.ts');
    await eventually(async () => assert.deepEqual(where(await ask(client, 'cormorantInner')), []));
  });

  it('re-decides what is visible in a folder inside a repository when a rule above it changes (.gitignore, info/exclude)', async () => {
    const { root: top } = gitFixtureWithIgnoredFolder({ 'keep.ts': 'export const heronAbove = 1;\n' }, []);
    const app = path.join(top, 'src');
    writeFileSync(path.join(app, 'drafts.ts'), 'export const grebeDraft = 1;\n');
    writeFileSync(path.join(app, 'scratch.ts'), 'export const ternScratch = 1;\n');
    const { client } = await start(app);
    assert.deepEqual(where(await ask(client, 'grebeDraft')), ['drafts.ts#L1-L1'], 'untracked, not ignored');
    appendFileSync(path.join(top, '.gitignore'), 'src/drafts.ts\n');
    await eventually(async () => assert.deepEqual(where(await ask(client, 'grebeDraft')), []));
    assert.deepEqual(where(await ask(client, 'ternScratch')), ['scratch.ts#L1-L1']);
    appendFileSync(path.join(top, '.git', 'info', 'exclude'), 'scratch.ts\n');
    await eventually(async () => assert.deepEqual(where(await ask(client, 'ternScratch')), []));
  });

  it('refuses questions asked with other index settings or another protocol, so the CLI answers them itself', async () => {
    const root = copyFixture('basic');
    const { client } = await start(root);
    await assert.rejects(ask(client, 'keys', resolveSettings({ excludedFolders: ['src'] })), (err: { code: number }) => err.code === RefusedCode.otherSettings);
    // Budgets are the question's own: they never make the server refuse.
    const small = await ask(client, 'how are API keys stored?', resolveSettings({ maxContextTokens: 300 }));
    assert.ok(small.totalTokens <= 300, `${small.totalTokens} tokens`);
  });

  it('replaces a stale socket, refuses to start twice for one folder, and removes its socket when closed', async () => {
    const root = copyFixture('basic');
    const socket = residentSocketPath(root);
    mkdirSync(path.dirname(socket), { recursive: true });
    if (process.platform !== 'win32') {
      // A socket file left by a killed server: nothing listens there any more.
      const script = `require('node:net').createServer().listen(${JSON.stringify(socket)}, () => process.kill(process.pid, 'SIGKILL'))`;
      spawnSync(process.execPath, ['-e', script]);
      assert.ok(existsSync(socket));
      assert.equal(await connectResident(root), undefined, 'a stale socket is not a server');
    }
    const server = await startResidentServer({ root, settings });
    await assert.rejects(startResidentServer({ root, settings }), AlreadyServingError);
    await server.close();
    if (process.platform !== 'win32') assert.ok(!existsSync(socket));
    assert.equal(await connectResident(root), undefined);
  });

  it('answers the CLI run through a symlink to its folder, and the other way round', { skip: process.platform === 'win32' }, async () => {
    const root = copyFixture('basic');
    const link = path.join(tmpdir(), `grounded-link-${process.pid}-${++n}`);
    symlinkSync(root, link);
    try {
      for (const [serverAt, cliAt] of [[root, link], [link, root]]) {
        const server = await startResidentServer({ root: serverAt, settings });
        const client = await connectResident(cliAt);
        try {
          assert.ok(client, `a server started in ${serverAt} is found from ${cliAt}`);
          const ctx = await ask(client!, 'how are API keys stored?');
          assert.equal(ctx.chunks[0].path, 'src/auth/keyStore.ts');
        } finally {
          client?.close();
          await server.close();
        }
      }
    } finally {
      rmSync(link, { force: true });
    }
  });

  it('rejects a question (for the CLI to answer itself) when the server went away after the CLI connected', async () => {
    const root = copyFixture('basic');
    const server = await startResidentServer({ root, settings });
    const client = await connectResident(root);
    assert.ok(client);
    await Promise.all([server.close(), new Promise((r) => setTimeout(r, 50))]);
    await assert.rejects(ask(client!, 'how are API keys stored?'));
    client!.close();
  });

  it('listens in a private folder under the temporary folder where the workspace cannot hold its socket', async () => {
    for (const setup of ['a path too long for a socket', 'a state folder that cannot hold one'] as const) {
      let root = copyFixture('basic');
      if (setup === 'a path too long for a socket') {
        const deep = path.join(root, 'a-rather-long-folder-name-to-make-the-socket-path-too-long', 'and-one-more-level-of-it');
        mkdirSync(deep, { recursive: true });
        writeFileSync(path.join(deep, 'deep.ts'), 'export const anteaterDeep = 1;\n');
        root = deep;
      } else {
        // A file where the state folder would be: no socket can be made inside it (as on a drive that holds none).
        mkdirSync(path.join(root, '.agent'), { recursive: true });
        writeFileSync(path.join(root, '.agent', 'state'), '');
      }
      const server = await startResidentServer({ root, settings });
      const place = server.socketPath;
      assert.ok(!place.startsWith(root), `${setup}: ${place}`);
      assert.equal(path.dirname(place), path.join(tmpdir(), `grounded-${process.getuid?.() ?? 0}`));
      if (process.platform !== 'win32') assert.equal(statSync(path.dirname(place)).mode & 0o777, 0o700);
      const client = await connectResident(root);
      assert.ok(client, setup);
      assert.equal(client!.socketPath, place);
      assert.ok((await ask(client!, setup === 'a path too long for a socket' ? 'anteaterDeep' : 'how are API keys stored?')).chunks.length > 0);
      client!.close();
      await assert.rejects(startResidentServer({ root, settings }), AlreadyServingError);
      await server.close();
      assert.ok(!existsSync(place));
    }
  });

  it('saves, as it stops, edits it re-indexed one by one: the next start reads nothing again', async () => {
    const root = copyFixture('basic');
    const server = await startResidentServer({ root, settings });
    const client = (await connectResident(root))!;
    writeFileSync(path.join(root, 'src', 'util', 'time.ts'), 'export const okapiSavedOnClose = 1;\n');
    assert.deepEqual(where(await ask(client, 'okapiSavedOnClose')), ['src/util/time.ts#L1-L1']);
    client.close();
    await server.close();
    const { index } = await openIndex({ root, settings });
    const report = await index.refresh();
    assert.equal(report.reread, 0, 'the saved index already held the edit');
    assert.equal((await index.search(extractTerms('okapiSavedOnClose'), 1))[0]?.path, 'src/util/time.ts');
  });

  it('keeps answering, from a re-listed file list, when watching fails', async () => {
    const root = copyFixture('basic');
    const { server, client } = await start(root);
    let lost = '';
    (server.watcher as unknown as { events: { onLost(r: string): void } }).events.onLost = (r) => { lost = r; server.folder.index.markDirty(); };
    (server.watcher as unknown as { giveUp(r: string): void }).giveUp('test: limit reached');
    assert.equal(lost, 'test: limit reached');
    assert.equal((await client.status()).watchedFolders, 0);
    writeFileSync(path.join(root, 'src', 'unwatched.ts'), 'export const narwhalUnwatched = 1;\n');
    assert.deepEqual(where(await ask(client, 'narwhalUnwatched')), ['src/unwatched.ts#L1-L1']);
  });
});
