import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { allowedEdits, nearestFiles, typoDistance } from '../../../src/engine/mentions/near-files';
import { resolveMentions } from '../../../src/engine/mentions/index';
import { copyFixture } from '../../support/fixture';

describe('the files a mistyped mention may have meant', () => {
  it('counts a swapped pair of letters as one typo, and stops counting past the limit', () => {
    assert.equal(typoDistance('laoyut.rst', 'layout.rst'), 1);
    assert.equal(typoDistance('dbp.y', 'db.py'), 1);
    assert.equal(typoDistance('readne.mdd', 'readme.md'), 2);
    assert.equal(typoDistance('tme.ts', 'time.ts'), 1);
    assert.equal(typoDistance('', 'abc'), 3);
    assert.equal(typoDistance('missing.ts', 'client.ts', 2), 3, 'beyond the limit: limit + 1');
  });

  it('forgives more typos in a longer name, none in a name of two characters', () => {
    assert.deepEqual([2, 3, 5, 6, 9, 10, 30].map(allowedEdits), [0, 1, 1, 2, 2, 3, 3]);
  });

  it('names files up to three typos away in a long name, the typed folders ordering them', () => {
    const files = ['README.md', 'docs/README.md', 'src/util/time.ts', 'test/time.ts', 'examples/tutorial/flaskr/db.py', 'src/flask/db.py', 'src/client.ts'];
    assert.deepEqual(nearestFiles('READNE.mdd', files), ['README.md', 'docs/README.md'], 'three typos in ten characters');
    assert.deepEqual(nearestFiles('src/utils/tme.ts', files), ['src/util/time.ts', 'test/time.ts'], 'the folder typed decides the order');
    assert.deepEqual(nearestFiles('flaskr/dbp.y', files), ['examples/tutorial/flaskr/db.py', 'src/flask/db.py']);
    assert.deepEqual(nearestFiles('missing.ts', files), [], 'a different name is no typo of it');
    assert.deepEqual(nearestFiles('ab.c', ['ab.cd', 'xy.c']), ['ab.cd'], 'one typo in a short name, not two');
    // Two typos in a three-letter stem make any short name match: babel has no time.ts, and item.ts is no typo of tme.ts.
    assert.deepEqual(nearestFiles('src/utils/tme.ts', ['src/config/item.ts', 'helpers/tdz.ts', 'scripts/tsc.ts']), []);
    assert.deepEqual(nearestFiles('helpers.ts', ['lib/helpers.py', 'lib/helper.rb']), ['lib/helpers.py'], 'the same stem, another language');
  });

  it('says "Did you mean" for a mention three typos from a real file, in the failure users see', async () => {
    const root = copyFixture();
    const r = await resolveMentions('what do @READNE.mdd and @src/utils/tmie.tss say?', { discovery: { root } });
    assert.deepEqual(r.failures.map((f) => f.alternatives), [['README.md'], ['src/util/time.ts']]);
    assert.match(r.failures[0].suggestion, /^Did you mean @README\.md\?$/);
  });
});
