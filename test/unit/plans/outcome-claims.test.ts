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
