// Hostile-input benchmarks (issue 14, items 4 and 8): inputs that once hung a query or took tens of
// seconds, each next to an ordinary input of the same size measured in the same run.
// Usage: node --import tsx bench/hostile-bench.ts
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encoderFor, countTokens } from '../src/engine/context/tokens';
import { buildContext } from '../src/engine/context/build';
import { resolveMentions } from '../src/engine/mentions/index';

const ms = (n: number) => `${n.toFixed(0)} ms`;

async function time<T>(f: () => Promise<T> | T): Promise<number> {
  const s = performance.now();
  await f();
  return performance.now() - s;
}

const words = (bytes: number) => 'the key store keeps api keys encrypted at rest '.repeat(Math.ceil(bytes / 47)).slice(0, bytes);

async function main(): Promise<void> {
  const root = mkdtempSync(path.join(tmpdir(), 'grounded-hostile-'));
  try {
    // Item 4: one unbroken run of a letter, which tiktoken's BPE merges in quadratic time.
    const run20k = 'y'.repeat(20_000);
    const direct = await time(() => encoderFor('o200k_base').encode_ordinary(run20k));
    const bounded = await time(() => countTokens(run20k, 'o200k_base'));
    console.log(`count a 20 KB run of one letter: ${ms(bounded)} (tiktoken handed it whole, as before: ${ms(direct)}; 80 KB took 7.6 s, 300 KB over 100 s)`);
    const run1m = 'y'.repeat(1024 * 1024);
    console.log(`count a 1 MiB run of one letter: ${ms(await time(() => countTokens(run1m, 'o200k_base')))} (before: the WASM trapped, "unreachable")`);

    const hostile = path.join(root, 'hostile');
    const plain = path.join(root, 'plain');
    for (const [dir, body] of [[hostile, `api keys stored ${'y'.repeat(300_000)}\n`], [plain, `api keys stored ${words(300_000)}\n`]] as const) {
      require('node:fs').mkdirSync(dir);
      writeFileSync(path.join(dir, 'keys.txt'), body);
    }
    const q = 'how are api keys stored?';
    const plainMs = await time(() => buildContext({ root: plain, question: q }));
    const hostileMs = await time(() => buildContext({ root: hostile, question: q }));
    console.log(
      (`query a file whose matching line is 'api keys stored ' + 300 KB of 'y': ${ms(hostileMs)} (the same line of 300 KB of words: ${ms(plainMs)}; ` +
        `before: > 120 s)`),
    );

    // Item 8: @mentions of one-line files.
    const m = path.join(root, 'mentions');
    require('node:fs').mkdirSync(m);
    writeFileSync(path.join(m, 'two.txt'), `hello world ${'x'.repeat(2_000_000)}`);
    writeFileSync(path.join(m, 'lines.txt'), `${'hello world, an ordinary line of text\n'.repeat(52_000)}`);
    writeFileSync(path.join(m, 'fifty.txt'), `hello ${'z'.repeat(50_000_000)}`);
    const opts = { discovery: { root: m } };
    const lines = await time(() => resolveMentions('@lines.txt', opts));
    console.log(
      (`@two.txt (2 MB, one line; cut at 1 MiB): ${ms(await time(() => resolveMentions('@two.txt', opts)))} (2 MB of ordinary lines: ${ms(lines)}; before: ` +
        `exit 4 "unreachable")`),
    );
    console.log(`@two.txt#L1: ${ms(await time(() => resolveMentions('@two.txt#L1', opts)))} (before: "line 1 is outside the file")`);
    const rss0 = process.memoryUsage().rss;
    const fifty = await time(() => resolveMentions('@fifty.txt#L1', opts));
    console.log(`@fifty.txt#L1 (50 MB, one line): ${ms(fifty)}, RSS +${((process.memoryUsage().rss - rss0) / 1e6).toFixed(0)} MB (before: 30 s and 550 MB)`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
