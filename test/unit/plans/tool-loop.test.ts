import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { addMessage } from '../../../src/engine/audit/records';
import { AuditStore } from '../../../src/engine/audit/store';
import type { ChatMessage, Provider, ProviderRequest } from '../../../src/engine/llm/types';
import { createScrubber } from '../../../src/engine/privacy/scrubber';
import { createCommandToolset } from '../../../src/engine/plans/command-tools';
import { answerWithoutToolsText, runToolLoop } from '../../../src/engine/plans/tool-loop';
import { hostFor, makeWorkspace } from './helpers';

/** A local Provider that replies from a script and records what it was sent. */
function scriptedProvider(replies: (req: ProviderRequest, call: number) => string): Provider & { requests: ChatMessage[][] } {
  const requests: ChatMessage[][] = [];
  return {
    id: 'fake', model: 'scripted', requests,
    async *stream(req) {
      requests.push([...req.messages]);
      yield { type: 'text', text: replies(req, requests.length) };
    },
  };
}

const start = (text: string): ChatMessage[] => [{ role: 'user', content: createScrubber().scrub(text).text }];

test('a model that always asks for a tool gets 3 rounds, then is told to answer without tools', async () => {
  const root = makeWorkspace({ 'a.txt': 'hello\n' });
  const provider = scriptedProvider(() => '/grep hello');
  const result = await runToolLoop({ provider, messages: start('q'), toolset: createCommandToolset({ host: hostFor(root) }), scrubber: createScrubber() });
  assert.equal(result.rounds, 3);
  assert.equal(result.limitReached, true);
  assert.equal(provider.requests.length, 5);
  assert.equal(provider.requests[4].at(-1)?.content, answerWithoutToolsText);
  assert.equal(result.answer, '', 'the command line is never shown to the user');
});

test('a tool result is appended under its header, scrubbed, and the model answers from it', async () => {
  const root = makeWorkspace({ 'src/a.ts': 'const owner = "alice@example.com";\nexport const x = 1;\n' });
  const provider = scriptedProvider((_req, call) => (call === 1 ? '/read src/a.ts#L1-1' : 'The owner constant is on line 1.'));
  const kept: string[] = [];
  const result = await runToolLoop({
    provider, messages: start('who owns it?'), toolset: createCommandToolset({ host: hostFor(root) }), scrubber: createScrubber(),
    record: (role, content) => kept.push(`${role}:${content.slice(0, 20)}`),
  });
  assert.equal(result.answer, 'The owner constant is on line 1.');
  const toolMessage = provider.requests[1].at(-1)?.content ?? '';
  assert.ok(toolMessage.startsWith('🔧 TOOL RESULT — READ\n\nsrc/a.ts#L1-1\n1: const owner = "'));
  assert.ok(toolMessage.endsWith('\n\n---'));
  assert.ok(!toolMessage.includes('alice@example.com'), 'tool results are scrubbed');
  assert.deepEqual(kept, ['tool:🔧 TOOL RESULT — REA', 'assistant:The owner constant i']);
});

test('unknown commands and tool errors come back as results the model can read', async () => {
  const root = makeWorkspace({ '.gitignore': 'secret.txt\n', 'secret.txt': 'x' });
  const provider = scriptedProvider((_r, call) => (call === 1 ? '/web_search x' : call === 2 ? '/read secret.txt' : '/read nope.txt#L1'));
  const result = await runToolLoop({ provider, messages: start('q'), toolset: createCommandToolset({ host: hostFor(root) }), scrubber: createScrubber(), maxRounds: 3 });
  assert.deepEqual(result.toolCalls, [{ name: 'WEB_SEARCH', ok: false }, { name: 'READ', ok: false }, { name: 'READ', ok: false }]);
  const texts = provider.requests[3].filter((m) => m.content.startsWith('🔧')).map((m) => m.content.split('\n')[2]);
  assert.deepEqual(texts, ['Error: unknown command /web_search. Known commands:', "Error: File 'secret.txt' is not readable by Grounded (ignored by .gitignore:1: secret.txt)", "Error: File 'nope.txt' is not readable by Grounded (not-found)"]);
});

test('/memory_search and /memory_sql read the workspace memory, never tool rows', async () => {
  const root = makeWorkspace({ 'a.txt': 'x' });
  const store = await AuditStore.open({ file: path.join(root, '.agent/state/grounded.db') });
  addMessage(store, 'c1', 'user', 'What does the tokenizer do?');
  addMessage(store, 'c1', 'tool', '🔧 TOOL RESULT — READ tokenizer internals');
  const toolset = createCommandToolset({ host: hostFor(root), store });
  const search = await toolset.run({ kind: 'command', name: 'memory_search', args: 'tokenizer', body: '' });
  assert.match(search.content, /user \(conversation c1\): What does the tokenizer do\?$/);
  const sql = await toolset.run({ kind: 'command', name: 'memory_sql', args: '', body: 'SELECT role FROM messages' });
  assert.equal(sql.content, 'role\n----\nuser\n(1 row)\n');
  const refused = await toolset.run({ kind: 'command', name: 'memory_sql', args: '', body: 'DELETE FROM messages' });
  assert.equal(refused.ok, false);
  assert.match(refused.content, /^Error: Refused: only a single SELECT/);
  store.close();
});
