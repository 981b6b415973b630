import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { main } from '../../../src/cli/main';
import { buildContext } from '../../../src/engine/context/build';
import { resolveMentions } from '../../../src/engine/mentions/index';
import { copyFixture } from '../../support/fixture';

interface JsonChunk { path: string; startLine: number; endLine: number; origin: string; tokens: number }

async function queryJson(root: string, question: string): Promise<{ chunks: JsonChunk[] }> {
  let stdout = '';
  const io = { stdout: (t: string) => { stdout += t; }, stderr: () => undefined, readStdin: async () => '', env: {}, cwd: root };
  assert.equal(await main(['query', question, '--json', '--no-llm'], io), 0);
  return JSON.parse(stdout) as { chunks: JsonChunk[] };
}

/** No line of any file is in two chunks. */
function assertNoLineTwice(chunks: JsonChunk[]): void {
  const seen = new Set<string>();
  for (const c of chunks) {
    for (let l = c.startLine; l <= c.endLine; l++) {
      const key = `${c.path}:${l}`;
      assert.ok(!seen.has(key), `${key} is sent twice: ${JSON.stringify(chunks.filter((x) => x.path === c.path))}`);
      seen.add(key);
    }
  }
}

describe('identical content is sent once (seed 002)', () => {
  it('a file mentioned three times is one block, and retrieval adds none of its lines again', async () => {
    const root = copyFixture();
    const r = await queryJson(root, '@src/auth/keyStore.ts how are API keys stored? @src/auth/keyStore.ts and @src/auth/keyStore.ts');
    const key = r.chunks.filter((c) => c.path === 'src/auth/keyStore.ts');
    assert.equal(key.length, 1, JSON.stringify(key));
    assert.equal(key[0].origin, 'mention');
    assertNoLineTwice(r.chunks);
  });

  it('a line range mention overlapping a retrieved chunk leaves only the uncovered lines to retrieval', async () => {
    const root = copyFixture();
    const plain = await queryJson(root, 'how are API keys stored?');
    const retrieved = plain.chunks.find((c) => c.path === 'src/auth/keyStore.ts' && c.origin === 'retrieval');
    assert.ok(retrieved, JSON.stringify(plain.chunks));
    const mid = retrieved.startLine + 1;
    const withMention = await queryJson(root, `@src/auth/keyStore.ts#L${mid}-${mid + 2} how are API keys stored?`);
    assertNoLineTwice(withMention.chunks);
    const lines = new Set(
      withMention.chunks
        .filter((c) => c.path === 'src/auth/keyStore.ts')
        .flatMap((c) => Array.from({ length: c.endLine - c.startLine + 1 }, (_, i) => c.startLine + i)),
    );
    for (let l = retrieved.startLine; l <= retrieved.endLine; l++) assert.ok(lines.has(l), `line ${l} is still sent, once`);
  });

  it('the same @search twice attaches its matches once', async () => {
    const root = copyFixture();
    const m = await resolveMentions('@search:"retry" @search:"retry"', { discovery: { root } });
    const ctx = await buildContext({ root, question: 'retry', attached: m.attached });
    const attached = ctx.chunks.filter((c) => c.origin === 'mention');
    assert.equal(attached.length, m.attached.length / 2);
  });
});
