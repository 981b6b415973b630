import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ask } from '../../../src/engine/ask/ask';
import { createCommandToolset } from '../../../src/engine/tools/command-tools';
import { rememberTurns } from '../../../src/engine/session/remember-turns';
import { searchMemory } from '../../../src/engine/audit/memory';
import { AuditStore } from '../../../src/engine/audit/store';
import { OpenAIChatProvider } from '../../../src/engine/llm/openai-provider';
import { createNodeWorkspaceHost } from '../../../src/engine/tools/node-host';
import { explainPath } from '../../../src/engine/workspace/explain';
import { plainText } from '../../../src/engine/ask/citations';
import type { AskEvent } from '../../../src/engine/ask/types';
import { copyFixture, PLANTED_SECRETS } from '../../support/fixture';
import { LlmWireServer } from '../../support/llm-server';

// The read-only tool loop inside a real answer (seed 003), through the OpenAI SDK and a local server.
describe('answers that use read-only tools', () => {
  let server: LlmWireServer;
  const root = copyFixture('basic');
  const host = createNodeWorkspaceHost({ root, explain: (p) => explainPath({ root }, p) });
  before(async () => { server = await new LlmWireServer().start(); });
  after(() => server.stop());
  const openai = () =>
    new OpenAIChatProvider({ id: 'openai', model: 'gpt-test', apiKey: 'sk-test', baseUrl: `${server.url}/v1`, keyHint: 'set OPENAI_API_KEY' });
  const texts = (events: AskEvent[]) => plainText(events.flatMap((e) => (e.type === 'segment' ? [e.segment] : [])));

  it('runs a /read the model asks for, sends the scrubbed result back, hides the command, and verifies citations of the lines read', async () => {
    server.requests.length = 0;
    server.reply(
      { kind: 'openai-stream', chunks: ['/read src/auth/', 'keyStore.ts#L1-30\n'] },
      { kind: 'openai-stream', chunks: ['Keys are sealed with AES-GCM (src/auth/keyStore.ts#L19-26).'] },
    );
    const events: AskEvent[] = [];
    const r = await ask(
      { root, question: 'how are API keys stored?', onEvent: (e) => events.push(e) },
      { provider: openai(), tools: createCommandToolset({ host }) },
    );
    assert.equal(r.status, 'success');
    assert.equal(r.answer, 'Keys are sealed with AES-GCM (src/auth/keyStore.ts#L19-26).');
    assert.equal(texts(events), r.answer, 'the command line is never shown');
    assert.ok(events.some((e) => e.type === 'progress' && /Reading src\/auth\/keyStore.ts \(lines 1–30\)…/.test(e.message)));
    assert.equal(server.requests.length, 2);
    const first = JSON.parse(server.requests[0].body);
    assert.match(first.messages[0].content, /Tools: when the context is not enough/);
    assert.match(first.messages[0].content, /- \/read <path>#L<start>-<end>/);
    const second = JSON.parse(server.requests[1].body);
    const toolMessage = second.messages.at(-1).content as string;
    assert.match(toolMessage, /^🔧 TOOL RESULT — READ\n\nsrc\/auth\/keyStore\.ts#L1-30\n1: /);
    assert.equal(second.messages.at(-2).role, 'assistant');
    for (const secret of PLANTED_SECRETS) assert.ok(!server.allBytes().includes(secret), `a planted secret reached the server: ${secret.slice(0, 6)}…`);
    assert.ok(r.citations.every((c) => c.verified));
    assert.ok(r.context.chunks.some((c) => c.origin === 'tool' && c.path === 'src/auth/keyStore.ts' && c.startLine === 1 && c.endLine === 30));
  });

  it('streams an ordinary answer as it comes, and a reply that merely starts with a path is plain text', async () => {
    server.reply({ kind: 'openai-stream', chunks: ['/usr/bin is not in this workspace; ', 'see src/auth/keyStore.ts#L19-26.'] });
    const events: AskEvent[] = [];
    const r = await ask(
      { root, question: 'how are API keys stored?', onEvent: (e) => events.push(e) },
      { provider: openai(), tools: createCommandToolset({ host }) },
    );
    assert.equal(r.answer, '/usr/bin is not in this workspace; see src/auth/keyStore.ts#L19-26.');
    assert.equal(texts(events), r.answer);
  });

  it('streams an answer from its first piece when tools are on (only a reply starting with "/" is held)', async () => {
    server.reply({ kind: 'openai-stream', chunks: ['Keys are ', 'sealed in src/auth/keyStore.ts#L19-26.'], delayMs: 50 });
    const events: AskEvent[] = [];
    await ask({ root, question: 'how are API keys stored?', onEvent: (e) => events.push(e) }, { provider: openai(), tools: createCommandToolset({ host }) });
    const segments = events.flatMap((e) => (e.type === 'segment' ? [e.segment] : []));
    assert.deepEqual(segments[0], { kind: 'text', text: 'Keys are ' }, 'the first piece is shown before the second arrives');
    assert.equal(plainText(segments), 'Keys are sealed in src/auth/keyStore.ts#L19-26.');
  });

  it('stops after 3 tool rounds and says so when the model will not answer', async () => {
    server.requests.length = 0;
    server.reply({ kind: 'openai-stream', chunks: ['/grep retry\n'] });
    const events: AskEvent[] = [];
    const r = await ask(
      { root, question: 'how are API keys stored?', onEvent: (e) => events.push(e) },
      { provider: openai(), tools: createCommandToolset({ host }) },
    );
    assert.equal(server.requests.length, 5, '3 tool rounds, the "answer now" round, and nothing more');
    assert.equal(r.answer, 'Grounded stopped after 3 tool rounds without an answer; ask a narrower question.');
    assert.equal(texts(events), r.answer);
  });

  it('keeps each answered question in the workspace memory, scrubbed, where /memory_search finds it later', async () => {
    const store = await AuditStore.open({ file: path.join(mkdtempSync(path.join(os.tmpdir(), 'grounded-mem-')), 'grounded.db') });
    server.reply({ kind: 'openai-stream', chunks: ['They live in src/auth/keyStore.ts#L19-26.'] });
    await ask(
      { root, question: 'where is AKIA4QX7R2MZ8KBW3NVD stored?' },
      { provider: openai(), tools: createCommandToolset({ host, store }), onTurn: rememberTurns(store, 'conv-1') },
    );
    const rows = store.query('SELECT role, content FROM messages WHERE conversation_id = ? ORDER BY id', ['conv-1']);
    assert.deepEqual(rows.map((row) => row.role), ['user', 'assistant']);
    assert.doesNotMatch(String(rows[0].content), /AKIA4QX7R2MZ8KBW3NVD/);
    assert.match(String(rows[0].content), /\[REDACTED:aws_access_key/);
    const hits = searchMemory(store, 'keyStore');
    assert.ok(hits.length > 0);
  });
});
