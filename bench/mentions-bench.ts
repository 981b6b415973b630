// @mention benchmarks (seed 002 targets: parse < 1 ms, file load < 10 ms, grep within the order of rg).
// Usage: node --import tsx bench/mentions-bench.ts [DIR]   (DIR: the tree to grep; default this project's node_modules)
// grep is compared with rg two ways, both reported: (A) the same file list for both (discovery timed
// for neither; rg gets the list through xargs) and (B) each doing its own discovery with equivalent
// settings (.gitignore honoured without needing a git repository, hidden files included, 1 MiB cap).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseMentions } from '../src/engine/mentions/parse';
import { resolveMentions } from '../src/engine/mentions/index';
import { discoverFiles } from '../src/engine/workspace/discovery';
import { GrepRun } from '../src/engine/mentions/grep-runner';
import { compileGrep, searchFiles, type SearchTarget } from '../src/engine/mentions/search';
import { emptyOverlay } from '../src/engine/workspace/types';

const fmt = (n: number) => n.toFixed(3);
const MAX_BYTES = 1024 * 1024;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function timeMedian(runs: number, f: () => void): number {
  const t: number[] = [];
  for (let i = 0; i < runs; i++) { const s = performance.now(); f(); t.push(performance.now() - s); }
  return median(t);
}

/** ~100 KB prompts built to defeat a backtracking or re-scanning parser. */
const HOSTILE: [string, string][] = [
  ['punctuation inside a path', `@${'.'.repeat(100_000)}x`],
  ['punctuation inside a URL', `@url:${','.repeat(100_000)}x`],
  ['parentheses after a bare URL', `@https://x${'(,)'.repeat(33_000)}`],
  ['descending backtick runs', Array.from({ length: 446 }, (_, i) => `${'`'.repeat(446 - i)}a`).join('')],
  ['@/ repeated', '@/'.repeat(50_000)],
  ['unclosed quotes', `${'@search:"'.repeat(5_000)}${'@grep:"\\"'.repeat(5_000)}`],
  ['mixed prose, mentions, code', `${'See @src/a.ts#L1-9, `@x` and mail a@b.co; '.repeat(2_000)}`],
];

function benchParse(): void {
  const prompt = (`${'Please look at how the retry logic works and whether it is correct. '.repeat(60)} @src/engine/llm/retry.ts#L10-40 ` +
    `@search:"retryAfterMs" @grep:"p-?retry" @url:https://example.com/doc`);
  console.log(
    `parse (${prompt.length.toLocaleString('en-US')} chars, 4 mentions): median ${fmt(timeMedian(200, () => parseMentions(prompt)))} ms (target < 1 ms)`,
  );
  for (const [name, text] of HOSTILE) {
    console.log(`parse hostile, ${name} (${text.length.toLocaleString('en-US')} chars): median ${fmt(timeMedian(20, () => parseMentions(text)))} ms`);
  }
}

async function benchLoad(repo: string): Promise<void> {
  const load: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await resolveMentions('@src/engine/llm/retry.ts#L10-40', { discovery: { root: repo } });
    load.push(performance.now() - t);
  }
  console.log(`file mention load (exact path, no listing needed): median ${fmt(median(load))} ms (target < 10 ms)`);
}

/** The tree to grep; the default node_modules is copied out when the project's .gitignore hides it (discovery would see nothing). */
async function grepTree(repo: string): Promise<{ tree: string; cleanup: () => void }> {
  const given = process.argv[2];
  const tree = path.resolve(given ?? path.join(repo, 'node_modules'));
  if (given || (await discoverFiles({ root: tree, excludedFolders: [] })).files.length) return { tree, cleanup: () => undefined };
  const dir = mkdtempSync(path.join(tmpdir(), 'grounded-bench-'));
  const copy = path.join(dir, 'node_modules');
  console.log(`(${tree} is git-ignored by this project; grepping a copy at ${copy})`);
  cpSync(tree, copy, { recursive: true });
  return { tree: copy, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

function rg(args: string[], cwd: string, list?: string): { ms: number; files: number } | undefined {
  const s = performance.now();
  // xargs hands rg the file list in batches; every argument goes as an array element, never through a shell.
  const r = list
    ? spawnSync('xargs', ['-d', '\n', '-a', list, 'rg', ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 28 })
    : spawnSync('rg', args, { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.error) return undefined;
  return { ms: performance.now() - s, files: r.stdout.split('\n').filter(Boolean).length };
}

async function benchGrep(tree: string): Promise<void> {
  const t0 = performance.now();
  const found = await discoverFiles({ root: tree, excludedFolders: [] });
  const discoverMs = performance.now() - t0;
  const rels = found.files.map((f) => f.path);
  const targets: SearchTarget[] = rels.map((rel) => ({ abs: path.join(tree, rel), path: rel }));
  const mb = found.files.reduce((n, f) => n + f.size, 0) / 1e6;
  const list = path.join(mkdtempSync(path.join(tmpdir(), 'grounded-bench-')), 'files.txt');
  writeFileSync(list, rels.join('\n'));
  console.log(`grep tree: ${tree}, ${rels.length.toLocaleString('en-US')} files, ${mb.toFixed(0)} MB; our discovery ${fmt(discoverMs)} ms`);
  for (const pattern of ['retry(After|Delay)', '(a|b)c+d\\d']) {
    // As @grep runs it: in its own thread (started and loaded within the time measured) with a time limit.
    const s = performance.now();
    const run = GrepRun.start(pattern);
    const r = await searchFiles(targets, run, emptyOverlay, MAX_BYTES).catch(() => undefined).finally(() => run.close());
    const ours = performance.now() - s;
    // The same search on this thread, as @grep ran before it had its own: what the thread costs.
    const s2 = performance.now();
    await searchFiles(targets, compileGrep(pattern), emptyOverlay, MAX_BYTES).catch(() => undefined);
    const inThread = performance.now() - s2;
    const common = ['--count-matches', '--no-config', '-e', pattern];
    const same = rg([...common, '--no-ignore', '--hidden', '--'], tree, list);
    const own = rg([...common, '--hidden', '--no-require-git', '--max-filesize', '1M', '.'], tree);
    console.log(`@grep:"${pattern}": ${r?.matches ?? 0} matches in ${r?.files ?? 0} files (on this thread instead: ${fmt(inThread)} ms)`);
    console.log(`  (A) same file list:    ours ${fmt(ours)} ms | rg ${same ? `${fmt(same.ms)} ms (${same.files} files with matches)` : 'not installed'}`);
    console.log(
      `  (B) own discovery too: ours ${fmt(ours + discoverMs)} ms | rg ${own ? `${fmt(own.ms)} ms (${own.files} files with matches)` : 'not installed'}`,
    );
  }
}

async function main(): Promise<void> {
  const repo = path.join(__dirname, '..');
  benchParse();
  await benchLoad(repo);
  const { tree, cleanup } = await grepTree(repo);
  try {
    await benchGrep(tree);
  } finally {
    cleanup();
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
