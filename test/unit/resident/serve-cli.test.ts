import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { main } from '../../../src/cli/main';
import { captureIo } from '../../support/cli-io';
import { copyFixture } from '../../support/fixture';

const capture = captureIo;

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 1200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  assert.ok(check());
}

test('grounded serve answers grounded query in its folder (same output), --no-daemon bypasses it, a second serve exits 1', async () => {
  const root = copyFixture('basic');
  const serve = capture(root);
  const running = main(['serve'], serve.io);
  await until(() => serve.err.includes('answering for'));
  assert.match(serve.err, /answering for .* \(\d+ files, \d+ folders watched\) on .*serve\.sock/);

  const viaServer = capture(root);
  assert.equal(await main(['query', 'how are API keys stored?', '--no-llm', '--json'], viaServer.io), 0);
  await until(() => /question [0-9a-f]{8}: \d+ chunks/.test(serve.err));
  // The log of the server holds counts, never the question.
  assert.ok(!serve.err.includes('API keys'));

  const local = capture(root);
  assert.equal(await main(['query', 'how are API keys stored?', '--no-llm', '--json', '--no-daemon'], local.io), 0);
  assert.equal(serve.err.match(/question /g)?.length, 1, '--no-daemon did not ask the server');
  const [a, b] = [JSON.parse(viaServer.out), JSON.parse(local.out)];
  const shape = (r: { chunks: { path: string; startLine: number; endLine: number }[] }) => r.chunks.map((c) => `${c.path}#L${c.startLine}-L${c.endLine}`);
  assert.deepEqual(shape(a), shape(b));
  assert.deepEqual(Object.keys(a), Object.keys(b));
  assert.equal(a.chunks[0].path, 'src/auth/keyStore.ts');

  // A question with a mention is built by the CLI itself (attached text stays in its process).
  assert.equal(await main(['query', 'what does @src/util/time.ts do', '--no-llm', '--json'], capture(root).io), 0);
  assert.equal(serve.err.match(/question /g)?.length, 1);

  // Settings changed after the server started: the CLI answers by itself and says why, once.
  mkdirSync(path.join(root, '.agent', 'etc'), { recursive: true });
  writeFileSync(path.join(root, '.agent', 'etc', 'query.yaml'), 'excluded_folders: [docs]\n');
  const stale = capture(root);
  assert.equal(await main(['query', 'how are API keys stored?', '--no-llm', '--json'], stale.io), 0);
  assert.match(
    stale.err,
    /note: grounded serve for this folder runs with other settings; answering here\. Restart it: grounded serve --stop, then grounded serve --detach\n/,
  );
  assert.equal(JSON.parse(stale.out).chunks[0].path, 'src/auth/keyStore.ts');
  assert.equal(serve.err.match(/question /g)?.length, 1);
  rmSync(path.join(root, '.agent', 'etc'), { recursive: true });

  const second = capture(root);
  assert.equal(await main(['serve'], second.io), 1);
  assert.match(second.err, /already answers for/);

  process.emit('SIGTERM');
  assert.equal(await running, 0);
  assert.match(serve.err, /stopped \(terminated\)/);
  // Without a server the CLI answers as before.
  assert.equal(await main(['query', 'how are API keys stored?', '--no-llm', '--json'], capture(root).io), 0);
});

test('grounded files prints the same list from a running grounded serve as by itself, in a plain folder and in a git repository', async () => {
  for (const git of [false, true]) {
    const root = copyFixture('basic');
    if (git) execFileSync('git', ['init', '-q'], { cwd: root });
    writeFileSync(path.join(root, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    // A link to a listed file: listed by both, though the index reads only its target.
    symlinkSync(path.join('..', 'src', 'auth', 'keyStore.ts'), path.join(root, 'config', 'keys-link.ts'));
    const list = async (...args: string[]) => {
      const c = capture(root);
      assert.equal(await main(['files', ...args], c.io), 0);
      return c.out;
    };
    const alone = [await list(), await list('--json')];
    assert.match(alone[0], /^config\/keys-link\.ts$/m);
    const serve = capture(root);
    const running = main(['serve'], serve.io);
    await until(() => serve.err.includes('answering for'));
    assert.deepEqual([await list(), await list('--json')], alone);
    // A file created just before the listing is in it: the server takes in the change first.
    writeFileSync(path.join(root, 'src', 'added.ts'), 'export const added = 1;\n');
    assert.match(await list(), /^src\/added\.ts$/m);
    // Another size limit than the server's: listed here, as without a server.
    assert.deepEqual(JSON.parse(await list('--json', '--max-file-size', '4')).skipped.length > 3, true);
    process.emit('SIGTERM');
    assert.equal(await running, 0);
  }
});

test('grounded serve --help documents the command and its exit codes', async () => {
  const c = capture(process.cwd());
  assert.equal(await main(['serve', '--help'], c.io), 0);
  assert.match(c.out, /Usage: grounded serve \[--root DIR\] \[--idle-minutes N\]/);
  assert.match(c.out, /1 another server already answers/);
});

test('grounded serve --detach runs it in the background until --stop; --status says whether one answers', async () => {
  const root = copyFixture('basic');
  const run = async (...args: string[]) => {
    const c = capture(root);
    const code = await main(['serve', ...args], c.io);
    return { code, out: c.out, err: c.err };
  };
  assert.deepEqual(await run('--status'), { code: 1, out: `no server answers for ${root}\n`, err: '' });
  const started = await run('--detach', '--idle-minutes', '5');
  assert.equal(started.code, 0, started.err);
  assert.match(started.out, /a server answers for .*: pid \d+, \d+ files, \d+ folders watched.*\(in the background; stops after 5 idle minutes\)/);
  assert.match(started.out, /stop it with: grounded serve --stop/);
  const again = await run('--detach');
  assert.equal(again.code, 1);
  assert.match(again.err, /a server answers for/);
  const status = await run('--status', '--json');
  assert.equal(status.code, 0);
  const parsed = JSON.parse(status.out);
  assert.equal(parsed.running, true);
  assert.equal(parsed.root, root);
  // The background server answers the CLI's questions; its log holds counts, not the question.
  assert.equal(await main(['query', 'how are API keys stored?', '--no-llm', '--json'], capture(root).io), 0);
  const stopped = await run('--stop');
  assert.equal(stopped.code, 0);
  assert.equal(stopped.out, `stopped the server of ${root} (pid ${parsed.pid})\n`);
  assert.equal((await run('--stop')).code, 1);
  const log = readFileSync(path.join(root, '.agent', 'state', 'serve.log'), 'utf8');
  assert.match(log, /question [0-9a-f]{8}: \d+ chunks/);
  assert.match(log, /stopped \(stopped by grounded serve --stop\)/);
  assert.ok(!log.includes('API keys'));
});

test('grounded serve: one of --detach, --status, --stop; --json only with --status', async () => {
  for (const args of [['--detach', '--stop'], ['--status', '--stop'], ['--json']]) {
    const c = capture(process.cwd());
    assert.equal(await main(['serve', ...args], c.io), 2, args.join(' '));
  }
});

/** The basic fixture and 5,000 small generated files: large enough for a background server. */
function largeFolder(): string {
  const root = copyFixture('basic');
  for (let d = 0; d < 50; d++) {
    mkdirSync(path.join(root, 'gen', `d${d}`), { recursive: true });
    for (let f = 0; f < 100; f++) writeFileSync(path.join(root, 'gen', `d${d}`, `f${f}.ts`), `export const v${d}_${f} = ${f};\n`);
  }
  return root;
}

test('grounded query in a folder of 5,000 files or more starts grounded serve in the background for the next questions, unless told not to', async () => {
  const root = largeFolder();
  const ask = async (env: NodeJS.ProcessEnv, ...extra: string[]) => {
    const c = capture(root);
    assert.equal(await main(['query', 'how are API keys stored?', '--no-llm', '--json', ...extra], { ...c.io, env }), 0);
    return { out: JSON.parse(c.out) as { chunks: { path: string }[] }, err: c.err };
  };
  const status = async () => main(['serve', '--status'], capture(root).io);
  // Told not to: the flag, or the environment variable (for every question of a script).
  assert.doesNotMatch((await ask({}, '--no-daemon')).err, /note:/);
  assert.doesNotMatch((await ask({ GROUNDED_NO_DAEMON: '1' })).err, /note:/);
  assert.equal(await status(), 1);

  const first = await ask({});
  assert.match(first.err, /note: started `grounded serve` in the background for these 5,0\d\d files.*stops after 20 idle minutes/);
  assert.equal(first.out.chunks[0].path, 'src/auth/keyStore.ts');
  for (let i = 0; i < 1200 && (await status()) !== 0; i++) await new Promise((r) => setTimeout(r, 100));
  try {
    assert.equal(await status(), 0, 'the background server never answered');
    // The next question is answered by it (its log counts it), says nothing more, and finds the same.
    const next = await ask({ GROUNDED_NO_DAEMON: '0' });
    assert.doesNotMatch(next.err, /note:/);
    assert.equal(next.out.chunks[0].path, 'src/auth/keyStore.ts');
    const log = readFileSync(path.join(root, '.agent', 'state', 'serve.log'), 'utf8');
    assert.match(log, /answering for .* \(5,0\d\d files/);
    assert.match(log, /question [0-9a-f]{8}: \d+ chunks/);
    assert.ok(!log.includes('API keys'));
  } finally {
    await main(['serve', '--stop'], capture(root).io);
  }
});

test('grounded files in a large indexed folder starts grounded serve for the next listings, which it answers byte for byte the same', async () => {
  const root = largeFolder();
  const list = async (env: NodeJS.ProcessEnv, ...extra: string[]) => {
    const c = capture(root);
    assert.equal(await main(['files', ...extra], { ...c.io, env }), 0);
    return c;
  };
  const status = async () => main(['serve', '--status'], capture(root).io);
  // No search index yet: a folder nobody asks questions about gets no server from a listing.
  const unindexed = await list({});
  assert.doesNotMatch(unindexed.err, /note:/);
  assert.equal(await main(['index'], capture(root).io), 0);
  // Told not to, or with a size limit of its own that a server would not answer for.
  assert.doesNotMatch((await list({}, '--no-daemon')).err, /note:/);
  assert.doesNotMatch((await list({ GROUNDED_NO_DAEMON: '1' })).err, /note:/);
  assert.doesNotMatch((await list({}, '--max-file-size', '2000')).err, /note:/);
  assert.equal(await status(), 1);

  const first = await list({});
  assert.match(first.err, /note: started `grounded serve` in the background for these 5,0\d\d files, so the next listings and questions/);
  assert.equal(first.out, unindexed.out);
  for (let i = 0; i < 1200 && (await status()) !== 0; i++) await new Promise((r) => setTimeout(r, 100));
  try {
    assert.equal(await status(), 0, 'the background server never answered');
    const next = await list({});
    assert.doesNotMatch(next.err, /note:/);
    assert.equal(next.out, first.out);
    assert.match(readFileSync(path.join(root, '.agent', 'state', 'serve.log'), 'utf8'), /listing: 5,0\d\d files, \d+ ms/);
    // --no-daemon lists here even with the server running: the same list, and the server logs no second listing.
    assert.equal((await list({}, '--no-daemon')).out, first.out);
    assert.equal(readFileSync(path.join(root, '.agent', 'state', 'serve.log'), 'utf8').match(/listing: /g)?.length, 1);
  } finally {
    await main(['serve', '--stop'], capture(root).io);
  }
});
