// @mention benchmarks (seed 002 targets: parse < 1 ms, file load < 10 ms, grep within the order of rg).
// Usage: node --import tsx bench/mentions-bench.ts [DIR]   (DIR: the tree to grep; default node_modules)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseMentions } from '../src/engine/mentions/parse';
import { resolveMentions } from '../src/engine/mentions/index';
import { discoverFiles } from '../src/engine/workspace/discovery';
import { compileGrep, searchFiles } from '../src/engine/mentions/search';
import { emptyOverlay } from '../src/engine/workspace/types';

const fmt = (n: number) => n.toFixed(3);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function main(): Promise<void> {
  const repo = path.join(__dirname, '..');
  const prompt = `${'Please look at how the retry logic works and whether it is correct. '.repeat(60)} @src/engine/llm/retry.ts#L10-40 @search:"retryAfterMs" @grep:"p-?retry" @url:https://example.com/doc`;
  const parse: number[] = [];
  for (let i = 0; i < 200; i++) { const t = performance.now(); parseMentions(prompt); parse.push(performance.now() - t); }
  console.log(`parse (${prompt.length} chars, 4 mentions): median ${fmt(median(parse))} ms (target < 1 ms)`);

  const load: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await resolveMentions('@src/engine/llm/retry.ts#L10-40', { discovery: { root: repo } });
    load.push(performance.now() - t);
  }
  console.log(`file mention load (includes listing ${repo}'s files): median ${fmt(median(load))} ms (target < 10 ms)`);

  const tree = path.resolve(process.argv[2] ?? path.join(repo, 'node_modules'));
  const files = (await discoverFiles({ root: tree, excludedFolders: [] })).files.map((f) => f.path);
  const pattern = 'retry(After|Delay)';
  const t = performance.now();
  const r = await searchFiles(tree, files, compileGrep(pattern), emptyOverlay, 1024 * 1024, `@grep:"${pattern}"`).catch(() => undefined);
  const ours = performance.now() - t;
  console.log(`grep "${pattern}" over ${files.length} files: ${fmt(ours)} ms, ${r?.matches ?? 0} matches in ${r?.files ?? 0} files`);
  const s = performance.now();
  const rg = spawnSync('rg', ['--count-matches', '--no-ignore', '--hidden', '-e', pattern, '.'], { cwd: tree, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (rg.error) console.log('rg: not installed, comparison skipped');
  else console.log(`rg same pattern, same tree: ${fmt(performance.now() - s)} ms (${rg.stdout.split('\n').filter(Boolean).length} files with matches)`);
}

main().catch((err) => { console.error(err); process.exit(1); });
