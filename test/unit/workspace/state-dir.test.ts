import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AuditStore, defaultDatabasePath } from '../../../src/engine/audit/store';
import { ensureStateDir } from '../../../src/engine/workspace/state-dir';

test('the memory database Grounded creates in a repository never shows up in git status', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'grounded-state-'));
  execFileSync('git', ['init', '-q'], { cwd: root });
  const store = await AuditStore.open({ file: defaultDatabasePath(root) });
  store.close();
  assert.equal(readFileSync(path.join(root, '.agent', 'state', '.gitignore'), 'utf8'), '*\n');
  assert.equal(execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: root, encoding: 'utf8' }), '');
});

test('an existing state folder is left as the user has it', () => {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'grounded-state-')), '.agent', 'state');
  mkdirSync(dir, { recursive: true });
  ensureStateDir(dir);
  assert.ok(!existsSync(path.join(dir, '.gitignore')));
});
