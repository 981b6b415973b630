import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { main } from '../../../src/cli/main';
import { countTokens } from '../../../src/engine/context/tokens';
import type { Provider, ProviderEvent } from '../../../src/engine/llm/types';
import { openWorkspaceSession, WARM_UP_SAMPLE, warmUpEngine } from '../../../src/engine/session/workspace-session';
import { scrubText } from '../../../src/engine/privacy/scrubber';
import { copyFixture } from '../../support/fixture';
import { CannedProvider } from '../../support/provider-helpers';
import { LlmWireServer } from '../../support/llm-server';

const FILE_BLOCK = /<<<FILE ([^\s#>]+)#L[\s\S]*?<<<END[^\n]*/g;

describe('the workspace session', () => {
  it('proposes a plan from context built with the folder\'s settings: ignore rules, excluded folders and the token budget', async () => {
    const root = copyFixture('basic');
    const propose = async (settings: object) => {
      const session = openWorkspaceSession({ root, settings: () => settings, database: { file: path.join(root, '.agent', 'state', 'grounded.db') } });
      const provider = new CannedProvider('no plan here');
      try {
        await session.proposePlan({ request: 'make formatDuration and the http client retry print seconds', provider });
      } finally {
        session.dispose();
      }
      const sent = provider.requests[0].messages.map((m) => m.content).join('\n');
      return { sent, blocks: [...sent.matchAll(FILE_BLOCK)] };
    };
    const open = await propose({});
    const paths = open.blocks.map((b) => b[1]);
    assert.ok(paths.includes('src/util/time.ts') && paths.includes('src/http/client.ts'), `without settings both files are context: ${paths.join(', ')}`);

    const hidden = await propose({ extraIgnore: ['src/util/'], excludedFolders: ['http'], maxContextTokens: 200 });
    const hiddenPaths = hidden.blocks.map((b) => b[1]);
    assert.ok(hiddenPaths.length > 0, 'other files are still sent');
    assert.ok(!hiddenPaths.some((p) => p.startsWith('src/util/') || p.startsWith('src/http/')), `hidden files were sent: ${hiddenPaths.join(', ')}`);
    assert.ok(!hidden.sent.includes('formatDuration(ms'), 'no line of the hidden file reaches the model');
    const tokens = hidden.blocks.reduce((n, b) => n + countTokens(b[0], 'o200k_base'), 0);
    assert.ok(tokens <= 200, `the context keeps to maxContextTokens (${tokens} tokens)`);
  });

  it('closes its own store on dispose but never a process-wide shared one', async () => {
    const root = copyFixture('basic');
    const file = path.join(root, '.agent', 'state', 'grounded.db');
    const shared = openWorkspaceSession({ root, database: { file, shared: true } });
    const store = await shared.store();
    shared.dispose();
    assert.deepEqual(store.query('SELECT 1 AS one'), [{ one: 1 }], 'the shared store still answers after a session is disposed');
    assert.deepEqual(await openWorkspaceSession({ root, database: { file, shared: true } }).recentRuns(), []);
  });
});

describe('a model\'s small window, said to the user', () => {
  /** A model Ollama runs in its default window, as a local setup would. */
  class SmallWindowProvider implements Provider {
    readonly id = 'openai-compatible';
    constructor(readonly model: string) {}
    async *stream(): AsyncIterable<ProviderEvent> { yield { type: 'text', text: 'See src/auth/keyStore.ts.' }; }
    async inputWindow() { return { tokens: 4096, server: 'Ollama', assumed: true, widen: 'OLLAMA_CONTEXT_LENGTH=16384 ollama serve' }; }
  }
  const windowNotes = (r: { answer: string }) => r.answer.split('-token window').length - 1;

  it('once per model in one window, whichever folder asks; again for another model; on every answer of a session of its own (the CLI)', async () => {
    const root = copyFixture('basic');
    const other = copyFixture('second');
    const said = new Set<string>();
    const first = openWorkspaceSession({ root, saidNotes: said });
    const second = openWorkspaceSession({ root: other, saidNotes: said });
    const llama = new SmallWindowProvider('llama3.1');
    const question = { question: 'how are API keys stored?', provider: llama, remember: false, tools: false };
    assert.equal(windowNotes(await first.ask(question)), 1, 'the first answer says the window');
    const again = await first.ask(question);
    assert.equal(windowNotes(again), 0, again.answer);
    assert.equal(windowNotes(await second.ask({ ...question, question: 'what does lib do?' })), 0, 'another folder of the same window does not repeat it');
    assert.equal(windowNotes(await first.ask({ ...question, provider: new SmallWindowProvider('qwen2.5') })), 1, 'another model is said once too');
    const alone = openWorkspaceSession({ root });
    assert.equal(windowNotes(await alone.ask(question)), 1);
    assert.equal(windowNotes(await alone.ask(question)), 0, 'a session without a shared set keeps its own');
  });
});

describe('a session with a resident server (remoteContext)', () => {
  it('takes the context from it, opening no saved index, for a plain question; builds it here with tools or when it declines', async () => {
    const root = copyFixture('basic');
    const asked: string[] = [];
    let decline = false;
    const session = openWorkspaceSession({
      root,
      savedIndex: true,
      remoteContext: async (req) => {
        asked.push(req.queryId);
        if (decline) return undefined;
        const local = openWorkspaceSession({ root });
        const r = await local.ask({ question: req.question, remember: false });
        return { ...r.context, queryId: req.queryId, terms: ['from-remote'] };
      },
    });
    const remote = await session.ask({ question: 'how are API keys stored?' });
    assert.deepEqual(remote.context.terms, ['from-remote']);
    assert.equal(asked.length, 1);
    assert.equal(existsSync(path.join(root, '.agent', 'state', 'index.bin')), false, 'the saved index was not opened (nor written)');

    decline = true;
    const here = await session.ask({ question: 'how are API keys stored?' });
    assert.equal(asked.length, 2);
    assert.notDeepEqual(here.context.terms, ['from-remote']);
    assert.equal(here.context.chunks[0].path, 'src/auth/keyStore.ts');
    assert.ok(existsSync(path.join(root, '.agent', 'state', 'index.bin')), 'built here: the saved index is written back');

    // With tools offered, tool results are scrubbed in this process: its scrubber numbers the context too.
    decline = false;
    const withTools = await session.ask({ question: 'how are API keys stored?', provider: new CannedProvider('See src/auth/keyStore.ts.'), remember: false });
    assert.equal(asked.length, 2);
    assert.notDeepEqual(withTools.context.terms, ['from-remote']);
  });
});

describe('a /read-then-cite answer in the CLI', () => {
  let server: LlmWireServer;
  before(async () => { server = await new LlmWireServer().start(); });
  after(() => server.stop());

  const run = async (root: string, args: string[]) => {
    const out = { stdout: '', stderr: '' };
    const io = {
      stdout: (t: string) => {
        out.stdout += t;
      },
      stderr: (t: string) => {
        out.stderr += t;
      },
      readStdin: async () => '',
      env: { OPENAI_API_KEY: 'sk-test' },
      cwd: root,
    };
    return { code: await main(['query', 'how are API keys stored?', '--max-tokens', '300', ...args], io), out };
  };

  it('verifies a citation of lines only a tool showed, in --json and in the text, and marks an unverified one once', async () => {
    const root = copyFixture('basic');
    mkdirSync(path.join(root, '.agent', 'etc'), { recursive: true });
    writeFileSync(path.join(root, '.agent', 'etc', 'query.yaml'), `llm_provider: ${server.url}/v1\nmodel: test-model\n`);
    const replies = () => server.reply(
      { kind: 'openai-stream', chunks: ['/read src/util/time.ts#L1-9\n'] },
      { kind: 'openai-stream', chunks: ['Durations are formatted in src/util/time', '.ts#L2-4; see also src/util/time.ts#L40-41.'] },
    );
    replies();
    const json = await run(root, ['--json']);
    assert.equal(json.code, 0, json.out.stderr);
    const r = JSON.parse(json.out.stdout);
    assert.ok(
      !r.chunks.some((c: { path: string; origin: string }) => c.path === 'src/util/time.ts' && c.origin !== 'tool'),
      'the file was not in the first context',
    );
    assert.deepEqual(r.citations.map((c: { startLine: number; verified: boolean }) => [c.startLine, c.verified]), [[2, true], [40, false]]);
    assert.equal(r.answer.split('⚠️').length - 1, 1, r.answer);

    replies();
    const text = await run(root, []);
    assert.equal(text.code, 0, text.out.stderr);
    assert.match(text.out.stdout, /src\/util\/time\.ts#L2-4;/, 'the verified citation is printed as it is');
    assert.equal(text.out.stdout.split('⚠️').length - 1, 1, 'one mark, after the unverified citation');
    assert.match(text.out.stdout, /src\/util\/time\.ts#L40-41 ⚠️\(unverified citation\)/);
    assert.match(text.out.stdout, /1 citation\(s\) did not match/);
  });
});

describe('the engine warm-up the extension runs after startup', () => {
  it('exercises the scrubber families on fake data only, and runs again harmlessly', () => {
    const kinds = Object.keys(scrubText(WARM_UP_SAMPLE).redactions).sort();
    assert.deepEqual(kinds, ['bearer_token', 'email', 'iban', 'ip_address', 'password', 'phone']);
    assert.doesNotThrow(() => { warmUpEngine(); warmUpEngine('cl100k_base'); });
  });
});
