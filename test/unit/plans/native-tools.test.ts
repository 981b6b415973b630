import { test } from 'node:test';
import assert from 'node:assert/strict';
import { commandNames } from '../../../src/engine/tools/commands';
import { commandFromToolCall, nativeToolSpecs } from '../../../src/engine/tools/native-tools';

const call = (name: string, input: unknown) => commandFromToolCall({ name, arguments: typeof input === 'string' ? input : JSON.stringify(input) });

test('every read-only command has one native tool spec, with a JSON schema object', () => {
  assert.deepEqual(nativeToolSpecs.map((s) => s.name), [...commandNames]);
  for (const s of nativeToolSpecs) {
    assert.equal(s.parameters.type, 'object');
    assert.ok(s.description.length > 10 && !s.description.startsWith('/'), s.name);
  }
});

test('a native call becomes the same command the command protocol would run', () => {
  assert.deepEqual(call('read', { path: 'src/a.ts', startLine: 3, endLine: 9 }), { kind: 'command', name: 'read', args: 'src/a.ts#L3-9', body: '' });
  assert.deepEqual(call('read', { path: 'src/a.ts' }), { kind: 'command', name: 'read', args: 'src/a.ts', body: '' });
  assert.deepEqual(call('read', { path: 'src/a.ts', endLine: 5 }), { kind: 'command', name: 'read', args: 'src/a.ts#L1-5', body: '' });
  assert.deepEqual(call('grep', { pattern: 'a|b' }), { kind: 'command', name: 'grep', args: 'a|b', body: '' });
  assert.deepEqual(call('symbols', { path: 'a.ts', filter: 'Foo' }), { kind: 'command', name: 'symbols', args: 'a.ts Foo', body: '' });
  assert.deepEqual(call('memory_sql', { sql: 'SELECT 1' }), { kind: 'command', name: 'memory_sql', args: '', body: 'SELECT 1' });
  assert.deepEqual(call('SEARCH', { query: 'retry' }), { kind: 'command', name: 'search', args: 'retry', body: '' });
});

test('unknown tools, bad JSON and missing or wrong arguments become errors the model reads', () => {
  assert.deepEqual(call('web_search', {}), { kind: 'unknown', name: 'web_search' });
  assert.deepEqual(call('read', '{"path":'), { kind: 'invalid', name: 'read', reason: 'the arguments are not valid JSON' });
  assert.deepEqual(call('read', '[1]'), { kind: 'invalid', name: 'read', reason: 'the arguments must be a JSON object' });
  assert.deepEqual(call('references', {}), { kind: 'invalid', name: 'references', reason: "missing argument 'name' (a non-empty string)" });
  assert.deepEqual(call('read', { path: 'a', startLine: 0 }), { kind: 'invalid', name: 'read', reason: "'startLine' must be a whole number from 1" });
  assert.deepEqual(call('read', { path: 'a', startLine: 9, endLine: 2 }), { kind: 'invalid', name: 'read', reason: "'endLine' (2) is before 'startLine' (9)" });
});
