import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

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

/** Runs git in `root` with an identity of its own (commits need one; the machine may have none). */
export function gitIn(root: string): (...args: string[]) => Buffer {
  return (...args) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: root });
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
