import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatViolation, screenExplanation } from '../../../src/engine/plans/explanation-screen';

const rulesOf = (text: string) => screenExplanation(text).map((v) => `${v.rule}:${v.phrase}`);

const rejected: Array<[string, string[]]> = [
  ['This is 90% likely to succeed.', ['confidence:90%', 'confidence:likely']],
  ['splice_patch has a 67% success rate', ['confidence:67%']],
  ['The edit will probably compile.', ['confidence:probably']],
  ['It might fail.', ['confidence:might']],
  ['Confidence is high.', ['confidence:Confidence']],
  ['Maybe the import is missing.', ['confidence:Maybe']],
  ['splice_patch on foo caused E0425', ['causal:caused']],
  ['The previous edit fixed the error.', ['causal:fixed']],
  ['That change prevented a regression.', ['causal:prevented']],
  ['It failed because of the edit in Q8.', ['causal:because of']],
  ['The failure is due to the import.', ['causal:due to']],
  ['Editing this file is risky.', ['risk:risky']],
  ['This change is safe.', ['risk:safe']],
  ['This is DANGEROUS.', ['risk:DANGEROUS']],
  ['src/lib.rs is error-prone', ['risk:error-prone']],
  ['You should not edit generated files.', ['policy:should not']],
  ["It's better to avoid global state.", ['policy:better to avoid']],
  ["You shouldn't do this.", ['policy:shouldn\'t']],
  ['We should rename it first.', ['policy:We should']],
  ['There is a chance that the build breaks.', ['confidence:chance that']],
];

const accepted = [
  'Q8 shows splice_patch on foo occurred 5 minutes before E0425 appeared',
  'Q1 shows splice_patch succeeded 2/3 times on this file',
  'Q7 shows E0425 occurred 7 times in src/lib.rs',
  'Q4 shows 3 prior edits to src/lib.rs',
  'splice_patch failed: Symbol \'bar\' not found',
  'The function uses a safeguard and a likelihood table.', // safe/likely inside longer words
  'splice_patch is span-safe; fixed-width output; the risk_table column.', // compounds and identifiers
  'The diff replaces `mightBe()` and `if (likely(x))` in code spans.',
  'Q2 shows 1 failure with the error "Symbol not found".',
  'Fix attempts: 2, temporal gaps 1234 ms and 5678 ms.',
  'The user asked to rename the function; step s2 replaces its body.',
];

for (const [text, expected] of rejected) {
  test(`rejects: ${text}`, () => assert.deepEqual(rulesOf(text), expected));
}

test('accepts evidence statements and look-alike words', () => {
  for (const text of accepted) assert.deepEqual(rulesOf(text), [], text);
});

test('several violations come in order of appearance, with the rule text', () => {
  const v = screenExplanation('It is safe and probably fixed the bug; you should not worry.');
  assert.deepEqual(v.map(formatViolation), [
    'Explanation rejected: no risk assessment: "safe"',
    'Explanation rejected: no confidence or probability language: "probably"',
    'Explanation rejected: no causal claims (only temporal adjacency): "fixed"',
    'Explanation rejected: no policy statements: "should not"',
  ]);
});

test('fenced code is not screened, text after it is', () => {
  assert.deepEqual(rulesOf('```\nconst safe = likely();\n```\nThis might work.'), ['confidence:might']);
});
