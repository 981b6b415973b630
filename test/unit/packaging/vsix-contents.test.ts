import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

test('the .vsix ships the bundles, icons and docs, and no source maps, sources or tests', () => {
  const vsce = require.resolve('@vscode/vsce/vsce');
  const files = execFileSync(process.execPath, [vsce, 'ls', '--no-dependencies'], { cwd: ROOT }).toString().split('\n').filter(Boolean);
  assert.deepEqual(
    files.filter((f) => f.endsWith('.map') || f.startsWith('media/src/') || f.startsWith('src/') || f.startsWith('test/') || f.endsWith('.ts')),
    [],
  );
  for (const needed of ['package.json', 'README.md', 'CHANGELOG.md', 'media/icon.png', 'media/grounded-activity.svg', 'media/webview.css'])
    assert.ok(files.includes(needed), `${needed} is packaged`);
});
