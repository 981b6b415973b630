// Runs the engine's unit tests with node's test runner (TypeScript through tsx).
// Usage: node scripts/run-unit-tests.mjs [filter...]  — filters match test file paths.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

function find(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...find(p));
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

const filters = process.argv.slice(2);
const files = find('test/unit').filter((f) => filters.length === 0 || filters.some((x) => f.includes(x))).sort();
if (files.length === 0) {
  console.error('no unit test files matched');
  process.exit(1);
}
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=tap', ...files], {
  stdio: 'inherit',
  env: { ...process.env, GROUNDED_TEST: '1' },
});
process.exit(r.status ?? 1);
