import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { main } from '../../../src/cli/main';
import { countTokens } from '../../../src/engine/context/tokens';
import { ANSWER_RESERVE, fitBudgetToModel } from '../../../src/engine/ask/window-budget';
import { resolveSettings } from '../../../src/engine/config/settings';
import { cachedInputWindow, forgetInputWindows, type InputWindow, llamaCppInputWindow, LM_STUDIO_DEFAULT_CONTEXT, lmStudioInputWindow, localServerInputWindow, OLLAMA_DEFAULT_CONTEXT,
  ollamaInputWindow } from '../../../src/engine/llm/input-window';
import { LlmWireServer } from '../../support/llm-server';

// Ollama runs a model with a 4,096-token window unless told otherwise, and cuts a longer prompt
// from its start (the rules, the first files) without an error: Cline #1507 and #4362. Grounded's
// budget (8,192 by default) is fitted to the window the server reports before anything is sent.

/** What a window says, without its advice text. */
const said = (w: InputWindow | undefined) => w && { tokens: w.tokens, server: w.server, ...(w.assumed ? { assumed: true } : {}) };
const show = (parameters: string, trained = 131072) => ({ parameters, model_info: { 'general.architecture': 'llama', 'llama.context_length': trained } });

describe('the input window Ollama gives a model', () => {
  let server: LlmWireServer;
  before(async () => { server = await new LlmWireServer().start(); });
  after(() => server.stop());

  it('is the loaded instance\'s context_length (api/ps), whatever the Modelfile says; `name` and `name:latest` are one model', async () => {
    server.ollama = { show: show('num_ctx 8192\nstop "<|eot_id|>"'), ps: { models: [{ name: 'llama3.1:latest', model: 'llama3.1:latest', context_length: 16384 }] } };
    assert.deepEqual(said(await ollamaInputWindow(`${server.url}/v1`, 'llama3.1')), { tokens: 16384, server: 'Ollama' });
  });

  it('is the Modelfile\'s num_ctx while the model is not loaded', async () => {
    server.ollama = { show: show('stop "<|eot_id|>"\nnum_ctx 8192'), ps: { models: [] } };
    assert.deepEqual(said(await ollamaInputWindow(`${server.url}/v1`, 'llama3.1')), { tokens: 8192, server: 'Ollama' });
  });

  it('reads num_ctx after a server\'s 200 K blank lines (each newline used to start a pass through all of them)', async () => {
    server.ollama = { show: show(`stop "x"\n${'\n'.repeat(200_000)}\n  num_ctx 8192\n${'\n'.repeat(200_000)}x`), ps: { models: [] } };
    assert.deepEqual(said(await ollamaInputWindow(`${server.url}/v1`, 'llama3.1')), { tokens: 8192, server: 'Ollama' });
  });

  it('is Ollama\'s default, marked assumed, when neither says; never more than the model was trained for', async () => {
    server.ollama = { show: show('stop "<|eot_id|>"'), ps: { models: [] } };
    assert.deepEqual(said(await ollamaInputWindow(server.url, 'qwen2.5-coder')), { tokens: OLLAMA_DEFAULT_CONTEXT, server: 'Ollama', assumed: true });
    server.ollama = { show: show('num_ctx 8192', 2048) };
    assert.deepEqual(said(await ollamaInputWindow(server.url, 'tinyllama')), { tokens: 2048, server: 'Ollama' });
  });

  it('of llama.cpp\'s server is its slot context (GET /props), with its own advice', async () => {
    server.llamaCppProps = { default_generation_settings: { n_ctx: 8192 }, total_slots: 1 };
    const w = await llamaCppInputWindow(`${server.url}/v1`);
    assert.deepEqual(said(w), { tokens: 8192, server: 'llama.cpp' });
    assert.match(w!.widen!, /--ctx-size/);
    server.llamaCppProps = undefined;
    assert.equal(await llamaCppInputWindow(`${server.url}/v1`), undefined);
  });

  it('is unknown for a server that is not Ollama (no api/show), sending it only the model name', async () => {
    server.ollama = undefined;
    server.requests.length = 0;
    assert.equal(await ollamaInputWindow(`${server.url}/v1`, 'gpt-4o-mini', 'sk-local'), undefined);
    assert.deepEqual(server.requests.map((r) => `${r.method} ${r.url} ${r.body}`), ['POST /api/show {"model":"gpt-4o-mini"}']);
  });
});

describe('the input window LM Studio gives a model', () => {
  let server: LlmWireServer;
  before(async () => { server = await new LlmWireServer().start(); });
  after(() => server.stop());
  const v1 = (instances: Array<{ id: string; config: { context_length: number } }>, max = 131072) => ({
    models: [
      { type: 'embedding', key: 'text-embedding-nomic-embed-text-v1.5', loaded_instances: [], max_context_length: 2048 },
      { type: 'llm', key: 'qwen2.5-coder-7b-instruct', loaded_instances: instances, max_context_length: max },
    ],
  });

  it('is the loaded instance\'s context_length (GET /api/v1/models), found by key or by instance id, with its own advice', async () => {
    server.lmStudio = { v1: v1([{ id: 'qwen2.5-coder-7b-instruct', config: { context_length: 8192 } }]) };
    const w = await lmStudioInputWindow(`${server.url}/v1`, 'qwen2.5-coder-7b-instruct');
    assert.deepEqual(said(w), { tokens: 8192, server: 'LM Studio' });
    assert.match(w!.widen!, /lms load qwen2\.5-coder-7b-instruct --context-length 16384/);
    server.lmStudio = { v1: v1([{ id: 'qwen2.5-coder-7b-instruct:2', config: { context_length: 12000 } }]) };
    assert.equal((await lmStudioInputWindow(server.url, 'qwen2.5-coder-7b-instruct:2'))?.tokens, 12000);
  });

  it('is LM Studio\'s default, marked assumed, for a model not loaded yet, never over its max_context_length', async () => {
    server.lmStudio = { v1: v1([]) };
    assert.deepEqual(said(await lmStudioInputWindow(server.url, 'qwen2.5-coder-7b-instruct')), { tokens: LM_STUDIO_DEFAULT_CONTEXT, server: 'LM Studio', assumed: true });
    server.lmStudio = { v1: v1([], 2048) };
    assert.equal((await lmStudioInputWindow(server.url, 'qwen2.5-coder-7b-instruct'))?.tokens, 2048);
  });

  it('of LM Studio 0.3.x (only GET /api/v0/models/{model}) is the default under the trained maximum; unknown models and other servers say nothing', async () => {
    server.lmStudio = { v0: { 'granite-3.0-2b-instruct': { id: 'granite-3.0-2b-instruct', state: 'loaded', max_context_length: 32768 } } };
    assert.deepEqual(said(await lmStudioInputWindow(server.url, 'granite-3.0-2b-instruct')), { tokens: 4096, server: 'LM Studio', assumed: true });
    assert.equal(await lmStudioInputWindow(server.url, 'other-model'), undefined);
    server.lmStudio = { v1: v1([]) };
    assert.equal(await lmStudioInputWindow(server.url, 'not-listed'), undefined);
    server.lmStudio = undefined;
    assert.equal(await lmStudioInputWindow(server.url, 'qwen2.5-coder-7b-instruct'), undefined);
  });

  it('is asked at the same time as Ollama and llama.cpp; the one that answers is used', async () => {
    server.ollama = undefined;
    server.llamaCppProps = undefined;
    server.lmStudio = { v1: v1([{ id: 'qwen2.5-coder-7b-instruct', config: { context_length: 8192 } }]) };
    server.requests.length = 0;
    assert.equal((await localServerInputWindow(`${server.url}/v1`, 'qwen2.5-coder-7b-instruct'))?.server, 'LM Studio');
    assert.deepEqual(server.requests.map((r) => r.url).sort(), ['/api/show', '/api/v1/models', '/props']);
  });
});

describe('what a server said about its window is remembered', () => {
  let server: LlmWireServer;
  before(async () => { server = await new LlmWireServer().start(); });
  after(() => server.stop());

  it('"not Ollama" and a reported window are not asked again at once; an assumed default is (the model may load meanwhile)', async () => {
    const asked = () => server.requests.filter((r) => r.url === '/api/show').length;
    server.ollama = undefined;
    server.requests.length = 0;
    assert.equal(await cachedInputWindow(`${server.url}/v1`, 'gpt-x'), undefined);
    assert.equal(await cachedInputWindow(`${server.url}/v1`, 'gpt-x'), undefined);
    assert.equal(asked(), 1, 'a server that is not Ollama is asked once');
    server.ollama = { show: show('stop "x"'), ps: { models: [] } };
    assert.equal((await cachedInputWindow(`${server.url}/v1`, 'llama3.1'))?.assumed, true);
    server.ollama = { show: show('stop "x"'), ps: { models: [{ model: 'llama3.1:latest', context_length: 32768 }] } };
    assert.equal((await cachedInputWindow(`${server.url}/v1`, 'llama3.1'))?.tokens, 32768, 'once loaded, the window in use');
    server.ollama = undefined;
    assert.equal((await cachedInputWindow(`${server.url}/v1`, 'llama3.1'))?.tokens, 32768, 'remembered for a minute');
    forgetInputWindows();
  });
});

describe('a question to a model in a small window', () => {
  let server: LlmWireServer;
  const root = mkdtempSync(path.join(tmpdir(), 'grounded-window-'));
  before(async () => {
    server = await new LlmWireServer().start();
    mkdirSync(path.join(root, '.agent', 'etc'), { recursive: true });
    writeFileSync(path.join(root, '.agent', 'etc', 'query.yaml'), `llm_provider: ${server.url}/v1\nmodel: llama3.1\n`);
    // Far more matching code than 4,096 tokens: without fitting, the prompt would be the full 8,192.
    for (let f = 0; f < 12; f++) {
      const body = Array.from({ length: 40 }, (_, i) => `export function retryBackoff${f}_${i}(attempt: number) { return backoffDelay(attempt) * ${i}; }`);
      writeFileSync(path.join(root, `retry-${f}.ts`), `${body.join('\n')}\n`);
    }
  });
  after(async () => { await server.stop(); rmSync(root, { recursive: true, force: true }); });
  // Each test plays Ollama another way at the same URL.
  beforeEach(forgetInputWindows);

  const ask = (...flags: string[]) => askAbout('how does retry backoff work?', ...flags);
  const askAbout = async (question: string, ...flags: string[]) => {
    server.requests.length = 0;
    server.reply({ kind: 'openai-stream', chunks: ['See retry-0.ts#L1-2.'] });
    const out = { stdout: '', stderr: '' };
    const io = { stdout: (t: string) => { out.stdout += t; }, stderr: (t: string) => { out.stderr += t; }, readStdin: async () => '', env: {}, cwd: root };
    assert.equal(await main(['query', question, ...(flags.length ? flags : ['--no-tools'])], io), 0, out.stderr);
    const sent = server.requests.find((r) => r.url.endsWith('/chat/completions'));
    assert.ok(sent, server.requests.map((r) => r.url).join(', '));
    const prompt = (JSON.parse(sent.body).messages as Array<{ content: string }>).map((m) => m.content).join('\n');
    return { out, promptTokens: countTokens(prompt, 'o200k_base'), tools: JSON.parse(sent.body).tools as unknown[] | undefined };
  };

  it('sends a prompt that fits the window with room for the answer, and says how to widen it', async () => {
    server.ollama = { show: show('stop "<|eot_id|>"'), ps: { models: [] } };
    const { out, promptTokens } = await ask();
    assert.ok(promptTokens <= OLLAMA_DEFAULT_CONTEXT - ANSWER_RESERVE, `the prompt took ${promptTokens} tokens`);
    assert.ok(promptTokens > 1500, `the window is used, not left empty: ${promptTokens} tokens`);
    assert.match(out.stdout, /Ollama gives llama3\.1 its default 4,096-token window, so Grounded sends at most [\d,]+ tokens of workspace context \(not 8,192\)\./);
    assert.match(out.stdout, /OLLAMA_CONTEXT_LENGTH=16384 ollama serve/);
  });

  it('says the window apart from the mentions summary, after a blank line (Markdown would run it into the list\'s last item)', async () => {
    server.ollama = { show: show('stop "<|eot_id|>"'), ps: { models: [] } };
    const { out } = await askAbout('how does retry backoff work in @retry-0.ts#L1-2?');
    assert.match(out.stdout, /- File retry-0\.ts: lines 1–2 of \d+\n\nOllama gives llama3\.1 its default/, out.stdout);
  });

  it('fits LM Studio\'s window the same way, with LM Studio\'s advice', async () => {
    server.ollama = undefined;
    server.lmStudio = { v1: { models: [{ type: 'llm', key: 'llama3.1', loaded_instances: [], max_context_length: 131072 }] } };
    const { out, promptTokens } = await ask();
    server.lmStudio = undefined;
    assert.ok(promptTokens <= 4096 - ANSWER_RESERVE, `the prompt took ${promptTokens} tokens`);
    assert.match(out.stdout, /LM Studio gives llama3\.1 its default 4,096-token window, so Grounded sends at most [\d,]+ tokens/);
    assert.match(out.stdout, /lms load llama3\.1 --context-length 16384/);
  });

  it('sends the whole budget, and no note, when the window in use holds it', async () => {
    server.ollama = { show: show('stop "<|eot_id|>"'), ps: { models: [{ model: 'llama3.1:latest', context_length: 32768 }] } };
    const { out, promptTokens } = await ask();
    assert.ok(promptTokens > OLLAMA_DEFAULT_CONTEXT, `the prompt took ${promptTokens} tokens`);
    assert.doesNotMatch(out.stdout, /token window/);
  });

  it('offers tools only when their rounds fit too: not in 4,096 tokens, yes in 16,384 (with a smaller context)', async () => {
    server.ollama = { show: show('stop "<|eot_id|>"'), ps: { models: [] } };
    const small = await ask('--verbose');
    assert.equal(small.tools, undefined, 'no tools offered in a 4,096-token window');
    assert.match(small.out.stdout, /tokens of workspace context \(not 8,192\) and no tools\./);
    server.ollama = { show: show('num_ctx 16384'), ps: { models: [] } };
    const wide = await ask('--verbose');
    assert.ok(wide.tools?.length, 'tools offered in a 16,384-token window');
    assert.ok(wide.promptTokens < 16384 - ANSWER_RESERVE - 3 * 2000, `room is left for three tool rounds: the first prompt took ${wide.promptTokens}`);
    assert.match(wide.out.stdout, /Ollama gives llama3\.1 a 16,384-token window, so Grounded sends at most/);
  });
});

describe('a model\'s own input limit (VS Code language models: maxInputTokens)', () => {
  const model = (tokens?: number) => ({ id: 'vscode-lm', model: 'm', stream: () => (async function* () {})(), inputWindow: async () => (tokens ? { tokens } : undefined) });

  it('caps the budget under it, without a note (there is nothing for the user to change); a large one changes nothing', async () => {
    const s = resolveSettings({});
    const small = await fitBudgetToModel(s, model(6000), true);
    assert.ok(small.settings.maxContextTokens < 6000 - ANSWER_RESERVE && small.settings.maxContextTokens > 1000, String(small.settings.maxContextTokens));
    assert.ok(small.settings.maxFileTokens <= small.settings.maxContextTokens);
    assert.equal(small.note, undefined);
    assert.equal(small.tools, false, 'three tool rounds do not fit next to the context in 6,000 tokens');
    const large = await fitBudgetToModel(s, model(128_000), true);
    assert.deepEqual(large, { settings: s, tools: true });
    assert.deepEqual(await fitBudgetToModel(s, model(undefined), false), { settings: s, tools: false });
  });
});
