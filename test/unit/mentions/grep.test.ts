import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RE2JS } from 're2js';
import { MentionError } from '../../../src/engine/mentions/errors';
import { formatMentionSummary, resolveMentions } from '../../../src/engine/mentions/index';
import { requiredLiterals } from '../../../src/engine/mentions/regex-scan';
import { compileGrep, literalMatcher } from '../../../src/engine/mentions/search';

function compileError(pattern: string): MentionError {
  try {
    compileGrep(pattern);
  } catch (err) {
    assert.ok(err instanceof MentionError);
    return err;
  }
  assert.fail(`${pattern} compiled`);
}

function rng(seed: number): () => number {
  return () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
}

describe('@grep patterns', () => {
  it('places each error where it is (1-based)', () => {
    const cases: [string, number][] = [
      ['abc(def', 4],
      ['foo)', 4],
      ['abc\\', 4],
      ['a(b(c)d', 2],
      ['[abc', 1],
      ['x{1001}', 2],
      ['a**', 2],
      ['ok\\q', 3],
      ['(a)(b))', 7],
    ];
    for (const [pattern, at] of cases) {
      const err = compileError(pattern);
      assert.equal(err.kind, 'parse_error');
      assert.match(err.message, new RegExp(`at position ${at}:`), `${pattern}: ${err.message}`);
    }
    assert.match(compileError('abc\\').message, /trailing backslash/);
  });

  it('finds the literal every match must contain, or none when there is no safe one', () => {
    assert.deepEqual(requiredLiterals('retry(After|Delay)'), ['retry']);
    assert.deepEqual(requiredLiterals('foo|bar+'), ['foo', 'ba']);
    assert.deepEqual(requiredLiterals('\\.json$'), ['.json']);
    assert.deepEqual(requiredLiterals('x?yz'), ['yz']);
    for (const none of ['a.b', '(?i)retry', 'ab?', 'foo|.', '[ab]c', '\\w+', '']) assert.equal(requiredLiterals(none), undefined, none);
  });

  it('matches exactly the lines RE2 matches line by line (prefilter or not), on random patterns and texts', () => {
    const rnd = rng(7);
    const atoms = [
      'a',
      'b',
      'ab',
      'ba',
      'abc',
      '.',
      '\\.',
      '[ab]',
      '[^a]',
      '(a|b)',
      'a*',
      'b+',
      'c?',
      '^',
      '$',
      '|',
      '\\w',
      '\\s',
      '\\b',
      '\\A',
      '\\z',
      '(?s).',
      '(?-m)$',
      '(?:ab)?',
      'x{2}',
      '(?i)A',
      'é',
      '😀',
      '😀?',
    ];
    const chars = ['a', 'b', 'c', '.', 'x', ' ', '\n', 'é', '😀', 'A'];
    let checked = 0;
    for (let n = 0; n < 2000; n++) {
      const pattern = Array.from({ length: 1 + Math.floor(rnd() * 5) }, () => atoms[Math.floor(rnd() * atoms.length)]).join('');
      let re: RE2JS;
      try { re = RE2JS.compile(pattern); } catch { continue; }
      const text = Array.from({ length: Math.floor(rnd() * 80) }, () => chars[Math.floor(rnd() * chars.length)]).join('');
      const expected = text.split('\n').flatMap((l, i) => (re.test(l) ? [i] : []));
      const m = compileGrep(pattern);
      assert.deepEqual(m.lines(text).map((l) => l.n), expected, JSON.stringify({ pattern, text }));
      if (expected.length && m.mayMatch)
        assert.ok(m.mayMatch(Buffer.from(text)), `the byte prefilter never rules out a match: ${JSON.stringify({ pattern, text })}`);
      checked++;
    }
    assert.ok(checked > 1200, String(checked));
  });

  it('@search matches case-insensitively, each line once, and its byte prefilter agrees (random input)', () => {
    assert.deepEqual(literalMatcher('Retry').lines('retry RETRY\nnone\nre-try retry').map((l) => l.n), [0, 2]);
    const rnd = rng(11);
    const chars = ['a', 'A', 'i', 'I', 'k', 'K', '\u0130', '\u212a', 'é', ' ', '\n', '.'];
    const pick = (n: number) => Array.from({ length: n }, () => chars[Math.floor(rnd() * chars.length)]).join('');
    for (let n = 0; n < 2000; n++) {
      const query = pick(1 + Math.floor(rnd() * 3));
      const text = pick(Math.floor(rnd() * 60));
      const m = literalMatcher(query);
      const expected = query.includes('\n') ? [] : text.split('\n').flatMap((l, i) => (l.toLowerCase().includes(query.toLowerCase()) ? [i] : []));
      assert.deepEqual(m.lines(text).map((l) => l.n), expected, JSON.stringify({ query, text }));
      if (expected.length && m.mayMatch) assert.ok(m.mayMatch(Buffer.from(text)), JSON.stringify({ query, text }));
    }
  });
});

describe('@grep and @search over many files', () => {
  it('scan every file, show the first match of each file before any file\'s second, and count exactly', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'grounded-grep-'));
    mkdirSync(path.join(root, 'src'));
    const perFile = 10;
    const files = 300;
    for (let i = 0; i < files; i++) writeFileSync(path.join(root, 'src', `f${String(i).padStart(3, '0')}.ts`), 'const hit = 1;\n'.repeat(perFile));
    // The file that holds the answer matches once, and sorts last.
    writeFileSync(path.join(root, 'src', 'zz-answer.ts'), 'export const unrelated = 0;\nconst hit = 42; // the answer');
    const r = await resolveMentions('@grep:"hit = \\d"', { discovery: { root } });
    const s = r.summary.searches[0];
    assert.deepEqual([s.matches, s.files, s.shown, s.capped], [files * perFile + 1, files + 1, 50, true]);
    assert.match(formatMentionSummary(r.summary), /@grep:"hit = \\d": 3,001 matches in 301 files, 50 shown/);
    // 50 shown from 50 different files: no file contributes a second match while others have none.
    assert.equal(new Set(r.attached.map((a) => a.path)).size, 50);

    const few = await resolveMentions('@search:"the answer"', { discovery: { root } });
    assert.deepEqual(few.attached.map((a) => [a.path, a.startLine, a.endLine]), [['src/zz-answer.ts', 1, 2]]);
    assert.match(formatMentionSummary(few.summary), /@search:"the answer": 1 match in 1 file, 1 shown/);
  });

  it('a file with many matches no longer hides another file\'s single one', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'grounded-search-'));
    writeFileSync(path.join(root, 'busy.ts'), Array.from({ length: 80 }, (_, i) => `retry(${i});`).join('\n'));
    writeFileSync(path.join(root, 'quiet.ts'), 'const x = 1;\n\n\n\nexport const policy = retry(0);\n');
    const r = await resolveMentions('@search:"retry("', { discovery: { root } });
    assert.ok(r.attached.some((a) => a.path === 'quiet.ts' && a.text.includes('export const policy')), JSON.stringify(r.attached.map((a) => a.path)));
    assert.match(formatMentionSummary(r.summary), /81 matches in 2 files, 50 shown/);
  });
});
