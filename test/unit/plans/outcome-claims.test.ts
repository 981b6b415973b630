import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkOutcomeClaims } from '../../../src/engine/plans/outcome-claims';

// An explanation may not say a step took effect when the audit log records it rejected, failed or skipped.

const rejected = [{ stepId: 's1', tool: 'file_write', status: 'rejected' }];
const mixed = [
  { stepId: 's1', tool: 'file_write', status: 'succeeded' },
  { stepId: 's2', tool: 'splice_patch', status: 'failed' },
  { stepId: 's3', tool: 'file_write', status: 'skipped' },
];

test('no step took effect: any sentence claiming one did is refused, naming the record', () => {
  for (const claim of [
    'The single step wrote the note to the version file and succeeded.',
    'The comment was added to lib/env/data.js.',
    'The plan completed successfully.',
    'Step s1 applied the change.',
  ]) {
    const out = checkOutcomeClaims(claim, rejected);
    assert.equal(out.length, 1, claim);
    assert.match(out[0], /but the audit log records s1 file_write: rejected \(not applied\)$/);
  }
});

test('denials, conditions and plain statements of the record pass', () => {
  for (const fine of [
    'You rejected step s1; nothing was written.',
    'Step s1 was rejected, so lib/env/data.js was not changed.',
    'The step would have added a comment to `lib/env/data.js`; it was rejected.',
    'No change was applied.',
    'Step s1 proposed a closing comment for lib/env/data.js. You rejected it.',
  ]) assert.deepEqual(checkOutcomeClaims(fine, rejected), [], fine);
});

test('in a run where some steps succeeded, only a claim about a step that did not is refused', () => {
  assert.deepEqual(checkOutcomeClaims('Step s1 wrote src/a.ts. Step s2 stopped with `symbol not found`; s3 was skipped.', mixed), []);
  assert.deepEqual(checkOutcomeClaims('s1 succeeded, s2 failed.', mixed), []);
  const out = checkOutcomeClaims('Step s1 wrote src/a.ts and s2 was applied too.', mixed);
  assert.equal(out.length, 1);
  assert.match(out[0], /records s2 splice_patch: failed$/);
  // Text quoted in backticks (a tool error, a file's text) is not the model's claim.
  assert.deepEqual(checkOutcomeClaims('Step s2 failed with `patch applied partially, then succeeded`.', mixed), []);
});

const shortened = [{ stepId: 's1', tool: 'file_write', status: 'rejected', path: 'README.md' }];

test('a change said in other words than "wrote" or "succeeded" is refused: the state it left, the verb of the edit', () => {
  for (const claim of [
    'The README has been shortened to two lines.',
    'I updated README.md with the shorter description.',
    'README.md now contains the shorter description.',
    'The change is in place in README.md.',
    'Step s1 replaced the README with a shorter version.',
    'The README is shorter now.',
  ]) assert.equal(checkOutcomeClaims(claim, shortened).length, 1, claim);
});

test('the run\'s own words for a run that changed nothing pass: it completed, 0 of N steps succeeded, the rejected edit', () => {
  for (const fine of [
    'The plan completed, but its only step was rejected, so README.md is unchanged.',
    'The run completed with 0 of 1 steps succeeded.',
    'The plan ran to the end, but you declined the edit, so README.md keeps its text.',
    'You rejected the edit that added a second line.',
  ]) assert.deepEqual(checkOutcomeClaims(fine, shortened), [], fine);
});

test('in a run where some steps succeeded, a claim about every step, or about the file only a failed step would change, is refused', () => {
  const patched = [
    { stepId: 's1', tool: 'file_read', status: 'succeeded', path: 'src/app.ts' },
    { stepId: 's2', tool: 'splice_patch', status: 'failed', path: 'src/app.ts' },
    { stepId: 's3', tool: 'file_write', status: 'succeeded', path: 'docs/app.md' },
  ];
  for (const claim of ['Both edits were applied.', 'All steps ran as planned.', 'src/app.ts has been patched.', 'The handler in app.ts was replaced.']) {
    const out = checkOutcomeClaims(claim, patched);
    assert.equal(out.length, 1, claim);
    assert.match(out[0], /records s2 splice_patch: failed$/, claim);
  }
  // The read of that file did succeed, and the file a succeeded step changed may be said changed.
  for (const fine of ['Step s1 read src/app.ts successfully.', 'docs/app.md was updated.', 'One of the edits succeeded.'])
    assert.deepEqual(checkOutcomeClaims(fine, patched), [], fine);
});
