import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFixture } from '../../support/fixture';
import { buildContext } from '../../../src/engine/context/build';
import { countInTokenThread, countTokens, cutToTokens, tokenThreadRoundTrips } from '../../../src/engine/context/tokens';

const basic = copyFixture('basic');
const QUESTION = 'how are API keys stored?';
const LONG_LINE = `const blob = "${'aZ9+/'.repeat(400)}";`;

/** What a context says about its chunks and tokens (the query id and timings differ between runs). */
const shape = (ctx: Awaited<ReturnType<typeof buildContext>>) => ({
  chunks: ctx.chunks.map(({ path, startLine, endLine, tokens, text, truncated }) => ({ path, startLine, endLine, tokens, text, truncated })),
  total: ctx.totalTokens,
  dropped: ctx.droppedChunks,
});

describe('counting tokens in a worker thread (a one-shot grounded query)', () => {
  it('gives the same contexts and counts as counting here, asking once per chunk rather than once per line', async () => {
    const settings = { maxContextTokens: 900, maxFileTokens: 400 };
    const here = await buildContext({ root: basic, question: QUESTION, settings, queryId: 'q1' });
    const cutHere = cutToTokens(LONG_LINE, 50, 'o200k_base');
    const countHere = countTokens(LONG_LINE, 'o200k_base');

    countInTokenThread('o200k_base');
    const inThread = await buildContext({ root: basic, question: QUESTION, settings, queryId: 'q1' });
    assert.deepEqual(shape(inThread), shape(here));
    const lines = inThread.chunks.reduce((n, c) => n + c.endLine - c.startLine + 1, 0);
    const trips = tokenThreadRoundTrips();
    assert.ok(trips > 0, 'the thread counted');
    // One batch per chunk considered (its fence and lines) and one for the whole context: far fewer than the lines counted.
    assert.ok(trips <= inThread.chunks.length + inThread.droppedChunks + 2, `${trips} round trips for ${inThread.chunks.length} chunks`);
    assert.ok(trips < lines / 4, `${trips} round trips for ${lines} lines`);
    assert.deepEqual(cutToTokens(LONG_LINE, 50, 'o200k_base'), cutHere);
    assert.equal(countTokens(LONG_LINE, 'o200k_base'), countHere);
  });

  it('an encoding the thread cannot build fails as it does here', () => {
    countInTokenThread('no_such_encoding');
    assert.throws(() => countTokens('hello', 'no_such_encoding'), /Unknown token encoding 'no_such_encoding'/);
    // Other encodings are counted here, as before.
    assert.equal(countTokens('hello world', 'o200k_base'), 2);
  });
});
