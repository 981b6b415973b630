// Retrieval benchmark on a large real tree (default: this project's node_modules, nothing excluded).
// Usage: npm run bench [-- DIR]   (or: node --import tsx bench/bench.ts [DIR])
// Every figure is printed next to a reference measured in the same run on the same files:
//   cold full index            vs one rg pass for a question's terms over the indexed files
//   grounded files             vs git ls-files -co --exclude-standard (in a git repository)
//   one-shot grounded query    vs that rg pass (process start included; the on-disk index is current):
//                              with --no-daemon; as it comes (the first question starts a background
//                              server, the next are answered by it); with `grounded serve` running
//                              for the tree (also grounded files)
//   in-process question with nothing changed (retrieval + scrub + budget), a single-file edit
//   reflected, peak RSS.
// Note: like `grounded query`, it keeps its index in DIR/.agent/state/ (run it on a copy of a tree
// you do not want touched). rg missing: the references are skipped with a note.
// Then runs the index server (bundled, over stdio: its own peak RSS), scrubber and mention benchmarks,
// and the retrieval evaluation (questions with known answer files; babel's when DIR is babel).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildContext } from '../src/engine/context/build';
import { WorkspaceIndex } from '../src/engine/retrieval/index';
import { saveIndex } from '../src/engine/retrieval/index-store';
import { extractTerms } from '../src/engine/retrieval/terms';
import { findingsCache } from '../src/engine/privacy/findings-cache';
import { warmUpEngine } from '../src/engine/session/workspace-session';
import { withAutoStartedServer, withResidentServer } from './resident-shots';

const QUESTIONS = [
  'how are retries with exponential backoff implemented?', 'where is the Retry-After header parsed?', 'parse a semver version range',
  'how does the tokenizer encode text', 'createScrubber', 'what does gitignore negation do', 'how are http redirects followed',
  'where is the markdown renderer configured', 'html to text conversion of tables', 'read a yaml document stream',
  'levenshtein distance', 'sqlite database export', 'abort signal cancellation', 'zod schema validation error message',
  'websocket connection close', 'base64 encode buffer', 'ipv6 address parsing', 'stream server sent events', 'JSON schema',
  'how are environment variables read',
];
const ONE_SHOT = QUESTIONS[0];
const CLI = path.join(__dirname, '..', 'bin', 'grounded.js');

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const fmt = (n: number, d = 1) => n.toFixed(d);
const ratio = (a: number, b: number) => `${fmt(a / b, 2)}×`;

/** Wall time of a child process, in ms (arguments as an array, never through a shell). */
function timed(cmd: string, args: string[], cwd?: string): { ms: number; status: number | null; stdout: string } {
  const s = performance.now();
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.error) throw r.error;
  return { ms: performance.now() - s, status: r.status, stdout: r.stdout };
}

/** rg over exactly the indexed files for one question's terms as alternatives; undefined when rg is missing. */
function rgPass(list: string, question: string): number | undefined {
  if (spawnSync('rg', ['--version']).error) return undefined;
  const words = extractTerms(question).filter((t) => t.kind !== 'path').map((t) => t.text.replace(/[^a-z0-9 ]/g, '')).filter(Boolean);
  const args = ['-d', '\n', '-a', list, 'rg', '--count-matches', '--no-messages', '--no-ignore', '-i', ...words.flatMap((w) => ['-e', w])];
  // xargs hands rg the file list in batches.
  return timed('xargs', args).ms;
}

async function main(): Promise<void> {
  const root = path.resolve(process.argv[2] ?? path.join(__dirname, '..', 'node_modules'));
  const settings = process.argv[2] ? {} : { excludedFolders: [] as string[] };
  console.log(`tree: ${root}`);
  // The CLI figures are for the bundle users run: build it from the sources being measured.
  const build = spawnSync(process.execPath, [path.join(__dirname, '..', 'esbuild.mjs')], { cwd: path.join(__dirname, '..'), encoding: 'utf8' });
  if (build.status !== 0 || !existsSync(path.join(__dirname, '..', 'dist', 'cli.js')))
    console.log('note: the build failed: the CLI figures include tsx compiling the sources');

  // "Cold" means no saved index, not a cold disk cache: the rg reference runs after the build, on
  // files the build has just read. One untimed read of the tree first puts both on the same cache.
  spawnSync('rg', ['--count-matches', '--no-messages', '-a', 'grounded-bench-warm-up', root], { stdio: 'ignore' });
  // Three cold builds, each into a new index, on the same disk cache: one alone is at the mercy of
  // whatever else a shared machine does (alternated runs of one build spread over ±15 %).
  const colds: number[] = [];
  let index!: WorkspaceIndex;
  let cold!: Awaited<ReturnType<WorkspaceIndex['refresh']>>;
  let rssAfterBuild = 0;
  for (let i = 0; i < 3; i++) {
    index = new WorkspaceIndex({ root, settings, watched: true });
    cold = await index.refresh();
    colds.push(cold.tookMs);
    if (i === 0) rssAfterBuild = (process.resourceUsage().maxRSS * 1024) / 1e6;
  }
  const coldMs = percentile(colds, 50);
  const files = index.paths();
  let bytes = 0;
  for (const f of files) bytes += (await stat(path.join(root, f))).size;
  const list = path.join(mkdtempSync(path.join(tmpdir(), 'grounded-bench-')), 'files.txt');
  writeFileSync(list, files.map((f) => path.join(root, f)).join('\n'));
  const rgTimes = QUESTIONS.map((q) => rgPass(list, q)).filter((t): t is number => t !== undefined);
  const rg = rgTimes.length ? percentile(rgTimes, 50) : undefined;
  // The index server's bench (run next) compares the terminal's question answered by it with the same pass.
  if (rg !== undefined) process.env.GROUNDED_BENCH_RG_MS = String(rg);
  const vsRg = (ms: number) => (rg === undefined ? 'rg not installed' : `rg pass ${fmt(rg, 0)} ms (p50 of ${rgTimes.length} questions) → ${ratio(ms, rg)}`);

  console.log(
    (`cold full index: ${files.length} files, ${fmt(bytes / 1e6)} MB, ${cold.chunks} chunks in p50 ${fmt(coldMs, 0)} ms of 3 ` +
      `(${colds.map((ms) => fmt(ms, 0)).join(', ')}; ${fmt(bytes / 1e6 / (coldMs / 1000))} MB/s) | ${vsRg(coldMs)} [target ≤ 2×]`),
  );
  // The same cold build as shipped: the bundled CLI, process start included, with no saved index
  // to start from (then the saved index is written again below for the one-shot queries).
  const runs: { ms: number; took: number }[] = [];
  for (let i = 0; i < 3; i++) {
    rmSync(path.join(root, '.agent', 'state', 'index.bin'), { force: true });
    const bundled = timed(process.execPath, [CLI, 'index', '--json', '--root', root]);
    if (bundled.status === 0) runs.push({ ms: bundled.ms, took: (JSON.parse(bundled.stdout) as { tookMs: number }).tookMs });
  }
  if (runs.length) {
    const [ms, took] = [percentile(runs.map((r) => r.ms), 50), percentile(runs.map((r) => r.took), 50)];
    console.log(
      `cold build, bundled CLI (grounded index): p50 ${fmt(ms, 0)} ms of ${runs.length} with process start, ${fmt(took, 0)} ms building | ${vsRg(ms)}`,
    );
  }
  const saved = await saveIndex(index);
  console.log(`on-disk index: ${fmt(saved / 1e6)} MB`);

  const hasGit = existsSync(path.join(root, '.git')) || spawnSync('git', ['-C', root, 'rev-parse']).status === 0;
  if (hasGit) {
    // Taken in turns, five of each: one run of either is at the mercy of whatever else this machine is doing.
    // A listing keeps its tracked part for the next one (kept-listing.ts): the first listing, with
    // nothing kept, is timed apart (the kept file removed before each of those runs).
    const kept = path.join(root, '.agent', 'state', 'listing.bin');
    const [gitRuns, ourRuns, firstRuns, nodeRuns]: [number[], number[], number[], number[]] = [[], [], [], []];
    for (let i = 0; i < 5; i++) {
      gitRuns.push(timed('git', ['ls-files', '-co', '--exclude-standard'], root).ms);
      rmSync(kept, { force: true });
      firstRuns.push(timed(process.execPath, [CLI, 'files', '--no-daemon', '--root', root]).ms);
      ourRuns.push(timed(process.execPath, [CLI, 'files', '--no-daemon', '--root', root]).ms);
      nodeRuns.push(timed(process.execPath, ['-e', '0']).ms);
    }
    const [git, ours, first, node] = [percentile(gitRuns, 50), percentile(ourRuns, 50), percentile(firstRuns, 50), percentile(nodeRuns, 50)];
    console.log(
      `grounded files --no-daemon (listed in its own process, the last listing's tracked part kept): p50 ${fmt(ours, 0)} ms of 5 | ` +
        `git ls-files -co --exclude-standard p50 ${fmt(git, 0)} ms → ${ratio(ours, git)} [target ≤ 2×]; ` +
        `with nothing kept (a first listing): p50 ${fmt(first, 0)} ms → ${ratio(first, git)}`,
    );
    // Context, not an excuse: the part of the figure no code of ours runs in. Node reads the file
    // NODE_EXTRA_CA_CERTS names at every start, before any script (here ~60 ms for the system's bundle).
    const certs = process.env.NODE_EXTRA_CA_CERTS ? `, NODE_EXTRA_CA_CERTS=${process.env.NODE_EXTRA_CA_CERTS} read at each start` : '';
    console.log(`  Node's own start (node -e 0): p50 ${fmt(node, 0)} ms${certs}`);
    const gitOnce = () => timed('git', ['ls-files', '-co', '--exclude-standard'], root).ms;
    const listed = await withAutoStartedServer(CLI, root, ['files'], gitOnce);
    if (listed) {
      console.log(
        `grounded files as it comes (the first listing starts a background server): first ${fmt(listed.firstMs, 0)} ms, ` +
          `server answering ${fmt(listed.readyMs, 0)} ms later, then p50 ${fmt(listed.nextP50, 0)} ms of 5 | ` +
          `git ls-files -co --exclude-standard p50 ${fmt(listed.referenceP50!, 0)} ms → ${ratio(listed.nextP50, listed.referenceP50!)} [target ≤ 2×]`,
      );
    } else console.log('grounded files as it comes: the folder is too small for a background server (fewer than 5,000 files)');
  } else console.log('grounded files: not a git repository, comparison with git ls-files skipped');

  const shots: number[] = [];
  for (let i = 0; i < 3; i++) {
    const r = timed(process.execPath, [CLI, 'query', ONE_SHOT, '--no-llm', '--json', '--no-daemon', '--root', root]);
    if (r.status !== 0) throw new Error(`grounded query exited ${r.status}`);
    shots.push(r.ms);
  }
  const shot = percentile(shots, 50);
  console.log(`one-shot grounded query --no-daemon (process start included, index current): p50 ${fmt(shot, 0)} ms of 3 | ${vsRg(shot)}`);
  const auto = await withAutoStartedServer(CLI, root, ['query', ONE_SHOT, '--no-llm', '--json']);
  if (auto) {
    console.log(
      `one-shot grounded query as it comes (the first question starts a background server): first ${fmt(auto.firstMs, 0)} ms, ` +
        `server answering ${fmt(auto.readyMs, 0)} ms later, then p50 ${fmt(auto.nextP50, 0)} ms of 5 | ${vsRg(auto.nextP50)} [target ≤ 1×]`,
    );
  } else console.log('one-shot grounded query as it comes: the folder is too small for a background server (fewer than 5,000 files)');
  const residentShots: number[] = [];
  const [residentFiles, residentGit]: [number[], number[]] = [[], []];
  const resident = await withResidentServer(CLI, root, () => {
    for (let i = 0; i < 5; i++) {
      const r = timed(process.execPath, [CLI, 'query', ONE_SHOT, '--no-llm', '--json', '--root', root]);
      if (r.status !== 0) throw new Error(`grounded query exited ${r.status}`);
      residentShots.push(r.ms);
    }
    if (hasGit) {
      for (let i = 0; i < 5; i++) {
        residentGit.push(timed('git', ['ls-files', '-co', '--exclude-standard'], root).ms);
        residentFiles.push(timed(process.execPath, [CLI, 'files', '--root', root]).ms);
      }
    }
  });
  const residentP50 = percentile(residentShots, 50);
  console.log(
    (`one-shot grounded query with grounded serve running (process start included): p50 ${fmt(residentP50, 0)} ms of 5 | ${vsRg(residentP50)}; ` +
      `serve ready in ${fmt(resident.startMs, 0)} ms (saved index), its peak RSS ` +
      `${resident.peakRssMb === undefined ? 'n/a' : `${fmt(resident.peakRssMb, 0)} MB`}`),
  );
  if (hasGit) {
    const [git, ours] = [percentile(residentGit, 50), percentile(residentFiles, 50)];
    console.log(
      `grounded files with grounded serve running: p50 ${fmt(ours, 0)} ms of 5 | ` +
        `git ls-files -co --exclude-standard p50 ${fmt(git, 0)} ms → ${ratio(ours, git)}`,
    );
  }

  // As the extension does a few seconds after startup: the tokenizer loaded, the scrubber run once.
  warmUpEngine();
  // Files scanned for an earlier question are not scanned again (privacy/findings-cache.ts): said with the figure.
  findingsCache.clear();
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
  console.log(
    (`in-process question, nothing changed, after the startup warm-up (retrieval + scrub + budget): p50 ${fmt(percentile(context, 50))} ms, p95 ` +
      `${fmt(percentile(context, 95))} ms; rank only p50 ${fmt(percentile(search, 50))} ms [target p50 ≤ 100 ms]`),
  );
  const scans = findingsCache.stats();
  console.log(`  texts scanned for secrets: ${scans.misses}; answered from earlier questions' scans: ${scans.hits}`);

  const edited = files.find((f) => /\.(ts|js)$/.test(f)) ?? files[0];
  const abs = path.join(root, edited);
  const original = readFileSync(abs, 'utf8');
  const edits: number[] = [];
  try {
    for (let i = 0; i < 5; i++) {
      const s = performance.now();
      writeFileSync(abs, `${original}\nexport const benchMarker${i} = ${i};\n`);
      const st = await stat(abs);
      await index.updateFile({ path: edited, absPath: abs, size: st.size, mtimeMs: st.mtimeMs });
      const hit = (await index.search(extractTerms(`benchMarker${i}`), 1))[0];
      if (hit?.path !== edited) throw new Error('edit not found');
      edits.push(performance.now() - s);
    }
  } finally {
    writeFileSync(abs, original);
  }
  index.markDirty();
  const refresh = await index.refresh();
  console.log(
    (`single-file edit reflected (write, re-index, found): p50 ${fmt(percentile(edits, 50))} ms [target ≤ 200 ms]; a full refresh that finds it from the ` +
      `file list: ${fmt(refresh.tookMs, 0)} ms`),
  );
  console.log(
    `peak RSS: ${fmt(rssAfterBuild, 0)} MB after the cold build, ${fmt((process.resourceUsage().maxRSS * 1024) / 1e6, 0)} MB at the end [target ≤ 300 MB]`,
  );
}

main().then(
  () => {
    for (const script of ['server-bench.ts', 'scrub-bench.ts', 'mentions-bench.ts', 'hostile-bench.ts', 'retrieval-eval.ts']) {
      const file = path.join(__dirname, script);
      if (!existsSync(file)) continue;
      console.log(`\n== ${script}`);
      spawnSync(process.execPath, ['--import', 'tsx', file, ...process.argv.slice(2)], { stdio: 'inherit' });
    }
  },
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
