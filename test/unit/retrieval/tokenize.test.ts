import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chunkText } from '../../../src/engine/retrieval/chunks';
import { PostingStore } from '../../../src/engine/retrieval/postings';
import { ChunkTokenizer } from '../../../src/engine/retrieval/tokenize';

const SRC = path.join(__dirname, '..', '..', '..', 'src', 'engine', 'retrieval');

describe('the indexing tokenizer', () => {
  it('gives the same chunks, term frequencies and definitions as chunkText, from a string or its bytes', () => {
    const store = new PostingStore();
    const tokenizer = new ChunkTokenizer(store);
    const texts = readdirSync(SRC).map((f) => readFileSync(path.join(SRC, f), 'utf8'));
    texts.push(`# Heading one\n${'x'.repeat(900)} tailIdentifierBeyondTheCap\n9abc a9b $x _y\n`);
    // What the byte tokenizer must read as the string one does: CRLF, white space beyond ASCII
    // (\s and trim know it), lines over the 400-character cap with and without characters beyond
    // ASCII before it, definitions and methods among blank lines, no final newline, nothing at all.
    texts.push('', '\n', 'only', 'a\r\nexport function crlfDefined() {\r\n}\r\n', '# Heading\r\nbody words\r\n');
    texts.push(`${'x'.repeat(399)}éabcdef tailWord\n`.repeat(3), `${'é'.repeat(200)}${'abc '.repeat(100)}\n`, `${'ab '.repeat(150)}capCrossingIdentifier\n`);
    texts.push(
      Array.from({ length: 200 }, (_, i) =>
        i % 7 === 0 ? '' : i % 5 === 0 ? `export function f${i}() {` : i % 3 === 0 ? '\t\u3000' : i % 11 === 0 ? `\u00a0class Spaced${i} {` : `  method${i}(a) {`,
      ).join('\n'),
    );
    let id = 0;
    const expected = new Map<string, string[]>();
    for (const text of texts) {
      for (const c of chunkText(text)) {
        for (const [t, n] of c.tf) {
          const list = expected.get(t) ?? [];
          list.push(`${id}:${n}:${c.defines.has(t)}`);
          expected.set(t, list);
        }
        id++;
      }
    }
    let next = 0;
    const lines: string[] = [];
    // Half the texts as strings, half as their UTF-8 bytes (as files are read): one result.
    texts.forEach((text, i) =>
      tokenizer.tokenize(i % 2 ? Buffer.from(text) : text, (c) => {
        lines.push(`${c.startLine}-${c.endLine}:${c.length}`);
        return next++;
      }),
    );
    assert.equal(next, id);
    assert.deepEqual(lines, texts.flatMap((t) => chunkText(t).map((c) => `${c.startLine}-${c.endLine}:${c.length}`)));
    for (const [token, postings] of expected) {
      const got: string[] = [];
      store.forEach(token, () => true, (chunk, tf, defines) => got.push(`${chunk}:${tf}:${defines}`));
      assert.deepEqual(got, postings, token);
    }
  });

  it('reads bytes that are not valid UTF-8 as their decoded text reads', () => {
    const bytes = Buffer.concat([Buffer.from('x'.repeat(398)), Buffer.from([0xc3]), Buffer.from('abcdef hiddenBeyond\nab'), Buffer.from([0x80, 0xff]), Buffer.from('cd keptWord\n')]);
    const store = new PostingStore();
    const chunks: string[] = [];
    new ChunkTokenizer(store).tokenize(bytes, (c) => (chunks.push(`${c.startLine}-${c.endLine}:${c.length}`), 0));
    const [expected] = chunkText(bytes.toString('utf8'));
    assert.deepEqual(chunks, [`${expected.startLine}-${expected.endLine}:${expected.length}`]);
    for (const [t, n] of expected.tf) assert.equal(store.count(t, undefined), 1, `${t} ×${n}`);
    assert.equal(store.count('hiddenbeyond', undefined), expected.tf.has('hiddenbeyond') ? 1 : 0);
  });
});
