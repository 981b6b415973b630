import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pathNames } from '../../../src/engine/retrieval/path-tokens';

describe('the tokens a path names', () => {
  it('splits folder and file names like identifiers, stemmed, with compound wholes', () => {
    const names = pathNames('packages/babel-parser/src/keyStore.ts');
    for (const t of ['pack', 'babel', 'parser', 'babelparser', 'src', 'key', 'stor', 'keystore', 'ts']) assert.ok(names(t), t);
    for (const t of ['packages', 'packag', 'keystor', 'store', 'babel-parser']) assert.ok(!names(t), t);
    // A doer names its verb (doer-names.ts): babel-parser is about what is parsed.
    assert.ok(names('pars'));
  });

  it('names each two words in a row of a longer name, joined as a question joins them', () => {
    const names = pathNames('packages/babel-code-frame/src/transform-template-literals.ts');
    for (const t of ['codeframe', 'babelcode', 'templateliteral', 'transformtemplate', 'babelcodeframe']) assert.ok(names(t), t);
    assert.ok(!names('babelframe'), 'only words that stand together');
  });

  it('answers for each path alone although folders and names are shared between paths', () => {
    assert.ok(pathNames('a/retry/policy.ts')('retri'));
    assert.ok(!pathNames('a/policy.ts')('retri'));
    assert.ok(pathNames('top.md')('top'));
    assert.ok(!pathNames('top.md')('a'));
    assert.ok(pathNames('a/b/c/d/deep.ts')('d'));
  });
});
