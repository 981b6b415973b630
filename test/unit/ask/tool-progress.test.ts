import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectCommand } from '../../../src/engine/tools/commands';
import { describeToolUse } from '../../../src/engine/tools/progress';

const said = (reply: string) => describeToolUse(detectCommand(reply)!);

test('progress says what is read or searched, in words, never the protocol', () => {
  assert.equal(said('/read src/auth.ts'), 'Reading src/auth.ts…');
  assert.equal(said('/read src/auth.ts#L10-20'), 'Reading src/auth.ts (lines 10–20)…');
  assert.equal(said('/read src/auth.ts#L7'), 'Reading src/auth.ts (line 7)…');
  assert.equal(said('/search how keys are stored'), 'Searching the workspace for “how keys are stored”…');
  assert.equal(said('/grep retry\\(\\d+\\)'), 'Searching the workspace for /retry\\(\\d+\\)/…');
  assert.equal(said('/symbols src/http/client.ts'), 'Listing the symbols in src/http/client.ts…');
  assert.equal(said('/symbols src/http/client.ts retry'), 'Listing the symbols matching “retry” in src/http/client.ts…');
  assert.equal(said('/references formatDuration'), 'Finding where formatDuration is used…');
  assert.equal(said('/memory_search api keys'), 'Searching earlier answers for “api keys”…');
  assert.equal(said('/memory_sql\nSELECT 1'), 'Looking up earlier answers in the workspace memory…');
  for (const reply of ['/read a.ts', '/grep x', '/memory_sql\nSELECT 1', '/frobnicate now'])
    assert.doesNotMatch(said(reply), /tool round|\/read|READ|\/grep|memory_sql|frobnicate/);
});

test('a long argument is cut with an ellipsis so the progress line stays one line', () => {
  const line = said(`/search ${'word '.repeat(40)}`);
  assert.ok(line.length < 100, line);
  assert.match(line, /…”…$/);
});
