import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';

/** git with a fixed identity, for repositories built by tests. */
export const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd, stdio: 'pipe', encoding: 'utf8' });

/** Leaves `file` (committed, with text) in conflict: changed on a branch and on the current one, then merged. */
export function leaveInConflict(root: string, file: string): void {
  git(root, 'checkout', '-qb', 'other');
  writeFileSync(path.join(root, file), 'b\n');
  git(root, 'commit', '-qam', 'b');
  git(root, 'checkout', '-q', '-');
  writeFileSync(path.join(root, file), 'c\n');
  git(root, 'commit', '-qam', 'c');
  assert.throws(() => git(root, 'merge', '-q', 'other'));
}
