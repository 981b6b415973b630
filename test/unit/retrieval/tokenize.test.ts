import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chunkText } from '../../../src/engine/retrieval/chunks';
import { PostingStore } from '../../../src/engine/retrieval/postings';
import { ChunkTokenizer } from '../../../src/engine/retrieval/tokenize';

const SRC = path.join(__dirname, '..', '..', '..', 'src', 'engine', 'retrieval');

describe('the indexing tokenizer', () => {
  it('gives the same chunks, term frequencies and definitions as chunkText', () => {
    const store = new PostingStore();
    const tokenizer = new ChunkTokenizer(store);
    const texts = readdirSync(SRC).map((f) => readFileSync(path.join(SRC, f), 'utf8'));
    texts.push(`# Heading one\n${'x'.repeat(900)} tailIdentifierBeyondTheCap\n9abc a9b $x _y\n`);
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
    for (const text of texts) tokenizer.tokenize(text, (c) => { lines.push(`${c.startLine}-${c.endLine}:${c.length}`); return next++; });
    assert.equal(next, id);
    assert.deepEqual(lines, texts.flatMap((t) => chunkText(t).map((c) => `${c.startLine}-${c.endLine}:${c.length}`)));
    for (const [token, postings] of expected) {
      const got: string[] = [];
      store.forEach(token, () => true, (chunk, tf, defines) => got.push(`${chunk}:${tf}:${defines}`));
      assert.deepEqual(got, postings, token);
    }
  });
});
