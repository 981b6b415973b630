import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatViolation, screenExplanation } from '../../../src/engine/plans/explanation-screen';
import { validatePlan } from '../../../src/engine/plans/validate';
import { hostFor, makeWorkspace, plan } from './helpers';

test('the seed\'s "worked before" and similar history claims are rejected by the screen', () => {
  for (const [text, phrase] of [
    ['Q8 shows this fix worked before.', 'worked before'],
    ['This change has always worked for this file.', 'has always worked'],
    ['The same patch used to work.', 'used to work'],
    ['Renaming did the trick last time.', 'did the trick'],
    ['splice_patch never fails on this symbol.', 'never fails'],
  ] as const) {
    const found = screenExplanation(text).filter((v) => v.rule === 'history');
    assert.deepEqual(found.map((v) => v.phrase), [phrase], text);
    assert.match(formatViolation(found[0]), /^Explanation rejected: no claims about past outcomes beyond the evidence .*: "/);
  }
  // What the evidence itself says is allowed, and so are words that only look alike.
  for (const text of [
    'Q1 shows 2/3 prior attempts succeeded.',
    'Q4 shows 3 prior edits to src/lib.rs.',
    'The worker thread reads the file.',
    'Rename the networked helper.',
  ]) {
    assert.deepEqual(screenExplanation(text), [], text);
  }
});

test('a plan explaining itself with "worked before" is invalid, even with Q8 cited', async () => {
  const root = makeWorkspace({ 'README.md': '# r\n' });
  const p = plan([{ id: 's1', tool: 'file_read', arguments: { path: 'README.md' } }], {
    explanation: 'Q8 shows this fix worked before.',
    evidence_referenced: ['Q8'],
  });
  const r = await validatePlan(p, { host: hostFor(root), evidenceRowCounts: { Q8: 2 } });
  assert.equal(r.valid, false);
  assert.ok(r.issues.some((i) => i.code === 'explanation' && i.message.includes('"worked before"')), JSON.stringify(r.issues));
});
