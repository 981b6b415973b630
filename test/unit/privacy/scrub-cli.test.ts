import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/main';
import { fake } from './corpus-helpers';
import { captureIo } from '../../support/cli-io';

const capture = (stdin = '', cwd = process.cwd()) => captureIo(cwd, stdin);

const AKIA = `AKIA${fake(16, 'upper', 77)}`;
const INPUT = `\uFEFF# settings\r\nkey_id = ${AKIA}\r\nowner: ann@corp.io, bob@corp.io\r\nno trailing newline`;
const OUTPUT = '\uFEFF# settings\r\nkey_id = [REDACTED:aws_access_key#1]\r\nowner: [REDACTED:email#1], [REDACTED:email#2]\r\nno trailing newline';

test('grounded scrub FILE prints the scrubbed text byte for byte and the counts on stderr', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'grounded-scrub-'));
  try {
    await writeFile(join(dir, 'settings.txt'), INPUT);
    const c = capture('', dir);
    assert.equal(await main(['scrub', 'settings.txt'], c.io), 0);
    assert.equal(c.out, OUTPUT);
    assert.equal(c.err, 'redactions: aws_access_key=1 email=2 (3 total)\n');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('grounded scrub reads stdin with - or with no FILE', async () => {
  for (const args of [['scrub', '-'], ['scrub']]) {
    const c = capture('mail ann@corp.io\n');
    assert.equal(await main(args, c.io), 0);
    assert.equal(c.out, 'mail [REDACTED:email#1]\n');
    assert.equal(c.err, 'redactions: email=1 (1 total)\n');
  }
});

test('grounded scrub with nothing to redact says so and changes nothing', async () => {
  const c = capture('const x = 1;\n');
  assert.equal(await main(['scrub'], c.io), 0);
  assert.equal(c.out, 'const x = 1;\n');
  assert.equal(c.err, 'redactions: none (0 total)\n');
});

test('grounded scrub --json prints text, counts and total', async () => {
  const c = capture(`id ${AKIA}`);
  assert.equal(await main(['scrub', '--json'], c.io), 0);
  assert.deepEqual(JSON.parse(c.out), { text: 'id [REDACTED:aws_access_key#1]', redactions: { aws_access_key: 1 }, total: 1 });
  assert.equal(c.err, '');
});

test('a missing file exits 2 with a message naming it', async () => {
  const c = capture();
  assert.equal(await main(['scrub', 'no-such-file.env'], c.io), 2);
  assert.match(c.err, /cannot read 'no-such-file\.env': no such file/);
  assert.equal(c.out, '');
});

test('a folder, a binary file, a bad option and two files are usage errors (exit 2)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'grounded-scrub-'));
  try {
    await writeFile(join(dir, 'blob.bin'), Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28]));
    for (const [args, message] of [
      [['scrub', '.'], /not a regular file/],
      [['scrub', 'blob.bin'], /not UTF-8 text/],
      [['scrub', '--frobnicate'], /Unknown option/],
      [['scrub', 'a', 'b'], /at most one FILE/],
    ] as Array<[string[], RegExp]>) {
      const c = capture('', dir);
      assert.equal(await main(args, c.io), 2, args.join(' '));
      assert.match(c.err, message);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('grounded scrub --help describes the command and exits 0', async () => {
  const c = capture();
  assert.equal(await main(['scrub', '--help'], c.io), 0);
  assert.match(c.out, /Usage: grounded scrub \[FILE\|-\] \[--root DIR\] \[--json\]/);
  assert.match(c.out, /REDACTED:aws_access_key#1/);
});

test('grounded scrub --root DIR reads FILE relative to DIR, and a missing DIR is a usage error', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'grounded-scrub-'));
  try {
    await mkdir(join(dir, 'config'));
    await writeFile(join(dir, 'config', 'app.env'), `KEY=${AKIA}\n`);
    const c = capture('', tmpdir());
    assert.equal(await main(['scrub', '--root', dir, 'config/app.env'], c.io), 0);
    assert.equal(c.out, 'KEY=[REDACTED:aws_access_key#1]\n');
    assert.equal(c.err, 'redactions: aws_access_key=1 (1 total)\n');
    const missing = capture('', dir);
    assert.equal(await main(['scrub', '--root', join(dir, 'nope'), 'config/app.env'], missing.io), 2);
    assert.match(missing.err, /does not exist/);
    const relative = capture('', dir);
    assert.equal(await main(['scrub', 'app.env', '--root', 'config'], relative.io), 0, 'a relative --root is taken from the current folder');
    assert.equal(relative.out, 'KEY=[REDACTED:aws_access_key#1]\n');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
