import { test } from 'node:test';
import assert from 'node:assert/strict';
import { main } from '../../src/cli/main';

function capture() {
  let out = '';
  let err = '';
  return {
    io: { stdout: (t: string) => { out += t; }, stderr: (t: string) => { err += t; }, readStdin: async () => '', env: {}, cwd: process.cwd() },
    get out() { return out; },
    get err() { return err; },
  };
}

test('unknown command exits 2 and lists the commands', async () => {
  const c = capture();
  assert.equal(await main(['frobnicate'], c.io), 2);
  assert.match(c.err, /unknown command 'frobnicate'/);
  assert.match(c.err, /check-url/);
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
