import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { main } from '../../../src/cli/main';
import { LlmWireServer } from '../../support/llm-server';
import { HIDDEN_MARKERS, makeHostileWorkspace, type HostileWorkspace } from './hostile-workspace';
import { captureStreams as capture } from '../../support/cli-io';

// The CLI on the hostile workspace (issue 14 items 3, 6, 7, 10, 15): `grounded files` and
// `plan check` read query.yaml's extra_ignore/excluded_folders, judge links by their targets,
// skip special files without hanging, and report bad paths as failed preconditions (exit 1).

describe('the CLI on a hostile workspace', () => {
  let ws: HostileWorkspace;
  before(() => { ws = makeHostileWorkspace(); });

  const check = async (steps: Array<{ tool: string; arguments: Record<string, unknown> }>) => {
    const file = path.join(ws.root, `plan-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify({ id: 'p', intent: 'MUTATE', steps: steps.map((s, i) => ({ id: `s${i + 1}`, ...s })) }));
    const c = capture(ws.root);
    const code = await main(['plan', 'check', file, '--root', ws.root], c.io);
    return { code, ...c.out };
  };

  it('grounded files lists `..notes.md` and no hidden file, and names the FIFO as skipped', async () => {
    const c = capture(ws.root);
    assert.equal(await main(['files', '--root', ws.root, '--json'], c.io), 0);
    const listed = JSON.parse(c.out.stdout) as { files: string[]; skipped: Array<{ path: string; reason: string }> };
    const paths = listed.files;
    assert.ok(paths.includes('..notes.md'));
    for (const p of ['notes.txt', 'priv.ts', 'gen-alias.ts', 'gen/secret.ts', 'vendor/lib.ts', '.env']) assert.ok(!paths.includes(p), p);
    if (ws.fifo) assert.equal(listed.skipped.find((s) => s.path === 'pipe.txt')?.reason, 'special-file');
    assert.equal(listed.skipped.find((s) => s.path === 'dangling')?.reason, 'unreadable');
  });

  it('files --explain on a FIFO answers at once (not visible, exit 1)', async (t) => {
    if (!ws.fifo) return t.skip('mkfifo is not available');
    const c = capture(ws.root);
    assert.equal(await main(['files', '--root', ws.root, '--explain', 'pipe.txt'], c.io), 1);
    assert.match(c.out.stdout, /regular file/);
  });

  it('files --explain and /read agree on `..notes.md`', async () => {
    const c = capture(ws.root);
    assert.equal(await main(['files', '--root', ws.root, '--explain', '..notes.md'], c.io), 0);
  });

  it('plan check: reads of settings-hidden files and creates in ignored, linked or outside places fail their precondition (exit 1)', async () => {
    const bad: Array<{ tool: string; arguments: Record<string, unknown> }> = [
      { tool: 'file_read', arguments: { path: 'gen/secret.ts' } },
      { tool: 'file_read', arguments: { path: 'vendor/lib.ts' } },
      { tool: 'file_search', arguments: { pattern: 'x', root: 'gen' } },
      { tool: 'file_create', arguments: { path: 'private/new.ts', contents: 'x' } },
      { tool: 'file_create', arguments: { path: 'new.log', contents: 'x' } },
      { tool: 'file_create', arguments: { path: 'gitlink/hooks/post-checkout', contents: '#!/bin/sh\n' } },
      { tool: 'file_create', arguments: { path: 'dangling/x.txt', contents: 'x' } },
      { tool: 'file_create', arguments: { path: 'outlink/x.txt', contents: 'x' } },
      { tool: 'file_write', arguments: { path: 'notes.txt', contents: 'x' } },
      ...(ws.fifo ? [{ tool: 'file_read', arguments: { path: 'pipe.txt' } }] : []),
    ];
    for (const step of bad) {
      const r = await check([step]);
      assert.equal(r.code, 1, `${JSON.stringify(step)}: ${r.stdout}${r.stderr}`);
      assert.match(r.stdout, /Precondition failed/, JSON.stringify(step));
      assert.ok(!Object.values(HIDDEN_MARKERS).some((m) => r.stdout.includes(m)));
    }
    const ok = await check([
      { tool: 'file_read', arguments: { path: '..notes.md' } },
      { tool: 'file_create', arguments: { path: 'src/new.ts', contents: 'x' } },
    ]);
    assert.equal(ok.code, 0, ok.stdout);
  });

  describe('grounded query with tools', () => {
    let server: LlmWireServer;
    before(async () => { server = await new LlmWireServer().start(); });
    after(() => server.stop());

    for (const command of [
      '/grep helperFrom|SecretMarker|DB_PASSWORD|gitConfigMarker',
      '/symbols gen/secret.ts',
      '/symbols sec/helper.ts',
      '/references helperFromPrivate',
      '/read notes.txt',
      '/search generatedSecretMarker vendoredSecretMarker',
    ]) {
      it(`${command}: nothing query.yaml, ignore files or links hide reaches the model`, async () => {
        writeFileSync(
          path.join(ws.root, '.agent', 'etc', 'query.yaml'),
          `llm_provider: ${server.url}/v1\nmodel: local\nextra_ignore: ["gen/"]\nexcluded_folders: [vendor]\n`,
        );
        server.requests.length = 0;
        server.reply({ kind: 'openai-stream', chunks: [`${command}\n`] }, { kind: 'openai-stream', chunks: ['done'] });
        const c = capture(ws.root);
        const code = await main(['query', 'what does visibleApp call?', '--root', ws.root], c.io);
        assert.equal(code, 0, c.out.stderr);
        // Only the model's requests count (the server is also asked whether it is Ollama, with the model name alone).
        const chats = server.requests.filter((r) => r.url.endsWith('/chat/completions'));
        assert.equal(chats.length, 2, 'the tool ran and its result went back');
        // The command itself names markers; what matters is the tool result and the context sent.
        const messages = (JSON.parse(chats[1].body) as { messages: Array<{ content: string }> }).messages;
        const result = messages.at(-1)!.content;
        assert.match(result, /^🔧 TOOL RESULT/);
        assert.deepEqual(
          Object.values(HIDDEN_MARKERS).filter((m) => result.includes(m) || messages[1].content.includes(m)),
          [],
          `${command}: ${result}`,
        );
      });
    }
  });
});
