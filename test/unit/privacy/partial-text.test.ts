import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ask } from '../../../src/engine/ask/ask';
import { createCommandToolset } from '../../../src/engine/tools/command-tools';
import { OpenAIChatProvider } from '../../../src/engine/llm/openai-provider';
import { mentionResolver } from '../../../src/engine/mentions/index';
import { runReadOnlyTool } from '../../../src/engine/tools/tool-runner';
import { createNodeWorkspaceHost } from '../../../src/engine/tools/node-host';
import { explainPath } from '../../../src/engine/workspace/explain';
import { copyFixture } from '../../support/fixture';
import { LlmWireServer } from '../../support/llm-server';

// Issue 14, item 2: a part of a file (a line range, a tool's lines) is scrubbed as the whole file's
// context sees it. Each attack below sent the raw key or password before the fix.

/** A PEM body of `lines` base64 lines, different every run (never a real key). */
function pem(kind: string, lines: number): { text: string; body: string[] } {
  const body = Array.from({ length: lines }, () => randomBytes(48).toString('base64'));
  return { text: [`-----BEGIN ${kind}PRIVATE KEY-----`, ...body, `-----END ${kind}PRIVATE KEY-----`].join('\n'), body };
}

const PASSWORD = 'PlainUnquoted123';

describe('partial text never skips the scrubber', () => {
  let server: LlmWireServer;
  const root = copyFixture('basic');
  const rsa = pem('RSA ', 25); // 27 lines with the markers
  const ssh = pem('OPENSSH ', 6);
  const keyBodies = [...rsa.body, ...ssh.body];
  writeFileSync(path.join(root, 'server_key.pem'), `${rsa.text}\n`);
  writeFileSync(path.join(root, 'id_ed25519'), `${ssh.text}\n`);
  writeFileSync(path.join(root, 'deploy.env'), `APP_NAME=shop\nDB_USER=shop\nDB_PASSWORD=${PASSWORD}\n`);
  writeFileSync(path.join(root, 'use-key.ts'), 'export const serverKeyPath = "server_key.pem";\n');
  const host = createNodeWorkspaceHost({ root, explain: (p) => explainPath({ root }, p) });
  const openai = () => new OpenAIChatProvider({ id: 'openai', model: 'gpt-test', apiKey: 'sk-test', baseUrl: `${server.url}/v1`, keyHint: 'k' });
  before(async () => { server = await new LlmWireServer().start(); });
  after(() => server.stop());

  /** Asserts nothing secret reached the local model server, in any request so far. */
  function assertNoSecretSent(what: string): void {
    const wire = server.allBytes();
    assert.ok(!wire.includes(PASSWORD), `${what}: the .env password reached the model`);
    for (const line of keyBodies) assert.ok(!wire.includes(line.slice(0, 24)), `${what}: a key line reached the model`);
  }

  for (const mention of ['@server_key.pem#L5-9', '@server_key.pem#L27', '@id_ed25519#L2-4', '@deploy.env#L3', '@grep:"DB_PASSWORD"', '@search:"DB_PASSWORD"']) {
    it(`a mention ${mention} is sent redacted`, async () => {
      server.requests.length = 0;
      server.reply({ kind: 'openai-stream', chunks: ['ok'] });
      const resolveMentions = mentionResolver({ discovery: { root } });
      const r = await ask({ root, question: `what is in ${mention}?` }, { provider: openai(), resolveMentions });
      assert.equal(server.requests.length, 1, r.answer);
      assert.ok(r.context.chunks.some((c) => c.origin === 'mention'), `${mention} was attached: ${r.answer}`);
      assert.match(server.allBytes(), /REDACTED/, 'the excerpt holds a placeholder');
      assertNoSecretSent(mention);
    });
  }

  const commands = [
    '/read server_key.pem',
    '/read server_key.pem#L5-9',
    '/read id_ed25519#L3',
    '/read deploy.env',
    '/read deploy.env#L3',
    '/grep PASSWORD',
    '/grep PlainUnquoted',
    '/grep [A-Za-z0-9+/]{40}',
    '/references serverKeyPath',
  ];
  for (const command of commands) {
    it(`a tool call ${command} returns redacted lines`, async () => {
      server.requests.length = 0;
      server.reply({ kind: 'openai-stream', chunks: [`${command}\n`] }, { kind: 'openai-stream', chunks: ['done'] });
      await ask({ root, question: 'what secrets are in the repository?' }, { provider: openai(), tools: createCommandToolset({ host }) });
      assert.equal(server.requests.length, 2);
      assertNoSecretSent(command);
    });
  }

  it('/read keeps the line numbers of the file after redaction', async () => {
    const out = await createCommandToolset({ host }).run({ kind: 'command', name: 'read', args: 'deploy.env', body: '' });
    assert.match(out.content, /^deploy\.env#L1-4\n1: APP_NAME=shop\n2: DB_USER=shop\n3: DB_PASSWORD=\[REDACTED:password#1\]\n4: $/);
    const key = await createCommandToolset({ host }).run({ kind: 'command', name: 'read', args: 'server_key.pem#L26-27', body: '' });
    assert.match(key.content, /^server_key\.pem#L26-27\n26: \n27: $/, 'lines inside a redacted key stay empty');
  });

  it('a plan file_read and file_search return scrubbed text', async () => {
    for (const [tool, args] of [
      ['file_read', { path: 'server_key.pem' }],
      ['file_read', { path: 'deploy.env' }],
      ['file_search', { pattern: 'PASSWORD|KEY' }],
    ] as const) {
      const out = await runReadOnlyTool(tool, args, host);
      assert.ok(!out.text.includes(PASSWORD) && !keyBodies.some((l) => out.text.includes(l)), `${tool} ${JSON.stringify(args)}`);
    }
  });
});
