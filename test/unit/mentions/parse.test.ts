import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseMentions, type Mention } from '../../../src/engine/mentions/parse';

const kinds = (t: string) => parseMentions(t).map((m) => m.raw);

/** A deterministic pseudo-random source, so a failure can be replayed. */
function rng(seed: number): () => number {
  return () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
}

/**
 * Code spans by the definition, written the slow obvious way (an independent oracle for the
 * property test): a backtick run is closed by the next run of exactly its length; a ≥3 run at the
 * start of a line that never closes runs to the end.
 */
function naiveCodeSpans(text: string): [number, number][] {
  const runs: [number, number][] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '`') continue;
    let j = i;
    while (text[j] === '`') j++;
    runs.push([i, j - i]);
    i = j - 1;
  }
  const spans: [number, number][] = [];
  for (let r = 0; r < runs.length; r++) {
    const close = runs.findIndex((x, k) => k > r && x[1] === runs[r][1]);
    if (close >= 0) { spans.push([runs[r][0], runs[close][0] + runs[close][1]]); r = close; continue; }
    const before = text.slice(0, runs[r][0]).split('\n').pop()!;
    if (runs[r][1] >= 3 && /^ {0,3}$/.test(before)) { spans.push([runs[r][0], text.length]); break; }
  }
  return spans;
}

/** Best of five timings of one parse, in ms (the best run is the one no other process interrupted). */
function timeParse(text: string): number {
  let best = Number.POSITIVE_INFINITY;
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    parseMentions(text);
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

describe('parseMentions', () => {
  it('finds files, line ranges, searches, greps and URLs', () => {
    const ms = parseMentions('see @src/a.ts, @b.ts#L10-20 and @c.ts#L5 with @search:"x y" @grep:"fo\\"o+" @url:https://e.com/p?q=1.');
    assert.deepEqual(ms.map((m) => m.kind), ['file', 'file', 'file', 'search', 'grep', 'url']);
    assert.deepEqual(ms.map((m) => m.raw), ['@src/a.ts', '@b.ts#L10-20', '@c.ts#L5', '@search:"x y"', '@grep:"fo\\"o+"', '@url:https://e.com/p?q=1']);
    assert.deepEqual([ms[1].kind === 'file' && ms[1].startLine, ms[1].kind === 'file' && ms[1].endLine], [10, 20]);
    assert.deepEqual([ms[2].kind === 'file' && ms[2].startLine, ms[2].kind === 'file' && ms[2].endLine], [5, 5]);
    assert.equal(ms[4].kind === 'grep' && ms[4].pattern, 'fo"o+');
  });

  it('reads a bare @http(s):// URL as @url:, without the sentence punctuation after it', () => {
    const ms = parseMentions('summarize @http://127.0.0.1/ and @https://example.com/page, then (see @HTTPS://x.com/a). Also @https://x.com/a.');
    assert.deepEqual(ms.map((m) => m.kind), ['url', 'url', 'url', 'url']);
    assert.deepEqual(ms.map((m) => m.raw), ['@http://127.0.0.1/', '@https://example.com/page', '@HTTPS://x.com/a', '@https://x.com/a']);
    assert.deepEqual(ms.map((m) => m.kind === 'url' && m.url), ['http://127.0.0.1/', 'https://example.com/page', 'HTTPS://x.com/a', 'https://x.com/a']);
  });

  it('keeps a URL\'s own closing parenthesis, drops the one that closes the prose', () => {
    const urls = (t: string) => parseMentions(t).map((m) => m.kind === 'url' && m.url);
    assert.deepEqual(urls('(see @https://en.wikipedia.org/wiki/Foo_(bar)).'), ['https://en.wikipedia.org/wiki/Foo_(bar)']);
    assert.deepEqual(urls('(see @url:https://x.com/a_(b)_c)'), ['https://x.com/a_(b)_c']);
    assert.deepEqual(urls('@https://x.com/a)'), ['https://x.com/a']);
  });

  it('leaves what is not a bare URL as before: no scheme separator, another scheme, mid-word, in code', () => {
    assert.deepEqual(parseMentions('@http and @https: and @ftp://x.com/a').map((m) => [m.kind, m.raw]), [
      ['file', '@http'],
      ['file', '@https'],
      ['file', '@ftp'],
    ]);
    assert.deepEqual(kinds('me@https://x.com `@https://y.com`'), []);
  });

  it('reads @file:path as @path (what other assistants teach), and leaves Kotlin\'s @file: annotations as words', () => {
    const ms = parseMentions('explain @file:src/a.ts#L3-9 and @file:b.py. @file:JvmName("A") @file: x');
    assert.deepEqual(ms.map((m) => [m.kind, m.raw, m.kind === 'file' ? m.path : '']), [
      ['file', '@file:src/a.ts#L3-9', 'src/a.ts'],
      ['file', '@file:b.py', 'b.py'],
      ['file', '@file:JvmName', 'JvmName'],
      ['file', '@file', 'file'],
    ]);
    assert.deepEqual(ms[0].kind === 'file' && [ms[0].startLine, ms[0].endLine], [3, 9]);
  });

  it('reads #L10-L20 and stops a path at sentence punctuation', () => {
    const ms = parseMentions('(@a.ts#L3-L4) and @b/c.md... or @d.ts?');
    assert.deepEqual(ms.map((m) => m.raw), ['@a.ts#L3-L4', '@b/c.md', '@d.ts']);
    assert.deepEqual(ms[0].kind === 'file' && [ms[0].startLine, ms[0].endLine], [3, 4]);
  });

  it('ignores e-mail addresses, mid-word @ and code spans / blocks (an unclosed fence too)', () => {
    assert.deepEqual(kinds('mail jane@acme.com or a@b, `@x.ts` and\n```\n@y.ts\n```\nbut @z.ts'), ['@z.ts']);
    assert.deepEqual(kinds('@a.ts\n```ts\n@inside.ts and never closed'), ['@a.ts']);
    assert.deepEqual(kinds('``@x.ts` still open`` @y.ts'), ['@y.ts']);
  });

  it('reports an unclosed or unquoted search as invalid, and goes on', () => {
    const ms = parseMentions('@search:nope @grep:"open @src/a.ts');
    assert.deepEqual(ms.map((m) => m.kind), ['invalid', 'invalid', 'file']);
    assert.deepEqual(ms.map((m) => m.raw), ['@search:nope', '@grep:"', '@src/a.ts']);
  });

  it('shows an unquoted search or grep as it should be written (a /regex/ without its slashes, /i as (?i))', () => {
    const reasons = (text: string) => parseMentions(text).map((m) => (m.kind === 'invalid' ? `${m.raw} → ${m.reason}` : m.kind));
    assert.deepEqual(reasons('where is @search:parseConfig?'), ['@search:parseConfig? → needs its argument in double quotes: @search:"parseConfig".']);
    assert.deepEqual(reasons('what matches @grep:/retry(After|Delay)\\d+/ here'), [
      '@grep:/retry(After|Delay)\\d+/ → needs its argument in double quotes: @grep:"retry(After|Delay)\\d+".',
    ]);
    assert.deepEqual(reasons('@grep:/todo/i and @grep:say"hi" @src/a.ts'), [
      '@grep:/todo/i → needs its argument in double quotes: @grep:"(?i)todo".',
      '@grep:say"hi" → needs its argument in double quotes: @grep:"say\\"hi\\"".',
      'file',
    ]);
    assert.deepEqual(reasons('@grep: alone'), ['@grep: → needs a quoted argument, e.g. @grep:"text".']);
    // The suggestion parses as the mention meant.
    const fixed = parseMentions('@grep:"say\\"hi\\""')[0];
    assert.deepEqual(fixed.kind === 'grep' && fixed.pattern, 'say"hi"');
  });

  it('reports an empty search or grep as invalid (it would match every line), and goes on', () => {
    const ms = parseMentions('@search:"" @grep:"  " @search:"x"');
    assert.deepEqual(ms.map((m) => [m.kind, m.raw]), [['invalid', '@search:""'], ['invalid', '@grep:"  "'], ['search', '@search:"x"']]);
    assert.match(ms[0].kind === 'invalid' ? ms[0].reason : '', /is empty: write what to look for/);
  });

  it('holds its invariants on random input (property-style)', () => {
    const rnd = rng(42);
    const alphabet = [
      '@',
      '`',
      '``',
      '```',
      '"',
      '\\"',
      '#',
      'L',
      '1',
      '-',
      '/',
      '.',
      ',',
      ')',
      'a',
      'b.ts',
      ' ',
      '\n',
      'search:',
      'grep:',
      'url:',
      'http://x',
      'HTTPS://',
      '(',
      '\\',
      'x@y',
    ];
    for (let n = 0; n < 1500; n++) {
      const text = Array.from({ length: Math.floor(rnd() * 60) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');
      const ms = parseMentions(text);
      const spans = naiveCodeSpans(text);
      const ctx = JSON.stringify({ text, ms });
      let prevEnd = 0;
      for (const m of ms) {
        assert.ok(m.start >= prevEnd && m.start < m.end && m.end <= text.length, `in order, inside the text, not overlapping: ${ctx}`);
        prevEnd = m.end;
        assert.equal(m.raw, text.slice(m.start, m.end), `raw is exactly the slice: ${ctx}`);
        assert.equal(text[m.start], '@', ctx);
        assert.ok(m.start === 0 || !/[\w.+\-@]/.test(text[m.start - 1]), `not inside a word: ${ctx}`);
        assert.ok(!spans.some(([s, e]) => m.start >= s && m.start < e), `not inside a code span: ${ctx}`);
        checkShape(m, ctx);
      }
      assert.deepEqual(parseMentions(text), ms, `deterministic: ${ctx}`);
    }
  });

  for (const [name, make] of [
    // A punctuation run that does not end the path made `/[.,;:!?)\]'"]+$/` backtrack from every position.
    ['dots inside a path', (n: number) => `@${'.'.repeat(n)}x`],
    ['commas inside a URL', (n: number) => `@url:${','.repeat(n)}x`],
    ['commas and parentheses after a bare URL', (n: number) => `@https://x${'(,)'.repeat(n / 3)}`],
    ['bare URLs one after another', (n: number) => '@https://a. '.repeat(n / 12)],
    [
      'descending backtick runs',
      (n: number) => {
        const out: string[] = [];
        let size = 0;
        for (let k = Math.floor(Math.sqrt(2 * n)); k > 0 && size < n; k--) {
          out.push('`'.repeat(k), 'a');
          size += k + 1;
        }
        return out.join('');
      },
    ],
    ['@/ repeated (each @ starts a path)', (n: number) => '@/'.repeat(n / 2)],
    ['unclosed quotes', (n: number) => `${'@search:"'.repeat(n / 18)}${'@grep:"\\"'.repeat(n / 18)}`],
    ['unmatched backticks and @s', (n: number) => 'a`b``c```@'.repeat(n / 10)],
  ] as const) {
    it(`stays linear on hostile input: ${name}`, () => {
      const n = 125_000;
      parseMentions(make(1000)); // warm up the JIT so the first timing is not the slow one
      const small = timeParse(make(n));
      const large = timeParse(make(4 * n));
      // The parser this replaces took seconds to minutes at these sizes (quadratic). Only that
      // absolute bound is checked, ~50x what a linear pass needs: the ratio of two timings is
      // noise on a busy machine or under the coverage run (V8 block coverage slows every branch).
      const detail = `${name}: ${small.toFixed(1)} ms for ${n} chars, ${large.toFixed(1)} ms for ${4 * n}`;
      assert.ok(large < 1500, detail);
    });
  }
});

/** Each kind's fields agree with its raw text. */
function checkShape(m: Mention, ctx: string): void {
  if (m.kind === 'file') {
    assert.ok(m.raw.startsWith(`@${m.path}`), ctx);
    assert.ok(/\w/.test(m.path), ctx);
    if (m.startLine !== undefined) assert.ok(m.raw.includes(`#L${m.startLine}`), ctx);
  } else if (m.kind === 'url') assert.ok(m.raw === `@url:${m.url}` || (m.raw === `@${m.url}` && /^https?:\/\//i.test(m.url)), ctx);
  else if (m.kind === 'search') assert.ok(m.raw.startsWith('@search:"') && m.raw.endsWith('"'), ctx);
  else if (m.kind === 'grep') assert.ok(m.raw.startsWith('@grep:"') && m.raw.endsWith('"'), ctx);
}
