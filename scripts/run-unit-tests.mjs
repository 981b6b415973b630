// Runs the engine's unit tests with node's test runner (TypeScript through tsx).
// Usage: node scripts/run-unit-tests.mjs [--coverage] [filter...]  — filters match test file paths.
// The whole suite (no filter) always measures src/engine's line coverage and fails below the
// threshold in scripts/coverage.mjs; a filtered run measures it only with --coverage.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { coverageTempDir, reportCoverage } from './coverage.mjs';

function find(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...find(p));
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

const args = process.argv.slice(2);
const filters = args.filter((a) => a !== '--coverage');
const withCoverage = filters.length === 0 || args.includes('--coverage');
const files = find('test/unit').filter((f) => filters.length === 0 || filters.some((x) => f.includes(x))).sort();
if (files.length === 0) {
  console.error('no unit test files matched');
  process.exit(1);
}
const covDir = withCoverage ? coverageTempDir() : undefined;
// Every temp folder the tests make (fixture copies, caches, databases) goes under one folder that is
// removed at the end, so a run leaves nothing behind even where a test forgets to clean up.
const testTmp = mkdtempSync(join(tmpdir(), 'grounded-unit-'));
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=tap', ...files], {
  stdio: 'inherit',
  env: { ...process.env, TMPDIR: testTmp, GROUNDED_TEST: '1', ...(covDir ? { NODE_V8_COVERAGE: covDir } : {}) },
});
let status = r.status ?? 1;
rmSync(testTmp, { recursive: true, force: true });
if (covDir) {
  const { ok, line } = reportCoverage(covDir);
  console.log(line);
  if (!ok && filters.length === 0 && status === 0) status = 1;
}
process.exit(status);
