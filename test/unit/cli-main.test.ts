import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { main } from '../../src/cli/main';
import { captureIo } from '../support/cli-io';

const capture = () => captureIo(process.cwd());

test('unknown command exits 2 and lists the commands', async () => {
  const c = capture();
  assert.equal(await main(['frobnicate'], c.io), 2);
  assert.match(c.err, /unknown command 'frobnicate'/);
  assert.match(c.err, /check-url/);
});

test('a mistyped command or option is named with what was meant; a word far from every name gets no guess', async () => {
  const typed = async (...argv: string[]) => {
    const c = capture();
    assert.equal(await main(argv, c.io), 2, argv.join(' '));
    return c.err.split('\n')[0];
  };
  assert.equal(await typed('quary', 'x'), "grounded: unknown command 'quary'. Did you mean 'query'?");
  assert.equal(await typed('serv'), "grounded: unknown command 'serv'. Did you mean 'serve'?");
  assert.equal(await typed('q'), "grounded: unknown command 'q'.");
  assert.equal(await typed('query', 'x', '--jsno'), "grounded query: Unknown option '--jsno'. Did you mean '--json'?");
  assert.equal(await typed('index', '--stats'), "grounded index: Unknown option '--stats'. Did you mean '--status'?");
  assert.equal(await typed('files', '--explian=a.ts'), "grounded files: Unknown option '--explian'. Did you mean '--explain'?");
  assert.match(await typed('query', 'x', '--bogus'), /^grounded query: Unknown option '--bogus'\. To specify a positional argument/);
});

test('--help lists every command and the exit codes', async () => {
  const c = capture();
  assert.equal(await main(['--help'], c.io), 0);
  for (const name of ['query', 'serve', 'files', 'scrub', 'metrics', 'check-url', 'plan', 'audit', 'memory']) assert.match(c.out, new RegExp(`\\b${name}\\b`));
  assert.match(c.out, /3 URL blocked/);
});

test('an unknown option is a usage error (exit 2, with how to get help) in every command', async () => {
  const calls = [
    ['query', 'q'],
    ['files'],
    ['scrub'],
    ['metrics'],
    ['check-url', 'https://example.com'],
    ['plan', 'check', 'p.json'],
    ['audit', 'show', 'x'],
    ['memory', 'sql', 'SELECT 1'],
    ['serve'],
  ];
  for (const call of calls) {
    const c = capture();
    assert.equal(await main([...call, '--bogus'], c.io), 2, `grounded ${call.join(' ')} --bogus`);
    assert.match(c.err, new RegExp(`grounded ${call[0]}: Unknown option '--bogus'[\\s\\S]*--help`));
  }
});

test('`grounded files` through its own bundle entry prints and exits as through main', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'grounded-files-entry-'));
  try {
    writeFileSync(path.join(root, 'a.ts'), 'export const a = 1;\n');
    writeFileSync(path.join(root, 'b.png'), 'not text');
    const entry = path.join(__dirname, '..', '..', 'src', 'cli', 'files-bin.ts');
    const run = (args: string[]) =>
      new Promise<{ code: number; out: string; err: string }>((resolve) => {
        execFile(process.execPath, ['--import', 'tsx', entry, 'files', ...args], { cwd: process.cwd() }, (err, out, stderr) =>
          resolve({ code: err ? Number(err.code) : 0, out, err: stderr }));
      });
    for (const args of [['--root', root], ['--root', root, '--explain', 'b.png'], ['--bogus'], ['--root', path.join(root, 'missing')]]) {
      const c = capture();
      const expected = await main(['files', ...args], c.io);
      assert.deepEqual(await run(args), { code: expected, out: c.out, err: c.err }, `grounded files ${args.join(' ')}`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
