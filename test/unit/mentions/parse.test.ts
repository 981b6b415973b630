import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseMentions } from '../../../src/engine/mentions/parse';

const kinds = (t: string) => parseMentions(t).map((m) => m.raw);

describe('parseMentions', () => {
  it('finds files, line ranges, searches, greps and URLs', () => {
    const ms = parseMentions('see @src/a.ts, @b.ts#L10-20 and @c.ts#L5 with @search:"x y" @grep:"fo\\"o+" @url:https://e.com/p?q=1.');
    assert.deepEqual(ms.map((m) => m.kind), ['file', 'file', 'file', 'search', 'grep', 'url']);
    assert.deepEqual(ms.map((m) => m.raw), ['@src/a.ts', '@b.ts#L10-20', '@c.ts#L5', '@search:"x y"', '@grep:"fo\\"o+"', '@url:https://e.com/p?q=1']);
    assert.deepEqual([ms[1].kind === 'file' && ms[1].startLine, ms[1].kind === 'file' && ms[1].endLine], [10, 20]);
    assert.deepEqual([ms[2].kind === 'file' && ms[2].startLine, ms[2].kind === 'file' && ms[2].endLine], [5, 5]);
    assert.equal(ms[4].kind === 'grep' && ms[4].pattern, 'fo"o+');
  });

  it('ignores e-mail addresses, mid-word @ and code spans / blocks', () => {
    assert.deepEqual(kinds('mail jane@acme.com or a@b, `@x.ts` and\n```\n@y.ts\n```\nbut @z.ts'), ['@z.ts']);
  });

  it('reports an unclosed or unquoted search as invalid, and goes on', () => {
    const ms = parseMentions('@search:nope @grep:"open');
    assert.deepEqual(ms.map((m) => m.kind), ['invalid', 'invalid']);
  });

  it('never throws, keeps offsets inside the text, and stays fast on hostile input (property-style)', () => {
    let seed = 42;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const alphabet = ['@', '`', '"', '#', 'L', '1', '-', '/', '.', 'a', ' ', '\n', 'search:', 'grep:', 'url:', 'http://x', '\\'];
    for (let n = 0; n < 500; n++) {
      const text = Array.from({ length: Math.floor(rnd() * 80) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');
      for (const m of parseMentions(text)) {
        assert.ok(m.start >= 0 && m.end <= text.length && m.start < m.end, JSON.stringify({ text, m }));
        assert.equal(text.slice(m.start, m.start + m.raw.length), m.raw);
      }
    }
    for (const hostile of ['@'.repeat(200_000), '`'.repeat(100_000), '@search:"'.repeat(20_000), 'a`b``c```'.repeat(20_000), '@a'.repeat(100_000)]) {
      const t0 = performance.now();
      parseMentions(hostile);
      assert.ok(performance.now() - t0 < 2000, `hostile input took ${performance.now() - t0} ms`);
    }
  });
});
