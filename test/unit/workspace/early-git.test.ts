import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gitText as git, writeFiles } from '../../support/fixture';
import { gitListing } from '../../../src/engine/workspace/git-candidates';

import * as early from '../../../src/cli/early-git';
import { earlySlot as slot, EARLY_LISTING as KEY } from '../../../src/engine/workspace/git-listing-file';

// The launcher starts git's walk for untracked files before the CLI bundle loads (`grounded files`,
// dist/early-git.js); the listing code takes it over when it asks for the same walk in the same folder.

const roots: string[] = [];
after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

function repo(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'grounded-earlygit-'));
  roots.push(root);
  git(root, 'init', '-q');
  writeFiles(root, { 'tracked.ts': 'a\n', '.gitignore': 'ignored.log\n', 'ignored.log': 'x\n', 'new/untracked.ts': 'b\n' });
  git(root, 'add', 'tracked.ts', '.gitignore');
  return root;
}

describe("the launcher's early walk (cli/early-git.ts)", () => {
  it('is taken over by the listing of the same folder, which then lists what git lists', async () => {
    const root = repo();
    writeFiles(root, { 'tracked.ts': 'changed\n' });
    const fresh = await gitListing(root).untracked;
    early.start(['--root', root]);
    const started = [...(slot[KEY] ?? [])];
    const command = (args: readonly string[]) => args.find((a) => !a.startsWith('-') && !a.includes('='));
    assert.deepEqual(started.map((e) => [e.cwd, command(e.args)]), [[path.resolve(root), 'ls-files'], [path.resolve(root), 'diff-files']]);
    const listing = await gitListing(root, undefined, undefined, true).untracked;
    assert.ok(started.every((e) => e.adopted));
    assert.equal(slot[KEY], undefined, 'taken over once');
    assert.deepEqual(listing, fresh);
    assert.deepEqual([listing?.paths, listing?.changed], [['new/untracked.ts'], ['tracked.ts']]);
  });

  it('is left alone by a listing of another folder, and reads --root=DIR and the current folder', async () => {
    const [a, b] = [repo(), repo()];
    const stop = () => {
      for (const e of slot[KEY] ?? []) e.child.kill();
      delete slot[KEY];
    };
    early.start([`--root=${a}`, '--json']);
    assert.deepEqual(slot[KEY]?.map((e) => e.cwd), [path.resolve(a), path.resolve(a)]);
    await gitListing(b, undefined, undefined, true).untracked;
    assert.deepEqual(slot[KEY]?.map((e) => e.adopted), [false, false]);
    stop();
    early.start(['--json']);
    assert.deepEqual(slot[KEY]?.map((e) => e.cwd), [process.cwd(), process.cwd()]);
    stop();
  });

  it('starts nothing for --explain, --help or a folder that does not exist', () => {
    for (const args of [['--explain', 'a.ts'], ['--explain=a.ts'], ['--help'], ['--root', path.join(tmpdir(), 'no-such-folder-q13')]]) {
      early.start(args);
      assert.equal(slot[KEY], undefined, args.join(' '));
    }
  });
});
