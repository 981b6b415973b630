import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ask } from '../../../src/engine/ask/ask';
import { createCommandToolset } from '../../../src/engine/tools/command-tools';
import { GeminiProvider } from '../../../src/engine/llm/gemini-provider';
import { OpenAIChatProvider } from '../../../src/engine/llm/openai-provider';
import { createNodeWorkspaceHost } from '../../../src/engine/tools/node-host';
import { explainPath } from '../../../src/engine/workspace/explain';
import { plainText } from '../../../src/engine/ask/citations';
import type { AskEvent } from '../../../src/engine/ask/types';
import { copyFixture, PLANTED_SECRETS } from '../../support/fixture';
import { LlmWireServer } from '../../support/llm-server';

// Native tool calling (seed 003) through the real SDKs and a local server speaking their wire protocols.
describe('answers that use read-only tools through native tool calls', () => {
  let server: LlmWireServer;
  const root = copyFixture('basic');
  const host = createNodeWorkspaceHost({ root, explain: (p) => explainPath({ root }, p) });
  before(async () => { server = await new LlmWireServer().start(); });
  after(() => server.stop());
  const openai = () =>
    new OpenAIChatProvider({ id: 'openai', model: 'gpt-test', apiKey: 'sk-test', baseUrl: `${server.url}/v1`, keyHint: 'set OPENAI_API_KEY' });
  const gemini = () => new GeminiProvider({ model: 'gemini-test', apiKey: 'AIza-test-key', baseUrl: server.url, keyHint: 'set GEMINI_API_KEY' });
  const texts = (events: AskEvent[]) => plainText(events.flatMap((e) => (e.type === 'segment' ? [e.segment] : [])));
  const body = (i: number) => JSON.parse(server.requests[i].body);
  const noSecrets = () => {
    for (const secret of PLANTED_SECRETS) assert.ok(!server.allBytes().includes(secret), `a planted secret reached the server: ${secret.slice(0, 6)}…`);
  };
  const readArgs = JSON.stringify({ path: 'src/auth/keyStore.ts', startLine: 1, endLine: 30 });

  it(('OpenAI: runs a native read, answers the call with a role:tool message carrying the scrubbed result, and verifies citations of the lines ' +
    'read'), async () => {
    server.requests.length = 0;
    server.reply(
      { kind: 'openai-stream', chunks: [], toolCalls: [{ id: 'call_read1', name: 'read', arguments: readArgs }] },
      { kind: 'openai-stream', chunks: ['Keys are sealed with AES-GCM ', '(src/auth/keyStore.ts#L19-26).'] },
    );
    const events: AskEvent[] = [];
    const r = await ask(
      { root, question: 'how are API keys stored?', onEvent: (e) => events.push(e) },
      { provider: openai(), tools: createCommandToolset({ host }) },
    );
    assert.equal(r.status, 'success');
    assert.equal(r.answer, 'Keys are sealed with AES-GCM (src/auth/keyStore.ts#L19-26).');
    assert.equal(texts(events), r.answer);
    assert.ok(events.some((e) => e.type === 'progress' && /Reading src\/auth\/keyStore.ts \(lines 1–30\)…/.test(e.message)));
    assert.equal(server.requests.length, 2);
    const first = body(0);
    assert.deepEqual(
      first.tools.map((t: { type: string; function: { name: string } }) => `${t.type}:${t.function.name}`),
      ['function:search', 'function:grep', 'function:read', 'function:symbols', 'function:references', 'function:memory_search', 'function:memory_sql'],
    );
    assert.deepEqual(first.tools[2].function.parameters.required, ['path']);
    const second = body(1);
    assert.ok(second.tools, 'tools stay on offer while rounds remain');
    const [call, result] = second.messages.slice(-2);
    assert.equal(call.role, 'assistant');
    assert.deepEqual(call.tool_calls, [{ id: 'call_read1', type: 'function', function: { name: 'read', arguments: readArgs } }]);
    assert.equal(result.role, 'tool');
    assert.equal(result.tool_call_id, 'call_read1');
    assert.match(result.content, /^🔧 TOOL RESULT — READ\n\nsrc\/auth\/keyStore\.ts#L1-30\n1: /);
    assert.ok(result.content.endsWith('\n\n---'));
    noSecrets();
    assert.ok(r.citations.length > 0 && r.citations.every((c) => c.verified));
    assert.ok(r.context.chunks.some((c) => c.origin === 'tool' && c.path === 'src/auth/keyStore.ts' && c.startLine === 1 && c.endLine === 30));
  });

  it('OpenAI: native calls get 3 rounds; the "answer now" request offers no tools; a model that still calls gets the fixed message', async () => {
    server.requests.length = 0;
    server.reply({ kind: 'openai-stream', chunks: [], toolCalls: [{ name: 'grep', arguments: '{"pattern":"retry"}' }] });
    const events: AskEvent[] = [];
    const r = await ask(
      { root, question: 'how are API keys stored?', onEvent: (e) => events.push(e) },
      { provider: openai(), tools: createCommandToolset({ host }) },
    );
    assert.equal(server.requests.length, 5, '3 tool rounds, the refused 4th call, the "answer now" round');
    assert.deepEqual([0, 1, 2, 3].map((i) => body(i).tools?.length), [7, 7, 7, 7]);
    const last = body(4);
    assert.equal(last.tool_choice, 'none', 'after the limit the model must answer: no tool may be called');
    assert.equal(last.tools?.length, 7, 'the declarations stay next to the native calls in the history');
    const refused = last.messages.at(-1);
    assert.equal(refused.role, 'tool');
    assert.equal(refused.tool_call_id, last.messages.at(-2).tool_calls[0].id, 'every call on the wire is answered');
    assert.match(refused.content, /^🔧 TOOL RESULT — GREP\n\nNot run\. Tool limit reached: answer now/);
    assert.equal(last.messages.filter((m: { role: string }) => m.role === 'tool').length, 4);
    assert.equal(r.answer, 'Grounded stopped after 3 tool rounds without an answer; ask a narrower question.');
    assert.equal(texts(events), r.answer);
    noSecrets();
  });

  it('OpenAI: of several calls in one reply only the first runs, and its result names the others; bad arguments come back as an error result', async () => {
    server.requests.length = 0;
    server.reply(
      {
        kind: 'openai-stream',
        chunks: [],
        toolCalls: [
          { id: 'c1', name: 'read', arguments: '{"path": "src/auth/keyStore.ts"' },
          { id: 'c2', name: 'grep', arguments: '{"pattern":"x"}' },
        ],
      },
      { kind: 'openai-stream', chunks: [], toolCalls: [{ id: 'c3', name: 'web_search', arguments: '{}' }] },
      { kind: 'openai-stream', chunks: ['I could not read it.'] },
    );
    const r = await ask({ root, question: 'how are API keys stored?' }, { provider: openai(), tools: createCommandToolset({ host }) });
    assert.equal(r.answer, 'I could not read it.');
    const second = body(1).messages;
    assert.deepEqual(second.at(-2).tool_calls.map((c: { id: string }) => c.id), ['c1'], 'only the call that ran is in the history');
    assert.equal(
      second.at(-1).content,
      ('🔧 TOOL RESULT — READ\n\nError: /read: the arguments are not valid JSON\n\n(Only one tool call runs per round; not run: grep. Ask for it again if ' +
        'you still need it.)\n\n---'),
    );
    const third = body(2).messages;
    assert.equal(third.at(-1).tool_call_id, 'c3');
    assert.match(third.at(-1).content, /^🔧 TOOL RESULT — WEB_SEARCH\n\nError: unknown tool web_search\. Known commands:\n- \/search/);
  });

  it('OpenAI: a server that refuses a request offering tools (HTTP 400) is asked again without them, and the command protocol still works', async () => {
    server.requests.length = 0;
    server.reply(
      { kind: 'status', status: 400, body: { error: { message: 'model does not support tools', type: 'invalid_request_error' } } },
      { kind: 'openai-stream', chunks: ['/read src/auth/keyStore.ts#L1-30'] },
      { kind: 'openai-stream', chunks: ['Sealed with AES-GCM (src/auth/keyStore.ts#L19-26).'] },
    );
    const r = await ask({ root, question: 'how are API keys stored?' }, { provider: openai(), tools: createCommandToolset({ host }) });
    assert.equal(r.answer, 'Sealed with AES-GCM (src/auth/keyStore.ts#L19-26).');
    assert.deepEqual(server.requests.map((q) => 'tools' in JSON.parse(q.body)), [true, false, false]);
    assert.match(body(2).messages.at(-1).content, /^🔧 TOOL RESULT — READ\n\nsrc\/auth\/keyStore\.ts#L1-30\n/);
    assert.ok(r.citations.every((c) => c.verified));
  });

  it('a reply with both a /command first line and a native call runs the command (seed 003); the call is answered "not run"', async () => {
    server.requests.length = 0;
    server.reply(
      {
        kind: 'openai-stream',
        chunks: ['/read src/auth/keyStore.ts#L1-5\n'],
        toolCalls: [{ id: 'call_grep1', name: 'grep', arguments: JSON.stringify({ pattern: 'encrypt' }) }],
      },
      { kind: 'openai-stream', chunks: ['Keys are sealed (src/auth/keyStore.ts#L1-5).'] },
    );
    const events: AskEvent[] = [];
    const r = await ask(
      { root, question: 'how are API keys stored?', onEvent: (e) => events.push(e) },
      { provider: openai(), tools: createCommandToolset({ host }) },
    );
    assert.equal(r.answer, 'Keys are sealed (src/auth/keyStore.ts#L1-5).');
    assert.ok(events.some((e) => e.type === 'progress' && /Reading src\/auth\/keyStore.ts \(lines 1–5\)…/.test(e.message)), 'the command ran, not the grep');
    assert.ok(!events.some((e) => e.type === 'progress' && /encrypt/.test(e.message)));
    const [call, notRun, result] = body(1).messages.slice(-3);
    assert.equal(call.role, 'assistant');
    assert.equal(call.tool_calls[0].id, 'call_grep1', 'the native call stays in the history, as the API requires');
    assert.equal(notRun.role, 'tool');
    assert.equal(notRun.tool_call_id, 'call_grep1');
    assert.match(notRun.content, /^🔧 TOOL RESULT — GREP\n\nNot run: the \/command on the first line of your reply takes precedence/);
    assert.equal(result.role, 'user');
    assert.match(result.content, /^🔧 TOOL RESULT — READ\n\nsrc\/auth\/keyStore\.ts#L1-5\n1: /);
    assert.ok(r.citations.length === 1 && r.citations[0].verified, 'the lines the command read are citable');
  });

  it('offers no tools when the question has no toolset', async () => {
    server.requests.length = 0;
    server.reply({ kind: 'openai-stream', chunks: ['See src/auth/keyStore.ts#L19-26.'] });
    await ask({ root, question: 'how are API keys stored?' }, { provider: openai() });
    assert.equal('tools' in body(0), false);
  });

  it('Gemini: a functionCall runs the tool and goes back as functionCall/functionResponse parts with the scrubbed result', async () => {
    server.requests.length = 0;
    const args = JSON.stringify({ path: 'src/auth/keyStore.ts', startLine: 19, endLine: 26 });
    server.reply(
      { kind: 'gemini-stream', chunks: [], toolCalls: [{ name: 'read', arguments: args }] },
      { kind: 'gemini-stream', chunks: ['Keys are sealed with AES-GCM (src/auth/keyStore.ts#L19-26).'] },
    );
    const events: AskEvent[] = [];
    const r = await ask(
      { root, question: 'how are API keys stored?', onEvent: (e) => events.push(e) },
      { provider: gemini(), tools: createCommandToolset({ host }) },
    );
    assert.equal(r.status, 'success');
    assert.equal(r.answer, 'Keys are sealed with AES-GCM (src/auth/keyStore.ts#L19-26).');
    assert.equal(texts(events), r.answer);
    assert.equal(server.requests.length, 2);
    assert.deepEqual(
      body(0).tools[0].functionDeclarations.map((f: { name: string }) => f.name),
      ['search', 'grep', 'read', 'symbols', 'references', 'memory_search', 'memory_sql'],
    );
    const [call, result] = body(1).contents.slice(-2);
    assert.deepEqual(call, { role: 'model', parts: [{ functionCall: { name: 'read', args: { path: 'src/auth/keyStore.ts', startLine: 19, endLine: 26 } } }] });
    assert.equal(result.parts[0].functionResponse.name, 'read');
    assert.match(result.parts[0].functionResponse.response.content, /^🔧 TOOL RESULT — READ\n\nsrc\/auth\/keyStore\.ts#L19-26\n19: /);
    noSecrets();
    assert.ok(r.citations.length > 0 && r.citations.every((c) => c.verified));
  });
});
