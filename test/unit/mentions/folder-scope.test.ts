import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ask } from '../../../src/engine/ask/ask';
import { mentionResolver, resolveMentions } from '../../../src/engine/mentions/index';
import { WorkspaceIndex } from '../../../src/engine/retrieval/index';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { copyFixture } from '../../support/fixture';

// `@src/http/` keeps a question's search inside a folder: the mention attaches nothing itself.
describe('a folder mention keeps the search to that folder', () => {
  const root = copyFixture('basic');
  mkdirSync(path.join(root, 'logs'));
  writeFileSync(path.join(root, 'logs', 'run.log'), 'ignored by *.log\n');

  it('is found with or without the trailing slash, once, and says how many files it holds', async () => {
    const r = await resolveMentions('how does @src/http/ retry? and @src/http', { discovery: { root } });
    assert.deepEqual(r.summary.folders, [{ label: 'src/http/', files: 1 }]);
    assert.deepEqual(r.attached, []);
    assert.deepEqual(r.failures, []);
    const hook = await mentionResolver({ discovery: { root } })('how does @src/http/ retry?');
    assert.deepEqual(hook.scope, { within: ['src/http/'], files: 1 });
    assert.match(hook.failureNotes[0], /- Folder src\/http\/: the search keeps to its 1 file$/m);
  });

  it('leaves a word without a slash as text, and refuses a folder with nothing readable in it', async () => {
    const r = await resolveMentions('ask @src about @logs/', { discovery: { root } });
    assert.deepEqual(r.summary.folders, []);
    assert.deepEqual(r.failures.map((f) => [f.raw, f.kind]), [['@logs/', 'no_matches']]);
    assert.match(r.failures[0].message, /no file Grounded can read/);
  });

  it('picks a whole folder of a multi-root window by its name', async () => {
    const second = copyFixture('second');
    const roots = [{ name: 'basic', path: root }, { name: 'second', path: second }];
    const r = await resolveMentions('what is in @second/ and @basic/src/auth/?', { discovery: { root }, roots });
    assert.deepEqual(r.summary.folders.map((f) => f.label), ['second/', 'basic/src/auth/']);
  });

  it('ranks only chunks inside the folder, and the answer counts the folder\'s files as searched', async () => {
    const index = new WorkspaceIndex({ root });
    await index.refresh();
    const everywhere = await index.search(extractTerms('how are requests retried?'), 10);
    assert.ok(everywhere.some((c) => !c.path.startsWith('src/http/')));
    const kept = await index.search(extractTerms('how are requests retried?'), 10, { within: ['src/http/'] });
    assert.ok(kept.length > 0 && kept.every((c) => c.path.startsWith('src/http/')), JSON.stringify(kept.map((c) => c.path)));

    const result = await ask({ root, question: 'how are requests retried? @src/http/' }, { index, resolveMentions: mentionResolver({ discovery: { root } }) });
    assert.ok(result.context.chunks.length > 0 && result.context.chunks.every((c) => c.path.startsWith('src/http/')));
    assert.equal(result.context.filesSearched, 1);
    assert.deepEqual(result.context.searchedWithin, ['src/http/'], 'the answer says what was searched, for the panel to name it');
    const whole = await ask({ root, question: 'how are requests retried?' }, { index, resolveMentions: mentionResolver({ discovery: { root } }) });
    assert.equal(whole.context.searchedWithin, undefined, 'the whole workspace: nothing narrowed it');
  });
});
