import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';

/** Values planted in the fixture that must never reach a model (or a log). */
export const PLANTED_SECRETS = [
  'AKIA4QX7R2MZ8KBW3NVD',
  'q7Rk2VmW9/xLp3ZtB8nHc4Yd+J6sFaE1uGo5TiKe',
  'jane.doe@acme-corp.com',
  's3cr3t-Passw0rd',
  'AKIAZZZZZZZZZZZZZZZZ',
  'ghp_abcdefghijklmnopqrstuvwxyz0123456789',
];

/**
 * A fresh copy of `test/fixtures/workspaces/<name>` in a temp folder, outside this repository's git
 * (whose own ignore rules and tracked files would otherwise apply), with its git-ignored
 * `config/local.env` written in (it is ignored, so it cannot be committed with the fixture).
 */
export function copyFixture(name = 'basic'): string {
  const root = mkdtempSync(path.join(tmpdir(), `grounded-${name}-`));
  cpSync(path.join(__dirname, '..', 'fixtures', 'workspaces', name), root, { recursive: true });
  if (name === 'basic') {
    writeFileSync(path.join(root, 'config', 'local.env'), 'AWS_ACCESS_KEY_ID=AKIAZZZZZZZZZZZZZZZZ\nGITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789\n');
  }
  return root;
}

/** Writes each file (root-relative path → text) under `root`, making its folders. */
export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
}

/** An identity of the tests' own: commits need one, and the machine may have none. */
const IDENTITY = ['-c', 'user.name=t', '-c', 'user.email=t@t'];

/** Runs git in `root` with an identity of its own. */
export function gitIn(root: string): (...args: string[]) => Buffer {
  return (...args) => execFileSync('git', [...IDENTITY, ...args], { cwd: root });
}

/** The same, for a test that reads git's output: as text, and git's complaints (an expected conflict) kept out of the test's output. */
export const gitText = (root: string, ...args: string[]): string =>
  execFileSync('git', [...IDENTITY, ...args], { cwd: root, stdio: 'pipe', encoding: 'utf8' });

/** Leaves `file` (committed, with text) in conflict: changed on a branch and on the current one, then merged. */
export function leaveInConflict(root: string, file: string): void {
  gitText(root, 'checkout', '-qb', 'other');
  writeFileSync(path.join(root, file), 'b\n');
  gitText(root, 'commit', '-qam', 'b');
  gitText(root, 'checkout', '-q', '-');
  writeFileSync(path.join(root, file), 'c\n');
  gitText(root, 'commit', '-qam', 'c');
  assert.throws(() => gitText(root, 'merge', '-q', 'other'));
}

/**
 * The basic fixture as a git repository whose `generated/` folder git ignores, with the files of
 * `generated` written in it: those named in `tracked` are committed all the same (`git add -f`).
 */
export function gitFixtureWithIgnoredFolder(generated: Record<string, string>, tracked: string[]): { root: string; git: (...args: string[]) => Buffer } {
  const root = copyFixture('basic');
  const git = gitIn(root);
  git('init', '-q');
  writeFileSync(path.join(root, '.gitignore'), 'generated/\n');
  mkdirSync(path.join(root, 'generated'));
  for (const [name, text] of Object.entries(generated)) writeFileSync(path.join(root, 'generated', name), text);
  git('add', '-A');
  for (const name of tracked) git('add', '-f', `generated/${name}`);
  git('commit', '-qm', 'init');
  return { root, git };
}
