import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scrubText } from '../../../src/engine/privacy/scrubber';
import { fileCases } from './corpus-files';

// An empty `expected` means "returned byte for byte unchanged".
for (const file of fileCases) {
  test(`whole file: ${file.name}`, () => {
    assert.equal(scrubText(file.input).text, file.expected || file.input);
  });
}
