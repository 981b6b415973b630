import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RE2JS } from 're2js';
import { MentionError } from '../../../src/engine/mentions/errors';
import { GrepRun } from '../../../src/engine/mentions/grep-runner';
import { formatMentionSummary, resolveMentions } from '../../../src/engine/mentions/index';
import { createNodeWorkspaceHost } from '../../../src/engine/tools/node-host';
import { runReadOnlyTool } from '../../../src/engine/tools/tool-runner';
import { createScrubber } from '../../../src/engine/privacy/scrubber';

// Linear for RE2, yet about two thousand steps per character once its DFA gives up: over a 1 MB
// line it keeps a thread busy for minutes (with the extension host frozen, before this change).
const COSTLY = '(?:a?){999}a{999}!';

function workspace(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'grounded-grep-limit-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  return root;
}

const hostile = workspace({ 'long.txt': `${'a'.repeat(1_000_000)}!\n`, 'notes.md': 'retry after 2 s\n' });

/** Counts event-loop turns while `p` runs: a thread blocked by the pattern would count none. */
async function turnsDuring<T>(p: Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  const tick = setInterval(() => turns++, 5);
  try {
    return { value: await p, turns };
  } finally {
    clearInterval(tick);
  }
}

describe('a user regex runs in its own thread with a time limit', () => {
  it('@grep is stopped at its limit with a timeout that says so; the other mentions are attached', async () => {
    const question = `what does @notes.md say, and @grep:"${COSTLY}" and @search:"retry after"?`;
    const { value: r, turns } = await turnsDuring(resolveMentions(question, { discovery: { root: hostile }, grepTimeoutMs: 300 }));
    assert.ok(turns > 0, 'the event loop kept turning while the pattern ran');
    assert.deepEqual(r.failures.map((f) => [f.raw, f.kind]), [[`@grep:"${COSTLY}"`, 'timeout']]);
    assert.equal(r.failures[0].message, 'the pattern was still running after 300 ms and was stopped.');
    assert.match(r.failures[0].suggestion, /simpler pattern: include a literal word.*@search:"…"/);
    assert.deepEqual(r.attached.map((a) => [a.path, a.origin]), [['notes.md', 'mention'], ['notes.md', 'search']]);
    assert.match(formatMentionSummary(r.summary), /Not attached: @grep:".*" — the pattern was still running after 300 ms and was stopped\. Use a simpler/);
  });

  it('terminates the thread at the limit, and every later call gets the same timeout', async () => {
    const run = GrepRun.start(COSTLY, { timeoutMs: 300 });
    const first = await run.scan([{ path: 'long.txt', abs: path.join(hostile, 'long.txt') }], Infinity).then(() => undefined, (e: unknown) => e);
    assert.ok(first instanceof MentionError && first.kind === 'timeout', String(first));
    assert.equal(typeof (await run.exited), 'number', 'the thread has ended');
    await assert.rejects(run.scan([{ path: 'x', text: 'aaa' }], Infinity), (e) => e === first);
  });

  it('Stop ends the search: the thread is terminated and the request rejects with the abort', async () => {
    const stop = new AbortController();
    const run = GrepRun.start(COSTLY, { signal: stop.signal });
    const scanning = run.scan([{ path: 'long.txt', abs: path.join(hostile, 'long.txt') }], Infinity);
    setTimeout(() => stop.abort(new Error('stopped by the user')), 200);
    await assert.rejects(scanning, /stopped by the user/);
    assert.equal(typeof (await run.exited), 'number');

    const again = new AbortController();
    const asked = resolveMentions(`@grep:"${COSTLY}"`, { discovery: { root: hostile } }, again.signal);
    setTimeout(() => again.abort(new Error('stopped again')), 200);
    await assert.rejects(asked, /stopped again/);
  });

  it('counts only the time the thread is busy: a caller preparing the next batch does not use up the limit', async () => {
    const run = GrepRun.start('retry', { timeoutMs: 3000 });
    try {
      assert.deepEqual(await run.scan([{ path: 'a', text: 'x\nretry' }], Infinity), [{ path: 'a', at: [1] }]);
      await new Promise((r) => setTimeout(r, 3500));
      assert.deepEqual(await run.scan([{ path: 'b', text: 'retry\nx' }], Infinity), [{ path: 'b', at: [0] }]);
      assert.deepEqual(await run.texts(['b']), ['retry\nx']);
    } finally {
      run.close();
    }
    assert.equal(typeof (await run.exited), 'number', 'close ends the thread');
  });

  it('reports a syntax error with its position, without starting a thread', () => {
    assert.throws(() => GrepRun.start('(a+)+\\1'), (e) => e instanceof MentionError && e.kind === 'parse_error' && /at position 6/.test(e.message));
  });
});

describe('the file_search tool runs its pattern the same way', () => {
  const host = createNodeWorkspaceHost({ root: hostile });

  it('stops a costly pattern at the limit and says what to do instead', async () => {
    const { value: err, turns } = await turnsDuring(
      runReadOnlyTool('file_search', { pattern: COSTLY }, host, createScrubber(), { grepTimeoutMs: 300 }).then(() => undefined, (e: Error) => e),
    );
    assert.ok(turns > 0, 'the event loop kept turning while the pattern ran');
    assert.match(String(err?.message), /^file_search failed: the pattern was still running after 300 ms and was stopped\. Use a simpler pattern/);
  });

  it('finds the lines RE2 finds in the scrubbed text, line by line, within the 200-line cap', async () => {
    const secret = 'AKIA4QX7R2MZ8KBW3NVD';
    const lines = ['first line', `aws_key = ${secret}`, 'x'.repeat(600) + '1', 'end', ...Array.from({ length: 300 }, (_, i) => `item ${i}`)];
    const root = workspace({ 'a.txt': lines.join('\n') });
    const tool = createNodeWorkspaceHost({ root });
    for (const pattern of ['^end$', '[a-z]{500}[0-9]', 'line|end', 'AKIA', '^item \\d+$']) {
      const out = await runReadOnlyTool('file_search', { pattern }, tool);
      const re = RE2JS.compile(pattern);
      const scrubbed = createScrubber().scrub(lines.join('\n')).text.split('\n');
      const expected = scrubbed.flatMap((l, i) => (re.matcher(l).find() ? [`a.txt:${i + 1}: ${l.trim().slice(0, 200)}`] : [])).slice(0, 200);
      assert.equal(out.text, expected.length ? expected.join('\n') : 'No matches', pattern);
      assert.ok(!out.text.includes(secret), 'a pattern cannot find a redacted value');
    }
  });
});
