import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { IndexData } from '../../../src/engine/retrieval/index-data';
import { PathGrams, pathGrams } from '../../../src/engine/retrieval/path-grams';
import { holdsProbes, pathProbe } from '../../../src/engine/retrieval/path-tokens';

const PATHS = [
  'packages/babel-parser/src/parser/expression.ts',
  'src/Key_Store.ts',
  'lib/keystore/index.js',
  'docs/über/Retry-Policy.md',
  'a/retry/policy.ts',
  'x/re.try.rb',
  'top.md',
  'RETRYING.TXT',
  'src/ssrf.ts',
  'packages/babel-code-frame/src/index.ts',
];

/** The rule the index stands for: the letters of the token minus its last, in order, with only non-alphanumerics between (any case). */
function byPattern(token: string): number[] {
  const letters = [...token.slice(0, -1)].map((c) => c.replace(/[^a-z0-9]/g, '\\$&'));
  const re = new RegExp(letters.join('[^A-Za-z0-9]*'), 'i');
  return PATHS.flatMap((p, i) => (re.test(p) ? [i] : []));
}

describe('the paths holding a run of letters (path-grams.ts)', () => {
  it('finds exactly the paths the letter pattern of a token matches, across separators and case', () => {
    const grams = new PathGrams(PATHS);
    for (const token of ['keystore', 'retri', 'retry', 'parser', 'expression', 'codeframe', 'babelcodeframe', 'ssrf', 'policy', 'tryrb', 'nothing']) {
      assert.deepEqual([...(grams.holding(token.slice(0, -1)) ?? [])], byPattern(token), token);
      assert.deepEqual(PATHS.flatMap((p, i) => (holdsProbes(p, [pathProbe(token)]) ? [i] : [])), byPattern(token), `${token} without the index`);
    }
  });

  it('answers runs of one and two letters by testing every path once, and keeps a token beyond ASCII to its pattern', () => {
    const grams = new PathGrams(PATHS);
    for (const token of ['top', 'rbx', 'ab']) assert.deepEqual([...(grams.holding(token.slice(0, -1)) ?? [])], byPattern(token), token);
    assert.equal(grams.holding(''), undefined, 'a one-letter token: every path');
    assert.ok('pattern' in pathProbe('überx'));
    assert.deepEqual(PATHS.flatMap((p, i) => (holdsProbes(p, [pathProbe('überx')]) ? [i] : [])), [3]);
  });

  it('answers a needle asked again the same, and counts a path once however often it holds a run', () => {
    const grams = new PathGrams(['aaaaaa/aaaa.aa', 'b/aaa']);
    assert.deepEqual([...grams.holding('aaa')!], [0, 1]);
    assert.deepEqual([...grams.holding('aaa')!], [0, 1]);
  });

  it('lets a single search test every path, and builds the lookup at the second search', () => {
    const data = new IndexData();
    data.putFile('src/retry-policy.ts', { size: 1, mtimeMs: 1, hash: 'h', fromEditor: false }, 'export {}');
    assert.equal(pathGrams(data).holding('retrypolic'), undefined, 'the first search looks at every path');
    assert.deepEqual([...pathGrams(data).holding('retrypolic')!], [0]);
  });

  it('follows paths added and removed since it was built, and is built again after many', () => {
    const data = new IndexData();
    const meta = { size: 1, mtimeMs: 1, hash: 'h', fromEditor: false };
    data.putFile('src/alpha.ts', meta, 'const a = 1;');
    data.putFile('src/retry-policy.ts', meta, 'export {}');
    const first = pathGrams(data, { now: true });
    assert.equal(pathGrams(data), first);
    data.putFile('src/alpha.ts', { ...meta, hash: 'h2' }, 'const a = 2;');
    assert.equal(pathGrams(data), first, 'the same paths after an edit');
    const named = (needle: string) => {
      const lookup = pathGrams(data);
      return [...(lookup.holding(needle) ?? [])].map((i) => lookup.paths[i]);
    };
    data.putFile('lib/retry_policy_v2.rb', meta, 'x = 1');
    assert.deepEqual(named('retrypolic'), ['src/retry-policy.ts', 'lib/retry_policy_v2.rb']);
    data.dropFile('src/retry-policy.ts');
    assert.deepEqual(named('retrypolic'), ['lib/retry_policy_v2.rb']);
    data.putFile('src/retry-policy.ts', meta, 'export {}');
    assert.deepEqual(named('retrypolic').sort(), ['lib/retry_policy_v2.rb', 'src/retry-policy.ts']);
    for (let i = 0; i < 2100; i++) data.putFile(`gen/file${i}.ts`, meta, '');
    assert.deepEqual(named('file2099t'), ['gen/file2099.ts']);
    assert.ok(pathGrams(data) instanceof PathGrams, 'built again after more than 2,000 new paths');
    assert.deepEqual(named('retrypolic').sort(), ['lib/retry_policy_v2.rb', 'src/retry-policy.ts']);
  });
});
