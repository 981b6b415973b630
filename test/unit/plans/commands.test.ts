import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectCommand, parseReadTarget } from '../../../src/engine/tools/commands';

test('the seed\'s valid examples are commands', () => {
  assert.deepEqual(detectCommand('/search latest news'), { kind: 'command', name: 'search', args: 'latest news', body: '' });
  assert.deepEqual(detectCommand('/memory_sql\nSELECT * FROM messages'), { kind: 'command', name: 'memory_sql', args: '', body: 'SELECT * FROM messages' });
  assert.deepEqual(detectCommand("/memory_sql\nSELECT id, content\nFROM messages\nWHERE content LIKE '%1T parameter%'\nLIMIT 5;"), {
    kind: 'command', name: 'memory_sql', args: '', body: "SELECT id, content\nFROM messages\nWHERE content LIKE '%1T parameter%'\nLIMIT 5;",
  });
});

test('the seed\'s invalid examples are plain text', () => {
  assert.equal(detectCommand('Sure! /search news'), undefined);
  assert.equal(detectCommand('Let me search.\n/search news'), undefined);
  assert.equal(detectCommand("Okay I'll search for you.\n/search something"), undefined);
});

test('more cases: paths, comments, spacing, case, one command per reply', () => {
  assert.equal(detectCommand('/usr/bin/env is a path'), undefined);
  assert.equal(detectCommand('// a comment'), undefined);
  assert.equal(detectCommand('/ search x'), undefined);
  assert.equal(detectCommand('The ratio is 3/4.'), undefined);
  assert.equal(detectCommand(''), undefined);
  assert.deepEqual(detectCommand('\n  /grep TODO\\(x\\)'), { kind: 'command', name: 'grep', args: 'TODO\\(x\\)', body: '' });
  assert.deepEqual(detectCommand('/READ src/a.ts#L1-40\r\n/search ignored'), { kind: 'command', name: 'read', args: 'src/a.ts#L1-40', body: '' });
  assert.deepEqual(detectCommand('/symbols src/a.ts add\nexplanation the model added'), { kind: 'command', name: 'symbols', args: 'src/a.ts add', body: '' });
  assert.deepEqual(detectCommand('/references parsePlan'), { kind: 'command', name: 'references', args: 'parsePlan', body: '' });
  assert.deepEqual(detectCommand('/memory_search trailing commas'), { kind: 'command', name: 'memory_search', args: 'trailing commas', body: '' });
  assert.deepEqual(detectCommand('/memory_sql\n```sql\nSELECT 1\n```'), { kind: 'command', name: 'memory_sql', args: '', body: 'SELECT 1' });
  assert.deepEqual(detectCommand('/memory_sql SELECT 1'), { kind: 'command', name: 'memory_sql', args: '', body: 'SELECT 1' });
});

test('unknown and incomplete commands are reported, not run', () => {
  assert.deepEqual(detectCommand('/web_search something'), { kind: 'unknown', name: 'web_search' });
  assert.deepEqual(detectCommand('/imagine a cat'), { kind: 'unknown', name: 'imagine' });
  assert.deepEqual(detectCommand('/search'), {
    kind: 'invalid',
    name: 'search',
    reason: 'missing argument: /search <question or keywords>: ranked snippets from the workspace',
  });
  assert.deepEqual(detectCommand('/memory_sql'), { kind: 'invalid', name: 'memory_sql', reason: 'put the SQL on the lines after /memory_sql' });
});

test('/read targets', () => {
  assert.deepEqual(parseReadTarget('src/a.ts#L1-40'), { path: 'src/a.ts', startLine: 1, endLine: 40 });
  assert.deepEqual(parseReadTarget('src/a.ts#L7'), { path: 'src/a.ts', startLine: 7, endLine: 7 });
  assert.deepEqual(parseReadTarget('src/a.ts'), { path: 'src/a.ts', startLine: undefined, endLine: undefined });
  assert.equal(parseReadTarget('src/a.ts#L9-3'), undefined);
  assert.equal(parseReadTarget('src/a.ts#L0'), undefined);
});

test('replies built to make the command patterns backtrack are read as before, and at once', () => {
  // An unclosed fence, then 200 K blank lines: each newline used to start a pass through the rest of the reply.
  const fence = detectCommand(`/memory_sql\n\`\`\`sql\t${'\n'.repeat(200_000)}SELECT 1`);
  assert.deepEqual(fence, { kind: 'command', name: 'memory_sql', args: '', body: `\`\`\`sql\t${'\n'.repeat(200_000)}SELECT 1` });
  assert.deepEqual(detectCommand('/memory_sql\n```sql  \n\n SELECT 2\n```'), { kind: 'command', name: 'memory_sql', args: '', body: 'SELECT 2' });
  // 200 K tabs after the name and a line separator (which `.` does not take): every split of the tabs was tried.
  assert.equal(detectCommand(`/read${'\t'.repeat(200_000)}\u2028`), undefined);
  assert.deepEqual(detectCommand('/read \t src/a.ts  '), { kind: 'command', name: 'read', args: 'src/a.ts', body: '' });
});
