import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
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
