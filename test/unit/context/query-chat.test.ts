import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFixture } from '../../support/fixture';
import { LlmWireServer } from '../../support/llm-server';

const repo = path.join(__dirname, '..', '..', '..');

/** Runs the real `grounded` process with `input` piped to its standard input. */
function grounded(args: string[], input: string, env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repo, 'src', 'cli', 'bin.ts'), ...args], {
      cwd: repo, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** The user message of a recorded chat-completions request, parsed. */
const messagesOf = (body: string) => (JSON.parse(body) as { messages: Array<{ role: string; content: string }> }).messages;

describe('grounded query --chat (seed 001: a multi-turn terminal session)', () => {
  let server: LlmWireServer;
  const root = copyFixture();
  before(async () => {
    server = await new LlmWireServer().start();
    mkdirSync(path.join(root, '.agent', 'etc'), { recursive: true });
    writeFileSync(path.join(root, '.agent', 'etc', 'query.yaml'), `llm_provider: ${server.url}/v1\nmodel: llama3.1\n`);
  });
  after(() => server.stop());

  it('answers each piped line with the earlier turns as history, scrubbed, until /exit', async () => {
    server.requests.length = 0;
    server.reply(
      { kind: 'openai-stream', chunks: ['Keys are encrypted in src/auth/keyStore.ts#L19-26.'] },
      { kind: 'openai-stream', chunks: ['Rotation re-encrypts them, see src/auth/keyStore.ts#L19-26.'] },
    );
    const input = 'and how are they rotated? the old one was AKIA4QX7R2MZ8KBW3NVD\n/exit\nthis line comes after /exit\n';
    const r = await grounded(['query', '--chat', 'how are API keys stored?', '--no-tools', '--root', root], input);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^Keys are encrypted in src\/auth\/keyStore\.ts#L19-26\.\n\n— openai-compatible\/llama3\.1; searched/);
    assert.match(r.stdout, /\n\nRotation re-encrypts them, see src\/auth\/keyStore\.ts#L19-26\.\n\n— openai-compatible\/llama3\.1; searched/);
    assert.match(r.stderr, /\/exit or Ctrl-D ends the session/);
    // Two questions, two requests: the line after /exit was never asked.
    const chats = server.requests.filter((q) => q.url.endsWith('/chat/completions'));
    assert.equal(chats.length, 2);
    const second = messagesOf(chats[1].body);
    const text = second.map((m) => m.content).join('\n');
    assert.ok(second.some((m) => m.role === 'assistant' && m.content.includes('Keys are encrypted')), 'the first answer goes along as history');
    assert.ok(second.some((m) => m.role === 'user' && m.content.includes('how are API keys stored?')), 'so does the first question');
    assert.ok(!text.includes('after /exit'));
    assert.ok(!server.allBytes().includes('AKIA4QX7R2MZ8KBW3NVD'), 'the follow-up passed the scrubber');
  });

  it('goes on after a failed answer and ends at the end of input', async () => {
    server.reply({ kind: 'status', status: 400 }, { kind: 'openai-stream', chunks: ['Second answer.'] });
    const r = await grounded(['query', '--chat', '--no-tools', '--root', root], 'first question about keys\nsecond question about keys\n');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /grounded query: The server at http:\/\/127\.0\.0\.1:\d+\/v1 refused the request \(HTTP 400\)/);
    assert.match(r.stdout, /Second answer\./);
  });

  it('--help explains chat mode, and --chat refuses --json', async () => {
    const help = await grounded(['query', '--help'], '');
    assert.match(help.stdout, /grounded query --chat/);
    assert.match(help.stdout, /Type \/exit \(or \/quit, or press Ctrl-D\) to end/);
    const both = await grounded(['query', '--chat', '--json', '--root', root], '');
    assert.equal(both.code, 2);
    assert.match(both.stderr, /--chat prints answers as text; leave out --json/);
  });
});
