// Retrieval benchmark on a large real tree (default: this project's node_modules, nothing excluded).
// Usage: npm run bench [-- DIR]   (or: node --import tsx bench/bench.ts [DIR])
// Prints indexing files/s and MB/s, query latency p50/p95 and peak RSS, next to ripgrep searching
// the same files for the same terms in the same run, with its files/s and MB/s (skipped with a note
// when rg is missing).
// Then runs the scrubber and mention benchmarks.
import { spawnSync } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WorkspaceIndex } from '../src/engine/retrieval/index';
import { extractTerms } from '../src/engine/retrieval/terms';
import { buildContext } from '../src/engine/context/build';

const QUESTIONS = [
  'how are retries with exponential backoff implemented?', 'where is the Retry-After header parsed?', 'parse a semver version range',
  'how does the tokenizer encode text', 'createScrubber', 'what does gitignore negation do', 'how are http redirects followed',
  'where is the markdown renderer configured', 'html to text conversion of tables', 'read a yaml document stream',
  'levenshtein distance', 'sqlite database export', 'abort signal cancellation', 'zod schema validation error message',
  'websocket connection close', 'base64 encode buffer', 'ipv6 address parsing', 'stream server sent events', 'JSON schema',
  'how are environment variables read',
];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const fmt = (n: number, d = 1) => n.toFixed(d);

async function main(): Promise<void> {
  const root = path.resolve(process.argv[2] ?? path.join(__dirname, '..', 'node_modules'));
  const settings = { excludedFolders: [] as string[] };
  const index = new WorkspaceIndex({ root, settings });
  const t0 = performance.now();
  await index.refresh();
  const buildMs = performance.now() - t0;
  const files = index.paths();
  const bytes = await totalBytes(root, files);
  console.log(`tree: ${root}`);
  console.log(`index: ${files.length} files, ${fmt(bytes / 1e6)} MB, ${index.liveChunks} chunks in ${fmt(buildMs / 1000, 2)} s -> ${fmt(files.length / (buildMs / 1000), 0)} files/s, ${fmt(bytes / 1e6 / (buildMs / 1000))} MB/s`);

  const t1 = performance.now();
  await index.refresh();
  console.log(`refresh with nothing changed: ${fmt(performance.now() - t1, 0)} ms`);

  const search: number[] = [];
  const context: number[] = [];
  for (const q of QUESTIONS) {
    const s = performance.now();
    await index.search(extractTerms(q), 80);
    search.push(performance.now() - s);
    const c = performance.now();
    await buildContext({ root, question: q, settings }, { index });
    context.push(performance.now() - c);
  }
  console.log(`search (rank only): p50 ${fmt(percentile(search, 50))} ms, p95 ${fmt(percentile(search, 95))} ms over ${QUESTIONS.length} questions`);
  console.log(`query (refresh + rank + read + scrub + budget): p50 ${fmt(percentile(context, 50))} ms, p95 ${fmt(percentile(context, 95))} ms`);
  // maxRSS is the kernel's high-water mark (KiB): no sampling interval can miss a short peak.
  console.log(`peak RSS: ${fmt((process.resourceUsage().maxRSS * 1024) / 1e6, 0)} MB`);
  ripgrep(root, files, bytes);
}

async function totalBytes(root: string, files: string[]): Promise<number> {
  const { stat } = await import('node:fs/promises');
  let n = 0;
  for (const f of files) n += (await stat(path.join(root, f))).size;
  return n;
}

/** rg over exactly the indexed files, one run per question with its terms as alternatives; `bytes` is their total size. */
function ripgrep(root: string, files: string[], bytes: number): void {
  const probe = spawnSync('rg', ['--version'], { encoding: 'utf8' });
  if (probe.error) {
    console.log('rg: not installed, comparison skipped (apt-get install ripgrep)');
    return;
  }
  const list = path.join(mkdtempSync(path.join(tmpdir(), 'grounded-bench-')), 'files.txt');
  writeFileSync(list, files.map((f) => path.join(root, f)).join('\n'));
  const times: number[] = [];
  for (const q of QUESTIONS) {
    const words = extractTerms(q).filter((t) => t.kind !== 'path').map((t) => t.text.replace(/[^a-z0-9 ]/g, '')).filter(Boolean);
    const args = ['--count-matches', '--no-messages', '--no-ignore', '-i', ...words.flatMap((w) => ['-e', w])];
    const s = performance.now();
    // xargs hands rg the file list in batches; every argument goes as an array element, never through a shell.
    const r = spawnSync('xargs', ['-d', '\n', '-a', list, 'rg', ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
    if (r.error) throw r.error;
    times.push(performance.now() - s);
  }
  const p50 = percentile(times, 50);
  console.log(`rg (same files, same terms, no index): p50 ${fmt(p50)} ms, p95 ${fmt(percentile(times, 95))} ms per question -> ${fmt(files.length / (p50 / 1000), 0)} files/s, ${fmt(bytes / 1e6 / (p50 / 1000))} MB/s`);
}

main().then(
  () => {
    for (const script of ['scrub-bench.ts', 'mentions-bench.ts', 'hostile-bench.ts']) {
      const file = path.join(__dirname, script);
      if (!require('node:fs').existsSync(file)) continue;
      console.log(`\n== ${script}`);
      spawnSync(process.execPath, ['--import', 'tsx', file, ...process.argv.slice(2)], { stdio: 'inherit' });
    }
  },
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
