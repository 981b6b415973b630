import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { searchMemory } from '../../../src/engine/audit/memory';
import { recordConversationTurn } from '../../../src/engine/audit/records';
import { AuditStore } from '../../../src/engine/audit/store';
import { createCommandToolset } from '../../../src/engine/tools/command-tools';
import { runToolLoop } from '../../../src/engine/tools/tool-loop';
import { createScrubber } from '../../../src/engine/privacy/scrubber';
import { hostFor, makeWorkspace, scriptedProvider } from '../plans/helpers';

test('a turn (question, tool results, answer) is kept scrubbed, and the next question finds it through /memory_search and /memory_sql', async () => {
  const root = makeWorkspace({ 'src/tokenizer.ts': 'export function tokenize(s: string) { return s.split(" "); }\n' });
  const store = await AuditStore.open({ file: path.join(root, '.agent/state/grounded.db') });
  const toolset = createCommandToolset({ host: hostFor(root), store });

  // First question: the model reads a file, then answers. Everything is scrubbed with one scrubber.
  const scrubber = createScrubber();
  const question = scrubber.scrub('How does the tokenizer split words? Reply to jane.doe@acme-corp.com');
  const provider = scriptedProvider((_r, call) => (call === 1 ? '/read src/tokenizer.ts' : 'The tokenizer splits on single spaces (src/tokenizer.ts#L1).'));
  const result = await runToolLoop({ provider, messages: [{ role: 'user', content: question.text }], toolset, scrubber });
  recordConversationTurn(store, {
    conversationId: 'conv-1',
    question: question.text,
    answer: scrubber.scrub(result.answer).text,
    toolResults: result.toolResults,
  });

  const rows = store.query('SELECT conversation_id, role, content FROM messages ORDER BY id');
  assert.deepEqual(rows.map((r) => `${r.conversation_id}/${r.role}`), ['conv-1/user', 'conv-1/tool', 'conv-1/assistant']);
  assert.equal(rows[0].content, question.text, 'the question is kept as it was sent');
  assert.match(String(rows[0].content), /\[REDACTED:email#1\]/);
  assert.match(String(rows[1].content), /^🔧 TOOL RESULT — READ\n\nsrc\/tokenizer\.ts#L1-2\n1: export function tokenize/);
  assert.equal(rows[2].content, 'The tokenizer splits on single spaces (src/tokenizer.ts#L1).');
  assert.ok(!readFileSync(store.file).includes('jane.doe@acme-corp.com'), 'the raw email never reaches the database file');

  // A later question in another conversation: memory look-ups find the question and the answer, never the tool row.
  const hits = searchMemory(store, 'tokenizer split');
  assert.deepEqual(hits.map((h) => `${h.conversationId}/${h.role}`).sort(), ['conv-1/assistant', 'conv-1/user']);
  const search = await toolset.run({ kind: 'command', name: 'memory_search', args: 'tokenizer spaces', body: '' });
  assert.match(search.content, /assistant \(conversation conv-1\): The tokenizer splits on single spaces/);
  const sql = await toolset.run({
    kind: 'command',
    name: 'memory_sql',
    args: '',
    body: "SELECT role FROM messages WHERE conversation_id = 'conv-1' ORDER BY id",
  });
  assert.equal(sql.content, 'role\n---------\nuser\nassistant\n(2 rows)\n');
  store.close();
});

test('a turn is on disk at once (a second open sees it), and needs a conversation id', async () => {
  const root = makeWorkspace({});
  const store = await AuditStore.open({ file: path.join(root, '.agent/state/grounded.db') });
  const s = createScrubber();
  assert.throws(() => recordConversationTurn(store, { conversationId: '', question: s.scrub('q').text, answer: s.scrub('a').text }), /conversationId is empty/);
  recordConversationTurn(store, { conversationId: 'c', question: s.scrub('q').text, answer: s.scrub('a').text });
  const reopened = await AuditStore.open({ file: store.file });
  assert.deepEqual(reopened.query('SELECT role, content FROM messages ORDER BY id').map((r) => `${r.role}:${r.content}`), ['user:q', 'assistant:a']);
  reopened.close();
  store.close();
});
