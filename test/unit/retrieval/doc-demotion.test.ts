import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildContext } from '../../../src/engine/context/build';

function workspace(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'grounded-docrank-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

const files = {
  'src/retry.ts': 'export function retryWithBackoff(attempts: number) {\n  // exponential backoff between attempts\n  return attempts * 2;\n}\n',
  'CHANGELOG.md':
    '## 1.2.0\n- retryWithBackoff: exponential backoff between attempts, retry retry backoff\n- retryWithBackoff now retries attempts with backoff\n',
  'docs/retry.md': '# Retry\nretryWithBackoff uses exponential backoff between attempts; retry backoff retry backoff.\n',
  'bench/retry-data.csv': 'retryWithBackoff,backoff,attempts,retry\nretryWithBackoff,backoff,attempts,retry\n',
};

test('source ranks above changelogs, docs and benchmark data that repeat its words', async () => {
  const ctx = await buildContext({ root: workspace(files), question: 'how does retryWithBackoff compute the backoff between attempts?' });
  assert.equal(ctx.chunks[0].path, 'src/retry.ts', ctx.chunks.map((c) => c.path).join(', '));
});

test('a question about the changelog or the docs does not push them down', async () => {
  const root = workspace(files);
  const order = (ctx: { chunks: Array<{ path: string }> }) => ctx.chunks.map((c) => c.path);
  const plain = order(await buildContext({ root, question: 'how does retryWithBackoff compute the backoff between attempts?' }));
  const changelog = order(await buildContext({ root, question: 'what does the changelog say about retryWithBackoff backoff?' }));
  assert.ok(changelog.indexOf('CHANGELOG.md') < plain.indexOf('CHANGELOG.md') || changelog.indexOf('CHANGELOG.md') <= 1, changelog.join(', '));
  assert.ok(changelog.indexOf('CHANGELOG.md') < changelog.indexOf('docs/retry.md'), changelog.join(', '));
  const docs = order(await buildContext({ root, question: 'where do the docs describe retry backoff?' }));
  assert.ok(docs.indexOf('docs/retry.md') < docs.indexOf('CHANGELOG.md'), docs.join(', '));
});
