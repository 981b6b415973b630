import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { addMessage, finishExecution, recordExchange, startExecution } from '../../../src/engine/audit/records';
import { AuditStore } from '../../../src/engine/audit/store';
import type { ChatMessage } from '../../../src/engine/llm/types';
import { createScrubber } from '../../../src/engine/privacy/scrubber';
import { createCommandToolset } from '../../../src/engine/tools/command-tools';
import { answerWithoutToolsText, runToolLoop, toolLimitStoppedText } from '../../../src/engine/tools/tool-loop';
import { hostFor, makeWorkspace, scriptedProvider } from './helpers';

const start = (text: string): ChatMessage[] => [{ role: 'user', content: createScrubber().scrub(text).text }];

test('a model that always asks for a tool gets 3 rounds, is told once to answer without tools, then the user gets a clear message', async () => {
  const root = makeWorkspace({ 'a.txt': 'hello\n' });
  const provider = scriptedProvider(() => '/grep hello');
  const kept: string[] = [];
  const result = await runToolLoop({
    provider, messages: start('q'), toolset: createCommandToolset({ host: hostFor(root) }), scrubber: createScrubber(),
    record: (role, content) => kept.push(`${role}:${content}`),
  });
  assert.equal(result.rounds, 3);
  assert.equal(result.limitReached, true);
  assert.equal(result.stoppedWithoutAnswer, true);
  assert.equal(provider.requests.length, 5, '3 tool rounds, the 4th command refused, one last request without tools');
  assert.equal(provider.requests[4].at(-1)?.content, answerWithoutToolsText);
  assert.equal(result.answer, 'Grounded stopped after 3 tool rounds without an answer; ask a narrower question.');
  assert.equal(result.answer, toolLimitStoppedText(3));
  assert.equal(kept.at(-1), `assistant:${result.answer}`, 'the message the user saw is what memory keeps');
  assert.equal(result.toolResults.length, 3);
});

test('a model told to answer without tools that then answers: its answer is shown as is', async () => {
  const root = makeWorkspace({ 'a.txt': 'hello\n' });
  const provider = scriptedProvider((_r, call) => (call <= 4 ? '/grep hello' : 'hello is in a.txt, line 1.'));
  const result = await runToolLoop({ provider, messages: start('q'), toolset: createCommandToolset({ host: hostFor(root) }), scrubber: createScrubber() });
  assert.deepEqual([result.rounds, result.limitReached, result.stoppedWithoutAnswer], [3, true, false]);
  assert.equal(result.answer, 'hello is in a.txt, line 1.');
  assert.equal(provider.requests.length, 5);
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
  const result = await runToolLoop({
    provider,
    messages: start('q'),
    toolset: createCommandToolset({ host: hostFor(root) }),
    scrubber: createScrubber(),
    maxRounds: 3,
  });
  assert.deepEqual(result.toolCalls, [{ name: 'WEB_SEARCH', ok: false }, { name: 'READ', ok: false }, { name: 'READ', ok: false }]);
  const texts = provider.requests[3].filter((m) => m.content.startsWith('🔧')).map((m) => m.content.split('\n')[2]);
  assert.deepEqual(texts, [
    'Error: unknown command /web_search. Known commands:',
    "Error: File 'secret.txt' is not readable by Grounded (ignored by .gitignore:1: secret.txt)",
    "Error: File 'nope.txt' does not exist",
  ]);
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

test('the model\'s /memory_sql never sees the audit log: audit tables are refused with the reason', async () => {
  const root = makeWorkspace({ 'a.txt': 'x' });
  const store = await AuditStore.open({ file: path.join(root, '.agent/state/grounded.db') });
  const id = startExecution(store, { tool: 'file_write', args: { path: 'a.txt', contents: 'secret plan text' }, path: 'a.txt' });
  finishExecution(store, id, 'failed', 'boom');
  recordExchange(store, { prompt: 'p', response: 'r', keptText: 'kept exchange text' });
  addMessage(store, 'c1', 'user', 'hello');
  const toolset = createCommandToolset({ host: hostFor(root), store });
  const sql = (body: string) => toolset.run({ kind: 'command', name: 'memory_sql', args: '', body });
  const executions = await sql('SELECT * FROM executions');
  assert.equal(executions.ok, false);
  assert.equal(
    executions.content,
    ("Error: Refused: /memory_sql reads only the conversation table 'messages' (id, conversation_id, role, content, created_at); 'executions' belongs to " +
      "the audit log, which reaches the model only as evidence summaries"),
  );
  for (const table of ['execution_artifacts', 'llm_exchanges', 'plans', 'authorizations', 'diagnostics']) {
    const r = await sql(`SELECT count(*) FROM main.${table}`);
    assert.match(r.content, new RegExp(`^Error: Refused: .*'${table}' belongs to the audit log`), table);
  }
  const schema = await sql("SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'sqlite_sequence' ORDER BY name");
  assert.equal(schema.content, 'name\n--------\nmessages\n(1 row)\n', 'the copy the model queries holds only the conversation table');
  const joined = await sql(
    "WITH x AS (SELECT content FROM messages) SELECT * FROM x WHERE content LIKE '%secret plan text%' OR content LIKE '%kept exchange%'",
  );
  assert.equal(joined.content, 'content\n-------\n(0 rows)\n');
  store.close();
});
