import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scrubText } from '../../../src/engine/privacy/scrubber';
import { adversarialInputs } from './adversarial-inputs';

// Completion is the assertion: a regex that backtracks catastrophically would not finish
// these 200 KB inputs within the test runner's patience. Speed itself is measured in
// bench/scrub-bench.ts, not asserted here.
for (const [name, input] of adversarialInputs(200 * 1024)) {
  test(`finishes on 200 KB of adversarial input: ${name}`, () => {
    const out = scrubText(input).text;
    assert.equal(out.split('\n').length, input.split('\n').length);
  });
}
