import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ask } from '../../../src/engine/ask/ask';
import { mentionResolver, resolveMentions } from '../../../src/engine/mentions/index';
import { copyFixture } from '../../support/fixture';

// The hook ask() uses: what the model reads for a failed mention, and the Stop button.
const root = copyFixture();

describe('the mention hook of the ask pipeline', () => {
  it('tells the model which mentions failed, in place of their content, and shows the user the summary', async () => {
    const hook = mentionResolver({ discovery: { root } });
    const r = await hook('what does @nope.tsx do next to @src/notes.ts?');
    assert.ok(r.question.startsWith('what does @nope.tsx do next to @src/notes.ts?\n\n'));
    assert.match(r.question, /^\[@nope\.tsx was not attached: no file matches\.\]$/m);
    assert.deepEqual(r.attached.map((a) => a.path), ['src/notes.ts']);
    assert.match(r.failureNotes[0], /Not attached: @nope\.tsx — no file matches\./);
  });

  it('marks the summary before the answer as a warning when a mention was left out, and only then', async () => {
    const deps = { resolveMentions: mentionResolver({ discovery: { root } }) };
    const failed = await ask({ root, question: 'what does @nope.tsx do next to @src/notes.ts?' }, deps);
    assert.deepEqual(failed.segments[0], {
      kind: 'notice',
      text: '**Mentions**\n- File src/notes.ts: all 22 lines\n- Not attached: @nope.tsx — no file matches. Check the path (relative to the workspace root).',
      warning: true,
    });
    const loaded = await ask({ root, question: 'what does @src/notes.ts do?' }, deps);
    assert.deepEqual(loaded.segments[0], { kind: 'notice', text: '**Mentions**\n- File src/notes.ts: all 22 lines' });
  });

  it('leaves the question as written when every mention loaded', async () => {
    const r = await mentionResolver({ discovery: { root } })('explain @src/notes.ts');
    assert.equal(r.question, 'explain @src/notes.ts');
  });

  it('stops at once when the request is cancelled, instead of loading the remaining mentions', async () => {
    const stop = new AbortController();
    stop.abort();
    await assert.rejects(resolveMentions('@src/notes.ts @search:"retry"', { discovery: { root } }, stop.signal), { name: 'AbortError' });
  });
});
