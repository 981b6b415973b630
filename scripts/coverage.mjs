// Line coverage of src/engine for the unit suite, measured with V8's own coverage and reported
// by c8 (which maps the tsx-compiled code back to the TypeScript source lines through the
// inline source maps). The unit runner sets NODE_V8_COVERAGE to coverageTempDir() and calls
// reportCoverage() once the tests are done.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

/** The engine's line-coverage floor; the unit step fails below it. */
export const ENGINE_LINE_THRESHOLD = 90;

const REPORT_DIR = 'coverage';

/** A fresh folder for V8's raw coverage files. */
export function coverageTempDir() {
  const dir = join(REPORT_DIR, 'tmp');
  rmSync(REPORT_DIR, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

// A few processes (worker threads, code compiled from strings) leave entries whose URL is not a
// file: URL; c8's report step throws on those, and they can never be engine source anyway.
function dropNonFileEntries(dir) {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    const raw = JSON.parse(readFileSync(file, 'utf8'));
    raw.result = (raw.result ?? []).filter((s) => s.url.startsWith('file:'));
    const maps = raw['source-map-cache'] ?? {};
    for (const key of Object.keys(maps)) if (!key.startsWith('file:')) delete maps[key];
    writeFileSync(file, JSON.stringify(raw));
  }
}

/**
 * Turns the raw coverage in `dir` into a per-file table and a one-line summary
 * ("coverage: src/engine lines 91.20% (4321/4738), threshold 90%"), and says whether the
 * threshold holds. Files no test loads count as uncovered (`--all`).
 */
export function reportCoverage(dir) {
  dropNonFileEntries(dir);
  const c8 = join('node_modules', 'c8', 'bin', 'c8.js');
  const args = [c8, 'report', '--temp-directory', dir, '--report-dir', REPORT_DIR, '--all', '--src', 'src/engine',
    '--include', 'src/engine/**', '--reporter', 'text', '--reporter', 'json-summary', '--skip-full'];
  const r = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (r.status !== 0) {
    console.log(r.stdout, r.stderr);
    return { ok: false, line: 'coverage: could not be measured (see the c8 output above)' };
  }
  console.log(r.stdout);
  const lines = JSON.parse(readFileSync(join(REPORT_DIR, 'coverage-summary.json'), 'utf8')).total.lines;
  const ok = lines.pct >= ENGINE_LINE_THRESHOLD;
  const line = (`coverage: src/engine lines ${lines.pct.toFixed(2)}% (${lines.covered}/${lines.total}), threshold ` +
    `${ENGINE_LINE_THRESHOLD}%${ok ? '' : ' — BELOW THRESHOLD'}`);
  return { ok, line };
}
