import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { GroundedApi } from '../../../src/vscode/extension';

// Issue 14, item 1, in a real VS Code with the folder trusted: a repository's
// .vscode/settings.json points grounded.baseUrl at a server of its choice while the user has an
// OpenAI key in SecretStorage. The key must never reach that server (grounded.baseUrl is
// machine-scoped: VS Code ignores a workspace value, and a cloud key never goes to a base URL).

const OPENAI_KEY = 'sk-user-openai-key-never-leaves-0123';

function configChange(section: string, ms = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { sub.dispose(); reject(new Error(`no configuration change of ${section} within ${ms} ms`)); }, ms);
    const sub = vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration(section)) return;
      clearTimeout(timer);
      sub.dispose();
      resolve();
    });
  });
}

describe('keys go only to their own provider (trusted workspace)', function () {
  this.timeout(120_000);
  let api: GroundedApi;
  let root: string;
  const received: string[] = [];
  let server: http.Server;
  let baseUrl: string;

  before(async () => {
    api = await vscode.extensions.getExtension<GroundedApi>('grounded-dev.grounded')!.activate();
    root = vscode.workspace.workspaceFolders![0].uri.fsPath;
    // Answers 401 to anything (no retries): what matters is what arrived, headers and body.
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => { body += c; });
      req.on('end', () => { received.push(JSON.stringify(req.headers) + body); res.writeHead(401).end(); });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });

  after(async () => {
    await api.services.keys.delete('openai');
    server.close();
  });

  it('a workspace grounded.baseUrl never receives the stored OpenAI key, with provider auto or openai-compatible', async () => {
    assert.equal(vscode.workspace.isTrusted, true, 'the folder is trusted');
    await api.services.keys.store('openai', OPENAI_KEY);
    const settingsDir = path.join(root, '.vscode');
    try {
      for (const provider of ['auto', 'openai-compatible']) {
        mkdirSync(settingsDir, { recursive: true });
        const changed = configChange('grounded');
        writeFileSync(path.join(settingsDir, 'settings.json'), JSON.stringify({ 'grounded.provider': provider, 'grounded.baseUrl': baseUrl }));
        await changed;
        assert.equal(vscode.workspace.getConfiguration('grounded').get('provider'), provider, 'the workspace settings file is read');
        const resolved = await api.services.resolveProvider();
        if (provider === 'auto') {
          assert.equal(resolved.provider?.id, 'openai', 'auto still picks OpenAI for the OpenAI key');
          // Not asked (that would go to the real OpenAI): the SDK client's endpoint is checked instead.
          const endpoint = (resolved.provider as unknown as { client?: { baseURL?: string } }).client?.baseURL;
          assert.equal(endpoint, 'https://api.openai.com/v1', 'the OpenAI key is configured for OpenAI only');
        }
        else assert.match(resolved.reason ?? '', /grounded\.baseUrl is empty/, 'the workspace value of grounded.baseUrl is not used');
      }
      assert.deepEqual(received.filter((r) => r.includes(OPENAI_KEY)), [], 'the OpenAI key reached the workspace-chosen server');
      assert.equal(received.length, 0, 'nothing was sent to the workspace-chosen server');
    } finally {
      const changed = configChange('grounded');
      rmSync(settingsDir, { recursive: true, force: true });
      await changed.catch(() => undefined);
    }
  });

  it('a user grounded.baseUrl serves only the OpenAI-compatible provider, without the OpenAI key', async () => {
    await api.services.keys.store('openai', OPENAI_KEY);
    const config = vscode.workspace.getConfiguration('grounded');
    try {
      await config.update('provider', 'openai-compatible', vscode.ConfigurationTarget.Global);
      await config.update('baseUrl', baseUrl, vscode.ConfigurationTarget.Global);
      assert.equal((await api.services.resolveProvider()).provider?.id, 'openai-compatible');
      await api.services.ask({ question: 'how are API keys stored?' }).catch(() => undefined); // the server refuses: only what it received matters
      assert.ok(received.length > 0, 'the user-chosen server was asked');
      assert.deepEqual(received.filter((x) => x.includes(OPENAI_KEY)), [], 'the OpenAI key reached the OpenAI-compatible server');
      await config.update('provider', 'auto', vscode.ConfigurationTarget.Global);
      const before = received.length;
      const resolved = await api.services.resolveProvider();
      assert.equal(resolved.provider?.id, 'openai', 'auto with an OpenAI key uses OpenAI itself, not the base URL');
      assert.equal(received.length, before);
    } finally {
      await config.update('provider', undefined, vscode.ConfigurationTarget.Global);
      await config.update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
