import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Finding } from '../../../src/engine/privacy/detector';
import { EarlierValues, withEchoes } from '../../../src/engine/privacy/echoes';
import { resolveOverlaps } from '../../../src/engine/privacy/overlaps';
import { scrubText } from '../../../src/engine/privacy/scrubber';

/** A deterministic pseudo-random source, so a failure can be replayed. */
function rng(seed: number): () => number {
  return () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
}

/**
 * The copies by definition: one search per value, each value's copies not overlapping each other, and a
 * copy of several words not joined to a word character (`\w`) on a side where the value has one.
 */
function naive(text: string, findings: Finding[]): Finding[] {
  const found = new Set(findings.map((f) => f.start));
  const values = new Map(findings.map((f) => [text.slice(f.start, f.end), f.kind]));
  const word = (c: string | undefined) => c !== undefined && /\w/.test(c);
  const alone = (at: number, end: number) =>
    !/\s/.test(text.slice(at, end)) || (!(word(text[at - 1]) && word(text[at])) && !(word(text[end]) && word(text[end - 1])));
  const copies: Finding[] = [];
  for (const [v, kind] of values) {
    for (let at = text.indexOf(v); at >= 0; ) {
      if (!alone(at, at + v.length)) {
        at = text.indexOf(v, at + 1);
        continue;
      }
      if (!found.has(at)) copies.push({ kind, start: at, end: at + v.length, priority: 0 });
      at = text.indexOf(v, at + v.length);
    }
  }
  return resolveOverlaps([...findings, ...copies], text.length);
}

describe('echoes: copies of redacted values', () => {
  it('finds the same copies in one pass as one search per value, with many values, overlapping and repeated ones (random texts)', () => {
    const next = rng(7);
    for (let round = 0; round < 200; round++) {
      // A small alphabet makes values overlap, repeat and share their first characters.
      const text = Array.from({ length: 300 + Math.floor(next() * 600) }, () => 'abAB-_'[Math.floor(next() * 6)]).join('');
      const findings: Finding[] = [];
      for (let k = 0; k < 17 + Math.floor(next() * 30); k++) {
        const start = Math.floor(next() * (text.length - 20));
        const f = { kind: 'secret', start, end: start + 8 + Math.floor(next() * 6), priority: 5 };
        if (!findings.some((g) => g.start < f.end && f.start < g.end)) findings.push(f);
      }
      findings.sort((a, b) => a.start - b.start); // in text order, as the detectors give them
      assert.deepEqual(withEchoes(text, findings, new EarlierValues()), naive(text, findings), `round ${round}`);
    }
  });

  it('finds the same copies in one pass when values share a start and differ in the next character (wide trie nodes, random texts)', () => {
    const next = rng(11);
    for (let round = 0; round < 100; round++) {
      // Pieces `q` + a character + two of `ab`, 10 to 20 kinds of them drawn over and over: values taken at the pieces'
      // starts share `q`, branch 10 to 20 ways after it, and recur.
      const kinds = Array.from({ length: 10 + Math.floor(next() * 11) }, (_, k) =>
        `q${String.fromCharCode(48 + k)}${'ab'[Math.floor(next() * 2)]}${'ab'[Math.floor(next() * 2)]}`);
      const pieces = Array.from({ length: 150 + Math.floor(next() * 150) }, () => kinds[Math.floor(next() * kinds.length)]);
      // Pieces run together or apart, so some copies stand alone and some are inside longer words.
      const starts: number[] = [];
      let text = '';
      for (const piece of pieces) {
        if (text && next() < 0.5) text += ' ';
        starts.push(text.length);
        text += piece;
      }
      const findings: Finding[] = [];
      for (let k = 0; k < 17 + Math.floor(next() * 40); k++) {
        const start = starts[Math.floor(next() * (pieces.length - 4))] + (next() < 0.2 ? 1 : 0);
        const f = { kind: 'secret', start, end: start + 8 + Math.floor(next() * 5), priority: 5 };
        if (!findings.some((g) => g.start < f.end && f.start < g.end)) findings.push(f);
      }
      findings.sort((a, b) => a.start - b.start);
      assert.deepEqual(withEchoes(text, findings, new EarlierValues()), naive(text, findings), `round ${round}`);
    }
  });

  it('leaves a plain word found as a login alone elsewhere, and a name inside a longer one; a token glued to a word is still its copy', () => {
    const text = [
      '@pytest.mark.parametrize("password", [b"password", "password"])',
      'def test_load_ssl_config_cert_and_key_invalid_password(password):',
      '    proxy = httpx.Proxy("https://username:password@example.com")',
      'TOKEN = "Xk9fQ2mZ7pLw"  # used as TOKEN_Xk9fQ2mZ7pLw and bare: Xk9fQ2mZ7pLw',
      'Author: John Smith. Reviewed by John Smithson.',
    ].join('\n');
    const at = (v: string, from = 0) => text.indexOf(v, from);
    const findings: Finding[] = [
      { kind: 'connection_string', start: at('password@'), end: at('password@') + 8, priority: 5 },
      { kind: 'secret', start: at('Xk9fQ2mZ7pLw'), end: at('Xk9fQ2mZ7pLw') + 12, priority: 5 },
      { kind: 'person_name', start: at('John Smith'), end: at('John Smith') + 10, priority: 5 },
    ];
    const out = withEchoes(text, findings, new EarlierValues());
    const token = at('Xk9fQ2mZ7pLw');
    assert.deepEqual(out.map((f) => `${text.slice(f.start, f.end)}@${f.start}`), [
      `password@${at('password@')}`,
      `Xk9fQ2mZ7pLw@${token}`, `Xk9fQ2mZ7pLw@${at('Xk9fQ2mZ7pLw', token + 1)}`, `Xk9fQ2mZ7pLw@${text.lastIndexOf('Xk9fQ2mZ7pLw')}`,
      `John Smith@${at('John Smith')}`,
    ]);
    const earlier = new EarlierValues();
    earlier.add('secret', 'Xk9fQ2mZ7pLw');
    earlier.add('connection_string', 'password');
    earlier.add('person_name', 'Jane Doe');
    const later = 'x = Xk9fQ2mZ7pLw; y = aXk9fQ2mZ7pLw; password; Jane Doe, Jane Doerr';
    assert.deepEqual(withEchoes(later, [], earlier).map((f) => f.start), [4, 23, later.indexOf('Jane Doe')]);
  });

  it('redacts every copy of thousands of distinct e-mail addresses in a 1 MB file (one pass, not one per address)', () => {
    const lines = Array.from({ length: 30_000 }, (_, i) => `owner: person${i}.name@example-${i % 97}.org\nagain person${i}.name@example-${i % 97}.org`);
    const text = lines.join('\n');
    const out = scrubText(text).text;
    assert.equal(/person\d+\.name@/.test(out), false);
    assert.equal(out.split('\n').length, text.split('\n').length);
  });
});
