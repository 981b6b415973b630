import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { main } from '../../../src/cli/main';
import { loadMetrics } from '../../../src/engine/metrics/store';
import { captureStreams as capture } from '../../support/cli-io';
import { copyFixture } from '../../support/fixture';

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('metrics survive concurrent processes (issue 14, item 12)', () => {
  it('8 processes saving at once add 8 queries, not 1', { timeout: 180_000 }, async () => {
    const root = copyFixture();
    dirs.push(root);
    const script = path.join(mkdtempSync(path.join(tmpdir(), 'grounded-metrics-')), 'one-query.mts');
    dirs.push(path.dirname(script));
    const from = (p: string) => JSON.stringify(pathToFileURL(path.resolve(__dirname, p)).href);
    // What `grounded query` does with metrics: record this run's query, then save; all 8 start
    // together and wait on a shared start time so their saves overlap.
    writeFileSync(script, `import { MetricsRegistry } from ${from('../../../src/engine/metrics/registry.ts')};
import { saveMetrics } from ${from('../../../src/engine/metrics/store.ts')};
const run = new MetricsRegistry();
run.record({ status: 'success', latencySeconds: 0.2, contextTokens: 300 });
while (Date.now() < Number(process.argv[3])) await new Promise((r) => setTimeout(r, 5));
await saveMetrics(process.argv[2], run);
`);
    const repo = path.join(__dirname, '..', '..', '..');
    const startAt = Date.now() + 8000;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', script, root, String(startAt)], { cwd: repo, timeout: 150_000 }),
      ),
    );
    const saved = (await loadMetrics(root)).snapshot();
    assert.equal(saved.queryTotal.success, 8);
    assert.equal(saved.latency.count, 8);
    assert.equal(saved.contextTokens.count, 8);
  });

  it('grounded query adds to the saved totals run after run', async () => {
    const root = copyFixture();
    dirs.push(root);
    for (let i = 0; i < 3; i++) assert.equal(await main(['query', 'how are API keys stored?', '--no-llm', '--json'], capture(root).io), 0);
    const m = capture(root);
    assert.equal(await main(['metrics'], m.io), 0);
    assert.match(m.out.stdout, /agent_query_total\{status="success"\} 3/);
  });
});
