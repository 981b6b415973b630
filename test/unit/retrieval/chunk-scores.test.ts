import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { IndexData } from '../../../src/engine/retrieval/index-data';
import { rankChunks } from '../../../src/engine/retrieval/rank';
import { extractTerms } from '../../../src/engine/retrieval/terms';

// The ranking keeps its per-chunk arrays from one question to the next (chunk-scores.ts): a question
// must rank the same whatever was asked before it, however many terms it has, and after one that failed.
function corpus(): IndexData {
  const data = new IndexData();
  const meta = { size: 1, mtimeMs: 1, hash: 'h', fromEditor: false };
  data.putFile('src/keys.ts', meta, 'export function storeApiKey(key: string) {\n  // keep the API key in secret storage\n  return save(key);\n}\n');
  data.putFile('src/retry.ts', meta, 'export function parseRetryAfter(header: string) {\n  // seconds or an HTTP date\n  return Number(header);\n}\n');
  data.putFile('docs/retry.md', meta, '# Retry\n\nA request is retried after the Retry-After header says.\n');
  for (let i = 0; i < 6; i++) data.putFile(`src/f${i}.ts`, meta, `export const x${i} = compute${i}(input);\n`);
  return data;
}

describe('scores kept between questions', () => {
  it('ranks a question the same before and after others', () => {
    const data = corpus();
    const first = JSON.stringify(rankChunks(data, extractTerms('how are API keys stored?'), 10));
    rankChunks(data, extractTerms('how is Retry-After parsed?'), 10);
    rankChunks(data, extractTerms('where are the docs about retries?'), 10);
    assert.equal(JSON.stringify(rankChunks(data, extractTerms('how are API keys stored?'), 10)), first);
    assert.equal(JSON.stringify(rankChunks(corpus(), extractTerms('how are API keys stored?'), 10)), first);
  });

  it('reports the terms a chunk matched beyond the 32nd (a long conversation)', () => {
    const filler = Array.from({ length: 40 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${i}`).join(' ');
    const terms = extractTerms(`${filler} where is parseRetryAfter?`);
    assert.ok(terms.length > 32, String(terms.length));
    const [top] = rankChunks(corpus(), terms, 10);
    assert.equal(top.path, 'src/retry.ts');
    assert.ok(top.matched.includes('identifier:parseretryafter'), top.matched.join(','));
  });

  it('ranks correctly after a ranking that failed half-way', () => {
    const data = corpus();
    const terms = extractTerms('how does "retry after" work for API keys?');
    const expected = JSON.stringify(rankChunks(data, terms, 10, () => true));
    assert.throws(() =>
      rankChunks(data, terms, 10, () => {
        throw new Error('phrase check failed');
      }),
    );
    assert.equal(JSON.stringify(rankChunks(data, terms, 10, () => true)), expected);
  });
});
